/* view_replay.c - `wavesnake replay FILE`: a recorded snake game in the window.
 *
 * The view shows one game of a trace (a ReplaySession, replay_session.h: every
 * game indexed and checked, the one to show loaded), opened paused at the
 * session's tick; `[` `]` go to the other games of the file, R / Enter load
 * this one / the next one again. Time travel walks the recorded ticks
 * (snake_screen.h). In the background a scan checks every recorded move
 * against the policy the trace names (snake_history_scan): the timeline marks
 * where they differ, the HUD counts them, and a perfect policy's decision at
 * a tick is known exactly once the scan has passed it. Space plays the
 * recorded ticks and pauses on the last; A at a past tick (or a wall click)
 * plays on from there with the AI's own moves (the HUD says from where).
 * There is no steering, no Tab and no race here: a replay shows its trace.
 *
 * A trace names an engine, it never runs one: an engine game shows greedy's
 * overlays and the HUD says so. `replay FILE --policy engine:CMD` starts that
 * engine (the one program a replay ever starts, named on the command line)
 * and shows its thoughts instead: at each tick shown it is asked for that
 * state, after a fresh `game` block when the tick does not follow the last
 * one it saw, and polled each frame (the window never waits on it). Its
 * answer is also the move when A plays on from a past tick. A fault
 * says one line (stderr and the HUD) and the next tick shown starts the
 * engine again, without waiting.
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
#include "snake_draw.h"
#include "snake_history.h"
#include "snake_screen.h"
#include "view.h"

/* ======================================================================== */
/* Types                                                                     */
/* ======================================================================== */

typedef struct ReplayView {
    SnakeScreen s;          /* first: the ViewHistory callbacks take the state as a SnakeScreen;
                               s.hist is the session's history */
    ReplaySession *session; /* borrowed from the front end (FrontendCtx.replay) */
    SnakeGame scan_game;    /* the scan's own pair (snake_history_scan) */
    SnakeAi scan_ai;
    bool scan_open;   /* scan_game and scan_ai are initialised */
    bool scan_done;   /* every recorded move was checked against the policy */
    bool ai_fallback; /* the trace's policy cannot play this board: greedy decides */
    long scan_slice;  /* ticks per scan call, adapted to the policy's decision time */
    bool wants_ai;    /* A was pressed before the scan knew the AI's memory there: the
                         AI plays on from the tick on screen once it does */

    /* replay --policy engine:CMD: the engine whose thoughts are shown; its
     * session keeps what it answered at each tick of the game on screen */
    bool have_engine;
    EngineSession eng;
    bool thinking; /* the tick on screen has no answer yet */
} ReplayView;

enum { SCAN_SLICE_MAX = 256, SCAN_BUDGET_MS = 4 };

/* The HUD colour of a move that differs from the policy's choice (as the timeline marks it). */
#define MARK_DIFFER_HUD timeline_mark_color(TIMELINE_MARK_DIFFER)

/* ======================================================================== */
/* Opening a game of the trace                                               */
/* ======================================================================== */

/* Frees the board-sized parts (game, AI, the scan's pair, the mark buffer). */
static void close_board(ReplayView *v) {
    snake_screen_deinit(&v->s);
    if (v->scan_open) {
        snake_ai_deinit(&v->scan_ai);
        snake_game_deinit(&v->scan_game);
        v->scan_open = false;
    }
}

/* Inits an AI for the trace's policy, or greedy when that policy cannot
 * play this board (a trace from another program may name hamilton on an
 * odd board): the overlays are then greedy's, and the HUD says so. */
static WsStatus init_replay_ai(ReplayView *v, SnakeAi *ai, WsError *err) {
    const SnakeScreen *s = &v->s;
    WsStatus st = snake_ai_init(ai, s->rules.w, s->rules.h, s->policy, s->rules.strict_tail, err);
    if (st == WS_OK || s->policy == SNAKE_POLICY_GREEDY)
        return st;
    v->ai_fallback = true;
    return snake_ai_init(ai, s->rules.w, s->rules.h, SNAKE_POLICY_GREEDY, s->rules.strict_tail,
                         err);
}

/* ======================================================================== */
/* The engine of --policy engine:CMD                                         */
/* ======================================================================== */

/* Puts the engine's kept answer for the state on screen there (its info,
 * and its move as the policy's choice); true when there is one. */
