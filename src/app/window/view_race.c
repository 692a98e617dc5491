/* view_race.c - two snake policies side by side in the window (view_race.h). */
#include "view_race.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "snake_draw.h"
#include "view.h"

/* ======================================================================== */
/* Types                                                                     */
/* ======================================================================== */

typedef struct RaceView {
    SnakeRace race;
    EngineSession engines[SNAKE_RACE_SIDES]; /* the engines of the sides that have one */
    bool has_engine[SNAKE_RACE_SIDES];
    SnakePolicy solo; /* the snake view's policy, for X's notice */
    uint8_t *mark;    /* w*h scratch for snake_draw, kept all zero */
    PairLayout pair;  /* the last drawn layout, to map clicks to cells */
    bool have_layout;
    bool over;                         /* both games ended; the result is on screen */
    bool fault_said[SNAKE_RACE_SIDES]; /* the side's fault line went to stderr */
    uint64_t over_ms;                  /* when the second one ended */
} RaceView;

/* Label lines above each board; the text shrinks until this many characters fit. */
enum { LABEL_LINES = 2, LABEL_CHARS = 30 };

/* ======================================================================== */
/* Lifecycle                                                                 */
/* ======================================================================== */

static void race_view_destroy(void *state) {
    RaceView *rv = state;
    if (rv == NULL)
        return;
    snake_race_deinit(&rv->race);
    for (int k = 0; k < SNAKE_RACE_SIDES; k++)
        engine_session_close(&rv->engines[k]); /* quit, then its process group killed */
    free(rv->mark);
    free(rv);
}

