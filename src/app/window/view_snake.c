/* view_snake.c - the snake mode in the window, live: the AI plays itself forever.
 *
 * The view decides one tick ahead: right after a tick (or a new game) it
 * asks for the next move and keeps it as `pending`, so the overlays (wave,
 * path, virtual snake) always show the plan for the snake as it is on
 * screen now, read straight from the SnakeAi through const pointers. The
 * sequence of states and decisions is the same as a headless game with the
 * same seed: game i of the run uses seed + i.
 *
 * The decision is one seam (ask_move / move_ready below): the built-in
 * policies answer at once; a player that answers later (an engine in another
 * process) makes tick() return false until its move has arrived, and the HUD
 * says "thinking" meanwhile.
 *
 * A left click on an empty cell toggles a wall there (the walls stay for the
 * next games); the AI decides again at once, so the overlays show the new
 * plan even while paused. hamilton and perfect do not play every walled
 * board: then the HUD says why and greedy plays (snake_ai_choose falls back).
 * The arrow keys take the wheel (snake_wheel.h); Tab changes the policy; X
 * asks the front end for the race view (view_race.h) on this board.
 *
 * Time travel: the game goes into the view's own SnakeHistory as it is
 * played, and snake_screen.h shows any tick of it (view.h, ViewHistory).
 *
 * An engine (`--policy engine:CMD`, the last of the Tab list): its move is
 * requested after each tick and polled every frame with wait 0 (a small
 * wait inside the frame's tick budget at unlimited speed), so the frame
 * rate never waits on it; a restart after a fault is a handshake polled the
 * same way. Each answer is kept with its tick (the move and the info as
 * engine_info_format lines), so a step back shows what the engine said at
 * that tick without asking it again; a tick with no answer kept (a branch,
 * a wall clicked) is asked for, after a fresh `game` block. The info kept
 * is bounded: ENGINE_LOG_BYTES in all per game (engine_log.h), beyond which
 * a tick keeps its move and not its info (the HUD says so). docs/engines.md, "In the
 * window".
 */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine_session.h"
#include "monoclock.h"
#include "player.h"
#include "report.h"
#include "snake.h"
#include "snake_ai.h"
#include "snake_board.h"
#include "snake_draw.h"
#include "snake_history.h"
#include "snake_screen.h"
#include "snake_wheel.h"
#include "view.h"
#include "view_race.h"

/* ======================================================================== */
/* Types                                                                     */
/* ======================================================================== */

typedef struct SnakeView {
    SnakeScreen s;    /* first: the ViewHistory callbacks take the state as a SnakeScreen */
    SnakeHistory own; /* the game being played, every tick of it (s.hist points here) */
    bool thinking;    /* the move for the tick on screen has not arrived: the engine's,
                         or perfect's still in its play-outs */
    RaceSetup race;   /* what X (or --race) hands the race view; valid while it opens */

    /* The engine of --policy engine:CMD (have_engine), the last of the Tab
     * list: the session keeps what it answered at each tick of this game. */
    bool have_engine;
    EngineSession eng;
} SnakeView;

/* ======================================================================== */
/* The decision seam                                                         */
/* ======================================================================== */

/* Shows the engine's kept info of tick t (-1: none) on the board, with the
 * tick it is for: the tick on screen, or while it thinks about that one,
 * the latest earlier tick it answered (its overlays stay until the next
 * answer, marked as that tick's in the HUD). */
static void engine_show_info(SnakeView *v, long t) {
    SnakeScreen *s = &v->s;
    s->info = t >= 0 ? engine_session_info_at(&v->eng, t) : NULL;
    s->info_tick = s->info != NULL ? t : -1;
}

/* Shows the kept answer for the tick on screen; false when none is kept. */
static bool engine_show(SnakeView *v) {
    SnakeScreen *s = &v->s;
    int move = DIR_NONE;
    double us = -1.0;
    if (!engine_session_kept(&v->eng, s->game.steps, &move, &us))
        return false;
    s->pending = (Dir)move;
    if (us >= 0.0)
        s->decision_us = us; /* the time it took at that tick */
    engine_show_info(v, s->game.steps);
    return true;
}