static bool engine_apply(ReplayView *v) {
    SnakeScreen *s = &v->s;
    int move = DIR_NONE;
    double us = -1.0;
    if (!v->have_engine || !engine_session_kept(&v->eng, s->game.steps, &move, &us))
        return false;
    s->pending = (Dir)move;
    if (us >= 0.0)
        s->decision_us = us;
    s->info = engine_session_info_at(&v->eng, s->game.steps);
    s->info_tick = s->game.steps;
    return true;
}

/* Reads the engine's answer (kept by the session at its tick), or asks it
 * for the state on screen when nothing is out. */
static void engine_pump(ReplayView *v, int wait_ms) {
    SnakeScreen *s = &v->s;
    if (!v->have_engine)
        return;
    for (int round = 0; round < 2; round++) {
        EngineReply rep;
        EnginePoll r = engine_session_poll(&v->eng, wait_ms, &rep);
        if (r == ENGINE_FAULT) {
            report_warn("%s", v->eng.fault);
            v->thinking = false;
            return;
        }
        if (!v->thinking)
            return;
        if (engine_apply(v)) { /* the answer asked for: a decision, timed */
            snake_screen_count_decision(s);
            v->thinking = false;
            return;
        }
        if (s->game.outcome != SNAKE_PLAYING) {
            v->thinking = false;
            return;
        }
        if (r == ENGINE_PENDING && engine_session_busy(&v->eng))
            return;
        engine_session_ask_snake(&v->eng, &s->game);
        if (wait_ms <= 0)
            return;
    }
}

/* The state on screen changed (a seek, a wall, a tick played on): its kept
 * answer is shown, or the engine is asked for it; `jump`: the engine's next
 * tick comes after a fresh `game` block (a seek, not the next tick). */
static void engine_ask(ReplayView *v, bool jump) {
    SnakeScreen *s = &v->s;
    if (!v->have_engine)
        return;
    s->info = NULL;
    s->info_tick = -1;
    v->thinking = false;
    if (engine_apply(v) || s->game.outcome != SNAKE_PLAYING)
        return;
    v->thinking = true;
    if (jump)
        engine_session_jump(&v->eng);
    engine_pump(v, 0);
}

/* Shows the session's loaded game at the session's tick: a board of the
 * game's size, the AI of the policy its game line names, paused there.
 * Offscreen (--screenshot) the moves are checked against the policy at
 * once, so the picture never depends on how far a background scan got. */
static WsStatus open_game(ReplayView *v, FrontendCtx *ctx, WsError *err) {
    ReplaySession *rs = v->session;
    SnakeHistory *h = &rs->history;
    SnakeScreen *s = &v->s;
    close_board(v);
    s->hist = h;
    s->rules = h->rules;
    s->policy = h->policy;
    s->seed = h->seed;
    s->game_index = h->game;
    s->hist_ok = true;
    s->trace = true;
    s->played_on = false;
    v->ai_fallback = false;
    v->scan_done = false;
    v->wants_ai = false;
    s->counted = true; /* a replayed game is not one of this run's results */
    s->over = false;
    WsStatus st = snake_game_init(&s->game, &s->rules, s->seed, err);
    if (st == WS_OK)
        st = init_replay_ai(v, &s->ai, err);
    if (st == WS_OK) {
        st = snake_game_init(&v->scan_game, &s->rules, s->seed, err);
        if (st == WS_OK && (st = init_replay_ai(v, &v->scan_ai, err)) != WS_OK)
            snake_game_deinit(&v->scan_game);
        v->scan_open = st == WS_OK;
    }
    if (st == WS_OK)
        st = snake_screen_alloc_mark(s, err);
    /* Playing on, perfect's play-outs at a new food go on over frames, as
     * live (replay_idle); a screenshot decides whole (the same ticks). */
    s->sliced = !ctx->offscreen;
    while (st == WS_OK && ctx->offscreen && !v->scan_done && !v->have_engine)
        st = snake_history_scan(h, &v->scan_game, &v->scan_ai, 1L << 20, &v->scan_done, err);
    if (st == WS_OK)
        st = snake_screen_seek(s, rs->tick, ctx, err);
    if (st != WS_OK) {
        s->hist_ok = false; /* nothing to show; the caller reports err */
        return st;
    }
    s->engine = v->have_engine;
    s->engine_label = v->eng.label;
    if (v->have_engine)
        engine_session_new_game(&v->eng, h->game); /* another game: nothing of it kept yet */
    engine_ask(v, true);
    snake_screen_check_policy(s);
    const TraceGame *tg = &rs->index.games[rs->current];
    printf("wavesnake: replay %s: game %ld (%ld of %ld), %dx%d, policy %s%s, tick %ld of %ld\n",
           rs->path, tg->number, rs->current + 1, rs->index.count, s->rules.w, s->rules.h,
           tg->policy_name,
           v->have_engine     ? " (shown: the engine's info)"
           : tg->policy_known ? ""
                              : " (unknown: greedy's overlays)",
           s->cur, h->ticks);
    fflush(stdout);
    return WS_OK;
}

