/* view_sea.c - the sea battle in the window: hunters race on the same fleet.
 *
 * By default two boards race side by side: the chosen hunter (--hunter,
 * default sampler) and the other one shoot at copies of the same fleet, one
 * shot each per tick; fewer shots wins. Tab switches to a single board of
 * either hunter. Each board is exactly a headless game: game i uses seed
 * S + i for the fleet (stream 1) and the hunter's draws (stream 2).
 *
 * Like the snake view this one decides a tick ahead: after every shot the
 * hunter chooses its next cell, so the heatmap on screen (SeaAi.heat, read
 * through a const pointer, never recomputed) is the one that picked the
 * ringed cell, for the board exactly as it is drawn.
 *
 * Time travel (view.h, ViewHistory): each board records its game in a
 * SeaHistory (the shots and the hunter's stream before each decision). The
 * view's tick t is t shots on every board still shooting (a board that sank
 * the fleet earlier stays at its end). Showing a past tick is a seek: each
 * board fires its first shots again and the hunter decides once, so the
 * heatmap, the reason and the ringed cell are what it computed at that
 * tick. Playing on from a past tick drops the later shots first; with no
 * input in this mode the game then plays out exactly as before, so a
 * finished game is counted once in the statistics.
 */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "sea.h"
#include "sea_ai.h"
#include "sea_history.h"
#include "view.h"

/* ======================================================================== */
/* Types                                                                     */
/* ======================================================================== */

typedef struct Shooter {
    SeaHunter hunter;
    SeaGame game;
    SeaAi ai;
    Rng rng;      /* stream 2 of the game's seed */
    int pending;  /* the hunter's next cell, or -1 once the fleet is sunk */
    bool done;
    SeaHistory hist;        /* this board's game, every shot of it */
    double decision_us;     /* the last decision */
    double decision_us_sum; /* since the statistics restarted */
    long decisions;
} Shooter;

/* Which boards are shown: the race or one hunter alone (Tab cycles). */
typedef enum SeaLayout { SEA_RACE = 0, SEA_SINGLE_FIRST, SEA_SINGLE_SECOND, SEA_LAYOUT_COUNT } SeaLayout;

typedef struct SeaView {
    SeaPlacement placement;
    uint64_t seed;
    long game_index;
    SeaHunter first; /* --hunter; the race's other board gets the other hunter */
    SeaLayout layout;
    int cell_px;           /* the last drawn cell size (D says when numbers do not fit) */
    int boards;            /* 1 or 2 */
    Shooter shooter[2];

    /* statistics since the start or the last Tab */
    long played;
    long wins[2], ties;
    double shots_sum[2];
    int best_game[2], worst_game[2];
    bool over;
    uint64_t over_ms;
    bool counted; /* this game's result is in the statistics */
    long cur;     /* the tick on screen; last_tick() is the latest */
} SeaView;

static const Rgba SEA_UNKNOWN_C = {20, 34, 58, 255};  /* unknown water */
static const Rgba SEA_KNOWN_C = {52, 84, 118, 255};   /* water known from a sunk ship's halo */
static const Rgba SEA_MISS_C = {58, 92, 128, 255};    /* water we shot at */
static const Rgba SEA_DOT_C = {205, 225, 245, 255};   /* the splash of a miss */
static const Rgba SEA_HIT_C = {255, 120, 50, 255};    /* a hit on a floating ship */
static const Rgba SEA_SUNK_C = {150, 36, 44, 255};    /* a sunk ship */
static const Rgba SEA_SUNK_EDGE = {255, 150, 150, 255};
static const Rgba SEA_HALO_EDGE = {120, 170, 220, 150};
static const Rgba SEA_LABEL_C = {132, 140, 160, 255};
enum { HEAT_ALPHA = 200, NUMBERS_MIN_CELL = 16 };

/* ======================================================================== */
/* Playing                                                                   */
/* ======================================================================== */

static SeaHunter other_hunter(SeaHunter h) {
    return h == SEA_HUNTER_SOURCE ? SEA_HUNTER_SAMPLER : SEA_HUNTER_SOURCE;
}

