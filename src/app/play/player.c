/* player.c - built-in AIs and engine processes behind one interface (player.h). */
#include "player.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "monoclock.h"

/* ======================================================================== */
/* Specs                                                                     */
/* ======================================================================== */

bool player_spec_is_engine(const char *text) {
    return strncmp(text, PLAYER_ENGINE_PREFIX, strlen(PLAYER_ENGINE_PREFIX)) == 0;
}

WsStatus player_spec_parse_engine(const char *text, const char *option, PlayerSpec *out,
                                  WsError *err) {
    size_t n = strlen(PLAYER_ENGINE_PREFIX);
    if (strncmp(text, PLAYER_ENGINE_PREFIX, n) != 0)
        return ws_fail(err, WS_ERR_ARG, "%s: '%s' does not name an engine (engine:CMD)", option,
                       text);
    const char *cmd = text + n;
    /* A command of blanks alone would run nothing: /bin/sh -c "" exits 0
     * before the handshake, a fault that says less than this line. */
    if (cmd[strspn(cmd, " \t")] == '\0')
        return ws_fail(err, WS_ERR_ARG, "%s: engine: needs a command (engine:CMD)", option);
    memset(out, 0, sizeof *out);
    out->kind = PLAYER_ENGINE;
    out->policy = SNAKE_POLICY_GREEDY; /* what overlays fall back to (docs/engines.md) */
    out->hunter = SEA_HUNTER_SAMPLER;
    out->command = cmd;
    return WS_OK;
}

size_t player_spec_command_len(const PlayerSpec *spec) {
    if (spec->command == NULL)
        return 0;
    return spec->command_len > 0 ? spec->command_len : strlen(spec->command);
}

/* The spec's command as a string of its own, or NULL (out of memory). */
static char *command_dup(const PlayerSpec *spec) {
    size_t n = player_spec_command_len(spec);
    char *c = malloc(n + 1);
    if (c != NULL) {
        memcpy(c, spec->command, n);
        c[n] = '\0';
    }
    return c;
}

PlayerSpec player_spec_snake_ai(SnakePolicy policy) {
    return (PlayerSpec){.kind = PLAYER_AI, .policy = policy, .hunter = SEA_HUNTER_SAMPLER};
}

PlayerSpec player_spec_sea_ai(SeaHunter hunter) {
    return (PlayerSpec){.kind = PLAYER_AI, .policy = SNAKE_POLICY_GREEDY, .hunter = hunter};
}

const char *player_spec_format(const PlayerSpec *spec, bool sea, char *buf, size_t size) {
    switch (spec->kind) {
    case PLAYER_ENGINE:
        snprintf(buf, size, "%s%.*s", PLAYER_ENGINE_PREFIX, (int)player_spec_command_len(spec),
                 spec->command);
        break;
    case PLAYER_WHEEL:
        snprintf(buf, size, "wheel");
        break;
    case PLAYER_AI:
    default:
        snprintf(buf, size, "%s",
                 sea ? sea_hunter_name(spec->hunter) : snake_policy_name(spec->policy));
        break;
    }
    return buf;
}

/* The engine's name as a trace word: printable, no space, nothing a JSON
 * string would need to escape, cut to fit PLAYER_NAME_MAX with the prefix. */
static void trace_name(char *out, size_t size, const char *engine) {
    int n = snprintf(out, size, "%s", PLAYER_ENGINE_PREFIX);
    size_t at = n > 0 ? (size_t)n : 0;
    for (const char *c = engine; *c != '\0' && at + 1 < size; c++) {
        char ch = *c;
        out[at++] = ch <= ' ' || ch > '~' || ch == '"' || ch == '\\' ? '_' : ch;
    }
    out[at] = '\0';
}

/* How lines name a player: a match's "engine:csnake#2" as 'csnake#2', a
 * built-in's name as it is, and no name (NULL) as the engine's own. */
static const char *shown_name(const char *player, const Engine *e) {
    if (player == NULL)
        return engine_name(e);
    return player_spec_is_engine(player) ? player + strlen(PLAYER_ENGINE_PREFIX) : player;
}

void player_say_stderr(const Engine *e, int job, long game, long tick) {
    player_say_stderr_as(e, NULL, job, game, tick);
}

