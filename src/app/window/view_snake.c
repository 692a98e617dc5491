/* view_snake.c - the snake mode in the window: the AI plays itself forever.
 *
 * The view decides one tick ahead: right after a tick (or a new game) it
 * asks the AI for the next move and keeps it as `pending`, so the overlays
 * (wave, path, virtual snake) always show the plan for the snake as it is on
 * screen now, read straight from the SnakeAi through const pointers. The
 * sequence of states and decisions is the same as a headless game with the
 * same seed: game i of the run uses seed + i.
 *
 * A left click on an empty cell toggles a wall there (the walls stay for the
 * next games); the AI decides again at once, so the overlays show the new
 * plan even while paused. hamilton and perfect do not play every walled
 * board: then the HUD says why and greedy plays (snake_ai_choose falls back).
 *
 * Time travel (view.h, ViewHistory): every move, wall toggle, eat and the end
 * go into a SnakeHistory as they happen (snake_history_play / _toggle apply
 * them to the game, so the two cannot drift apart). Showing a past tick is a
 * seek: the game is rebuilt from the nearest checkpoint and the AI decides
 * once on it, so every overlay is what the AI computed at that tick. The
 * view owns one game and one AI; the history is the truth they are rebuilt
 * from. Playing on from a past tick truncates the history there first.
 */
#include <SDL.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "snake.h"
#include "snake_ai.h"
#include "snake_board.h"
#include "snake_draw.h"
#include "snake_history.h"
#include "snake_wheel.h"
#include "view.h"
#include "view_race.h"
#include "ws_search.h"

/* ======================================================================== */
/* Types                                                                     */
/* ======================================================================== */

/* The figures of one policy's finished games and decisions in this window. */
typedef struct PolicyStats {
    long played, won;
    double length_sum;
    double decision_us_sum;
    long decisions;
} PolicyStats;

typedef struct SnakeView {
    SnakeRules rules;
    SnakePolicy policy;
    uint64_t seed; /* run seed: game i plays with seed + i */
    long game_index;
    SnakeGame game;
    SnakeAi ai;
    Dir pending;      /* the AI's decision for the next tick (DIR_NONE: trapped) */
    SnakeWheel wheel; /* whose move the next tick makes: the AI's or the arrow keys' */
    RaceView *race;   /* X / --race: two policies side by side instead (NULL: none) */
    uint8_t *mark;    /* w * h scratch for drawing (cells on the drawn path), kept all zero */
    BoardLayout bl;   /* the last drawn layout, to map mouse pixels to cells */
    bool have_layout;
    bool refused;      /* the policy cannot play these walls: greedy plays */
    char refusal[160]; /* why (snake_policy_check_game), when refused */

    SnakeHistory own;   /* the game being played, every tick of it */
    SnakeHistory *hist; /* the history shown: &own */
    long cur;           /* the tick on screen (hist->ticks: the latest) */
    bool hist_broken;   /* recording failed (out of memory): no time travel for this game */
    bool counted;       /* this game's result is in the statistics */
    bool exact;         /* the decision on screen is the one the policy made (a replay's
                           perfect needs the scan to have passed this tick) */

    /* `wavesnake replay FILE`: the session whose history is shown, else NULL. */
    ReplaySession *replay;
    SnakeGame scan_game; /* the scan's own pair (snake_history_scan) */
    SnakeAi scan_ai;
    bool scan_open;   /* scan_game and scan_ai are initialised */
    bool scan_done;   /* every recorded move was checked against the policy */
    bool live;        /* played on from a past tick: the ticks after it are the AI's own */
    long live_from;   /* that tick */
    bool ai_fallback; /* the trace's policy cannot play this board: greedy decides */
    long scan_slice;  /* ticks per scan call, adapted to the policy's decision time */

    double decision_us;                    /* the last snake_ai_choose, timed in the app */
    PolicyStats stats[SNAKE_POLICY_COUNT]; /* per policy: Tab keeps the others' figures */
    bool over;                             /* the game ended; its result is on screen */
    uint64_t over_ms;                      /* when it ended (ctx->now_ms) */
} SnakeView;

enum { RESULT_NEXT_GAME_MS = VIEW_RESULT_MS };

/* ======================================================================== */
/* Playing                                                                   */
/* ======================================================================== */

static void decide(SnakeView *v) {
    if (v->game.outcome != SNAKE_PLAYING) {
        v->pending = DIR_NONE;
        return;
    }
    Uint64 t0 = SDL_GetPerformanceCounter();
    v->pending = snake_ai_choose(&v->ai, &v->game);
    v->exact = true; /* decided live: the decision is the recorded one */
    Uint64 t1 = SDL_GetPerformanceCounter();
    v->decision_us = (double)(t1 - t0) * 1e6 / (double)SDL_GetPerformanceFrequency();
    PolicyStats *st = &v->stats[v->policy];
    st->decision_us_sum += v->decision_us;
    st->decisions++;
}

static void start_game(SnakeView *v, long index) {
    v->game_index = index;
    snake_game_reset(&v->game, v->seed + (uint64_t)index);
    snake_ai_clear(&v->ai);
    wheel_reset(&v->wheel);
    v->over = false;
    v->counted = false;
    v->cur = 0;
    WsError err = {0};
    /* The AI has not decided on the new game yet: its memory is saved as it is. */
    v->hist_broken =
        snake_history_begin(&v->own, &v->game, v->policy, index, &v->ai, &err) != WS_OK;
    v->hist = &v->own;
    decide(v);
}