static WsStatus race_view_create(void **state, FrontendCtx *ctx, const void *arg, WsError *err) {
    *state = NULL;
    const RaceSetup *rs = arg;
    if (rs == NULL)
        return ws_fail(err, WS_ERR_ARG, "a race opens from the snake view (X, --race)");
    RaceView *rv = calloc(1, sizeof *rv);
    if (rv == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for the race");
    WsStatus st =
        snake_race_init(&rv->race, rs->rules, rs->walls, rs->policies, rs->seed, rs->strict, err);
    if (st != WS_OK) {
        free(rv);
        return st;
    }
    rv->solo = rs->solo;
    rv->mark = calloc((size_t)rs->rules->w * (size_t)rs->rules->h, 1);
    if (rv->mark == NULL) {
        race_view_destroy(rv);
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for the race");
    }
    /* The engines, then heat 0 again with them deciding (as headless). */
    bool engines = false;
    for (int k = 0; k < SNAKE_RACE_SIDES && st == WS_OK; k++) {
        const PlayerSpec *ps = rs->players[k];
        if (ps == NULL || ps->kind != PLAYER_ENGINE)
            continue;
        st = engine_session_open(&rv->engines[k], ps, ENGINE_SNAKE, rs->rules,
                                 rs->engine_timeout_ms, err);
        if (st == WS_OK) {
            rv->has_engine[k] = engines = true;
            snake_race_attach(&rv->race, k, &rv->engines[k]);
        }
    }
    if (st != WS_OK) {
        race_view_destroy(rv);
        return st;
    }
    /* Two engines of one name: the right one is NAME#2, as headless. */
    if (rv->has_engine[0] && rv->has_engine[1] &&
        strcmp(rv->engines[0].label, rv->engines[1].label) == 0)
        engine_session_mark(&rv->engines[1], "#2");
    /* A window's race keeps its frames while perfect plays an apple out; a
     * screenshot's waits for whole decisions (the same ticks on every run). */
    snake_race_set_sliced(&rv->race, !ctx->offscreen);
    if (engines) {
        snake_race_set_async(&rv->race, true);
        snake_race_start(&rv->race, 0);
    }
    const char *n0 = snake_race_side_name(&rv->race, 0), *n1 = snake_race_side_name(&rv->race, 1);
    if (rs->strict) {
        printf("wavesnake: snake %dx%d, race %s vs %s, seed %llu (heat i uses seed + i)\n",
               rs->rules->w, rs->rules->h, n0, n1, (unsigned long long)rs->seed);
        fflush(stdout);
    } else {
        frontend_status(ctx, "race: %s vs %s (X ends it)", n0, n1);
    }
    *state = rv;
    return WS_OK;
}

/* ======================================================================== */
/* Input and ticks                                                           */
/* ======================================================================== */

static void next_heat(RaceView *rv) {
    rv->over = false;
    snake_race_start(&rv->race, rv->race.game_index + 1);
}

/* Tab: the next policy on the right-hand side; the race starts over (its
 * tallies compare one pair of policies). */
static void next_right_policy(RaceView *rv, FrontendCtx *ctx) {
    SnakeRace *r = &rv->race;
    SnakePolicy p[SNAKE_RACE_SIDES] = {r->side[0].asked,
                                       (SnakePolicy)((r->side[1].asked + 1) % SNAKE_POLICY_COUNT)};
    SnakeRace fresh;
    WsError err = {0};
    if (snake_race_init(&fresh, &r->rules, r->side[0].game.walls, p,
                        r->seed + (uint64_t)r->game_index + 1, false, &err) != WS_OK) {
        frontend_status(ctx, "%s", err.msg);
        return;
    }
    snake_race_deinit(r);
    *r = fresh;
    snake_race_set_sliced(r, !ctx->offscreen);
    rv->over = false;
    /* The left side keeps its engine; the right one now plays a built-in policy. */
    if (rv->has_engine[1]) {
        engine_session_close(&rv->engines[1]);
        rv->has_engine[1] = false;
    }
    if (rv->has_engine[0]) {
        snake_race_attach(r, 0, &rv->engines[0]);
        snake_race_set_async(r, true);
        snake_race_start(r, r->game_index);
    }
    frontend_status(ctx, "race: %s vs %s", snake_race_side_name(r, 0), snake_race_side_name(r, 1));
}

static bool race_view_action(void *state, Action action, FrontendCtx *ctx) {
    RaceView *rv = state;
    switch (action) {
    case ACT_RACE:
        frontend_show(ctx, VIEW_ID_SNAKE, NULL);
        frontend_status(ctx, "race over: %s plays alone",
                        rv->has_engine[0] ? snake_race_side_name(&rv->race, 0)
                                          : snake_policy_name(rv->solo));
        return true;
    case ACT_BACK:
    case ACT_FIRST:
    case ACT_LAST:
        /* Time travel would need both boards' histories: a race has none
         * (the front end shows no timeline). */
        frontend_status(ctx, "no time travel in a race (X ends the race)");
        return true;
    case ACT_RESTART:
    case ACT_NEW_GAME: /* Enter: the next game, here the next heat */
        next_heat(rv);
        frontend_status(ctx, "heat %ld (seed %llu)", rv->race.game_index,
                        (unsigned long long)rv->race.side[0].game.seed);
        return true;
    case ACT_NEXT:
        next_right_policy(rv, ctx);
        return true;
    /* Keys the race has no use for say so, as every mode's do (input.c). */
    case ACT_UP:
    case ACT_RIGHT:
    case ACT_DOWN:
    case ACT_LEFT:
    case ACT_TAKE_BACK:
        frontend_status(ctx, "the AIs drive both sides of a race (X ends the race)");
        return true;
    case ACT_PREV_GAME:
    case ACT_NEXT_GAME:
        frontend_status(ctx, "[ ] are a replay's (R or Enter: the next heat)");
        return true;
    default:
        return false;
    }
}

/* A left click on either board toggles that cell's wall on both. */
static bool race_view_event(void *state, const SDL_Event *ev, FrontendCtx *ctx) {
    RaceView *rv = state;
    if (ev->type != SDL_MOUSEBUTTONDOWN || ev->button.button != SDL_BUTTON_LEFT || !rv->have_layout)
        return false;
    const SnakeRules *rl = &rv->race.rules;
    for (int k = 0; k < SNAKE_RACE_SIDES; k++) {
        BoardLayout bl;
        int x, y;
        layout_board(&bl, rv->pair.board[k], rl->w, rl->h);
        if (!layout_pixel_to_cell(&bl, ev->button.x, ev->button.y, &x, &y))
            continue;
        if (snake_race_toggle_wall(&rv->race, y * rl->w + x))
            frontend_status(ctx, "%s at (%d, %d) on both boards",
                            rv->race.side[0].game.walls[y * rl->w + x] ? "wall" : "floor", x, y);
        else
            frontend_status(ctx, "(%d, %d): not on either board (a snake or a food is there)", x,
                            y);
        return true;
    }
    return false;
}

/* An engine's fault goes to stderr once, as headless (the HUD shows it too). */
static void say_faults(RaceView *rv) {
    for (int k = 0; k < SNAKE_RACE_SIDES; k++) {
        const char *f = rv->race.side[k].fault;
        if (f[0] != '\0' && !rv->fault_said[k])
            report_warn("%s", f);
        rv->fault_said[k] = f[0] != '\0';
    }
}

/* How long a poll of the engines may wait in this frame: as the snake view's. */
static int race_wait_ms(const FrontendCtx *ctx) {
    return ctx->offscreen ? ENGINE_READY_MS : ctx->speed <= 0.0 && !ctx->paused ? 2 : 0;
}

/* Every frame, running or paused: the engines' answers are read as they
 * come, so each board shows its engine's latest thoughts, and a built-in
 * policy's decision that stopped in its play-outs goes on. */
static void race_view_idle(void *state, FrontendCtx *ctx) {
    RaceView *rv = state;
    if (rv->over)
        return;
    snake_race_think(&rv->race); /* perfect's play-outs, 8 ms of the frame */
    (void)snake_race_poll(&rv->race, ctx->offscreen ? race_wait_ms(ctx) : 0);
    say_faults(rv);
    if (snake_race_is_over(&rv->race)) { /* a fault ended the heat */
        rv->over = true;
        rv->over_ms = ctx->now_ms;
    }
}

static bool race_view_tick(void *state, FrontendCtx *ctx) {
    RaceView *rv = state;
    if (rv->over) {
        /* While paused a single step skips the wait, as in the snake view. */
        if (!ctx->paused && ctx->now_ms - rv->over_ms < VIEW_RESULT_MS)
            return false;
        next_heat(rv);
        return true;
    }
    /* An engine side is read without waiting (a little at unlimited speed,
     * inside the frame's tick budget); the tick waits for its move. */
    bool ready = snake_race_poll(&rv->race, race_wait_ms(ctx));
    say_faults(rv);
    if (snake_race_is_over(&rv->race)) { /* a fault ended the heat */
        rv->over = true;
        rv->over_ms = ctx->now_ms;
        return true;
    }
    if (!ready)
        return false;
    if (snake_race_tick(&rv->race)) {
        rv->over = true;
        rv->over_ms = ctx->now_ms;
    }
    if (ctx->offscreen) /* --screenshot: the picture shows the answers, the same on every run */
        snake_race_poll(&rv->race, race_wait_ms(ctx));
    say_faults(rv);
    return true;
}

/* ======================================================================== */
/* Drawing                                                                   */
/* ======================================================================== */

/* The label font: the HUD's, smaller when LABEL_CHARS would not fit the board's width. */
static int label_px(const TextCache *tc, int hud_px, int width) {
    (void)tc;
    int px = width * 10 / (6 * LABEL_CHARS); /* DejaVu Sans Mono advances 0.6 em */
    if (px > hud_px)
        px = hud_px;
    return px < TEXT_MIN_PX ? TEXT_MIN_PX : px;
}

/* The side's state word: its outcome, its engine's reason line (its latest
 * `info text`, kept while it thinks about the next tick) or the AI's reason. */
static const char *side_state(RaceView *rv, int k) {
    const SnakeRaceSide *s = &rv->race.side[k];
    if (s->game.outcome != SNAKE_PLAYING)
        return snake_outcome_name(s->game.outcome);
    if (s->engine != NULL) {
        const EngineInfo *in = snake_race_side_info(&rv->race, k, NULL);
        if (in != NULL && in->text[0] != '\0')
            return in->text;
        return snake_race_side_thinking(&rv->race, k) ? "thinking" : "-";
    }
    return s->ai.thinking ? "thinking" : snake_ai_reason_word(&s->ai);
}

/* What plays side k: the policy's name, or "engine:NAME". */
static const char *side_name(const RaceView *rv, int k) {
    return snake_race_side_name(&rv->race, k);
}

static void draw_label(RaceView *rv, int k, FrontendCtx *ctx, PixRect strip) {
    const SnakeRaceSide *s = &rv->race.side[k];
    const SnakeGame *g = &s->game;
    int px = label_px(ctx->text, ctx->frame.hud_px, strip.w);
    int lh = text_line_height(ctx->text, px);
    int y = strip.y + (strip.h - LABEL_LINES * lh) / 2;
    char name[64];
    if (s->engine != NULL)
        snprintf(name, sizeof name, "%s", side_name(rv, k));
    else if (s->refusal[0] != '\0' && s->policy != s->asked)
        snprintf(name, sizeof name, "%s -> greedy", snake_policy_name(s->asked));
    else if (s->refusal[0] != '\0')
        snprintf(name, sizeof name, "%s (plays greedy)", snake_policy_name(s->asked));
    else
        snprintf(name, sizeof name, "%s", snake_policy_name(s->asked));
    int name_w = text_draw(ctx->text, px, strip.x, y, TEXT_LEFT,
                           render_sdl_color(s->refusal[0] != '\0' ? PAL_BAD : PAL_ACCENT), name);
    /* The heats this side did better, right-aligned: the first form that
     * leaves two characters after the name, else none (the HUD has them):
     * never drawn over the name on a small board. */
    char better[2][48];
    snprintf(better[0], sizeof better[0], "heats better %ld", rv->race.beat[k]);
    snprintf(better[1], sizeof better[1], "better %ld", rv->race.beat[k]);
    for (int f = 0; f < 2; f++) {
        if (name_w + 2 * text_advance(ctx->text, px) + text_width(ctx->text, px, better[f]) >
            strip.w)
            continue;
        text_draw(ctx->text, px, strip.x + strip.w, y, TEXT_RIGHT, render_sdl_color(PAL_TEXT_DIM),
                  better[f]);
        break;
    }
    Rgba state_color = g->outcome == SNAKE_WON       ? PAL_GOOD
                       : g->outcome != SNAKE_PLAYING ? PAL_BAD
                       : s->engine != NULL           ? PAL_TEXT
                                                     : snake_draw_reason_color(s->ai.reason);
    int x = strip.x;
    x += text_drawf(ctx->text, px, x, y + lh, TEXT_LEFT, render_sdl_color(PAL_TEXT),
                    "len %d/%d  steps %ld  ", g->snake.len, g->floor_cells, g->steps);
    /* An engine's `info text` may be long: cut to the board's width, and
     * said to be cut ("...", at a word's end when one is near), so a cut
     * word never reads as the engine's own. */
    int adv = text_advance(ctx->text, px);
    int room = adv > 0 ? (strip.x + strip.w - x) / adv : 0;
    char cut[ENGINE_TEXT_MAX + 4];
    const char *state = side_state(rv, k);
    int len = (int)strlen(state);
    if (len <= room || room < 4) {
        snprintf(cut, sizeof cut, "%.*s", room > 0 ? room : 0, state);
    } else {
        snprintf(cut, sizeof cut, "%.*s...", layout_cut_len(state, room), state);
    }
    text_draw(ctx->text, px, x, y + lh, TEXT_LEFT, render_sdl_color(state_color), cut);
}

/* The heat's result in the caption line above the boards (never over a
 * board, issue 14.3): a finished side and whether it waits for the other,
 * then which side did better. Each board's label says its own outcome. */
static void race_caption(const RaceView *rv, FrontendCtx *ctx) {
    const SnakeRaceSide *s0 = &rv->race.side[0], *s1 = &rv->race.side[1];
    bool done0 = s0->game.outcome != SNAKE_PLAYING, done1 = s1->game.outcome != SNAKE_PLAYING;
    if (!done0 && !done1)
        return;
    if (done0 != done1) {
        const SnakeRaceSide *d = done0 ? s0 : s1;
        snprintf(ctx->caption, sizeof ctx->caption, "%s: %s, length %d - waiting for %s",
                 side_name(rv, done0 ? 0 : 1), snake_outcome_name(d->game.outcome),
                 d->game.snake.len, side_name(rv, done0 ? 1 : 0));
        ctx->caption_color = d->game.outcome == SNAKE_WON ? PAL_GOOD : PAL_TEXT;
        return;
    }
    int c = snake_race_compare(&s0->game, &s1->game);
    char who[64];
    if (c == 0)
        snprintf(who, sizeof who, "a tie");
    else
        snprintf(who, sizeof who, "%s better", side_name(rv, c > 0 ? 0 : 1));
    snprintf(ctx->caption, sizeof ctx->caption, "heat over: %s (%s %d, %s %d) - next heat soon",
             who, side_name(rv, 0), s0->game.snake.len, side_name(rv, 1), s1->game.snake.len);
    ctx->caption_color = c == 0 ? PAL_ACCENT : PAL_GOOD;
}

static void race_view_draw(void *state, FrontendCtx *ctx) {
    RaceView *rv = state;
    const SnakeRules *rl = &rv->race.rules;
    int px = ctx->frame.hud_px;
    int label_h = LABEL_LINES * text_line_height(ctx->text, px) + px / 2;
    layout_pair(&rv->pair, ctx->frame.board_area, rl->w, rl->h, label_h);
    rv->have_layout = true;
    for (int k = 0; k < SNAKE_RACE_SIDES; k++) {
        const SnakeRaceSide *s = &rv->race.side[k];
        BoardLayout bl;
        layout_board(&bl, rv->pair.board[k], rl->w, rl->h);
        /* An engine's latest answer stays drawn while it thinks about the next tick. */
        SnakeScene scene = {.game = &s->game,
                            .ai = &s->ai,
                            .pending = s->pending,
                            .ai_arrow = DIR_NONE,
                            .player_arrow = DIR_NONE, /* no wheel in a race */
                            .mark = rv->mark,
                            .engine = s->engine != NULL,
                            .info = snake_race_side_info(&rv->race, k, NULL)};
        snake_draw_board(ctx, &bl, &scene, ctx->overlays);
        draw_label(rv, k, ctx, rv->pair.label[k]);
    }
    race_caption(rv, ctx);
}

/* ======================================================================== */
/* HUD                                                                       */
/* ======================================================================== */

static void race_view_hud(void *state, FrontendCtx *ctx, Hud *hud) {
    (void)ctx;
    const RaceView *rv = state;
    const SnakeRace *r = &rv->race;
    const SnakeRaceSide *a = &r->side[0], *b = &r->side[1];
    (void)b;
    hud_kv(hud, "race", PAL_ACCENT, "%s vs %s", side_name(rv, 0), side_name(rv, 1));
    hud_kv(hud, "seed", PAL_TEXT, "%llu", (unsigned long long)r->seed);
    hud_kv(hud, "heat", PAL_TEXT, "#%ld  (seed %llu)", r->game_index,
           (unsigned long long)a->game.seed);
    hud_kv(hud, "heats", PAL_TEXT, "%ld done, %ld tied", r->heats, r->ties);
    if (a->game.wall_count > 0)
        hud_kv(hud, "walls", PAL_TEXT, "%d  (click: both boards)", a->game.wall_count);
    for (int k = 0; k < SNAKE_RACE_SIDES; k++) {
        const SnakeRaceSide *s = &r->side[k];
        long played = s->won + s->dead + s->stalled + s->forfeit;
        hud_gap(hud);
        hud_kv(hud,
               k == 0 ? (rv->pair.stacked ? "top" : "left")
                      : (rv->pair.stacked ? "bottom" : "right"),
               s->refusal[0] != '\0' ? PAL_BAD : PAL_ACCENT, "%s, %ld heat%s better",
               side_name(rv, k), r->beat[k], r->beat[k] == 1 ? "" : "s");
        if (s->fault[0] != '\0')
            hud_wrapped(hud, PAL_BAD, s->fault);
        if (s->refusal[0] != '\0')
            hud_wrapped(hud, PAL_BAD, s->refusal);
        hud_kv(hud, "games", PAL_TEXT, "%ld won / %ld played", s->won, played);
        if (played > 0)
            hud_kv(hud, "mean", PAL_TEXT, "len %.1f, %.0f steps", s->length_sum / (double)played,
                   s->steps_sum / (double)played);
        else
            hud_kv(hud, "mean", PAL_TEXT_DIM, "-");
    }
    hud_gap(hud);
    hud_text(hud, PAL_TEXT_DIM, "W P V: overlays on both boards");
    hud_text(hud, PAL_TEXT_DIM, "Tab: the other side's policy");
    hud_text(hud, PAL_TEXT_DIM, "R: next heat   X: end the race");
}

/* ======================================================================== */
/* The view                                                                  */
/* ======================================================================== */

/* The next tick waits for a side's move: an engine's answer, or a
 * policy's decision going on over frames (View.waiting). */
static bool race_view_waiting(const void *state) {
    const RaceView *rv = state;
    if (rv->over)
        return false;
    for (int k = 0; k < SNAKE_RACE_SIDES; k++)
        if (snake_race_side_thinking(&rv->race, k))
            return true;
    return false;
}

const View VIEW_RACE = {
    .name = "race",
    .mode = APP_MODE_SNAKE,
    .help = SNAKE_VIEW_HELP,
    .create = race_view_create,
    .destroy = race_view_destroy,
    .handle_action = race_view_action,
    .handle_event = race_view_event,
    .tick = race_view_tick,
    .draw = race_view_draw,
    .hud = race_view_hud,
    .idle = race_view_idle,
    .waiting = race_view_waiting,
    .history = NULL,
};