void player_say_stderr_as(const Engine *e, const char *player, int job, long game, long tick) {
    if (e == NULL)
        return;
    size_t len = 0;
    engine_said(e, &len);
    if (len == 0) /* no formatting on the ticks it said nothing */
        return;
    char where[96];
    snprintf(where, sizeof where, "job %d game %ld tick %ld", job, game, tick);
    engine_report_said_as(e, shown_name(player, e), where);
}

void player_say_last_words(Engine *e, const char *player, int job) {
    if (e == NULL)
        return;
    engine_stop_keep(e);
    size_t len = 0;
    engine_said(e, &len);
    if (len == 0)
        return;
    char where[64];
    snprintf(where, sizeof where, "job %d end", job);
    engine_report_said_as(e, shown_name(player, e), where);
}

const char *player_warning_line_as(const char *player, long game, long tick, const char *what,
                                   char *buf, size_t size) {
    snprintf(buf, size, "engine '%s', game %ld tick %ld: %s (dropped)", shown_name(player, NULL),
             game, tick, what);
    return buf;
}

const char *player_fault_what(const WsError *err) {
    /* engine.c says "engine 'NAME': what was wrong"; the line puts the game
     * and the tick between the name and the what. */
    const char *what = err->msg;
    if (strncmp(what, "engine ", 7) == 0) {
        const char *colon = strstr(what, ": ");
        if (colon != NULL)
            what = colon + 2;
    }
    return what[0] ? what : "failed";
}

const char *player_fault_line_as(const char *player, long game, long tick, const WsError *err,
                                 char *buf, size_t size) {
    snprintf(buf, size, "engine '%s', game %ld tick %ld: %s", shown_name(player, NULL), game, tick,
             player_fault_what(err));
    return buf;
}

const char *player_fault_line(const Engine *e, long game, long tick, const WsError *err, char *buf,
                              size_t size) {
    return player_fault_line_as(e != NULL ? engine_name(e) : "?", game, tick, err, buf, size);
}

/* ======================================================================== */
/* A turn: one request and its answer                                        */
/* ======================================================================== */

/* A move and a shot go the same way from request to answer; the snake and
 * the sea differ only in what they ask and in which field of the engine's
 * answer they read, so both players embed a PlayerTurn and share these. */

/* A new game: nothing asked, nothing shown. */
static void turn_clear(PlayerTurn *t) {
    t->asked = t->answered = false;
    t->took_ns = 0;
    t->info = NULL;
    t->warning = NULL;
}

/* Before a request: WS_ERR_ARG while one is pending. `what`: "move", "shot". */
static WsStatus turn_begin(PlayerTurn *t, const char *what, WsError *err) {
    if (t->asked)
        return ws_fail(err, WS_ERR_ARG, "a %s was asked for and not yet answered", what);
    t->answered = false;
    t->warning = NULL;
    return WS_OK;
}

/* A built-in AI's or the wheel's answer, kept for the next poll, with the
 * time it took since t0 (monoclock; 0: not timed, the wheel). */
static void turn_answer(PlayerTurn *t, int answer, uint64_t t0) {
    t->answer = answer;
    t->answered = true;
    t->took_ns = t0 != 0 ? monoclock_now_ns() - t0 : 0;
}

/* The engine a poll waits on: the player's, if it plays by one. */
static Engine *turn_engine(const PlayerSpec *spec, Engine *engine) {
    return spec->kind == PLAYER_ENGINE ? engine : NULL;
}

/* The answer to the pending request. engine is NULL for a built-in AI or
 * the wheel (the answer was kept); an engine is waited on at most wait_ms
 * and gives its shot (sea) or its move. */
static EnginePoll turn_poll(PlayerTurn *t, Engine *engine, int wait_ms, bool sea, int *answer,
                            WsError *err) {
    if (!t->asked) {
        ws_fail(err, WS_ERR_ARG, "no %s was asked for", sea ? "shot" : "move");
        return ENGINE_FAULT;
    }
    if (engine == NULL) {
        if (!t->answered)
            return ENGINE_PENDING;
        t->asked = false;
        *answer = t->answer;
        return ENGINE_ANSWERED;
    }
    EngineAnswer ans;
    EnginePoll r = engine_poll(engine, wait_ms, &ans, err);
    if (r == ENGINE_PENDING)
        return ENGINE_PENDING;
    t->asked = false;
    if (r != ENGINE_ANSWERED) {
        t->info = NULL;
        return ENGINE_FAULT;
    }
    t->info = ans.info;
    t->warning = ans.warning;
    t->took_ns = ans.wait_ns;
    *answer = sea ? ans.shot : (int)ans.move;
    return ENGINE_ANSWERED;
}

