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
 */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    bool thinking;    /* the move of the next tick has been asked for and not arrived */
    RaceSetup race;   /* what X (or --race) hands the race view; valid while it opens */
} SnakeView;

/* ======================================================================== */
/* The decision seam                                                         */
/* ======================================================================== */

/* Asks the player of this game (the policy) for the move of the next tick,
 * for the game as it is now. A built-in policy answers here, into
 * v->s.pending; a player in another process would send the request here and
 * leave v->thinking set until move_ready() reads its answer. */
static void ask_move(SnakeView *v) {
    v->thinking = false;
    snake_screen_decide(&v->s);
}

/* Whether the move asked for has arrived (v->s.pending holds it). */
static bool move_ready(SnakeView *v) { return !v->thinking; }

/* ======================================================================== */
/* Playing                                                                   */
/* ======================================================================== */

static void start_game(SnakeView *v, long index) {
    SnakeScreen *s = &v->s;
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
    ask_move(v);
}

/* Switches to the next policy that accepts this board (a Hamiltonian cycle
 * needs an even side, for example); says so when one is skipped. */
static void next_policy(SnakeView *v, FrontendCtx *ctx) {
    SnakeScreen *s = &v->s;
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
        /* Statistics belong to one policy (each keeps its own); the game
         * starts again with the same seed so the policies can be compared. */
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
    if (ctx->opts->race_given)
        memcpy(r->policies, ctx->opts->race, sizeof r->policies);
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
    st = snake_game_init(&s->game, &s->rules, s->seed, err);
    if (st == WS_OK)
        st = snake_game_set_walls(&s->game, board.walls, err);
    snake_board_close(&board);
    if (st == WS_OK)
        st = snake_ai_init(&s->ai, s->rules.w, s->rules.h, s->policy, s->rules.strict_tail, err);
    if (st == WS_OK)
        st = snake_screen_alloc_mark(s, err);
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
               s->rules.h, snake_policy_name(s->policy), (unsigned long long)s->seed);
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
        start_game(v, s->game_index);
        frontend_status(ctx, "game %ld again (seed %llu)", s->game_index,
                        (unsigned long long)s->game.seed);
        return true;
    case ACT_NEW_GAME:
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
            frontend_status(ctx, "you steer from tick %ld: the later ticks are dropped", s->cur);
        }
        snake_wheel_steer(&s->wheel, (Dir)(DIR_UP + (action - ACT_UP)), ctx->now_ms);
        return true;
    case ACT_TAKE_BACK:
        if (s->wheel.driving)
            frontend_status(ctx, "the AI drives again");
        snake_wheel_release(&s->wheel);
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
    if (toggled)
        ask_move(v);
    return used;
}

static bool snake_view_tick(void *state, FrontendCtx *ctx) {
    SnakeView *v = state;
    SnakeScreen *s = &v->s;
    if (s->over) {
        /* While paused a single step skips the wait, so N never seems stuck. */
        if (!ctx->paused && ctx->now_ms - s->over_ms < VIEW_RESULT_MS)
            return false;
        start_game(v, s->game_index + 1);
        return true;
    }
    if (!move_ready(v))
        return false; /* the player is still thinking: the tick waits for its move */
    if (!ctx->paused && snake_wheel_idle_check(&s->wheel, ctx->now_ms))
        frontend_status(ctx, "idle for %d s: the AI drives again", SNAKE_WHEEL_IDLE_MS / 1000);
    if (!snake_screen_play(s, ctx))
        return false;
    if (!s->over)
        ask_move(v);
    return true;
}

static void snake_view_draw(void *state, FrontendCtx *ctx) {
    snake_screen_draw(&((SnakeView *)state)->s, ctx);
}

static void snake_view_hud(void *state, FrontendCtx *ctx, Hud *hud) {
    SnakeView *v = state;
    const SnakeScreen *s = &v->s;
    const SnakeGame *g = &s->game;
    if (s->refused) {
        hud_kv(hud, "policy", PAL_BAD, "%s -> greedy  [Tab]", snake_policy_name(s->policy));
        hud_wrapped(hud, PAL_BAD, s->refusal);
    } else {
        hud_kv(hud, "policy", PAL_ACCENT, "%s  [Tab]", snake_policy_name(s->policy));
    }
    char driver[64];
    if (s->wheel.driving) {
        snprintf(driver, sizeof driver, "you drive — A or %d s idle gives it back",
                 SNAKE_WHEEL_IDLE_MS / 1000);
        hud_wrapped(hud, PAL_ACCENT, driver);
    } else {
        hud_text(hud, PAL_TEXT_DIM, "AI drives  (arrows: you steer)");
    }
    hud_kv(hud, "seed", PAL_TEXT, "%llu", (unsigned long long)s->seed);
    hud_kv(hud, "game", PAL_TEXT, "#%ld  (seed %llu)", s->game_index, (unsigned long long)g->seed);
    snake_screen_hud_board(s, hud);
    const PolicyStats *st = &s->stats[s->policy];
    hud_kv(hud, "games", PAL_TEXT, "%ld won / %ld played", st->won, st->played);
    if (st->played > 0)
        hud_kv(hud, "mean len", PAL_TEXT, "%.1f", st->length_sum / (double)st->played);
    else
        hud_kv(hud, "mean len", PAL_TEXT_DIM, "-");
    if (v->thinking)
        hud_kv(hud, "decision", PAL_ACCENT, "thinking ...");
    snake_screen_hud_decision(s, ctx, hud);
}

static const ViewHistory SNAKE_HISTORY = {
    .range = snake_screen_hist_range,
    .current = snake_screen_hist_current,
    .seek = snake_screen_hist_seek,
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
    .hud = snake_view_hud,
    .history = &SNAKE_HISTORY,
};