/* The engine failed (or could not start again): the session's line goes
 * once to stderr (the HUD shows it too), and the game, if still playing,
 * ends forfeit at its latest tick. */
static void engine_fault(SnakeView *v, FrontendCtx *ctx) {
    SnakeScreen *s = &v->s;
    report_warn("%s", v->eng.fault);
    v->thinking = false;
    bool playing =
        s->hist_ok ? s->hist->outcome == SNAKE_PLAYING : s->game.outcome == SNAKE_PLAYING;
    if (!playing || !s->engine)
        return;
    WsError e2 = {0};
    if (s->hist_ok && s->cur < s->hist->ticks)
        (void)snake_screen_seek(s, s->hist->ticks, ctx, &e2); /* the game ends at its end */
    if (s->game.outcome != SNAKE_PLAYING)
        return;
    if (s->hist_ok && snake_history_forfeit(s->hist, &s->game, &e2) == WS_OK)
        s->cur = s->hist->ticks;
    else
        snake_game_forfeit(&s->game);
    snake_screen_finish(s, ctx);
    engine_show_info(v, -1); /* the end shows no decision, live or sought */
}

/* Reads the engine (waiting at most wait_ms; 0: just look): an answer for
 * the tick on screen becomes its move, any answer is kept by the session
 * for its tick, and when nothing is out for the tick on screen it is asked
 * (again: a stale answer was dropped, a restarted engine said ready). */
static void engine_pump(SnakeView *v, FrontendCtx *ctx, int wait_ms) {
    SnakeScreen *s = &v->s;
    if (!v->have_engine)
        return;
    for (int round = 0; round < 2; round++) {
        EngineReply rep;
        EnginePoll r = engine_session_poll(&v->eng, wait_ms, &rep);
        if (r == ENGINE_FAULT) {
            engine_fault(v, ctx);
            return;
        }
        if (!s->engine || !v->thinking)
            return;
        if (r == ENGINE_ANSWERED && rep.stamp.tick == s->game.steps) {
            s->pending = (Dir)rep.answer;
            s->decision_us = rep.decision_us;
            engine_show_info(v, rep.stamp.tick);
            snake_screen_count_decision(s);
            v->thinking = false;
            return;
        }
        if (engine_show(v)) { /* answered before, and kept */
            v->thinking = false;
            return;
        }
        if (r == ENGINE_PENDING && engine_session_busy(&v->eng))
            return;
        engine_session_ask_snake(&v->eng, &s->game);
        if (wait_ms <= 0) /* a fast engine answers within the wait: the tick goes on */
            return;
    }
}

/* How long a poll of the engine may wait in this frame: nothing in a
 * window (the frame keeps drawing), a little at unlimited speed (inside the
 * frame's tick budget, so a fast engine plays many ticks per frame), and up
 * to its timeout offscreen (--screenshot: nobody waits on those frames,
 * and the picture is the same on every run). */
static int frame_wait(const SnakeView *v, const FrontendCtx *ctx) {
    if (ctx->offscreen)
        return v->eng.snake.timeout_ms > ENGINE_READY_MS ? v->eng.snake.timeout_ms
                                                         : ENGINE_READY_MS;
    return ctx->speed <= 0.0 && !ctx->paused ? 2 : 0;
}

/* Asks the player of this game (the policy) for the move of the next tick,
 * for the game as it is now. A built-in policy answers here, into
 * v->s.pending; an engine gets a request (or its kept answer for this tick
 * is shown) and v->thinking stays set until engine_pump reads its answer;
 * meanwhile its overlays of the tick before stay on the board. */
static void ask_move(SnakeView *v) {
    v->thinking = false;
    SnakeScreen *s = &v->s;
    if (!s->engine) {
        snake_screen_decide(s);
        v->thinking = s->ai.thinking; /* perfect's play-outs go on in snake_view_idle */
        return;
    }
    if (s->game.outcome != SNAKE_PLAYING) {
        s->pending = DIR_NONE;
        engine_show_info(v, -1);
        return;
    }
    s->exact = true; /* an engine's answer is never rebuilt: shown or asked for */
    if (engine_show(v))
        return;
    engine_show_info(v, s->game.steps > 0 ? s->game.steps - 1 : -1);
    v->thinking = true;
    engine_session_ask_snake(&v->eng, &s->game);
}