/* `[` / `]` / R / Enter: game i of the file (R: the same one again, from
 * its recording), at its default tick. */
static void load_game(ReplayView *v, long i, FrontendCtx *ctx) {
    ReplaySession *rs = v->session;
    if (i < 0 || i >= rs->index.count) {
        frontend_status(ctx, "no %s game in %s", i < 0 ? "earlier" : "later", rs->path);
        return;
    }
    WsError err = {0};
    /* Paused there, whether or not the replay was playing: a game opens to
     * be looked at, never run on from its default tick (docs/replay.md). */
    ctx->paused = true;
    if (replay_session_load(rs, i, &err) != WS_OK || open_game(v, ctx, &err) != WS_OK) {
        frontend_status(ctx, "%s", err.msg);
        return;
    }
    frontend_status(ctx, "game %ld (%ld of %ld), tick %ld of %ld", rs->index.games[i].number, i + 1,
                    rs->index.count, v->s.cur, v->s.hist->ticks);
}

static void replay_play_on(ReplayView *v, FrontendCtx *ctx);

/* ======================================================================== */
/* The scan                                                                  */
/* ======================================================================== */

/* Checks the recorded moves against the policy a slice at a time (marking
 * the ticks where they differ) and, once it has passed the tick on screen,
 * shows that tick again with the AI's known memory. */
static void replay_hist_idle(void *state, FrontendCtx *ctx) {
    ReplayView *v = state;
    SnakeScreen *s = &v->s;
    if (!v->scan_open || v->scan_done || !s->hist_ok || s->played_on)
        return;
    WsError err = {0};
    Uint64 freq = SDL_GetPerformanceFrequency();
    Uint64 budget = freq * SCAN_BUDGET_MS / 1000;
    Uint64 start = SDL_GetPerformanceCounter(), now = start;
    if (v->scan_slice < 1)
        v->scan_slice = 1;
    do {
        Uint64 t0 = now;
        /* perfect's play-outs at a new food a slice a call, as live */
        if (snake_history_scan_slice(s->hist, &v->scan_game, &v->scan_ai, v->scan_slice,
                                     snake_ai_frame_slice(&v->scan_ai), &v->scan_done,
                                     &err) != WS_OK) {
            frontend_status(ctx, "checking the moves stopped: %s", err.msg);
            v->scan_done = true;
            return;
        }
        now = SDL_GetPerformanceCounter();
        /* A slice takes about a quarter of the budget: a perfect decision on
         * 30x30 costs milliseconds, a greedy one on 8x8 microseconds. */
        if (now - t0 > budget / 2 && v->scan_slice > 1)
            v->scan_slice /= 2;
        else if (now - t0 < budget / 8 && v->scan_slice < SCAN_SLICE_MAX)
            v->scan_slice *= 2;
    } while (!v->scan_done && now - start < budget);
    if (!s->exact && snake_history_is_exact(s->hist, s->cur, &s->ai)) {
        if (snake_screen_seek(s, s->cur, ctx, &err) != WS_OK)
            frontend_status(ctx, "cannot show tick %ld: %s", s->cur, err.msg);
        else if (!engine_apply(v))
            s->info = NULL; /* the same state: the engine's answer, when it comes, stays */
    }
    if (v->wants_ai && snake_history_is_exact(s->hist, s->cur, &s->ai))
        replay_play_on(v, ctx);
}

/* With --policy engine:CMD the recorded moves are checked against that
 * engine's answers, not the trace's policy: tick by tick, in order, each
 * answer kept by the session (a seek there shows it without asking again).
 * The engine is asked about a recorded tick only while the tick on screen
 * has its answer: what the user looks at comes first. */