/* Request and wait (headless): an engine's deadline bounds every wait, so
 * a silent engine faults; the wheel, which nobody steers headless, is
 * answered by nobody and not waited for; nor is an engine once the run
 * was interrupted (engine_interrupt: Ctrl-C). */
static EnginePoll turn_wait(PlayerTurn *t, const PlayerSpec *spec, Engine *engine, int timeout_ms,
                            bool sea, int *answer, WsError *err) {
    EnginePoll r;
    while ((r = turn_poll(t, turn_engine(spec, engine), timeout_ms, sea, answer, err)) ==
               ENGINE_PENDING &&
           spec->kind != PLAYER_WHEEL && !engine_interrupted())
        ;
    return r;
}

/* ======================================================================== */
/* The snake                                                                 */
/* ======================================================================== */

static WsStatus snake_player_make(SnakePlayer *p, const PlayerSpec *spec, const SnakeRules *rules,
                                  int timeout_ms, bool wait, WsError *err) {
    memset(p, 0, sizeof *p);
    p->spec = *spec;
    p->timeout_ms = timeout_ms > 0 ? timeout_ms : ENGINE_TIMEOUT_DEFAULT;
    SnakePolicy policy = spec->kind == PLAYER_AI ? spec->policy : SNAKE_POLICY_GREEDY;
    WsStatus st = WS_OK;
    if (spec->kind == PLAYER_AI) {
        /* Only the built-in AI needs its search buffers: an engine's player
         * leaves the overlays to the caller's own AI, if any. */
        st = snake_ai_init(&p->ai, rules->w, rules->h, policy, rules->strict_tail, err);
        p->ai_ready = st == WS_OK;
        snprintf(p->name, sizeof p->name, "%s", snake_policy_name(policy));
    } else if (spec->kind == PLAYER_ENGINE) {
        p->command = command_dup(spec);
        st = p->command == NULL
                 ? ws_fail(err, WS_ERR_NOMEM, "out of memory for an engine's command")
             : wait ? engine_start(&p->engine, p->command, ENGINE_SNAKE, p->timeout_ms, err)
                    : engine_launch(&p->engine, p->command, ENGINE_SNAKE, p->timeout_ms, err);
        if (st == WS_OK)
            trace_name(p->name, sizeof p->name, engine_name(p->engine));
    } else {
        snprintf(p->name, sizeof p->name, "wheel");
    }
    if (st != WS_OK)
        snake_player_deinit(p);
    return st;
}

WsStatus snake_player_init(SnakePlayer *p, const PlayerSpec *spec, const SnakeRules *rules,
                           int timeout_ms, WsError *err) {
    return snake_player_make(p, spec, rules, timeout_ms, true, err);
}

WsStatus snake_player_launch(SnakePlayer *p, const PlayerSpec *spec, const SnakeRules *rules,
                             int timeout_ms, WsError *err) {
    return snake_player_make(p, spec, rules, timeout_ms, false, err);
}

void snake_player_deinit(SnakePlayer *p) {
    if (p->ai_ready)
        snake_ai_deinit(&p->ai);
    engine_stop(p->engine);
    free(p->command);
    memset(p, 0, sizeof *p);
}

static WsStatus snake_player_renew(SnakePlayer *p, bool wait, WsError *err) {
    turn_clear(&p->turn);
    if (p->ai_ready)
        snake_ai_clear(&p->ai);
    if (p->engine == NULL)
        return WS_OK;
    if (!engine_alive(p->engine)) {
        WsStatus st = wait ? engine_restart(p->engine, err) : engine_relaunch(p->engine, err);
        if (st != WS_OK)
            return st;
    }
    engine_forget(p->engine);
    return WS_OK;
}

