/* engine_session.c - one engine asked about one game's states (engine_session.h). */
#include "engine_session.h"

#include <stdio.h>
#include <string.h>

#include "monoclock.h"
#include "report.h"

/* ======================================================================== */
/* Static helpers                                                            */
/* ======================================================================== */

static Engine *session_engine(const EngineSession *s) {
    return s->kind == ENGINE_SEA ? s->sea.engine : s->snake.engine;
}

/* The fault line of `why` at `where`, kept for the caller's poll. */
static void set_fault(EngineSession *s, EngineStamp where, const WsError *why) {
    /* Named as the HUD names it: a race's second engine of one name is NAME#2. */
    player_fault_line_as(s->label, where.game, where.tick, why, s->fault, sizeof s->fault);
    /* Where what was wrong starts; a line cut short is all of it. */
    const char *what = player_fault_what(why);
    size_t len = strlen(s->fault), wlen = strlen(what);
    s->fault_what = wlen <= len && strcmp(s->fault + len - wlen, what) == 0 ? len - wlen : 0;
    size_t n = 0;
    const char *said = engine_said(session_engine(s), &n); /* its last words, a traceback */
    memcpy(s->fault_said, said, n);
    s->fault_said[n] = '\0';
    s->fault_said_len = n;
    s->fault_stamp = where;
    s->failed = true;
    s->asked = s->starting = false;
}

/* The label follows the engine's `name` once it said ready. */
static void take_label(EngineSession *s) {
    const char *name =
        s->kind == ENGINE_SEA ? sea_player_name(&s->sea) : snake_player_name(&s->snake);
    int keep = (int)strlen(name), mlen = (int)strlen(s->mark);
    if (keep + mlen > PLAYER_NAME_MAX)
        keep = PLAYER_NAME_MAX - mlen; /* the name gives way to its mark, as in a match */
    snprintf(s->label, sizeof s->label, "%.*s%s", keep, name, s->mark);
}

void engine_session_mark(EngineSession *s, const char *mark) {
    snprintf(s->mark, sizeof s->mark, "%s", mark);
    take_label(s);
}

/* Whether the engine can take a request now; if a fault stopped it, it is
 * started again (the handshake left to the polls). False when the request
 * must wait (starting) or failed (s->failed). */
static bool ready_to_ask(EngineSession *s, EngineStamp want, const void *sea_game) {
    if (s->failed || s->asked || s->starting)
        return false;
    Engine *e = session_engine(s);
    if (engine_alive(e))
        return true;
    WsError why = {0};
    WsStatus st = s->kind == ENGINE_SEA ? sea_player_new_game_async(&s->sea, sea_game, &why)
                                        : snake_player_new_game_async(&s->snake, &why);
    if (st != WS_OK) {
        set_fault(s, want, &why);
        return false;
    }
    s->starting = true;
    s->out = want;
    s->asked_ns = monoclock_now_ns();
    s->sent_epoch = -1; /* a fresh process: a `game` block first */
    return false;
}

/* Before a request: a `game` block when the epoch moved on since the last one. */
static void sync_epoch(EngineSession *s) {
    if (s->sent_epoch == s->epoch)
        return;
    engine_forget(session_engine(s));
    s->sent_epoch = s->epoch;
}

static void sent(EngineSession *s, EngineStamp stamp) {
    s->asked = true;
    s->out = stamp;
    s->asked_ns = monoclock_now_ns();
}

/* A fault this poll found: returned now, so not kept for the next poll as
 * set_fault keeps one found between polls. */
static EnginePoll fault_now(EngineSession *s, const WsError *why) {
    set_fault(s, s->out, why);
    s->failed = false;
    return ENGINE_FAULT;
}

/* The poll of a restarted engine's handshake: STALE once it is ready (the
 * label follows its name; nothing is out), else PENDING or its fault. */
static EnginePoll poll_restart(EngineSession *s, int wait_ms) {
    WsError why = {0};
    EnginePoll r = s->kind == ENGINE_SEA ? sea_player_poll_ready(&s->sea, wait_ms, &why)
                                         : snake_player_poll_ready(&s->snake, wait_ms, &why);
    if (r == ENGINE_PENDING)
        return ENGINE_PENDING;
    s->starting = false;
    if (r != ENGINE_ANSWERED)
        return fault_now(s, &why);
    take_label(s);
    return ENGINE_STALE; /* ready: nothing is out, the caller asks */
}

/* The player's poll, either kind: *answer is the move (a Dir) or the shot. */
static EnginePoll poll_player(EngineSession *s, int wait_ms, int *answer, WsError *why) {
    if (s->kind == ENGINE_SEA)
        return sea_player_poll(&s->sea, wait_ms, answer, why);
    Dir d = DIR_NONE;
    EnginePoll r = snake_player_poll(&s->snake, wait_ms, &d, why);
    *answer = (int)d;
    return r;
}

/* The answer's warning (a malformed info line), or NULL: kept as s->warning
 * and reported on stderr the first time in the session. */
static const char *take_warning(EngineSession *s) {
    const char *warning =
        s->kind == ENGINE_SEA ? sea_player_warning(&s->sea) : snake_player_warning(&s->snake);
    if (warning != NULL) {
        player_warning_line_as(engine_name(session_engine(s)), s->out.game, s->out.tick, warning,
                               s->warning, sizeof s->warning);
        if (s->warnings++ == 0)
            report_warn("%s", s->warning);
    }
    return warning;
}