/* Whether the move asked for has arrived (v->s.pending holds it). While the
 * person at the wheel drives, the game does not wait for the engine: its
 * last choice stays drawn as the arrow. */
static bool move_ready(const SnakeView *v) { return !v->thinking || v->s.wheel.driving; }

/* The ticks from t on are another branch now (a move or a wall at a past
 * tick, a wall clicked): their answers go, and the engine's next tick comes
 * after a `game` block. */
static void engine_branch(SnakeView *v, long t) {
    if (v->s.engine)
        engine_session_branch(&v->eng, t);
}

/* ======================================================================== */
/* Playing                                                                   */
/* ======================================================================== */

/* A new game starts from the latest tick's walls and policy, whichever
 * tick is on screen: a look at the past changes nothing (docs/replay.md). */
static void to_latest(SnakeView *v) {
    WsError err = {0};
    if (snake_screen_to_latest(&v->s, &err) != WS_OK)
        report_warn("the next game starts from the tick on screen: %s", err.msg);
}

static void start_game(SnakeView *v, long index) {
    SnakeScreen *s = &v->s;
    to_latest(v);
    s->end_walls_set = false;
    s->game_index = index;
    snake_game_reset(&s->game, s->seed + (uint64_t)index);
    snake_ai_clear(&s->ai);
    snake_wheel_reset(&s->wheel);
    s->over = false;
    s->counted = false;
    s->cur = 0;
    WsError err = {0};
    /* The AI has not decided on the new game yet: its memory is saved as it is. */
    s->hist_ok = snake_history_begin(&v->own, &s->game, s->policy, index, &s->ai, &err) == WS_OK;
    s->hist = &v->own;
    /* A faulted engine starts again at the first ask, its handshake polled by the frames. */
    if (v->have_engine)
        engine_session_new_game(&v->eng, index);
    ask_move(v);
}

/* The engine's end of a game: `end ...` when it is not still answering. */
static void engine_end(SnakeView *v) {
    if (v->s.engine)
        engine_session_end_snake(&v->eng, &v->s.game);
}

/* Tab during a game (at the latest tick or a past one) branches there: the
 * ticks after the one on screen are dropped, and from it the next policy
 * that accepts this board plays on, with a new game's memory, as a fresh AI
 * would decide on this state (docs/replay.md, "Tab"). The ticks before it
 * keep the policy that played them: a step back there shows its decisions. */
static void switch_policy(SnakeView *v, FrontendCtx *ctx) {
    SnakeScreen *s = &v->s;
    bool past = snake_screen_at_past_tick(s);
    SnakePolicy from = s->policy;
    for (int k = 1; k < SNAKE_POLICY_COUNT; k++) {
        SnakePolicy p = (SnakePolicy)(((int)from + k) % SNAKE_POLICY_COUNT);
        WsError err = {0};
        if (snake_policy_check(p, s->rules.w, s->rules.h, &err) != WS_OK) {
            frontend_status(ctx, "policy %s skipped: %s", snake_policy_name(p), err.msg);
            continue;
        }
        if (past && !snake_screen_drop_future(s, ctx))
            return; /* it said why */
        if (snake_screen_use_policy(s, p, &err) != WS_OK ||
            snake_ai_memory_load(&s->ai, NULL, 0, &err) != WS_OK ||
            snake_history_switch(s->hist, &s->game, p, &s->ai, &err) != WS_OK) {
            frontend_status(ctx, "policy %s: %s", snake_policy_name(p), err.msg);
            (void)snake_screen_use_policy(s, from, &err);
            return;
        }
        ask_move(v);
        if (k == 1 || ctx->status[0] == '\0') {
            if (s->refused)
                frontend_status(ctx, "policy: %s from tick %ld%s; %s", snake_policy_name(p), s->cur,
                                past ? " (the later ticks are dropped)" : "", s->refusal);
            else
                frontend_status(ctx, "policy: %s from tick %ld%s", snake_policy_name(p), s->cur,
                                past ? " (the later ticks are dropped)" : "");
        }
        return;
    }
}