WsStatus snake_player_new_game(SnakePlayer *p, WsError *err) {
    return snake_player_renew(p, true, err);
}

WsStatus snake_player_new_game_async(SnakePlayer *p, WsError *err) {
    return snake_player_renew(p, false, err);
}

/* The engine's name is known once it said ready: the trace's name follows. */
static EnginePoll poll_ready(Engine *e, int wait_ms, char *name, size_t size, WsError *err) {
    if (e == NULL)
        return ENGINE_ANSWERED;
    EnginePoll r = engine_poll_ready(e, wait_ms, err);
    if (r == ENGINE_ANSWERED)
        trace_name(name, size, engine_name(e));
    return r;
}

EnginePoll snake_player_poll_ready(SnakePlayer *p, int wait_ms, WsError *err) {
    return poll_ready(p->engine, wait_ms, p->name, sizeof p->name, err);
}

bool snake_player_ready(const SnakePlayer *p) {
    return p->engine == NULL || engine_ready(p->engine);
}

WsStatus snake_player_request(SnakePlayer *p, const SnakeGame *g, WsError *err) {
    WsStatus st = turn_begin(&p->turn, "move", err);
    if (st != WS_OK)
        return st;
    switch (p->spec.kind) {
    case PLAYER_AI: {
        uint64_t t0 = monoclock_now_ns();
        turn_answer(&p->turn, (int)snake_ai_choose(&p->ai, g), t0);
        break;
    }
    case PLAYER_ENGINE:
        st = engine_snake_request(p->engine, g, err);
        if (st != WS_OK)
            return st;
        break;
    case PLAYER_WHEEL:
        break; /* snake_player_steer answers */
    }
    p->turn.asked = true;
    return WS_OK;
}

void snake_player_steer(SnakePlayer *p, Dir move) {
    if (p->spec.kind == PLAYER_WHEEL && p->turn.asked)
        turn_answer(&p->turn, (int)move, 0);
}

EnginePoll snake_player_poll(SnakePlayer *p, int wait_ms, Dir *move, WsError *err) {
    int answer = 0;
    EnginePoll r =
        turn_poll(&p->turn, turn_engine(&p->spec, p->engine), wait_ms, false, &answer, err);
    if (r == ENGINE_ANSWERED)
        *move = (Dir)answer;
    return r;
}

EnginePoll snake_player_choose(SnakePlayer *p, const SnakeGame *g, Dir *move, WsError *err) {
    if (snake_player_request(p, g, err) != WS_OK)
        return ENGINE_FAULT;
    int answer = 0;
    EnginePoll r = turn_wait(&p->turn, &p->spec, p->engine, p->timeout_ms, false, &answer, err);
    if (r == ENGINE_ANSWERED)
        *move = (Dir)answer;
    return r;
}

double snake_player_decision_us(const SnakePlayer *p) { return (double)p->turn.took_ns / 1000.0; }

const char *snake_player_warning(const SnakePlayer *p) { return p->turn.warning; }

void snake_player_end(SnakePlayer *p, const SnakeGame *g) {
    if (p->engine != NULL && engine_alive(p->engine))
        engine_snake_end(p->engine, g, g->outcome == SNAKE_FORFEIT);
}

const SnakeAi *snake_player_ai(const SnakePlayer *p) {
    return p->spec.kind == PLAYER_AI && p->ai_ready ? &p->ai : NULL;
}

const EngineInfo *snake_player_info(const SnakePlayer *p) { return p->turn.info; }

const char *snake_player_name(const SnakePlayer *p) { return p->name; }

/* ======================================================================== */
/* The sea                                                                   */
/* ======================================================================== */

static WsStatus sea_player_make(SeaPlayer *p, const PlayerSpec *spec, int timeout_ms, bool wait,
                                WsError *err) {
    memset(p, 0, sizeof *p);
    p->spec = *spec;
    p->timeout_ms = timeout_ms > 0 ? timeout_ms : ENGINE_TIMEOUT_DEFAULT;
    sea_ai_init(&p->ai, spec->kind == PLAYER_AI ? spec->hunter : SEA_HUNTER_SAMPLER);
    snprintf(p->name, sizeof p->name, "%s", sea_hunter_name(p->ai.hunter));
    if (spec->kind != PLAYER_ENGINE)
        return WS_OK;
    p->command = command_dup(spec);
    WsStatus st = p->command == NULL
                      ? ws_fail(err, WS_ERR_NOMEM, "out of memory for an engine's command")
                  : wait ? engine_start(&p->engine, p->command, ENGINE_SEA, p->timeout_ms, err)
                         : engine_launch(&p->engine, p->command, ENGINE_SEA, p->timeout_ms, err);
    if (st == WS_OK)
        trace_name(p->name, sizeof p->name, engine_name(p->engine));
    if (st != WS_OK)
        sea_player_deinit(p);
    return st;
}