static void decide(Shooter *s) {
    if (sea_game_is_over(&s->game)) {
        s->pending = -1;
        return;
    }
    WsError err = {0};
    int cell = -1;
    Uint64 t0 = SDL_GetPerformanceCounter();
    WsStatus st = sea_ai_choose(&s->ai, &s->game.seen, &s->rng, &cell, &err);
    Uint64 t1 = SDL_GetPerformanceCounter();
    s->decision_us = (double)(t1 - t0) * 1e6 / (double)SDL_GetPerformanceFrequency();
    /* The game's own board is always consistent, so a failure is a bug: stop this board. */
    s->pending = st == WS_OK ? cell : -1;
    if (st != WS_OK) {
        WsError note = {0};
        report_status(ws_fail(&note, st, "sea: the %s hunter failed: %s", sea_hunter_name(s->hunter),
                           err.msg),
                   &note);
    }
}

static void start_game(SeaView *v, long index) {
    v->game_index = index;
    uint64_t seed = v->seed + (uint64_t)index;
    for (int b = 0; b < v->boards; b++) {
        Shooter *s = &v->shooter[b];
        sea_game_reset(&s->game, seed, v->placement);
        sea_ai_clear(&s->ai);
        rng_init(&s->rng, seed, RNG_STREAM_OTHER);
        s->done = false;
        /* Before the first decision, as the history wants; a new game cannot fail. */
        (void)sea_history_begin(&s->hist, &s->game, &s->ai, &s->rng, NULL);
        decide(s);
    }
    v->over = false;
    v->counted = false;
    v->cur = 0;
}

/* The latest tick of this game: every board shoots once a tick until its fleet is sunk. */
static long last_tick(const SeaView *v) {
    long last = 0;
    for (int b = 0; b < v->boards; b++)
        if (v->shooter[b].hist.shots > last)
            last = v->shooter[b].hist.shots;
    return last;
}

/* The game ended (live, or a seek landed on its end): the result shows; it is
 * counted in the statistics once per game. */
static void finish_game(SeaView *v, FrontendCtx *ctx) {
    v->over = true;
    v->over_ms = ctx->now_ms;
    if (v->counted)
        return;
    v->counted = true;
    if (ctx->pause_on_end)
        ctx->paused = true; /* E / --pause-on-end: the end stays until Space, N or Enter */
    v->played++;
    for (int b = 0; b < v->boards; b++) {
        int shots = v->shooter[b].game.shots;
        v->shots_sum[b] += shots;
        if (v->best_game[b] == 0 || shots < v->best_game[b])
            v->best_game[b] = shots;
        if (shots > v->worst_game[b])
            v->worst_game[b] = shots;
    }
    if (v->boards == 2) {
        int a = v->shooter[0].game.shots, b = v->shooter[1].game.shots;
        if (a < b)
            v->wins[0]++;
        else if (b < a)
            v->wins[1]++;
        else
            v->ties++;
    }
}

/* Applies the layout: which hunters play; statistics restart. */
static void set_layout(SeaView *v, SeaLayout layout) {
    v->layout = layout;
    v->boards = layout == SEA_RACE ? 2 : 1;
    SeaHunter second = other_hunter(v->first);
    SeaHunter h0 = layout == SEA_SINGLE_SECOND ? second : v->first;
    sea_ai_init(&v->shooter[0].ai, h0);
    v->shooter[0].hunter = h0;
    sea_ai_init(&v->shooter[1].ai, second);
    v->shooter[1].hunter = second;
    v->played = v->ties = 0;
    memset(v->wins, 0, sizeof v->wins);
    memset(v->shots_sum, 0, sizeof v->shots_sum);
    memset(v->best_game, 0, sizeof v->best_game);
    memset(v->worst_game, 0, sizeof v->worst_game);
    for (int b = 0; b < 2; b++) {
        v->shooter[b].decision_us_sum = 0.0;
        v->shooter[b].decisions = 0;
    }
}

/* ======================================================================== */
/* View callbacks: lifecycle, input, tick                                    */
/* ======================================================================== */

static void sea_view_destroy(void *state) { free(state); }