/* Switches to the next policy that accepts this board (a Hamiltonian cycle
 * needs an even side, for example); says so when one is skipped. */
static void next_policy(SnakeView *v, FrontendCtx *ctx) {
    SnakeScreen *s = &v->s;
    /* The engine comes after the last built-in policy, and greedy after it. */
    if (v->have_engine && !s->engine && s->policy == SNAKE_POLICY_COUNT - 1) {
        to_latest(v); /* the walls of the latest tick, before the AI is replaced */
        SnakeAi fresh;
        WsError err = {0};
        if (snake_ai_init(&fresh, s->rules.w, s->rules.h, SNAKE_POLICY_GREEDY, s->rules.strict_tail,
                          &err) != WS_OK) {
            frontend_status(ctx, "engine skipped: %s", err.msg);
            return;
        }
        snake_ai_deinit(&s->ai);
        s->ai = fresh;
        s->policy = SNAKE_POLICY_GREEDY; /* its history's stand-in; never shown */
        s->refused = false;
        s->engine = true;
        start_game(v, s->game_index);
        frontend_status(ctx, "policy: %s", v->eng.label);
        return;
    }
    if (s->engine) {
        /* From the engine, as to it: the game again from tick 0 under the next
         * policy (docs/replay.md, "Tab"): the engine's ticks are its own. */
        to_latest(v);
        engine_end(v);
        s->engine = false;
        s->info = NULL;
        s->policy = (SnakePolicy)(SNAKE_POLICY_COUNT - 1); /* the loop below goes to greedy */
    } else if (s->hist_ok && !s->over) {
        switch_policy(v, ctx);
        return;
    }
    for (int k = 1; k <= SNAKE_POLICY_COUNT; k++) {
        SnakePolicy p = (SnakePolicy)(((int)s->policy + k) % SNAKE_POLICY_COUNT);
        SnakeAi fresh;
        WsError err = {0};
        if (snake_ai_init(&fresh, s->rules.w, s->rules.h, p, s->rules.strict_tail, &err) != WS_OK) {
            frontend_status(ctx, "policy %s skipped: %s", snake_policy_name(p), err.msg);
            continue;
        }
        snake_ai_deinit(&s->ai);
        s->ai = fresh;
        s->policy = p;
        snake_screen_check_policy(s);
        /* A finished game (or one without a history, or the engine's):
         * the game starts again with the same seed so the policies can be
         * compared; statistics belong to one policy (each keeps its own). */
        start_game(v, s->game_index);
        if (k == 1 || ctx->status[0] == '\0')
            frontend_status(ctx, "policy: %s", snake_policy_name(p));
        return;
    }
}

/* X (or --race at the start): asks the front end for the race view on this
 * board: the --race pair, or this policy against perfect (greedy when this
 * one is perfect). */
static void open_race(SnakeView *v, FrontendCtx *ctx, bool from_options) {
    const SnakeScreen *s = &v->s;
    RaceSetup *r = &v->race;
    r->rules = &s->rules;
    r->walls = s->game.walls;
    r->policies[0] = s->policy;
    r->policies[1] = s->policy == SNAKE_POLICY_PERFECT ? SNAKE_POLICY_GREEDY : SNAKE_POLICY_PERFECT;
    /* An engine playing here plays the left side (a process of the race's own). */
    r->players[0] = s->engine ? &ctx->opts->player : NULL;
    r->players[1] = NULL;
    r->engine_timeout_ms = ctx->opts->engine_timeout_ms;
    if (ctx->opts->race_given) {
        memcpy(r->policies, ctx->opts->race, sizeof r->policies);
        for (int k = 0; k < SNAKE_RACE_SIDES; k++)
            r->players[k] =
                ctx->opts->race_player[k].kind == PLAYER_ENGINE ? &ctx->opts->race_player[k] : NULL;
    }
    r->seed = s->seed + (uint64_t)s->game_index;
    r->strict = from_options;
    r->solo = s->policy;
    frontend_show(ctx, VIEW_ID_RACE, r);
}