/* The game ended (live, or a seek landed on its end): the result banner
 * shows, counted once per game in the statistics. The AI forgets its last
 * decision, so the end looks the same however it was reached. */
static void finish_game(SnakeView *v, FrontCtx *ctx) {
    v->over = true;
    v->over_ms = ctx->now_ms;
    v->pending = DIR_NONE;
    snake_ai_clear(&v->ai);
    if (v->counted)
        return;
    v->counted = true;
    PolicyStats *st = &v->stats[v->policy];
    st->played++;
    st->won += v->game.outcome == SNAKE_WON;
    st->length_sum += v->game.snake.len;
    if (ctx->pause_on_end)
        ctx->paused = true; /* E / --pause-on-end: the end stays until Space, N or Enter */
}

/* Takes the game's result back out of the statistics (it is played on from
 * a past tick and will end again). */
static void uncount_game(SnakeView *v) {
    if (!v->counted)
        return;
    v->counted = false;
    PolicyStats *st = &v->stats[v->policy];
    st->played--;
    st->won -= v->hist->outcome == SNAKE_WON;
    st->length_sum -= v->hist->length;
}

/* ======================================================================== */
/* Time travel                                                               */
/* ======================================================================== */

static bool at_past_tick(const SnakeView *v) { return !v->hist_broken && v->cur < v->hist->ticks; }

/* The timeline mark of a recorded move that is not the policy's choice: in
 * a replay, a divergence (a trace from another program, or walls changed
 * since); in the game being played, the player's steering. */
static unsigned differ_mark(const SnakeView *v) {
    return v->replay != NULL ? TIMELINE_MARK_DIFFER : TIMELINE_MARK_EDIT;
}

static WsStatus seek_tick(SnakeView *v, long t, FrontCtx *ctx, WsError *err);

/* Before the game changes at a past tick: drops the ticks after it, so that
 * play goes on from here (the game and AI on screen are the seek's, as
 * snake_history_truncate wants). False, with a status line, if it cannot. */
static bool drop_future(SnakeView *v, FrontCtx *ctx) {
    if (!at_past_tick(v))
        return true;
    WsError err = {0};
    /* A replay's AI memory at this tick comes from the background scan
     * (perfect keeps memory; greedy and hamilton need none): until the scan
     * has passed it, wait, and the game goes on by itself once it has. */
    if (!snake_history_is_exact(v->hist, v->cur, &v->ai)) {
        const SnakeHistory *h = v->hist;
        front_status(ctx,
                     "the AI's memory at tick %ld is still being checked (%ld%%): it "
                     "plays on from there once the check gets there",
                     v->cur, h->ticks > 0 ? h->checked * 100 / h->ticks : 100);
        return false;
    }
    if (!v->exact && seek_tick(v, v->cur, ctx, &err) != WS_OK) {
        front_status(ctx, "cannot play on from tick %ld: %s", v->cur, err.msg);
        return false;
    }
    bool ended = v->hist->outcome != SNAKE_PLAYING;
    if (snake_history_truncate(v->hist, v->cur, &err) != WS_OK) {
        front_status(ctx, "cannot play on from tick %ld: %s", v->cur, err.msg);
        return false;
    }
    if (ended)
        uncount_game(v);
    if (v->replay != NULL && !v->live) {
        v->live = true;
        v->live_from = v->cur;
    }
    return true;
}

static WsStatus seek_tick(SnakeView *v, long t, FrontCtx *ctx, WsError *err) {
    WsStatus st = snake_history_seek(v->hist, t, &v->game, &v->ai, &v->exact, err);
    if (st != WS_OK)
        return st;
    v->cur = t;
    /* The wheel's heading at length 1 is its last move: the one recorded before t. */
    v->wheel.last = t > 0 ? snake_history_move(v->hist, t - 1) : DIR_NONE;
    if (v->game.outcome != SNAKE_PLAYING) {
        finish_game(v, ctx);
    } else {
        v->over = false;
        v->pending = v->ai.dir;
    }
    return WS_OK;
}

/* Whether the policy can play the board's walls; if not, greedy plays and
 * the HUD shows why. */
static void check_policy(SnakeView *v) {
    WsError err = {0};
    v->refused = snake_policy_check_game(v->policy, &v->game, &err) != WS_OK;
    snprintf(v->refusal, sizeof v->refusal, "%s", v->refused ? err.msg : "");
}

/* Switches to the next policy that accepts this board (a Hamiltonian cycle
 * needs an even side, for example); says so when one is skipped. */
static void next_policy(SnakeView *v, FrontCtx *ctx) {
    for (int k = 1; k <= SNAKE_POLICY_COUNT; k++) {
        SnakePolicy p = (SnakePolicy)(((int)v->policy + k) % SNAKE_POLICY_COUNT);
        SnakeAi fresh;
        WsError err = {0};
        if (snake_ai_init(&fresh, v->rules.w, v->rules.h, p, v->rules.strict_tail, &err) != WS_OK) {
            front_status(ctx, "policy %s skipped: %s", snake_policy_name(p), err.msg);
            continue;
        }
        snake_ai_deinit(&v->ai);
        v->ai = fresh;
        v->policy = p;
        check_policy(v);
        /* Statistics belong to one policy (each keeps its own); the game
         * starts again with the same seed so the policies can be compared. */
        start_game(v, v->game_index);
        if (k == 1 || ctx->status[0] == '\0')
            front_status(ctx, "policy: %s", snake_policy_name(p));
        return;
    }
}