static WsStatus sea_view_create(void **state, FrontendCtx *ctx, const void *arg, WsError *err) {
    (void)arg; /* opened for its mode: no argument */
    *state = NULL;
    const AppOptions *o = ctx->opts;
    SeaHunter first = o->hunter;
    SeaPlacement placement = o->placement;
    SeaView *v = calloc(1, sizeof *v);
    if (v == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for the sea view");
    v->first = first;
    v->placement = placement;
    v->seed = o->seed;
    set_layout(v, SEA_RACE);
    start_game(v, 0);
    printf("wavesnake: sea, %s vs %s, placement %s, seed %llu (game i uses seed + i)\n",
           sea_hunter_name(first), sea_hunter_name(other_hunter(first)),
           sea_placement_name(placement), (unsigned long long)v->seed);
    fflush(stdout);
    *state = v;
    return WS_OK;
}

static bool sea_view_action(void *state, Action action, FrontendCtx *ctx) {
    SeaView *v = state;
    switch (action) {
    case ACT_RESTART:
    case ACT_NEW_GAME:
        start_game(v, v->game_index + (action == ACT_NEW_GAME));
        frontend_status(ctx, "%s %ld (seed %llu)", action == ACT_NEW_GAME ? "next game:" : "game",
                        v->game_index, (unsigned long long)(v->seed + (uint64_t)v->game_index));
        return true;
    case ACT_TOGGLE_NUMBERS:
        frontend_numbers_fit(ctx, v->cell_px, NUMBERS_MIN_CELL);
        return false;
    case ACT_NEXT:
        set_layout(v, (SeaLayout)((v->layout + 1) % SEA_LAYOUT_COUNT));
        start_game(v, v->game_index + 1);
        if (v->boards == 2)
            frontend_status(ctx, "race: %s vs %s", sea_hunter_name(v->shooter[0].hunter),
                            sea_hunter_name(v->shooter[1].hunter));
        else
            frontend_status(ctx, "hunter: %s", sea_hunter_name(v->shooter[0].hunter));
        return true;
    default:
        return false;
    }
}

static bool sea_view_tick(void *state, FrontendCtx *ctx) {
    SeaView *v = state;
    if (v->cur < last_tick(v)) {
        /* Playing on from a past tick: the later shots go (they come back the same). */
        for (int b = 0; b < v->boards; b++) {
            SeaHistory *h = &v->shooter[b].hist;
            sea_history_truncate(h, v->cur < h->shots ? (int)v->cur : h->shots, NULL);
        }
    }
    if (v->over) {
        /* While paused a single step skips the wait, so N never seems stuck. */
        if (!ctx->paused && ctx->now_ms - v->over_ms < VIEW_RESULT_MS)
            return false;
        start_game(v, v->game_index + 1);
        return true;
    }
    bool all_done = true;
    for (int b = 0; b < v->boards; b++) {
        Shooter *s = &v->shooter[b];
        if (s->done)
            continue;
        if (s->pending < 0 ||
            sea_history_shoot(&s->hist, &s->game, &s->rng, s->pending) == SEA_SHOT_INVALID ||
            sea_game_is_over(&s->game)) {
            s->done = true;
            s->pending = -1;
            continue;
        }
        all_done = false;
        decide(s);
        s->decision_us_sum += s->decision_us;
        s->decisions++;
    }
    v->cur = last_tick(v);
    if (all_done)
        finish_game(v, ctx);
    return true;
}

/* ---- ViewHistory --------------------------------------------------------- */

static void sea_hist_range(void *state, long *first, long *last) {
    *first = 0;
    *last = last_tick(state);
}

static long sea_hist_current(void *state) { return ((SeaView *)state)->cur; }

/* Every board at tick t (or at its end, if its fleet sank before t), with the
 * hunter's decision there. */
static bool sea_hist_seek(void *state, long t, FrontendCtx *ctx) {
    SeaView *v = state;
    bool all_done = true;
    for (int b = 0; b < v->boards; b++) {
        Shooter *s = &v->shooter[b];
        int at = t < s->hist.shots ? (int)t : s->hist.shots;
        WsError err = {0};
        int choice = -1;
        Uint64 t0 = SDL_GetPerformanceCounter();
        if (sea_history_seek(&s->hist, at, &s->game, &s->ai, &s->rng, &choice, &err) != WS_OK) {
            frontend_status(ctx, "cannot show tick %ld: %s", t, err.msg);
            return false;
        }
        /* The HUD's decision time: this decision, made again (with the shots before it). */
        s->decision_us = (double)(SDL_GetPerformanceCounter() - t0) * 1e6 /
                         (double)SDL_GetPerformanceFrequency();
        s->pending = choice;
        s->done = choice < 0;
        all_done = all_done && s->done;
    }
    v->cur = t;
    if (all_done)
        finish_game(v, ctx);
    else
        v->over = false;
    return true;
}

/* Whether every board's history ends with its fleet sunk. */
static bool game_ended(const SeaView *v) {
    for (int b = 0; b < v->boards; b++) {
        const SeaHistory *h = &v->shooter[b].hist;
        int sunk = 0;
        for (int t = 0; t < h->shots; t++)
            sunk += sea_history_sank(h, t);
        if (sunk < SEA_SHIP_COUNT)
            return false;
    }
    return true;
}

/* A sunk ship marks the tick after the shot (the board with the ship sunk);
 * the end marks the last tick of a finished game. A game is at most
 * SEA_CELLS ticks long: a plain loop. */
static unsigned sea_hist_marks(void *state, long from, long to) {
    const SeaView *v = state;
    unsigned m = 0;
    for (int b = 0; b < v->boards; b++) {
        const SeaHistory *h = &v->shooter[b].hist;
        for (long t = from; t < to && t <= h->shots; t++)
            if (sea_history_sank(h, (int)t - 1))
                m |= TIMELINE_MARK_SUNK;
    }
    long last = last_tick(v);
    if (last >= from && last < to && game_ended(v))
        m |= TIMELINE_MARK_END;
    return m;
}

static const ViewHistory SEA_HISTORY = {
    .range = sea_hist_range,
    .current = sea_hist_current,
    .seek = sea_hist_seek,
    .marks = sea_hist_marks,
    .idle = NULL,
};

/* ======================================================================== */
/* Drawing                                                                   */
/* ======================================================================== */

/* Where one board goes inside its share of the board area: a caption line on
 * top, column letters and row numbers around the cells. */
typedef struct BoardPlace {
    BoardLayout bl;
    PixRect caption;
    int label_px;
} BoardPlace;

static BoardPlace place_board(PixRect area, int caption_px) {
    BoardPlace p;
    /* The labels take about one cell; solve for the cell size with them included. */
    int cap_h = caption_px * 2;
    int side_w = area.w * 10 / 11, side_h = (area.h - cap_h) * 10 / 11;
    int cell = (side_w < side_h ? side_w : side_h) / SEA_W;
    if (cell < 4)
        cell = 4;
    int total_w = cell * (SEA_W + 1), total_h = cell * (SEA_H + 1) + cap_h;
    int x = area.x + (area.w - total_w) / 2, y = area.y + (area.h - total_h) / 2;
    PixRect cells = {x + cell, y + cap_h + cell, cell * SEA_W, cell * SEA_H};
    layout_board(&p.bl, cells, SEA_W, SEA_H);
    p.caption = (PixRect){x, y, total_w, cap_h};
    p.label_px = cell * 2 / 5;
    return p;
}

static PixRect cell_rect(const BoardLayout *bl, int cell) {
    return layout_cell_rect(bl, cell % SEA_W, cell / SEA_W);
}

/* The colour of a heat value on the ramp (t relative to this decision's maximum). */
static Rgba heat_color(const SeaAi *ai, int cell) {
    double t = ai->heat_max > 0 ? (double)ai->heat[cell] / (double)ai->heat_max : 0.0;
    return rgba_lerp(SEA_UNKNOWN_C, ramp_color(RAMP_HEAT, 0.15 + 0.85 * t), HEAT_ALPHA / 255.0);
}

/* The number shown for a cell: sampled fleets as a percentage, counts and
 * weights as they are. */
static long heat_number(const SeaAi *ai, int cell) {
    if (ai->reason == SEA_AI_SAMPLE && ai->samples > 0)
        return ((long)ai->heat[cell] * 100 + ai->samples / 2) / ai->samples;
    return (long)ai->heat[cell];
}

static void draw_labels(FrontendCtx *ctx, const BoardPlace *p) {
    int lh = text_line_height(ctx->text, p->label_px);
    SDL_Color c = render_sdl_color(SEA_LABEL_C);
    for (int x = 0; x < SEA_W; x++) {
        PixRect r = layout_cell_rect(&p->bl, x, 0);
        char s[2] = {(char)('A' + x), '\0'};
        text_draw(ctx->text, p->label_px, r.x + r.w / 2, r.y - p->bl.cell / 2 - lh / 2,
                  TEXT_CENTER, c, s);
    }
    for (int y = 0; y < SEA_H; y++) {
        PixRect r = layout_cell_rect(&p->bl, 0, y);
        text_drawf(ctx->text, p->label_px, r.x - p->bl.cell / 2, r.y + (r.h - lh) / 2,
                   TEXT_CENTER, c, "%d", y + 1);
    }
}

static void draw_board(const Shooter *s, FrontendCtx *ctx, const BoardPlace *p) {
    SDL_Renderer *ren = ctx->renderer;
    const BoardLayout *bl = &p->bl;
    const SeaGame *g = &s->game;
    const SeaAi *ai = &s->ai;
    unsigned ov = ctx->overlays;
    bool heat = (ov & OVERLAY_HEATMAP) && s->pending >= 0;
    int inset = bl->cell >= 8 ? bl->cell / 10 : 0;

    /* water: unknown (tinted by the heatmap), known from a halo, or shot */
    for (int c = 0; c < SEA_CELLS; c++) {
        PixRect r = cell_rect(bl, c);
        SeaMark m = (SeaMark)g->seen.mark[c];
        Rgba fill = SEA_UNKNOWN_C;
        if (m == SEA_UNKNOWN && heat && ai->heat[c] > 0)
            fill = heat_color(ai, c);
        else if (m == SEA_MISS)
            fill = g->shot[c] ? SEA_MISS_C : SEA_KNOWN_C;
        else if (m == SEA_HIT || m == SEA_SUNK)
            fill = SEA_MISS_C;
        render_fill(ren, r, fill);
    }
    if (ov & OVERLAY_GRID)
        render_grid(ren, bl, PAL_GRID);
    else
        render_grid(ren, bl, rgba_alpha(PAL_GRID, 90));

    /* sunk ships: one joined bar per ship, with their halos outlined */
    for (int i = 0; i < SEA_SHIP_COUNT; i++) {
        const SeaShip *ship = &g->fleet.ship[i];
        if (g->ship_hits[i] < ship->len)
            continue;
        PixRect a = layout_cell_rect(bl, ship->x, ship->y);
        int ex = ship->x + (ship->vertical ? 0 : ship->len - 1);
        int ey = ship->y + (ship->vertical ? ship->len - 1 : 0);
        PixRect z = layout_cell_rect(bl, ex, ey);
        PixRect bar = {a.x + inset, a.y + inset, z.x + z.w - a.x - 2 * inset,
                       z.y + z.h - a.y - 2 * inset};
        render_fill(ren, bar, SEA_SUNK_C);
        render_outline(ren, bar, bl->cell >= 20 ? 2 : 1, SEA_SUNK_EDGE);
        int hx0 = ship->x > 0 ? ship->x - 1 : 0, hy0 = ship->y > 0 ? ship->y - 1 : 0;
        int hx1 = ex < SEA_W - 1 ? ex + 1 : ex, hy1 = ey < SEA_H - 1 ? ey + 1 : ey;
        PixRect h0 = layout_cell_rect(bl, hx0, hy0), h1 = layout_cell_rect(bl, hx1, hy1);
        render_outline(ren, (PixRect){h0.x, h0.y, h1.x + h1.w - h0.x, h1.y + h1.h - h0.y}, 1,
                       SEA_HALO_EDGE);
    }
    /* hits on floating ships, and the splashes of misses */
    for (int c = 0; c < SEA_CELLS; c++) {
        PixRect r = cell_rect(bl, c);
        int cx = r.x + r.w / 2, cy = r.y + r.h / 2;
        if (g->seen.mark[c] == SEA_HIT) {
            render_fill(ren, render_inset(r, inset), SEA_HIT_C);
            int t = bl->cell >= 16 ? 3 : 1, k = bl->cell / 4;
            for (int d = -k; d <= k; d++) { /* a cross: two diagonals of small squares */
                render_fill(ren, (PixRect){cx + d - t / 2, cy + d - t / 2, t, t}, SEA_SUNK_C);
                render_fill(ren, (PixRect){cx + d - t / 2, cy - d - t / 2, t, t}, SEA_SUNK_C);
            }
        } else if (g->seen.mark[c] == SEA_MISS && g->shot[c]) {
            int rad = bl->cell / 9 > 1 ? bl->cell / 9 : 1;
            render_disc(ren, cx, cy, rad, SEA_DOT_C);
        }
    }
    /* heat numbers (D) on the unknown cells */
    if (heat && (ov & OVERLAY_NUMBERS) && bl->cell >= NUMBERS_MIN_CELL) {
        int px = bl->cell * 2 / 5;
        int adv = text_advance(ctx->text, px), lh = text_line_height(ctx->text, px);
        for (int c = 0; c < SEA_CELLS; c++) {
            if (g->seen.mark[c] != SEA_UNKNOWN || ai->heat[c] == 0)
                continue;
            char buf[16];
            int n = snprintf(buf, sizeof buf, "%ld", heat_number(ai, c));
            if (n * adv > bl->cell - 2)
                continue;
            PixRect r = cell_rect(bl, c);
            text_draw(ctx->text, px, r.x + r.w / 2, r.y + (r.h - lh) / 2, TEXT_CENTER,
                      render_sdl_color(rgba_alpha(rgba_text_on(heat_color(ai, c)), 230)), buf);
        }
    }
    /* the last shot boxed, the next one ringed */
    if (g->last_cell >= 0)
        render_outline(ren, cell_rect(bl, g->last_cell), bl->cell >= 20 ? 2 : 1,
                       rgba_alpha(PAL_TEXT, 200));
    if (s->pending >= 0 && !s->done) {
        PixRect r = cell_rect(bl, s->pending);
        int cx = r.x + r.w / 2, cy = r.y + r.h / 2;
        int thick = bl->cell >= 20 ? 3 : 1;
        render_ring(ren, cx, cy, bl->cell * 2 / 5, thick, PAL_ACCENT);
        render_segment(ren, cx - bl->cell / 2, cy, cx - bl->cell / 4, cy, thick, PAL_ACCENT);
        render_segment(ren, cx + bl->cell / 4, cy, cx + bl->cell / 2, cy, thick, PAL_ACCENT);
        render_segment(ren, cx, cy - bl->cell / 2, cx, cy - bl->cell / 4, thick, PAL_ACCENT);
        render_segment(ren, cx, cy + bl->cell / 4, cx, cy + bl->cell / 2, thick, PAL_ACCENT);
    }
}

static void sea_view_draw(void *state, FrontendCtx *ctx) {
    SeaView *v = state;
    PixRect area = ctx->frame.board_area;
    int px = ctx->frame.hud_px;
    for (int b = 0; b < v->boards; b++) {
        PixRect part = area;
        /* Two boards side by side, or one above the other when that gives
         * bigger cells (portrait windows); a board with its labels and title
         * is about 11 x 12 cells. */
        int beside = area.w / 22 < area.h / 12 ? area.w / 22 : area.h / 12;
        int stacked = area.w / 11 < area.h / 24 ? area.w / 11 : area.h / 24;
        if (v->boards == 2 && stacked > beside) {
            int gap = area.h / 40;
            part.h = (area.h - gap) / 2;
            part.y = area.y + b * (part.h + gap);
        } else if (v->boards == 2) {
            int gap = area.w / 40;
            part.w = (area.w - gap) / 2;
            part.x = area.x + b * (part.w + gap);
        }
        BoardPlace p = place_board(part, px);
        v->cell_px = p.bl.cell;
        const Shooter *s = &v->shooter[b];
        draw_board(s, ctx, &p);
        draw_labels(ctx, &p);
        const SeaGame *g = &s->game;
        Rgba cc = PAL_ACCENT;
        if (v->over && v->boards == 2) {
            int mine = g->shots, theirs = v->shooter[1 - b].game.shots;
            cc = mine < theirs ? PAL_GOOD : mine > theirs ? PAL_BAD : PAL_TEXT;
        }
        /* The longest title that fits over its own board: two never overprint. */
        char title[3][96];
        snprintf(title[0], sizeof title[0], "%s hunter: %d shots, %d/%d sunk",
                 sea_hunter_name(s->hunter), g->shots, g->sunk, SEA_SHIP_COUNT);
        snprintf(title[1], sizeof title[1], "%s: %d shots, %d/%d", sea_hunter_name(s->hunter),
                 g->shots, g->sunk, SEA_SHIP_COUNT);
        snprintf(title[2], sizeof title[2], "%s %d", sea_hunter_name(s->hunter), g->shots);
        int tpx = px + 2, k = 0;
        while (k < 2 && text_width(ctx->text, tpx, title[k]) > p.caption.w)
            k++;
        while (tpx > TEXT_MIN_PX && text_width(ctx->text, tpx, title[k]) > p.caption.w)
            tpx--;
        SDL_Rect clip = {p.caption.x, p.caption.y, p.caption.w, p.caption.h};
        SDL_RenderSetClipRect(ctx->renderer, &clip);
        text_draw(ctx->text, tpx, p.caption.x + p.caption.w / 2, p.caption.y, TEXT_CENTER,
                  render_sdl_color(cc), title[k]);
        SDL_RenderSetClipRect(ctx->renderer, NULL);
    }
    if (v->over) {
        /* Above the boards, never over them; it stays until the next game. */
        if (v->boards == 2) {
            int a = v->shooter[0].game.shots, b = v->shooter[1].game.shots;
            if (a == b) {
                snprintf(ctx->caption, sizeof ctx->caption, "TIE - %d shots each", a);
                ctx->caption_color = PAL_TEXT;
            } else {
                const Shooter *w = &v->shooter[a < b ? 0 : 1], *l = &v->shooter[a < b ? 1 : 0];
                snprintf(ctx->caption, sizeof ctx->caption, "%s wins: %d shots to %s's %d",
                         sea_hunter_name(w->hunter), w->game.shots, sea_hunter_name(l->hunter),
                         l->game.shots);
                ctx->caption_color = PAL_GOOD;
            }
        } else {
            snprintf(ctx->caption, sizeof ctx->caption, "FLEET SUNK in %d shots",
                     v->shooter[0].game.shots);
            ctx->caption_color = PAL_GOOD;
        }
    }
}

/* ======================================================================== */
/* HUD                                                                       */
/* ======================================================================== */

static void hud_reason(Hud *hud, const Shooter *s) {
    const SeaAi *ai = &s->ai;
    if (s->done) {
        hud_kv(hud, "decision", PAL_GOOD, "fleet sunk in %d shots", s->game.shots);
        return;
    }
    char cell[4] = "-";
    if (s->pending >= 0)
        sea_cell_name(s->pending, cell);
    hud_kv(hud, "next shot", PAL_ACCENT, "%s  (%s)", cell, sea_ai_reason_name(ai->reason));
    switch (ai->reason) {
    case SEA_AI_HUNT:
        hud_text(hud, PAL_TEXT_DIM, "  max %u placements of the %d-ship,", (unsigned)ai->heat_max,
                 ai->length);
        hud_text(hud, PAL_TEXT_DIM, "  %d cell%s tied", ai->ties, ai->ties == 1 ? "" : "s");
        break;
    case SEA_AI_AROUND:
        hud_text(hud, PAL_TEXT_DIM, "  next to the hit where a %d-ship fits", ai->length);
        hud_text(hud, PAL_TEXT_DIM, "  (%d candidate%s)", ai->ties, ai->ties == 1 ? "" : "s");
        break;
    case SEA_AI_LINE:
        hud_text(hud, PAL_TEXT_DIM, "  along the line of hits (%d open end%s)", ai->ties,
                 ai->ties == 1 ? "" : "s");
        break;
    case SEA_AI_SAMPLE:
        hud_text(hud, PAL_TEXT_DIM, "  a ship here in %ld%% of %d fleets",
                 ai->samples ? ((long)ai->heat_max * 100 + ai->samples / 2) / ai->samples : 0L,
                 ai->samples);
        hud_text(hud, PAL_TEXT_DIM, "  consistent with the board");
        break;
    case SEA_AI_TARGET:
        hud_text(hud, PAL_TEXT_DIM, "  weight %u: placements through", (unsigned)ai->heat_max);
        hud_text(hud, PAL_TEXT_DIM, "  the hits x ships of that length");
        break;
    default:
        break;
    }
}

/* The ships still afloat as the hunter read them from the board for its
 * pending decision (SeaAi.left); once the fleet is sunk, none. */
static void hud_fleet(Hud *hud, const Shooter *s) {
    int total[SEA_MAX_LEN + 1] = {0};
    for (int i = 0; i < SEA_SHIP_COUNT; i++)
        total[SEA_FLEET[i]]++;
    SeaLeft left;
    memset(&left, 0, sizeof left);
    if (s->pending >= 0)
        left = s->ai.left;
    for (int len = SEA_MAX_LEN; len >= 1; len--) {
        char line[96] = "";
        size_t n = 0;
        for (int k = 0; k < total[len]; k++) {
            for (int j = 0; j < len && n + 4 < sizeof line; j++) {
                /* "■" afloat, "□" sunk: 3 bytes each in UTF-8 */
                const char *sq = k < left.count[len] ? "\xe2\x96\xa0" : "\xe2\x96\xa1";
                memcpy(line + n, sq, 3);
                n += 3;
            }
            if (n + 1 < sizeof line)
                line[n++] = ' ';
        }
        line[n] = '\0';
        hud_kv(hud, len == SEA_MAX_LEN ? "afloat" : "", left.count[len] ? PAL_TEXT : PAL_TEXT_DIM,
               "%s %d/%d", line, left.count[len], total[len]);
    }
}

static void sea_view_hud(void *state, FrontendCtx *ctx, Hud *hud) {
    SeaView *v = state;
    const Shooter *a = &v->shooter[0];
    if (v->boards == 2)
        hud_kv(hud, "hunters", PAL_ACCENT, "%s vs %s  [Tab]", sea_hunter_name(a->hunter),
               sea_hunter_name(v->shooter[1].hunter));
    else
        hud_kv(hud, "hunter", PAL_ACCENT, "%s  [Tab]", sea_hunter_name(a->hunter));
    hud_kv(hud, "placement", PAL_TEXT, "%s", sea_placement_name(v->placement));
    hud_kv(hud, "game", PAL_TEXT, "#%ld  (seed %llu)", v->game_index,
           (unsigned long long)(v->seed + (uint64_t)v->game_index));
    for (int b = 0; b < v->boards; b++) {
        const SeaGame *g = &v->shooter[b].game;
        hud_kv(hud, sea_hunter_name(v->shooter[b].hunter), PAL_TEXT, "%d shots, %d hits, %d sunk",
               g->shots, g->hits, g->sunk);
    }
    hud_reason(hud, a);
    hud_fleet(hud, a);
    hud_gap(hud);
    if (v->played > 0) {
        if (v->boards == 2)
            hud_kv(hud, "games", PAL_TEXT, "%ld: %s %ld, %s %ld, tie %ld", v->played,
                   sea_hunter_name(v->shooter[0].hunter), v->wins[0],
                   sea_hunter_name(v->shooter[1].hunter), v->wins[1], v->ties);
        else
            hud_kv(hud, "games", PAL_TEXT, "%ld", v->played);
        for (int b = 0; b < v->boards; b++)
            hud_kv(hud, b == 0 ? "shots" : "", PAL_TEXT, "%s mean %.1f (%d..%d)",
                   sea_hunter_name(v->shooter[b].hunter), v->shots_sum[b] / (double)v->played,
                   v->best_game[b], v->worst_game[b]);
    } else {
        hud_kv(hud, "games", PAL_TEXT_DIM, "none finished yet");
    }
    for (int b = 0; b < v->boards; b++) {
        const Shooter *s = &v->shooter[b];
        char now[24], mean[24];
        hud_kv(hud, b == 0 ? "decision" : "", PAL_TEXT, "%s %s (mean %s)",
               sea_hunter_name(s->hunter), layout_duration(now, sizeof now, s->decision_us),
               layout_duration(mean, sizeof mean,
                               s->decisions > 0 ? s->decision_us_sum / (double)s->decisions : 0.0));
    }
    hud_gap(hud);
    if ((ctx->overlays & OVERLAY_HEATMAP) && !hud_is_full(hud, 8)) {
        const char *what = a->ai.reason == SEA_AI_SAMPLE ? "H  heat: share of sampled fleets"
                           : a->ai.reason == SEA_AI_HUNT ? "H  heat: placements per cell"
                                                         : "H  heat: the hunter's scores";
        hud_ramp(hud, RAMP_HEAT, what, "low", "max");
    }
    if (!hud_is_full(hud, 6)) {
        hud_legend(hud, HUD_SWATCH_FILL, SEA_HIT_C, "hit (ship still afloat)");
        hud_legend(hud, HUD_SWATCH_FILL, SEA_SUNK_C, "sunk ship, halo outlined");
        hud_legend(hud, HUD_SWATCH_DISC, SEA_DOT_C, "miss");
        hud_legend(hud, HUD_SWATCH_FILL, SEA_KNOWN_C, "water known from a halo");
        hud_legend(hud, HUD_SWATCH_OUTLINE, PAL_ACCENT, "next shot");
    }
}

/* ======================================================================== */
/* The view                                                                  */
/* ======================================================================== */

static const KeyHelp SEA_HELP[] = {
    {"Tab", "race of both hunters / one hunter alone"},
    {"R  /  Enter", "this game again / the next one (seed + 1)"},
    {"H  D", "placement heatmap / its numbers"},
    {NULL, NULL},
};

const View VIEW_SEA = {
    .name = "sea",
    .mode = APP_MODE_SEA,
    .help = SEA_HELP,
    .create = sea_view_create,
    .destroy = sea_view_destroy,
    .handle_action = sea_view_action,
    .handle_event = NULL,
    .tick = sea_view_tick,
    .draw = sea_view_draw,
    .hud = sea_view_hud,
    .history = &SEA_HISTORY,
};