static void engine_scan(ReplayView *v, FrontendCtx *ctx) {
    SnakeScreen *s = &v->s;
    SnakeHistory *h = s->hist;
    if (v->scan_done || !s->hist_ok || s->played_on)
        return;
    WsError err = {0};
    for (int n = 0; n < SCAN_SLICE_MAX && h->checked < h->ticks; n++) {
        int move = DIR_NONE;
        if (!engine_session_kept(&v->eng, h->checked, &move, NULL)) {
            if (v->thinking || engine_session_busy(&v->eng))
                return;
            if (snake_history_seek(h, h->checked, &v->scan_game, NULL, NULL, &err) == WS_OK)
                engine_session_ask_snake(&v->eng, &v->scan_game);
            else
                frontend_status(ctx, "checking the moves stopped: %s", err.msg);
            return;
        }
        if (snake_history_check(h, h->checked, (Dir)move, &err) != WS_OK) {
            frontend_status(ctx, "checking the moves stopped: %s", err.msg);
            v->scan_done = true;
            return;
        }
    }
    v->scan_done = h->checked >= h->ticks;
}

/* Every frame: a decision that stopped in perfect's play-outs goes on (for
 * SNAKE_AI_THINK_MS of the frame, as live), or the engine's answer is read;
 * then the scan (against the engine's answers, or the trace's policy). */
static void replay_idle(void *state, FrontendCtx *ctx) {
    ReplayView *v = state;
    if (snake_screen_think(&v->s))
        return;
    engine_pump(v, ctx->offscreen ? v->eng.snake.timeout_ms : 0);
    if (v->have_engine)
        engine_scan(v, ctx);
    else
        replay_hist_idle(state, ctx);
}

/* A seek shows the engine's thoughts at that tick (asked, after a `game` block). */
static bool replay_hist_seek(void *state, long t, FrontendCtx *ctx) {
    ReplayView *v = state;
    v->wants_ai = false; /* A was for the tick it was pressed at */
    if (!snake_screen_hist_seek(state, t, ctx))
        return false;
    engine_ask(v, true);
    return true;
}

/* ======================================================================== */
/* View callbacks                                                            */
/* ======================================================================== */

/* A: the AI plays on from the tick on screen. The recorded ticks after it
 * are dropped (a branch: docs/replay.md), and play resumes with the AI's
 * own moves. Space alone only plays the recording. */
static void replay_play_on(ReplayView *v, FrontendCtx *ctx) {
    SnakeScreen *s = &v->s;
    if (s->over) {
        frontend_status(ctx, "the game is over at tick %ld: nothing to play on (',' goes back)",
                        s->cur);
        return;
    }
    v->wants_ai = false;
    if (!v->scan_done && !s->played_on && !snake_history_is_exact(s->hist, s->cur, &s->ai)) {
        /* The scan has not reached this tick: the AI's memory here (perfect
         * keeps one) is not known yet. The scan says when it is. */
        v->wants_ai = true;
        const SnakeHistory *h = s->hist;
        frontend_status(ctx,
                        "the AI plays on from tick %ld once the check of the moves gets there "
                        "(%ld%%)",
                        s->cur, h->ticks > 0 ? h->checked * 100 / h->ticks : 100);
        return;
    }
    if (!snake_screen_drop_future(s, ctx))
        return;          /* the status line says why */
    if (!s->played_on) { /* at the last tick of a recording cut short: nothing was dropped */
        s->played_on = true;
        s->played_on_from = s->cur;
    }
    if (v->have_engine) /* the later ticks are the AI's now: their kept answers go */
        engine_session_branch(&v->eng, s->cur + 1);
    engine_ask(v, true);
    ctx->paused = false;
    frontend_status(ctx, "the AI plays on from tick %ld", s->played_on_from);
}

static void replay_view_destroy(void *state) {
    ReplayView *v = state;
    if (v == NULL)
        return;
    close_board(v);
    engine_session_close(&v->eng); /* quit, then its process group killed */
    free(v);
}