/* ======================================================================== */
/* Replay                                                                    */
/* ======================================================================== */

enum { SCAN_SLICE_MAX = 256, SCAN_BUDGET_MS = 4 };

/* Frees the board-sized parts (game, AI, the scan's pair, the mark buffer). */
static void close_board(SnakeView *v) {
    free(v->mark);
    v->mark = NULL;
    snake_ai_deinit(&v->ai);
    snake_game_deinit(&v->game);
    if (v->scan_open) {
        snake_ai_deinit(&v->scan_ai);
        snake_game_deinit(&v->scan_game);
        v->scan_open = false;
    }
}

/* Inits an AI for the trace's policy, or greedy when that policy cannot
 * play this board (a trace from another program may name hamilton on an
 * odd board): the overlays are then greedy's, and the HUD says so. */
static WsStatus init_replay_ai(SnakeView *v, SnakeAi *ai, WsError *err) {
    WsStatus st = snake_ai_init(ai, v->rules.w, v->rules.h, v->policy, v->rules.strict_tail, err);
    if (st == WS_OK || v->policy == SNAKE_POLICY_GREEDY)
        return st;
    v->ai_fallback = true;
    return snake_ai_init(ai, v->rules.w, v->rules.h, SNAKE_POLICY_GREEDY, v->rules.strict_tail,
                         err);
}

/* Shows the session's loaded game at the session's tick: a board of the
 * game's size, the AI of the policy its game line names, paused there.
 * Offscreen (--screenshot) the moves are checked against the policy at
 * once, so the picture never depends on how far a background scan got. */
static WsStatus open_replay_game(SnakeView *v, FrontCtx *ctx, WsError *err) {
    ReplaySession *s = v->replay;
    SnakeHistory *h = &s->history;
    close_board(v);
    v->hist = h;
    v->rules = h->rules;
    v->policy = h->policy;
    v->seed = h->seed;
    v->game_index = h->game;
    v->hist_broken = false;
    v->live = false;
    v->ai_fallback = false;
    v->scan_done = false;
    v->counted = true; /* a replayed game is not one of this run's results */
    v->over = false;
    WsStatus st = snake_game_init(&v->game, &v->rules, v->seed, err);
    if (st == WS_OK)
        st = init_replay_ai(v, &v->ai, err);
    if (st == WS_OK) {
        st = snake_game_init(&v->scan_game, &v->rules, v->seed, err);
        if (st == WS_OK && (st = init_replay_ai(v, &v->scan_ai, err)) != WS_OK)
            snake_game_deinit(&v->scan_game);
        v->scan_open = st == WS_OK;
    }
    if (st == WS_OK && (v->mark = calloc((size_t)v->rules.w * (size_t)v->rules.h, 1)) == NULL)
        st = ws_fail(err, WS_ERR_NOMEM, "out of memory for the snake view");
    while (st == WS_OK && ctx->offscreen && !v->scan_done)
        st = snake_history_scan(h, &v->scan_game, &v->scan_ai, 1L << 20, &v->scan_done, err);
    if (st == WS_OK)
        st = seek_tick(v, s->tick, ctx, err);
    if (st != WS_OK) {
        v->hist_broken = true; /* nothing to show; the caller reports err */
        return st;
    }
    check_policy(v);
    const TraceGame *tg = &s->index.games[s->current];
    printf("wavesnake: replay %s: game %ld (%ld of %ld), %dx%d, policy %s%s, tick %ld of %ld\n",
           s->path, tg->number, s->current + 1, s->index.count, v->rules.w, v->rules.h,
           tg->policy_name, tg->policy_known ? "" : " (unknown: greedy's overlays)", v->cur,
           h->ticks);
    fflush(stdout);
    return WS_OK;
}

/* `[` / `]` / R in a replay: game i of the file (R: the same one again, from
 * its recording), at its default tick. */
static void load_replay_game(SnakeView *v, long i, FrontCtx *ctx) {
    ReplaySession *s = v->replay;
    if (i < 0 || i >= s->index.count) {
        front_status(ctx, "no %s game in %s", i < 0 ? "earlier" : "later", s->path);
        return;
    }
    WsError err = {0};
    if (replay_session_load(s, i, &err) != WS_OK || open_replay_game(v, ctx, &err) != WS_OK) {
        front_status(ctx, "%s", err.msg);
        return;
    }
    front_status(ctx, "game %ld (%ld of %ld), tick %ld of %ld", s->index.games[i].number, i + 1,
                 s->index.count, v->cur, v->hist->ticks);
}

/* Checks the recorded moves against the policy a slice at a time (marking
 * the ticks where they differ) and, once it has passed the tick on screen,
 * shows that tick again with the AI's known memory. */