WsStatus sea_player_init(SeaPlayer *p, const PlayerSpec *spec, int timeout_ms, WsError *err) {
    return sea_player_make(p, spec, timeout_ms, true, err);
}

WsStatus sea_player_launch(SeaPlayer *p, const PlayerSpec *spec, int timeout_ms, WsError *err) {
    return sea_player_make(p, spec, timeout_ms, false, err);
}

void sea_player_deinit(SeaPlayer *p) {
    engine_stop(p->engine);
    free(p->command);
    memset(p, 0, sizeof *p);
}

static WsStatus sea_player_renew(SeaPlayer *p, const SeaGame *g, bool wait, WsError *err) {
    turn_clear(&p->turn);
    sea_ai_clear(&p->ai);
    rng_init(&p->rng, g->seed, RNG_STREAM_OTHER); /* the hunter's draws: stream 2 */
    if (p->engine != NULL && !engine_alive(p->engine))
        return wait ? engine_restart(p->engine, err) : engine_relaunch(p->engine, err);
    return WS_OK;
}

WsStatus sea_player_new_game(SeaPlayer *p, const SeaGame *g, WsError *err) {
    return sea_player_renew(p, g, true, err);
}

WsStatus sea_player_new_game_async(SeaPlayer *p, const SeaGame *g, WsError *err) {
    return sea_player_renew(p, g, false, err);
}

EnginePoll sea_player_poll_ready(SeaPlayer *p, int wait_ms, WsError *err) {
    return poll_ready(p->engine, wait_ms, p->name, sizeof p->name, err);
}

bool sea_player_ready(const SeaPlayer *p) { return p->engine == NULL || engine_ready(p->engine); }

WsStatus sea_player_request(SeaPlayer *p, const SeaGame *g, WsError *err) {
    WsStatus st = turn_begin(&p->turn, "shot", err);
    if (st != WS_OK)
        return st;
    if (p->spec.kind == PLAYER_ENGINE) {
        st = engine_sea_request(p->engine, g, err);
        if (st != WS_OK)
            return st;
    } else {
        int cell = -1;
        uint64_t t0 = monoclock_now_ns();
        st = sea_ai_choose(&p->ai, &g->seen, &p->rng, &cell, err);
        if (st != WS_OK)
            return st;
        turn_answer(&p->turn, cell, t0);
    }
    p->turn.asked = true;
    return WS_OK;
}

EnginePoll sea_player_poll(SeaPlayer *p, int wait_ms, int *cell, WsError *err) {
    return turn_poll(&p->turn, turn_engine(&p->spec, p->engine), wait_ms, true, cell, err);
}

EnginePoll sea_player_choose(SeaPlayer *p, const SeaGame *g, int *cell, WsError *err) {
    if (sea_player_request(p, g, err) != WS_OK)
        return ENGINE_FAULT;
    return turn_wait(&p->turn, &p->spec, p->engine, p->timeout_ms, true, cell, err);
}

double sea_player_decision_us(const SeaPlayer *p) { return (double)p->turn.took_ns / 1000.0; }

const char *sea_player_warning(const SeaPlayer *p) { return p->turn.warning; }

const SeaAi *sea_player_ai(const SeaPlayer *p) { return p->spec.kind == PLAYER_AI ? &p->ai : NULL; }

const EngineInfo *sea_player_info(const SeaPlayer *p) { return p->turn.info; }

const char *sea_player_name(const SeaPlayer *p) { return p->name; }

void sea_player_end(SeaPlayer *p, const SeaGame *g) {
    if (p->engine != NULL && engine_alive(p->engine))
        engine_sea_end(p->engine, g);
}