/* ======================================================================== */
/* View callbacks                                                            */
/* ======================================================================== */

static void snake_view_destroy(void *state) {
    SnakeView *v = state;
    if (v == NULL)
        return;
    engine_session_close(&v->eng); /* quit, then its process group killed */
    snake_history_deinit(&v->own);
    snake_screen_deinit(&v->s);
    free(v);
}

static WsStatus snake_view_create(void **state, FrontendCtx *ctx, const void *arg, WsError *err) {
    (void)arg;
    *state = NULL;
    SnakeView *v = calloc(1, sizeof *v);
    if (v == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for the snake view");
    SnakeScreen *s = &v->s;
    snake_history_init(&v->own);
    s->hist = &v->own;
    /* The board: --size, or --map FILE with its walls (snake_board.h). */
    SnakeBoard board;
    WsStatus st = snake_board_open(&board, ctx->opts, err);
    if (st != WS_OK) {
        free(v);
        return st;
    }
    s->rules = board.rules;
    s->policy = ctx->opts->policy;
    s->seed = ctx->opts->seed;
    /* A window keeps its frames while perfect plays a new apple out; a
     * screenshot's frames wait for whole decisions, so it shows the same tick
     * on every machine. */
    s->sliced = !ctx->offscreen;
    st = snake_game_init(&s->game, &s->rules, s->seed, err);
    if (st == WS_OK)
        st = snake_game_set_walls(&s->game, board.walls, err);
    snake_board_close(&board);
    if (st == WS_OK)
        st = snake_ai_init(&s->ai, s->rules.w, s->rules.h, s->policy, s->rules.strict_tail, err);
    if (st == WS_OK)
        st = snake_screen_alloc_mark(s, err);
    if (st == WS_OK && ctx->opts->player.kind == PLAYER_ENGINE) {
        /* The first start waits for the handshake (an engine that never says
         * ready ends the program, as headless); restarts never wait. */
        st = engine_session_open(&v->eng, &ctx->opts->player, ENGINE_SNAKE, &s->rules,
                                 ctx->opts->engine_timeout_ms, err);
        v->have_engine = st == WS_OK;
        if (st == WS_OK) {
            s->engine_label = v->eng.label;
            s->engine = true;
        }
    }
    if (st != WS_OK) {
        snake_view_destroy(v);
        return st;
    }
    snake_screen_check_policy(s);
    start_game(v, 0);
    /* --race: the race view opens on this board (and says so on stdout). */
    if (ctx->opts->race_given) {
        open_race(v, ctx, true);
    } else {
        printf("wavesnake: snake %dx%d, policy %s, seed %llu (game i uses seed + i)\n", s->rules.w,
               s->rules.h, s->engine ? v->eng.label : snake_policy_name(s->policy),
               (unsigned long long)s->seed);
        fflush(stdout);
    }
    *state = v;
    return WS_OK;
}

static bool snake_view_action(void *state, Action action, FrontendCtx *ctx) {
    SnakeView *v = state;
    SnakeScreen *s = &v->s;
    switch (action) {
    case ACT_RACE:
        open_race(v, ctx, false);
        return true;
    case ACT_RESTART:
        to_latest(v); /* the engine's `end` is the game's, not the tick on screen */
        engine_end(v);
        start_game(v, s->game_index);
        frontend_status(ctx, "game %ld again (seed %llu)", s->game_index,
                        (unsigned long long)s->game.seed);
        return true;
    case ACT_NEW_GAME:
        to_latest(v); /* the engine's `end` is the game's, not the tick on screen */
        engine_end(v);
        start_game(v, s->game_index + 1);
        frontend_status(ctx, "next game: %ld (seed %llu)", s->game_index,
                        (unsigned long long)s->game.seed);
        return true;
    case ACT_NEXT:
        next_policy(v, ctx);
        return true;
    case ACT_TOGGLE_NUMBERS:
        if (s->have_layout)
            frontend_numbers_fit(ctx, s->bl.cell, SNAKE_NUMBERS_MIN_CELL);
        return false;
    case ACT_UP:
    case ACT_RIGHT:
    case ACT_DOWN:
    case ACT_LEFT:
        /* Steering at a past tick plays on from there, as a wall click does:
         * the later ticks go, and the next tick is the steered one. */
        if (!s->over && snake_screen_at_past_tick(s)) {
            if (!snake_screen_drop_future(s, ctx))
                return true;
            engine_branch(v, s->cur + 1); /* the answer at this tick stays */
            frontend_status(ctx, "you steer from tick %ld: the later ticks are dropped", s->cur);
        }
        snake_wheel_steer(&s->wheel, (Dir)(DIR_UP + (action - ACT_UP)), ctx->now_ms);
        return true;
    case ACT_TAKE_BACK:
        frontend_status(ctx, "%s",
                        s->wheel.driving ? "the AI drives again"
                                         : "the AI drives already (arrows: you steer)");
        snake_wheel_release(&s->wheel);
        return true;
    case ACT_PREV_GAME:
    case ACT_NEXT_GAME:
        /* A live game has no list of games: [ ] are a replay's. */
        frontend_status(ctx, "[ ] go through a replayed trace's games (Enter: the next game)");
        return true;
    case ACT_PAUSE:
    case ACT_STEP:
        snake_wheel_touch(&s->wheel, ctx->now_ms); /* a pause is not idle time */
        return false;
    default:
        return false;
    }
}

/* A left click toggles a wall on an empty cell; the AI decides again at once. */
static bool snake_view_event(void *state, const SDL_Event *ev, FrontendCtx *ctx) {
    SnakeView *v = state;
    bool toggled = false;
    bool used = snake_screen_click(&v->s, ev, ctx, &toggled);
    if (toggled) {
        engine_branch(v, v->s.game.steps); /* this tick's board changed: ask again */
        ask_move(v);
    }
    return used;
}

static bool snake_view_tick(void *state, FrontendCtx *ctx) {
    SnakeView *v = state;
    SnakeScreen *s = &v->s;
    if (s->over) {
        /* While paused a single step skips the wait, so N never seems stuck;
         * but never in the frame that ended the game: when E paused there,
         * the frame's further ticks (many at unlimited speed) would start
         * the next game behind the pause. */
        if (ctx->now_ms == s->over_ms ||
            (!ctx->paused && ctx->now_ms - s->over_ms < VIEW_RESULT_MS))
            return false;
        engine_end(v);
        start_game(v, s->game_index + 1);
        return true;
    }
    /* At unlimited speed a fast engine answers within a short wait, so many
     * ticks fit in a frame; the frame's budget bounds the waits. */
    engine_pump(v, ctx, frame_wait(v, ctx));
    if (s->over)
        return true; /* it faulted: the game ended forfeit */
    if (!move_ready(v))
        return false; /* the player is still thinking: the tick waits for its move */
    if (!ctx->paused && snake_wheel_idle_check(&s->wheel, ctx->now_ms))
        frontend_status(ctx, "idle for %d s: the AI drives again", SNAKE_WHEEL_IDLE_MS / 1000);
    bool past = snake_screen_at_past_tick(s);
    if (!snake_screen_play(s, ctx))
        return false;
    if (past)
        engine_branch(v, s->game.steps); /* played on from a past tick */
    ask_move(v); /* at the end: nothing decided, nothing drawn, as a seek there shows it */
    return true;
}

/* While a person holds the wheel the game goes at a pace one can steer at
 * (snake_wheel.h, SNAKE_WHEEL_PACE); the AI drives at the user's speed. */
static double snake_view_pace(const void *state) {
    const SnakeView *v = state;
    return v->s.wheel.driving && !v->s.over ? SNAKE_WHEEL_PACE : 0.0;
}

static void snake_view_draw(void *state, FrontendCtx *ctx) {
    snake_screen_draw(&((SnakeView *)state)->s, ctx);
}

/* A cycle policy that took over mid-game (Tab) from a body that does not
 * lie on its cycle: snake_ai_choose lets greedy decide until it does. */
static bool handed_over(const SnakeScreen *s) {
    const SnakeAi *ai = &s->ai;
    return (s->policy == SNAKE_POLICY_HAMILTON || s->policy == SNAKE_POLICY_PERFECT) &&
           s->game.outcome == SNAKE_PLAYING && ai->reason != SNAKE_REASON_NONE &&
           ai->reason != SNAKE_REASON_CYCLE && ai->reason != SNAKE_REASON_SHORTCUT &&
           ai->reason != SNAKE_REASON_TRAPPED;
}

/* How the engine failed: in a panel its session's line and the last lines
 * it wrote on stderr before; in a strip, which holds one-line items only,
 * what was wrong (the policy item beside it names the engine, the tick
 * item the tick). */
static void engine_fault_hud(const SnakeView *v, Hud *hud) {
    const EngineSession *e = &v->eng;
    if (hud->strip) {
        hud_kv(hud, "fault", PAL_BAD, "%s", e->fault + e->fault_what);
        return;
    }
    hud_wrapped(hud, PAL_BAD, e->fault);
    hud_tail_lines(hud, "stderr", PAL_TEXT_DIM, e->fault_said, e->fault_said_len, 3);
}

static void snake_view_hud(void *state, FrontendCtx *ctx, Hud *hud) {
    SnakeView *v = state;
    const SnakeScreen *s = &v->s;
    const SnakeGame *g = &s->game;
    /* After a Tab during this game: since when the policy on screen plays. */
    char since[40] = "";
    if (!s->engine && s->hist_ok) {
        const SnakeHistory *h = s->hist;
        long i = h->nchanges;
        while (i > 0 && h->changes[i - 1].tick > s->cur)
            i--;
        if (i > 0)
            snprintf(since, sizeof since, " from tick %ld", h->changes[i - 1].tick);
    }
    if (s->engine) {
        hud_kv(hud, "policy", PAL_ACCENT, "%s  [Tab]", v->eng.label);
    } else if (s->refused) {
        hud_kv(hud, "policy", PAL_BAD, "%s -> greedy  [Tab]", snake_policy_name(s->policy));
        hud_wrapped(hud, PAL_BAD, s->refusal);
    } else if (handed_over(s)) {
        hud_kv(hud, "policy", PAL_BAD, "%s -> greedy%s  [Tab]", snake_policy_name(s->policy),
               since);
        hud_wrapped(hud, PAL_BAD, "the body is not on its cycle yet: greedy plays until it is");
    } else {
        hud_kv(hud, "policy", PAL_ACCENT, "%s%s  [Tab]", snake_policy_name(s->policy), since);
    }
    /* A strip (a small window) holds a few items: how an engine failed,
     * then the decision and its reason, come right after the policy, before
     * what a panel shows first (the items that do not fit are dropped; at
     * 320x240 the fault is the only one of them with room). */
    bool faulted = v->have_engine && v->eng.fault[0] != '\0';
    if (hud->strip) {
        if (faulted)
            engine_fault_hud(v, hud);
        snake_screen_hud_decision(s, ctx, hud);
    }
    char driver[96];
    if (s->wheel.driving) {
        /* The pace is the wheel's (snake_view_pace), or a slower speed the user set. */
        double pace =
            ctx->speed > 0.0 && ctx->speed < SNAKE_WHEEL_PACE ? ctx->speed : SNAKE_WHEEL_PACE;
        snprintf(driver, sizeof driver, "you drive · %.0f ticks/s", pace);
        hud_wrapped(hud, PAL_ACCENT, driver);
        hud_text(hud, PAL_TEXT_DIM, "  A or %d s idle gives it back", SNAKE_WHEEL_IDLE_MS / 1000);
    } else {
        hud_text(hud, PAL_TEXT_DIM, "AI drives  (arrows: you steer)");
    }
    hud_kv(hud, "seed", PAL_TEXT, "%llu", (unsigned long long)s->seed);
    hud_kv(hud, "game", PAL_TEXT, "#%ld  (seed %llu)", s->game_index, (unsigned long long)g->seed);
    snake_screen_hud_board(s, hud);
    const PolicyStats *st = &s->stats[s->engine ? SNAKE_SCREEN_ENGINE_SLOT : (int)s->policy];
    hud_kv(hud, "games", PAL_TEXT, "%ld won / %ld played", st->won, st->played);
    if (st->played > 0)
        hud_kv(hud, "mean len", PAL_TEXT, "%.1f", st->length_sum / (double)st->played);
    else
        hud_kv(hud, "mean len", PAL_TEXT_DIM, "-");
    if (v->thinking && s->engine) /* the `decision` line below stays the last answer's */
        hud_kv(hud, "next move", PAL_ACCENT, "%s ... %.1f s",
               v->eng.starting ? "starting the engine" : "thinking",
               engine_session_thinking_ms(&v->eng, monoclock_now_ns()) / 1000.0);
    if (s->engine && engine_log_full(&v->eng.log))
        hud_text(hud, PAL_TEXT_DIM, "info of later ticks not kept (%d MiB)",
                 ENGINE_LOG_BYTES >> 20);
    if (faulted) {
        if (!hud->strip)
            engine_fault_hud(v, hud);
    } else if (s->engine && v->eng.warning[0] != '\0') { /* an info line it dropped */
        hud_wrapped(hud, PAL_ACCENT, v->eng.warning);
    }
    if (s->engine && s->info_tick >= 0) { /* what it wrote on stderr before that answer */
        size_t n = 0;
        const char *said = engine_session_said_at(&v->eng, s->info_tick, &n);
        hud_tail_lines(hud, "stderr", PAL_TEXT_DIM, said, n, 3);
    }
    if (!hud->strip)
        snake_screen_hud_decision(s, ctx, hud);
}

/* A seek shows the engine's kept answer for that tick, or asks for it. */
static bool snake_view_hist_seek(void *state, long t, FrontendCtx *ctx) {
    SnakeView *v = state;
    if (!snake_screen_hist_seek(state, t, ctx))
        return false;
    if (v->s.engine)
        ask_move(v);
    else
        v->thinking = false; /* the seek rebuilt that tick's whole decision */
    return true;
}

/* Every frame, paused or not: the engine's answer (or fault) is read, or
 * the built-in policy's decision that stopped in its play-outs goes on,
 * a slice at a time for SNAKE_AI_THINK_MS of the frame (it ends in a few
 * frames). */
static void snake_view_idle(void *state, FrontendCtx *ctx) {
    SnakeView *v = state;
    if (v->thinking && !v->s.engine) {
        v->thinking = snake_screen_think(&v->s);
        return;
    }
    engine_pump(v, ctx, v->s.engine && ctx->offscreen ? frame_wait(v, ctx) : 0);
}

/* The next tick waits for the player's move (View.waiting). */
static bool snake_view_waiting(const void *state) {
    const SnakeView *v = state;
    return !v->s.over && !move_ready(v);
}

static const ViewHistory SNAKE_HISTORY = {
    .range = snake_screen_hist_range,
    .current = snake_screen_hist_current,
    .seek = snake_view_hist_seek,
    .marks = snake_screen_hist_marks,
};

const View VIEW_SNAKE = {
    .name = "snake",
    .mode = APP_MODE_SNAKE,
    .help = SNAKE_VIEW_HELP,
    .create = snake_view_create,
    .destroy = snake_view_destroy,
    .handle_action = snake_view_action,
    .handle_event = snake_view_event,
    .tick = snake_view_tick,
    .draw = snake_view_draw,
    .fit = snake_screen_fit,
    .hud = snake_view_hud,
    .pace = snake_view_pace,
    .idle = snake_view_idle,
    .waiting = snake_view_waiting,
    .history = &SNAKE_HISTORY,
};
