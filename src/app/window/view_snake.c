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
 */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "snake.h"
#include "snake_ai.h"
#include "snake_board.h"
#include "snake_draw.h"
#include "snake_wheel.h"
#include "view.h"
#include "view_race.h"

/* ======================================================================== */
/* Types                                                                     */
/* ======================================================================== */

typedef struct SnakeView {
    SnakeRules rules;
    SnakePolicy policy;
    uint64_t seed;  /* run seed: game i plays with seed + i */
    long game_index;
    SnakeGame game;
    SnakeAi ai;
    Dir pending;    /* the AI's decision for the next tick (DIR_NONE: trapped) */
    SnakeWheel wheel; /* whose move the next tick makes: the AI's or the arrow keys' */
    RaceView *race;   /* X / --race: two policies side by side instead (NULL: none) */
    uint8_t *mark;  /* w * h scratch for drawing (cells on the drawn path), kept all zero */
    BoardLayout bl; /* the last drawn layout, to map mouse pixels to cells */
    bool have_layout;
    bool refused;         /* the policy cannot play these walls: greedy plays */
    char refusal[160];    /* why (snake_policy_check_walls), when refused */

    double decision_us; /* the last snake_ai_choose, timed in the app */
    double decision_us_sum;
    long decisions;

    long played, won; /* finished games since the start or the last policy change */
    double length_sum;
    bool over;         /* the game ended; its result is on screen */
    uint64_t over_ms;  /* when it ended (ctx->now_ms) */
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
    Uint64 t1 = SDL_GetPerformanceCounter();
    v->decision_us = (double)(t1 - t0) * 1e6 / (double)SDL_GetPerformanceFrequency();
    v->decision_us_sum += v->decision_us;
    v->decisions++;
}

static void start_game(SnakeView *v, long index) {
    v->game_index = index;
    snake_game_reset(&v->game, v->seed + (uint64_t)index);
    snake_ai_clear(&v->ai);
    wheel_reset(&v->wheel);
    v->over = false;
    decide(v);
}

static void finish_game(SnakeView *v, FrontCtx *ctx) {
    v->over = true;
    v->over_ms = ctx->now_ms;
    v->played++;
    v->won += v->game.outcome == SNAKE_WON;
    v->length_sum += v->game.snake.len;
}

/* Whether the policy can play the board's walls; if not, greedy plays and
 * the HUD shows why. */
static void check_policy(SnakeView *v) {
    WsError err = {0};
    v->refused =
        snake_policy_check_walls(v->policy, v->rules.w, v->rules.h, v->game.walls, &err) != WS_OK;
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
        /* Statistics belong to one policy; a fresh game keeps them honest. */
        v->played = v->won = 0;
        v->length_sum = 0.0;
        v->decision_us_sum = 0.0;
        v->decisions = 0;
        start_game(v, v->game_index + 1);
        if (k == 1 || ctx->status[0] == '\0')
            front_status(ctx, "policy: %s", snake_policy_name(p));
        return;
    }
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
    snake_ai_deinit(&v->ai);
    snake_game_deinit(&v->game);
    free(v);
}