static void snake_hist_idle(void *state, FrontCtx *ctx) {
    SnakeView *v = state;
    if (v->replay == NULL || !v->scan_open || v->scan_done || v->hist_broken || v->live)
        return;
    WsError err = {0};
    Uint64 freq = SDL_GetPerformanceFrequency();
    Uint64 budget = freq * SCAN_BUDGET_MS / 1000;
    Uint64 start = SDL_GetPerformanceCounter(), now = start;
    if (v->scan_slice < 1)
        v->scan_slice = 1;
    do {
        Uint64 t0 = now;
        if (snake_history_scan(v->hist, &v->scan_game, &v->scan_ai, v->scan_slice, &v->scan_done,
                               &err) != WS_OK) {
            front_status(ctx, "checking the moves stopped: %s", err.msg);
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
    if (!v->exact && snake_history_is_exact(v->hist, v->cur, &v->ai) &&
        seek_tick(v, v->cur, ctx, &err) != WS_OK)
        front_status(ctx, "cannot show tick %ld: %s", v->cur, err.msg);
}

/* ======================================================================== */
/* View callbacks: lifecycle, input, tick                                    */
/* ======================================================================== */

static void snake_view_destroy(void *state) {
    SnakeView *v = state;
    if (v == NULL)
        return;
    race_view_close(v->race);
    free(v->mark);
    snake_history_deinit(&v->own);
    if (v->scan_open) {
        snake_ai_deinit(&v->scan_ai);
        snake_game_deinit(&v->scan_game);
    }
    snake_ai_deinit(&v->ai);
    snake_game_deinit(&v->game);
    free(v);
}

static WsStatus snake_view_create(void **state, FrontCtx *ctx, WsError *err) {
    *state = NULL;
    SnakeView *v = calloc(1, sizeof *v);
    if (v == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for the snake view");
    snake_history_init(&v->own);
    v->hist = &v->own;
    if (ctx->replay != NULL) {
        v->replay = ctx->replay;
        WsStatus st = open_replay_game(v, ctx, err);
        if (st != WS_OK) {
            snake_view_destroy(v);
            return st;
        }
        *state = v;
        return WS_OK;
    }
    /* The board: --size, or --map FILE with its walls (snake_board.h). */
    SnakeBoard board;
    WsStatus st = snake_board_open(&board, ctx->opts, err);
    if (st != WS_OK) {
        free(v);
        return st;
    }
    v->rules = board.rules;
    v->policy = ctx->opts->policy;
    v->seed = ctx->opts->seed;
    st = snake_game_init(&v->game, &v->rules, v->seed, err);
    if (st == WS_OK)
        st = snake_game_set_walls(&v->game, board.walls, err);
    snake_board_close(&board);
    if (st == WS_OK)
        st = snake_ai_init(&v->ai, v->rules.w, v->rules.h, v->policy, v->rules.strict_tail, err);
    if (st == WS_OK && (v->mark = calloc((size_t)v->rules.w * (size_t)v->rules.h, 1)) == NULL)
        st = ws_fail(err, WS_ERR_NOMEM, "out of memory for the snake view");
    if (st != WS_OK) {
        snake_view_destroy(v);
        return st;
    }
    check_policy(v);
    start_game(v, 0);
    /* --race names its policies: one that cannot play this board is an error. */
    if (ctx->opts->race_given &&
        (st = race_view_open(&v->race, &v->rules, v->game.walls, ctx->opts->race, v->seed, true,
                             err)) != WS_OK) {
        snake_view_destroy(v);
        return st;
    }
    if (v->race != NULL)
        printf("wavesnake: snake %dx%d, race %s vs %s, seed %llu (heat i uses seed + i)\n",
               v->rules.w, v->rules.h, snake_policy_name(ctx->opts->race[0]),
               snake_policy_name(ctx->opts->race[1]), (unsigned long long)v->seed);
    else
        printf("wavesnake: snake %dx%d, policy %s, seed %llu (game i uses seed + i)\n", v->rules.w,
               v->rules.h, snake_policy_name(v->policy), (unsigned long long)v->seed);
    fflush(stdout);
    *state = v;
    return WS_OK;
}

/* X: starts a race on this board (the --race pair, or this policy against
 * perfect, or greedy when this one is perfect), or ends it. */
static void toggle_race(SnakeView *v, FrontCtx *ctx) {
    if (v->race != NULL) {
        race_view_close(v->race);
        v->race = NULL;
        front_status(ctx, "race over: %s plays alone", snake_policy_name(v->policy));
        return;
    }
    SnakePolicy p[SNAKE_RACE_SIDES] = {
        v->policy, v->policy == SNAKE_POLICY_PERFECT ? SNAKE_POLICY_GREEDY : SNAKE_POLICY_PERFECT};
    if (ctx->opts->race_given)
        memcpy(p, ctx->opts->race, sizeof p);
    WsError err = {0};
    if (race_view_open(&v->race, &v->rules, v->game.walls, p, v->seed + (uint64_t)v->game_index,
                       false, &err) != WS_OK)
        front_status(ctx, "no race: %s", err.msg);
    else
        front_status(ctx, "race: %s vs %s (X ends it)", snake_policy_name(p[0]),
                     snake_policy_name(p[1]));
}

static bool snake_view_action(void *state, Action action, FrontCtx *ctx) {
    SnakeView *v = state;
    if (action == ACT_RACE) {
        if (v->replay != NULL)
            front_status(ctx, "a replay shows its trace: no race here");
        else
            toggle_race(v, ctx);
        return true;
    }
    if (v->race != NULL) {
        /* Time travel would need both boards' histories: a race has none
         * (the front end shows no timeline, snake_hist_active). */
        if (action == ACT_BACK || action == ACT_FIRST || action == ACT_LAST) {
            front_status(ctx, "no time travel in a race (X ends the race)");
            return true;
        }
        return race_view_action(v->race, action, ctx);
    }
    switch (action) {
    case ACT_PREV_GAME:
    case ACT_NEXT_GAME:
        if (v->replay == NULL)
            return false;
        load_replay_game(v, v->replay->current + (action == ACT_NEXT_GAME ? 1 : -1), ctx);
        return true;
    case ACT_RESTART:
        if (v->replay != NULL) {
            load_replay_game(v, v->replay->current, ctx);
            return true;
        }
        start_game(v, v->game_index);
        front_status(ctx, "game %ld again (seed %llu)", v->game_index,
                     (unsigned long long)v->game.seed);
        return true;
    case ACT_NEW_GAME:
        if (v->replay != NULL) {
            load_replay_game(v, v->replay->current + 1, ctx);
            return true;
        }
        start_game(v, v->game_index + 1);
        front_status(ctx, "next game: %ld (seed %llu)", v->game_index,
                     (unsigned long long)v->game.seed);
        return true;
    case ACT_NEXT:
        if (v->replay != NULL) {
            front_status(ctx, "a replay shows the policy its trace names");
            return true;
        }
        next_policy(v, ctx);
        return true;
    case ACT_TOGGLE_NUMBERS:
        if (v->have_layout)
            front_numbers_fit(ctx, v->bl.cell, SNAKE_NUMBERS_MIN_CELL);
        return false;
    case ACT_UP:
    case ACT_RIGHT:
    case ACT_DOWN:
    case ACT_LEFT:
        if (v->replay != NULL) {
            front_status(ctx, "a replay plays its trace: no steering");
            return true;
        }
        /* Steering at a past tick plays on from there, as a wall click does:
         * the later ticks go, and the next tick is the steered one. */
        if (!v->over && at_past_tick(v)) {
            if (!drop_future(v, ctx))
                return true;
            front_status(ctx, "you steer from tick %ld: the later ticks are dropped", v->cur);
        }
        wheel_steer(&v->wheel, (Dir)(DIR_UP + (action - ACT_UP)), ctx->now_ms);
        return true;
    case ACT_TAKE_BACK:
        if (v->replay != NULL)
            return false;
        if (v->wheel.driving)
            front_status(ctx, "the AI drives again");
        wheel_release(&v->wheel);
        return true;
    case ACT_PAUSE:
    case ACT_STEP:
        wheel_touch(&v->wheel, ctx->now_ms); /* a pause is not idle time */
        return false;
    default:
        return false;
    }
}

/* A left click toggles a wall on an empty cell; the AI decides again at once. */
static bool snake_view_event(void *state, const SDL_Event *ev, FrontCtx *ctx) {
    SnakeView *v = state;
    if (v->race != NULL)
        return race_view_event(v->race, ev, ctx);
    if (ev->type != SDL_MOUSEBUTTONDOWN || ev->button.button != SDL_BUTTON_LEFT)
        return false;
    int x, y;
    if (!v->have_layout || !layout_pixel_to_cell(&v->bl, ev->button.x, ev->button.y, &x, &y))
        return false;
    SnakeGame *g = &v->game;
    int cell = y * v->rules.w + x;
    bool occupied = snake_occupies(&g->snake, cell) || cell == g->food;
    if (occupied) {
        front_status(ctx, "(%d, %d): the %s is there", x, y, cell == g->food ? "food" : "snake");
        return true;
    }
    if (!v->over && !v->hist_broken) {
        /* Recorded: a toggle at a past tick plays on from there. */
        if (!drop_future(v, ctx))
            return true;
        WsError err = {0};
        if (snake_history_toggle(v->hist, g, &v->ai, cell, &err) != WS_OK) {
            front_status(ctx, "%s", err.msg);
            return true;
        }
    } else if (!snake_game_toggle_wall(g, cell)) {
        /* A finished game's walls are not part of its history: they are for the next game. */
        front_status(ctx, "(%d, %d): a wall there would leave no room to start a game", x, y);
        return true;
    }
    front_status(ctx, "%s at (%d, %d)", g->walls[cell] ? "wall" : "floor", x, y);
    check_policy(v);
    decide(v);
    return true;
}

static bool snake_view_tick(void *state, FrontCtx *ctx) {
    SnakeView *v = state;
    if (v->race != NULL)
        return race_view_tick(v->race, ctx);
    if (v->over && v->replay != NULL)
        return false; /* a replay stays at its end: [ and ] go to other games */
    if (v->over) {
        /* While paused a single step skips the wait, so N never seems stuck. */
        if (!ctx->paused && ctx->now_ms - v->over_ms < RESULT_NEXT_GAME_MS)
            return false;
        start_game(v, v->game_index + 1);
        return true;
    }
    if (!ctx->paused && wheel_idle_check(&v->wheel, ctx->now_ms))
        front_status(ctx, "idle for %d s: the AI drives again", WHEEL_IDLE_MS / 1000);
    if (v->hist_broken) {
        snake_game_tick(&v->game, wheel_move(&v->wheel, &v->game, v->pending));
    } else {
        if (!drop_future(v, ctx))
            return false;
        /* The player's move, or the AI's: the same recorded tick either way.
         * The AI's choice goes with it, so a steered move is kept as one that
         * differs from the policy's (the timeline marks it, a seek shows it). */
        Dir move = wheel_move(&v->wheel, &v->game, v->pending);
        WsError err = {0};
        WsStatus st = snake_game_is_legal(&v->game, move) || !snake_game_has_move(&v->game)
                          ? snake_history_play(v->hist, &v->game, &v->ai, move, v->pending, &err)
                          : snake_history_crash(v->hist, &v->game, &err); /* steered into a wall */
        if (st != WS_OK) {
            /* Out of memory, or a move the history refuses: play on without it. */
            front_status(ctx, "time travel stops for this game: %s", err.msg);
            v->hist_broken = true;
            snake_game_tick(&v->game, move);
        }
        v->cur = v->hist->ticks;
    }
    if (v->game.outcome != SNAKE_PLAYING) {
        finish_game(v, ctx);
        return true;
    }
    decide(v);
    return true;
}

/* ---- ViewHistory --------------------------------------------------------- */

static void snake_hist_range(void *state, long *first, long *last) {
    SnakeView *v = state;
    *first = v->hist_broken ? v->cur : 0;
    *last = v->hist_broken ? v->cur : v->hist->ticks;
}

static long snake_hist_current(void *state) { return ((SnakeView *)state)->cur; }

static bool snake_hist_seek(void *state, long t, FrontCtx *ctx) {
    SnakeView *v = state;
    if (v->hist_broken)
        return false;
    WsError err = {0};
    if (seek_tick(v, t, ctx, &err) != WS_OK) {
        front_status(ctx, "cannot show tick %ld: %s", t, err.msg);
        return false;
    }
    return true;
}

static unsigned snake_hist_marks(void *state, long from, long to) {
    const SnakeView *v = state;
    const SnakeHistory *h = v->hist;
    if (v->hist_broken)
        return 0;
    unsigned m = 0;
    /* Move k that ate shows at tick k + 1, where the snake is longer. */
    long i = ws_first_at_least(h->eats, sizeof *h->eats, offsetof(SnakeHistoryEat, tick), h->neats,
                               from - 1);
    if (i < h->neats && h->eats[i].tick < to - 1)
        m |= TIMELINE_MARK_EAT;
    i = ws_first_at_least(h->toggles, sizeof *h->toggles, offsetof(SnakeHistoryToggle, tick),
                          h->ntoggles, from);
    if (i < h->ntoggles && h->toggles[i].tick < to)
        m |= TIMELINE_MARK_EDIT;
    /* Spans are disjoint and in order: the first that ends after `from`
     * (its exclusive end `to` is at least from + 1). */
    i = ws_first_at_least(h->differs, sizeof *h->differs, offsetof(SnakeHistorySpan, to),
                          h->ndiffers, from + 1);
    if (i < h->ndiffers && h->differs[i].from < to)
        m |= differ_mark(v);
    if (h->outcome != SNAKE_PLAYING && h->ticks >= from && h->ticks < to)
        m |= TIMELINE_MARK_END;
    return m;
}

/* A race (two boards, view_race.h) keeps no history: while one runs, the
 * front end shows no timeline and leaves `,` Home End to the view. */
static bool snake_hist_active(void *state) { return ((SnakeView *)state)->race == NULL; }

static const ViewHistory SNAKE_HISTORY = {
    .active = snake_hist_active,
    .range = snake_hist_range,
    .current = snake_hist_current,
    .seek = snake_hist_seek,
    .marks = snake_hist_marks,
    .idle = snake_hist_idle,
};

/* ======================================================================== */
/* Drawing                                                                   */
/* ======================================================================== */

/* At a past tick whose recorded move is not what the policy chooses: an
 * arrow in the timeline's colour for it on the cell the snake really went to. */
static void draw_recorded_move(const SnakeView *v, FrontCtx *ctx, const BoardLayout *bl) {
    if (v->over || !at_past_tick(v))
        return;
    Dir rec = snake_history_move(v->hist, v->cur);
    if (rec == v->pending || rec < 0 || rec >= DIR_COUNT)
        return;
    int head = snake_head(&v->game.snake);
    int x = head % bl->cols + DIR_DX[rec], y = head / bl->cols + DIR_DY[rec];
    if (x < 0 || y < 0 || x >= bl->cols || y >= bl->rows)
        return;
    int cx, cy;
    layout_cell_center(bl, x, y, &cx, &cy);
    int size = bl->cell * 3 / 4 > 3 ? bl->cell * 3 / 4 : 3;
    render_arrow(ctx->renderer, cx, cy, size, rec, timeline_mark_color(differ_mark(v)));
}

/* Ticks left before the game stalls, once the snake has gone a whole board's
 * worth of ticks without eating (it is circling); -1 before that. */
static long stall_in(const SnakeGame *g) {
    if (g->outcome != SNAKE_PLAYING || g->since_eat <= g->floor_cells)
        return -1;
    return g->stall_limit - g->since_eat;
}

static void snake_view_draw(void *state, FrontCtx *ctx) {
    SnakeView *v = state;
    if (v->race != NULL) {
        race_view_draw(v->race, ctx);
        return;
    }
    layout_board(&v->bl, ctx->frame.board_area, v->rules.w, v->rules.h);
    v->have_layout = true;
    /* The eyes look where the snake goes next: the recorded move at a past
     * tick, else the player's steering or the AI's choice. An arrow shows
     * the AI's own choice wherever the player steers or steered: while the
     * player drives, and at a past tick of this game that was steered. */
    bool past = at_past_tick(v) && !v->over;
    Dir next =
        past ? snake_history_move(v->hist, v->cur) : wheel_peek(&v->wheel, &v->game, v->pending);
    bool steered = past ? v->replay == NULL && next != v->pending : v->wheel.driving;
    SnakeScene scene = {.game = &v->game,
                        .ai = &v->ai,
                        .pending = next,
                        .ai_arrow = steered ? v->pending : DIR_NONE,
                        .mark = v->mark};
    snake_draw_board(ctx, &v->bl, &scene, ctx->overlays);
    draw_recorded_move(v, ctx, &v->bl);
    const SnakeGame *g = &v->game;
    if (v->over) {
        /* Above the board, never over it; it stays until the next game. */
        const char *title = g->outcome == SNAKE_WON    ? "WON - board filled"
                            : g->outcome == SNAKE_DEAD ? "TRAPPED - game over"
                                                       : "STALLED - game over";
        snprintf(ctx->caption, sizeof ctx->caption, "%s: length %d / %d, %ld steps", title,
                 g->snake.len, g->floor_cells, g->steps);
        ctx->caption_color = g->outcome == SNAKE_WON ? PAL_GOOD : PAL_BAD;
    } else if (stall_in(g) >= 0) {
        snprintf(ctx->caption, sizeof ctx->caption, "no food for %ld ticks: stall in %ld ticks",
                 g->since_eat, stall_in(g));
        ctx->caption_color = PAL_ACCENT;
    }
}

/* ======================================================================== */
/* HUD                                                                       */
/* ======================================================================== */

/* The HUD colour of a move that differs from the policy's choice (as the timeline marks it). */
#define MARK_DIFFER_HUD timeline_mark_color(TIMELINE_MARK_DIFFER)

/* A replay's first lines: the file, the game, its policy, the check. */
static void replay_hud(const SnakeView *v, Hud *hud) {
    const ReplaySession *s = v->replay;
    const TraceGame *tg = &s->index.games[s->current];
    const char *base = strrchr(s->path, '/');
    hud_kv(hud, "replay", PAL_ACCENT, "%s", base != NULL ? base + 1 : s->path);
    hud_kv(hud, "game", PAL_TEXT, "%ld  (%ld of %ld)  [ ]", tg->number, s->current + 1,
           s->index.count);
    if (!tg->policy_known)
        hud_kv(hud, "policy", PAL_BAD, "%s (unknown: greedy)", tg->policy_name);
    else if (v->ai_fallback || v->refused)
        hud_kv(hud, "policy", PAL_BAD, "%s -> greedy (cannot play this board)", tg->policy_name);
    else
        hud_kv(hud, "policy", PAL_ACCENT, "%s", tg->policy_name);
    hud_kv(hud, "seed", PAL_TEXT, "%llu  %s", (unsigned long long)v->seed,
           tg->outcome == SNAKE_WON ? "won" : snake_outcome_name(tg->outcome));
    const SnakeHistory *h = v->hist;
    if (v->live) {
        hud_kv(hud, "moves", PAL_ACCENT, "the AI's own from tick %ld", v->live_from);
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
}

static void snake_view_hud(void *state, FrontCtx *ctx, Hud *hud) {
    SnakeView *v = state;
    if (v->race != NULL) {
        race_view_hud(v->race, ctx, hud);
        return;
    }
    const SnakeGame *g = &v->game;
    unsigned ov = ctx->overlays;
    if (v->replay != NULL) {
        replay_hud(v, hud);
    } else if (v->refused) {
        hud_kv(hud, "policy", PAL_BAD, "%s -> greedy  [Tab]", snake_policy_name(v->policy));
        hud_wrapped(hud, PAL_BAD, v->refusal);
    } else {
        hud_kv(hud, "policy", PAL_ACCENT, "%s  [Tab]", snake_policy_name(v->policy));
    }
    if (v->replay == NULL) {
        char driver[64];
        if (v->wheel.driving) {
            snprintf(driver, sizeof driver, "you drive — A or %d s idle gives it back",
                     WHEEL_IDLE_MS / 1000);
            hud_wrapped(hud, PAL_ACCENT, driver);
        } else {
            hud_text(hud, PAL_TEXT_DIM, "AI drives  (arrows: you steer)");
        }
        hud_kv(hud, "seed", PAL_TEXT, "%llu", (unsigned long long)v->seed);
        hud_kv(hud, "game", PAL_TEXT, "#%ld  (seed %llu)", v->game_index,
               (unsigned long long)g->seed);
    }
    hud_kv(hud, "length", PAL_TEXT, "%d / %d cells", g->snake.len, g->floor_cells);
    if (g->wall_count > 0)
        hud_kv(hud, "walls", PAL_TEXT, "%d  (click toggles)", g->wall_count);
    hud_kv(hud, "steps", PAL_TEXT, "%ld", g->steps);
    const PolicyStats *st = &v->stats[v->policy];
    if (v->replay == NULL) {
        hud_kv(hud, "games", PAL_TEXT, "%ld won / %ld played", st->won, st->played);
        if (st->played > 0)
            hud_kv(hud, "mean len", PAL_TEXT, "%.1f", st->length_sum / (double)st->played);
        else
            hud_kv(hud, "mean len", PAL_TEXT_DIM, "-");
    }
    /* A past tick's decision is rebuilt, not timed: the line keeps the live figure. */
    if (st->decisions > 0) {
        char now[24], mean[24];
        hud_kv(hud, "decision", PAL_TEXT, "%s  (mean %s)",
               layout_duration(now, sizeof now, v->decision_us),
               layout_duration(mean, sizeof mean, st->decision_us_sum / (double)st->decisions));
    }
    if (!v->exact && !v->over)
        hud_wrapped(hud, PAL_BAD,
                    "the AI's memory at this tick is not known yet (checking "
                    "moves): this decision may not be the recorded one");
    if (!v->over && at_past_tick(v)) {
        Dir rec = snake_history_move(v->hist, v->cur);
        int differs = snake_history_differs(v->hist, v->cur);
        if (v->replay == NULL && differs == 1)
            hud_kv(hud, "steered", timeline_mark_color(TIMELINE_MARK_EDIT),
                   "%c by hand, the AI's %c", dir_to_char(rec),
                   v->pending == DIR_NONE ? '-' : dir_to_char(v->pending));
        else if (differs == 1 || (differs < 0 && v->exact && rec != v->pending))
            hud_kv(hud, "recorded", MARK_DIFFER_HUD, "%c, not the policy's %c", dir_to_char(rec),
                   v->pending == DIR_NONE ? '-' : dir_to_char(v->pending));
        else
            hud_kv(hud, "recorded", PAL_TEXT, "%c  (the policy's choice)", dir_to_char(rec));
    }
    SnakeReason reason = v->over ? SNAKE_REASON_NONE : v->ai.reason;
    hud_kv(hud, "reason", snake_reason_color(reason), "%s",
           v->over ? snake_outcome_name(g->outcome) : snake_reason_name(reason));
    if (!v->over && reason != SNAKE_REASON_NONE)
        hud_text(hud, PAL_TEXT_DIM, "  %s", snake_reason_explained(reason));
    if (stall_in(g) >= 0)
        hud_kv(hud, "stall in", PAL_ACCENT, "%ld ticks (no food for %ld)", stall_in(g),
               g->since_eat);
    for (int p = 0; p < SNAKE_POLICY_COUNT; p++)
        if (p != (int)v->policy && v->stats[p].played > 0 && !hud_is_full(hud, 3))
            hud_kv(hud, "", PAL_TEXT_DIM, "%s: %ld won / %ld, mean len %.1f",
                   snake_policy_name((SnakePolicy)p), v->stats[p].won, v->stats[p].played,
                   v->stats[p].length_sum / (double)v->stats[p].played);
    if ((ov & OVERLAY_NUMBERS) && v->have_layout && v->bl.cell < SNAKE_NUMBERS_MIN_CELL)
        hud_text(hud, PAL_TEXT_DIM, "D  numbers: cells too small (%d px)", v->bl.cell);
    hud_gap(hud);

    /* The legend: what each overlay on screen means. */
    const WaveField *wf = &v->ai.wave;
    if ((ov & OVERLAY_WAVE) && (wf->source < 0 || wf->reached <= 1)) {
        hud_text(hud, PAL_TEXT_DIM, "W  wave: no search this move");
    } else if (ov & OVERLAY_WAVE) {
        int max_d = 0;
        for (int i = 0; i < wf->reached; i++)
            if (wf->dist[wf->order[i]] > max_d)
                max_d = wf->dist[wf->order[i]];
        char hi[24];
        snprintf(hi, sizeof hi, "%d step%s", max_d, max_d == 1 ? "" : "s");
        hud_ramp(hud, RAMP_WAVE, "W  wave: BFS steps from head", "0 (head)", hi);
        hud_text(hud, PAL_TEXT_DIM, "   (body cells count once vacated)");
    }
    if (ov & OVERLAY_PATH) {
        hud_legend(hud, HUD_SWATCH_LINE, PAL_PATH, "P  path to the food");
        hud_legend(hud, HUD_SWATCH_LINE, PAL_PATH_ALT, "   path to its own tail");
        hud_legend(hud, HUD_SWATCH_LINE, rgba_alpha(PAL_BAD, 160), "   food path, rejected");
        if (snake_ai_cycle(&v->ai) != NULL)
            hud_legend(hud, HUD_SWATCH_LINE, rgba_alpha(PAL_TEXT_DIM, 200), "   Hamiltonian cycle");
    }
    if (ov & OVERLAY_VIRTUAL) {
        hud_legend(hud, HUD_SWATCH_FILL, rgba_alpha(PAL_GHOST, 150), "V  body after eating (safe)");
        hud_legend(hud, HUD_SWATCH_FILL, rgba_alpha(PAL_BAD, 150), "   tail cut off: unsafe");
    }
}

/* ======================================================================== */
/* The view                                                                  */
/* ======================================================================== */

static const KeyHelp SNAKE_HELP[] = {
    {"Tab", "next policy, same game (each keeps its statistics)"},
    {"R  /  Enter", "this game again / the next one (replay: this game / the next)"},
    {"mouse", "L toggles a wall on an empty cell"},
    {"arrows", "take the wheel: steer (the AI's move stays drawn)"},
    {"A", "give the wheel back to the AI (or 3 s idle)"},
    {"X", "race: two policies side by side (X again ends it)"},
    {NULL, NULL},
};

const View VIEW_SNAKE = {
    .name = "snake",
    .help = SNAKE_HELP,
    .create = snake_view_create,
    .destroy = snake_view_destroy,
    .handle_action = snake_view_action,
    .handle_event = snake_view_event,
    .tick = snake_view_tick,
    .draw = snake_view_draw,
    .hud = snake_view_hud,
    .history = &SNAKE_HISTORY,
};