/* The reply to a wanted answer, kept in the log at its tick (keep_log). */
static EngineReply keep_answer(EngineSession *s, int answer, const char *warning) {
    const EngineInfo *info =
        s->kind == ENGINE_SEA ? sea_player_info(&s->sea) : snake_player_info(&s->snake);
    double us = s->kind == ENGINE_SEA ? sea_player_decision_us(&s->sea)
                                      : snake_player_decision_us(&s->snake);
    size_t said_len = 0;
    const char *said = engine_said(session_engine(s), &said_len);
    if (s->keep_log)
        engine_log_keep(&s->log, s->out.tick, answer, info, us / 1000.0, said, said_len);
    return (EngineReply){.stamp = s->out,
                         .answer = answer,
                         .decision_us = us,
                         .info = info,
                         .warning = warning,
                         .said = said,
                         .said_len = said_len};
}

/* ======================================================================== */
/* Public functions                                                          */
/* ======================================================================== */

WsStatus engine_session_open(EngineSession *s, const PlayerSpec *spec, EngineKind kind,
                             const SnakeRules *rules, int timeout_ms, WsError *err) {
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->sent_epoch = -1;
    int w = kind == ENGINE_SEA ? SEA_W : rules->w, h = kind == ENGINE_SEA ? SEA_H : rules->h;
    WsStatus st = kind == ENGINE_SEA ? sea_player_init(&s->sea, spec, timeout_ms, err)
                                     : snake_player_init(&s->snake, spec, rules, timeout_ms, err);
    if (st == WS_OK) /* answers read as they come, whenever the caller looks */
        st = engine_watch(session_engine(s), err);
    if (st == WS_OK)
        st = engine_log_init(&s->log, w, h, ENGINE_LOG_BYTES, err);
    if (st != WS_OK) {
        engine_session_close(s);
        return st;
    }
    take_label(s);
    s->keep_log = true;
    return WS_OK;
}

void engine_session_close(EngineSession *s) {
    if (s->kind == ENGINE_SEA)
        sea_player_deinit(&s->sea); /* quit, then its process group killed */
    else
        snake_player_deinit(&s->snake);
    engine_log_deinit(&s->log);
    memset(s, 0, sizeof *s);
}

void engine_session_new_game(EngineSession *s, long index) {
    s->game = index;
    s->epoch++;
    s->fault[0] = '\0';
    s->fault_what = 0;
    s->fault_said_len = 0;
    s->warning[0] = '\0';
    engine_log_truncate(&s->log, 0);
}

void engine_session_branch(EngineSession *s, long tick) {
    s->epoch++;
    engine_log_truncate(&s->log, tick);
}

void engine_session_jump(EngineSession *s) { s->epoch++; }

void engine_session_ask_snake(EngineSession *s, const SnakeGame *g) {
    EngineStamp want = {s->game, g->steps, s->epoch};
    if (!ready_to_ask(s, want, NULL))
        return;
    sync_epoch(s);
    WsError why = {0};
    if (snake_player_request(&s->snake, g, &why) != WS_OK) {
        set_fault(s, want, &why);
        return;
    }
    sent(s, want);
}

void engine_session_ask_sea(EngineSession *s, const SeaGame *g) {
    EngineStamp want = {s->game, g->shots, s->epoch};
    if (!ready_to_ask(s, want, g))
        return;
    sync_epoch(s);
    WsError why = {0};
    if (sea_player_request(&s->sea, g, &why) != WS_OK) {
        set_fault(s, want, &why);
        return;
    }
    sent(s, want);
}

EnginePoll engine_session_poll(EngineSession *s, int wait_ms, EngineReply *reply) {
    if (s->failed) {
        s->failed = false;
        return ENGINE_FAULT;
    }
    if (s->starting)
        return poll_restart(s, wait_ms);
    if (!s->asked)
        return ENGINE_PENDING;
    WsError why = {0};
    int answer = 0;
    EnginePoll r = poll_player(s, wait_ms, &answer, &why);
    if (r == ENGINE_PENDING)
        return ENGINE_PENDING;
    s->asked = false;
    if (r != ENGINE_ANSWERED)
        return fault_now(s, &why);
    const char *warning = take_warning(s);
    if (s->out.epoch != s->epoch || s->out.game != s->game)
        return ENGINE_STALE; /* asked before a new game, a branch or a jump */
    *reply = keep_answer(s, answer, warning);
    return ENGINE_ANSWERED;
}

bool engine_session_busy(const EngineSession *s) { return s->asked || s->starting; }

bool engine_session_asked_for(const EngineSession *s, long tick) {
    return engine_session_busy(s) && s->out.game == s->game && s->out.epoch == s->epoch &&
           s->out.tick == tick;
}

void engine_session_end_snake(EngineSession *s, const SnakeGame *g) {
    if (!engine_session_busy(s))
        snake_player_end(&s->snake, g);
}

void engine_session_end_sea(EngineSession *s, const SeaGame *g) {
    if (!engine_session_busy(s))
        sea_player_end(&s->sea, g);
}

bool engine_session_kept(const EngineSession *s, long t, int *answer, double *decision_us) {
    double ms = 0.0;
    if (!engine_log_answer(&s->log, t, answer, &ms))
        return false;
    if (decision_us != NULL)
        *decision_us = ms * 1000.0;
    return true;
}

const char *engine_session_said_at(const EngineSession *s, long t, size_t *len) {
    return engine_log_said(&s->log, t, len);
}

const EngineInfo *engine_session_info_at(EngineSession *s, long t) {
    return engine_log_info(&s->log, t);
}

long engine_session_kept_ticks(const EngineSession *s) { return engine_log_ticks(&s->log); }

double engine_session_thinking_ms(const EngineSession *s, uint64_t now_ns) {
    if (!engine_session_busy(s) || now_ns < s->asked_ns)
        return 0.0;
    return (double)(now_ns - s->asked_ns) / 1e6;
}