static WsStatus snake_view_create(void **state, FrontCtx *ctx, WsError *err) {
    *state = NULL;
    SnakeView *v = calloc(1, sizeof *v);
    if (v == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for the snake view");
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
        toggle_race(v, ctx);
        return true;
    }
    if (v->race != NULL)
        return race_view_action(v->race, action, ctx);
    switch (action) {
    case ACT_RESTART:
        start_game(v, v->game_index + 1);
        front_status(ctx, "new game %ld (seed %llu)", v->game_index,
                     (unsigned long long)v->game.seed);
        return true;
    case ACT_NEXT:
        next_policy(v, ctx);
        return true;
    case ACT_UP:
    case ACT_RIGHT:
    case ACT_DOWN:
    case ACT_LEFT:
        wheel_steer(&v->wheel, (Dir)(DIR_UP + (action - ACT_UP)), ctx->now_ms);
        return true;
    case ACT_TAKE_BACK:
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
    if (!snake_game_toggle_wall(g, cell)) {
        if (snake_occupies(&g->snake, cell) || cell == g->food)
            front_status(ctx, "(%d, %d): the %s is there", x, y,
                         cell == g->food ? "food" : "snake");
        else
            front_status(ctx, "(%d, %d): a wall there would leave no room to start a game", x,
                         y);
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
    if (v->over) {
        /* While paused a single step skips the wait, so N never seems stuck. */
        if (!ctx->paused && ctx->now_ms - v->over_ms < RESULT_NEXT_GAME_MS)
            return false;
        start_game(v, v->game_index + 1);
        return true;
    }
    if (!ctx->paused && wheel_idle_check(&v->wheel, ctx->now_ms))
        front_status(ctx, "idle for %d s: the AI drives again", WHEEL_IDLE_MS / 1000);
    /* The player's move, or the AI's: the same tick either way. */
    snake_game_tick(&v->game, wheel_move(&v->wheel, &v->game, v->pending));
    if (v->game.outcome != SNAKE_PLAYING) {
        finish_game(v, ctx);
        return true;
    }
    decide(v);
    return true;
}

/* ======================================================================== */
/* Drawing                                                                   */
/* ======================================================================== */

static void snake_view_draw(void *state, FrontCtx *ctx) {
    SnakeView *v = state;
    if (v->race != NULL) {
        race_view_draw(v->race, ctx);
        return;
    }
    layout_board(&v->bl, ctx->frame.board_area, v->rules.w, v->rules.h);
    v->have_layout = true;
    /* While the player drives, the eyes look where the player steers and an
     * arrow shows what the AI would do instead. */
    SnakeScene scene = {.game = &v->game,
                        .ai = &v->ai,
                        .pending = wheel_peek(&v->wheel, &v->game, v->pending),
                        .ai_arrow = v->wheel.driving ? v->pending : DIR_NONE,
                        .mark = v->mark};
    snake_draw_board(ctx, &v->bl, &scene, ctx->overlays);
    if (v->over)
        snake_draw_result(ctx, &v->bl, &v->game);
}

/* ======================================================================== */
/* HUD                                                                       */
/* ======================================================================== */

static void snake_view_hud(void *state, FrontCtx *ctx, Hud *hud) {
    SnakeView *v = state;
    if (v->race != NULL) {
        race_view_hud(v->race, ctx, hud);
        return;
    }
    const SnakeGame *g = &v->game;
    unsigned ov = ctx->overlays;
    if (v->refused) {
        hud_kv(hud, "policy", PAL_BAD, "%s -> greedy  [Tab]", snake_policy_name(v->policy));
        hud_wrapped(hud, PAL_BAD, v->refusal);
    } else {
        hud_kv(hud, "policy", PAL_ACCENT, "%s  [Tab]", snake_policy_name(v->policy));
    }
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
    hud_kv(hud, "length", PAL_TEXT, "%d / %d cells", g->snake.len, g->floor_cells);
    if (g->wall_count > 0)
        hud_kv(hud, "walls", PAL_TEXT, "%d  (click toggles)", g->wall_count);
    hud_kv(hud, "steps", PAL_TEXT, "%ld", g->steps);
    hud_kv(hud, "games", PAL_TEXT, "%ld won / %ld played", v->won, v->played);
    if (v->played > 0)
        hud_kv(hud, "mean len", PAL_TEXT, "%.1f", v->length_sum / (double)v->played);
    else
        hud_kv(hud, "mean len", PAL_TEXT_DIM, "-");
    hud_kv(hud, "decision", PAL_TEXT, "%.1f µs  (mean %.1f)", v->decision_us,
           v->decisions > 0 ? v->decision_us_sum / (double)v->decisions : 0.0);
    SnakeReason reason = v->over ? SNAKE_REASON_NONE : v->ai.reason;
    hud_kv(hud, "reason", snake_reason_color(reason), "%s",
           v->over ? snake_outcome_name(g->outcome) : snake_reason_name(reason));
    if (!v->over && reason != SNAKE_REASON_NONE)
        hud_text(hud, PAL_TEXT_DIM, "  %s", snake_reason_explained(reason));
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
    {"Tab", "next policy (the statistics restart)"},
    {"R", "start the next game now (its seed is run seed + i)"},
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
};