static WsStatus replay_view_create(void **state, FrontendCtx *ctx, const void *arg, WsError *err) {
    (void)arg;
    *state = NULL;
    if (ctx->replay == NULL)
        return ws_fail(err, WS_ERR_ARG, "the replay view needs a trace (wavesnake replay FILE)");
    ReplayView *v = calloc(1, sizeof *v);
    if (v == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for the snake view");
    v->session = ctx->replay;
    WsStatus st = WS_OK;
    if (ctx->opts->player.kind == PLAYER_ENGINE) {
        /* The one program a replay starts: the one named here. Its first
         * handshake waits (one that never says ready: exit 2, one line). */
        const SnakeHistory *h = &ctx->replay->history;
        st = engine_session_open(&v->eng, &ctx->opts->player, ENGINE_SNAKE, &h->rules,
                                 ctx->opts->engine_timeout_ms, err);
        v->have_engine = st == WS_OK;
    }
    if (st == WS_OK)
        st = open_game(v, ctx, err);
    if (st != WS_OK) {
        replay_view_destroy(v);
        return st;
    }
    *state = v;
    return WS_OK;
}

static bool replay_view_action(void *state, Action action, FrontendCtx *ctx) {
    ReplayView *v = state;
    SnakeScreen *s = &v->s;
    switch (action) {
    case ACT_RACE:
        frontend_status(ctx, "a replay shows its trace: no race here");
        return true;
    case ACT_PREV_GAME:
    case ACT_NEXT_GAME:
        load_game(v, v->session->current + (action == ACT_NEXT_GAME ? 1 : -1), ctx);
        return true;
    case ACT_RESTART:
        load_game(v, v->session->current, ctx);
        return true;
    case ACT_NEW_GAME:
        load_game(v, v->session->current + 1, ctx);
        return true;
    case ACT_NEXT:
        frontend_status(ctx, "a replay shows the policy its trace names");
        return true;
    case ACT_TOGGLE_NUMBERS:
        if (s->have_layout)
            frontend_numbers_fit(ctx, s->bl.cell, SNAKE_NUMBERS_MIN_CELL);
        return false;
    case ACT_UP:
    case ACT_RIGHT:
    case ACT_DOWN:
    case ACT_LEFT:
        frontend_status(ctx, "a replay plays its trace: no steering");
        return true;
    case ACT_TAKE_BACK:
        replay_play_on(v, ctx);
        return true;
    default:
        return false;
    }
}

/* A left click toggles a wall on an empty cell (the game plays on from the
 * tick on screen); the AI decides again at once. */
static bool replay_view_event(void *state, const SDL_Event *ev, FrontendCtx *ctx) {
    ReplayView *v = state;
    bool toggled = false;
    bool used = snake_screen_click(&v->s, ev, ctx, &toggled);
    if (toggled) {
        if (v->have_engine) /* this tick's board changed: its answer too */
            engine_session_branch(&v->eng, v->s.cur);
        else
            snake_screen_decide(&v->s);
        engine_ask(v, true);
    }
    return used;
}

static bool replay_view_tick(void *state, FrontendCtx *ctx) {
    ReplayView *v = state;
    SnakeScreen *s = &v->s;
    /* Its last recorded tick: a replay pauses there (the front end has
     * played the recorded ticks up to it). It never moves on to another
     * game by itself ([ and ] do), and it plays on with the AI's own moves
     * only after A. */
    if (s->over || (!s->played_on && !snake_screen_at_past_tick(s))) {
        if (!ctx->paused)
            frontend_status(ctx, "%s",
                            s->over ? "the end of the game: [ ] other games, R again"
                                    : "the last recorded tick: A plays on with the AI");
        ctx->paused = true;
        return false;
    }
    /* Playing on with an engine: its answer is the move; the tick waits for it. */
    engine_pump(v, ctx->offscreen ? v->eng.snake.timeout_ms : 0);
    if (v->have_engine && (v->thinking || !engine_apply(v)))
        return false;
    if (s->ai.thinking)
        return false; /* the built-in policy's play-outs go on in replay_idle */
    /* The wheel stays with the AI here (no steering): the move is the AI's. */
    if (!snake_screen_play(s, ctx))
        return false;
    if (!s->over && !v->have_engine) /* an engine is asked instead (engine_ask) */
        snake_screen_decide(s);
    engine_ask(v, false);
    return true;
}

static void replay_view_draw(void *state, FrontendCtx *ctx) {
    snake_screen_draw(&((ReplayView *)state)->s, ctx);
}

/* The first lines: the file, the game, its policy, the check. */
static void replay_view_hud(void *state, FrontendCtx *ctx, Hud *hud) {
    const ReplayView *v = state;
    const SnakeScreen *s = &v->s;
    const ReplaySession *rs = v->session;
    const TraceGame *tg = &rs->index.games[rs->current];
    const char *base = strrchr(rs->path, '/');
    /* A strip has room for a few items: the game, the policy and the
     * decision; the file's name is in the panel (and on the command line). */
    if (!hud->strip)
        hud_kv(hud, "replay", PAL_ACCENT, "%s", base != NULL ? base + 1 : rs->path);
    hud_kv(hud, "game", PAL_TEXT, "%ld  (%ld of %ld)  [ ]", tg->number, rs->current + 1,
           rs->index.count);
    if (v->have_engine) {
        hud_kv(hud, "policy", PAL_TEXT, "%s (the trace's)", tg->policy_name);
        hud_kv(hud, "shows", PAL_ACCENT, "%s's thoughts", v->eng.label);
        if (v->thinking) /* the `decision` line below stays the last answer's */
            hud_kv(hud, "next move", PAL_ACCENT, "%s ... %.1f s",
                   v->eng.starting ? "starting the engine" : "thinking",
                   engine_session_thinking_ms(&v->eng, monoclock_now_ns()) / 1000.0);
        if (v->eng.fault[0] != '\0') {
            hud_wrapped(hud, PAL_BAD, v->eng.fault);
            hud_tail_lines(hud, "stderr", PAL_TEXT_DIM, v->eng.fault_said, v->eng.fault_said_len,
                           3);
        } else if (v->eng.warning[0] != '\0') { /* an info line it dropped */
            hud_wrapped(hud, PAL_ACCENT, v->eng.warning);
        }
        if (s->info_tick >= 0) {
            size_t n = 0;
            const char *said = engine_session_said_at(&v->eng, s->info_tick, &n);
            hud_tail_lines(hud, "stderr", PAL_TEXT_DIM, said, n, 3);
        }
    } else if (!tg->policy_known && player_spec_is_engine(tg->policy_name)) {
        hud_kv(hud, "policy", PAL_BAD, "%s (greedy's overlays)", tg->policy_name);
        hud_wrapped(hud, PAL_TEXT_DIM, "(--policy engine:CMD shows an engine's own)");
    } else if (!tg->policy_known)
        hud_kv(hud, "policy", PAL_BAD, "%s (unknown: greedy)", tg->policy_name);
    else if (v->ai_fallback || s->refused)
        hud_kv(hud, "policy", PAL_BAD, "%s -> greedy (cannot play this board)", tg->policy_name);
    else
        hud_kv(hud, "policy", PAL_ACCENT, "%s", tg->policy_name);
    /* A strip (a small window) holds a few items: the recorded move and its
     * reason come right after the policy. */
    if (hud->strip)
        snake_screen_hud_decision(s, ctx, hud);
    hud_kv(hud, "seed", PAL_TEXT, "%llu  %s", (unsigned long long)s->seed,
           tg->outcome == SNAKE_WON ? "won" : snake_outcome_name(tg->outcome));
    const SnakeHistory *h = s->hist;
    if (!s->played_on && !s->over && snake_screen_at_past_tick(s))
        hud_text(hud, PAL_TEXT_DIM, "  A: the AI plays on from here");
    if (s->played_on) {
        hud_kv(hud, "moves", PAL_ACCENT, "the AI's own from tick %ld", s->played_on_from);
    } else if (!v->scan_done) {
        long pct = h->ticks > 0 ? h->checked * 100 / h->ticks : 100;
        hud_kv(hud, "check", PAL_TEXT_DIM, "moves vs policy: %ld%%", pct);
    } else {
        long n = 0;
        for (long i = 0; i < h->ndiffers; i++)
            n += h->differs[i].to - h->differs[i].from;
        if (n == 0)
            hud_kv(hud, "check", PAL_GOOD, "every move matches");
        else
            hud_kv(hud, "check", MARK_DIFFER_HUD, "%ld move%s differ", n, n == 1 ? "" : "s");
    }
    snake_screen_hud_board(s, hud);
    if (!hud->strip)
        snake_screen_hud_decision(s, ctx, hud);
}

/* The next tick waits for the AI's move (View.waiting): playing on, while
 * the engine thinks or perfect's play-outs go on; a single step asked for
 * meanwhile is made when the move is in. */
static bool replay_view_waiting(const void *state) {
    const ReplayView *v = state;
    return v->s.played_on && !v->s.over && (v->have_engine ? v->thinking : v->s.ai.thinking);
}

static const ViewHistory REPLAY_HISTORY = {
    .range = snake_screen_hist_range,
    .current = snake_screen_hist_current,
    .seek = replay_hist_seek,
    .marks = snake_screen_hist_marks,
};

const View VIEW_REPLAY = {
    .name = "replay",
    .mode = APP_MODE_SNAKE,
    .help = SNAKE_VIEW_HELP,
    .create = replay_view_create,
    .destroy = replay_view_destroy,
    .handle_action = replay_view_action,
    .handle_event = replay_view_event,
    .tick = replay_view_tick,
    .draw = replay_view_draw,
    .fit = snake_screen_fit,
    .hud = replay_view_hud,
    .idle = replay_idle,
    .waiting = replay_view_waiting,
    .history = &REPLAY_HISTORY,
};
