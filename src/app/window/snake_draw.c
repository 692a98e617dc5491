/* snake_draw.c - one snake board: walls, wave, body, food, virtual snake,
 * paths and cycle, read from the AI's kept search data (snake_draw.h). */
#include "snake_draw.h"

#include <stdio.h>

#include "grid.h"

/* ======================================================================== */
/* Colours                                                                   */
/* ======================================================================== */

/* Snake colours: the body fades from the head colour to the tail colour. */
/* Snake colours: the body fades from the head colour to the tail colour.
 * Orange is on none of the overlay ramps (the wave runs yellow - green -
 * violet), and each segment has a dark rim, so the body never melts into the
 * wave under it. */
static const Rgba SNAKE_HEAD = {255, 150, 45, 255};
static const Rgba SNAKE_TAIL = {150, 72, 24, 255};
static const Rgba SNAKE_RIM = {14, 16, 22, 255};
static const Rgba SNAKE_EYE = {14, 16, 22, 255};
static const Rgba FOOD = {255, 70, 85, 255};
static const Rgba FOOD_SHINE = {255, 190, 195, 255};
static const Rgba FOOD_LEAF = {120, 220, 110, 255};
static const Rgba WALL_EDGE = {104, 112, 136, 255}; /* the lit rim of a wall block */
/* The player's arrow while steering: blue, on none of the overlay ramps and
 * far from the AI's accent-yellow arrow. */
static const Rgba PLAYER_ARROW = {70, 150, 255, 255};
const Rgba SNAKE_BLOCK_LINE = {66, 74, 100, 255};
/* Behind a wave number over the path or the virtual snake (D): opaque and
 * darker than every layer, so the light digits read on the white line. */
static const Rgba LABEL_PLATE = {9, 10, 15, 255};
enum {
    WAVE_ALPHA = 165,
    NUMBERS_MIN_CELL = SNAKE_NUMBERS_MIN_CELL,
    MARKER_MIN_CELL = 6, /* smaller cells get a ring around the head and the food */
    MARKER_RADIUS = 7
};
/* ======================================================================== */
/* Keys                                                                      */
/* ======================================================================== */

const KeyHelp SNAKE_VIEW_HELP[] = {
    {"Tab", "next policy from this tick (later ticks go; game over: from tick 0)"},
    {"R  /  Enter", "this game again / the next one (replay: this game / the next)"},
    {"mouse", "L toggles a wall (hamilton, perfect: whole 2x2 blocks at even x, y)"},
    {"arrows", "take the wheel: steer (the AI's move stays drawn)"},
    {"A", "the AI drives again (or 3 s idle); replay: it plays on from here"},
    {"X", "race: two policies side by side (X again ends it)"},
    {"steering", "4 ticks/s, your move a blue arrow; A: the AI and your speed"},
    {NULL, NULL},
};

/* ======================================================================== */
/* The board's layers                                                        */
/* ======================================================================== */

static PixRect cell_rect(const BoardLayout *bl, int cell) {
    return layout_cell_rect(bl, cell % bl->cols, cell / bl->cols);
}

/* Walls: solid blocks in PAL_WALL with a lighter rim on big cells, so they
 * read as raised, unlike the flat floor, the translucent wave and the body. */
static void draw_walls(const SnakeScene *v, FrontendCtx *ctx, const BoardLayout *bl) {
    const SnakeGame *g = v->game;
    if (g->wall_count == 0)
        return;
    int rim = bl->cell >= 10 ? bl->cell / 10 : 0;
    for (int cell = 0; cell < g->snake.cap; cell++) {
        if (!g->walls[cell])
            continue;
        PixRect r = cell_rect(bl, cell);
        if (rim > 0) {
            render_fill(ctx->renderer, r, WALL_EDGE);
            r = render_inset(r, rim);
        }
        render_fill(ctx->renderer, r, PAL_WALL);
    }
}

/* The numbers written over a wave (the AI's or an engine's): their size
 * and whether two decimal digits fit a cell (else base 62). */
typedef struct WaveLabels {
    int px, lh;
    bool decimal;
} WaveLabels;

/* false when the numbers are off or the cells too small for them. */
static bool wave_labels_fit(FrontendCtx *ctx, const BoardLayout *bl, bool numbers, WaveLabels *wl) {
    if (!numbers || bl->cell < NUMBERS_MIN_CELL)
        return false;
    wl->px = bl->cell * 9 / 20;
    int adv = text_advance(ctx->text, wl->px);
    wl->decimal = adv > 0 && adv * 2 <= bl->cell - 2; /* two decimal digits fit */
    wl->lh = text_line_height(ctx->text, wl->px);
    return true;
}

/* Writes d in cell, readable on its tint (d against the largest, max_d). */
static void wave_label_draw(FrontendCtx *ctx, const BoardLayout *bl, const WaveLabels *wl, int cell,
                            int d, int max_d) {
    char buf[16];
    if (wl->decimal && d < 100)
        snprintf(buf, sizeof buf, "%d", d);
    else
        layout_base62(buf, (int)sizeof buf, d, true);
    Rgba under =
        rgba_lerp(PAL_BOARD, ramp_color(RAMP_WAVE, (double)d / (double)max_d), WAVE_ALPHA / 255.0);
    PixRect r = cell_rect(bl, cell);
    text_draw(ctx->text, wl->px, r.x + r.w / 2, r.y + (r.h - wl->lh) / 2, TEXT_CENTER,
              render_sdl_color(rgba_alpha(rgba_text_on(under), 220)), buf);
}

/* The cells the path and the virtual snake cover, marked in v->mark (all
 * zero before): their numbers go over those layers. mark = 1 sets, 0 clears. */
static void mark_overlaid(const SnakeScene *v, bool path, bool virt, uint8_t mark) {
    if (v->engine && v->info != NULL) {
        for (int i = 0; path && i < v->info->path_len; i++)
            v->mark[v->info->path[i]] = mark;
        for (int i = 0; virt && i < v->info->mark_len; i++)
            v->mark[v->info->mark[i]] = mark;
        return;
    }
    if (v->engine)
        return;
    const SnakeAi *ai = v->ai;
    for (int i = 0; path && i < ai->food_path.len; i++)
        v->mark[ai->food_path.cells[i]] = mark;
    for (int i = 0; path && i < ai->tail_path.len; i++)
        v->mark[ai->tail_path.cells[i]] = mark;
    for (int i = 0; virt && ai->virt_valid && i < ai->virt.len; i++)
        v->mark[snake_at(&ai->virt, i)] = mark;
}

/* The numbers of the marked cells (under the path or the virtual snake),
 * drawn after those layers, each on a dark plate the size of the text so
 * it reads over the white path line and the ribbon; the line shows on
 * either side of the plate. */
static void draw_labels_over(const SnakeScene *v, FrontendCtx *ctx, const BoardLayout *bl,
                             bool numbers) {
    WaveLabels wl;
    if (!wave_labels_fit(ctx, bl, numbers, &wl))
        return;
    const SnakeGame *g = v->game;
    const int32_t *dist = NULL;
    int cells = g->snake.cap;
    if (v->engine && v->info != NULL && v->info->has_wave)
        dist = v->info->wave;
    else if (!v->engine && v->ai->wave.source >= 0 && v->ai->wave.reached > 0)
        dist = v->ai->wave.dist; /* WAVE_UNREACHED (< 0) where the search did not go */
    if (dist == NULL)
        return;
    char buf[16];
    for (int c = 0; c < cells; c++) {
        if (!v->mark[c] || dist[c] < 0 || snake_occupies(&g->snake, c) || c == g->food)
            continue;
        int d = (int)dist[c];
        if (wl.decimal && d < 100)
            snprintf(buf, sizeof buf, "%d", d);
        else
            layout_base62(buf, (int)sizeof buf, d, true);
        PixRect r = cell_rect(bl, c);
        int tw = text_width(ctx->text, wl.px, buf) + 2;
        PixRect plate = {r.x + (r.w - tw) / 2, r.y + (r.h - wl.lh) / 2, tw, wl.lh};
        render_fill(ctx->renderer, plate, LABEL_PLATE);
        text_draw(ctx->text, wl.px, r.x + r.w / 2, plate.y, TEXT_CENTER, render_sdl_color(PAL_TEXT),
                  buf);
    }
}

/* The BFS wave from the head, as the AI left it: each reached cell tinted by
 * its distance (arrival tick), optionally with the number. */
static void draw_wave(const SnakeScene *v, FrontendCtx *ctx, const BoardLayout *bl, bool numbers) {
    const WaveField *wf = &v->ai->wave;
    if (wf->source < 0 || wf->reached <= 0)
        return;
    int max_d = 1;
    for (int i = 0; i < wf->reached; i++)
        if (wf->dist[wf->order[i]] > max_d)
            max_d = wf->dist[wf->order[i]];
    for (int i = 0; i < wf->reached; i++) {
        int cell = wf->order[i];
        Rgba c = ramp_color(RAMP_WAVE, (double)wf->dist[cell] / (double)max_d);
        render_fill(ctx->renderer, cell_rect(bl, cell), rgba_alpha(c, WAVE_ALPHA));
    }
    WaveLabels wl;
    if (!wave_labels_fit(ctx, bl, numbers, &wl))
        return;
    /* Cells under the path or the virtual snake (marked) get their numbers
     * later, over those layers (draw_labels_over). */
    for (int i = 0; i < wf->reached; i++) {
        int cell = wf->order[i];
        int d = wf->dist[cell];
        if (snake_occupies(&v->game->snake, cell) || cell == v->game->food || v->mark[cell])
            continue; /* the body and the food speak for themselves */
        wave_label_draw(ctx, bl, &wl, cell, d, max_d);
    }
}

/* An engine's `info wave`: each cell with a value (>= 0) tinted by it
 * against the largest, optionally with the number (the cells of its path
 * stay blank, as the AI's). */
static void draw_engine_wave(const SnakeScene *v, FrontendCtx *ctx, const BoardLayout *bl,
                             bool numbers) {
    const EngineInfo *in = v->info;
    if (in == NULL || !in->has_wave)
        return;
    int32_t max_v = 1;
    for (int c = 0; c < in->cells; c++)
        if (in->wave[c] > max_v)
            max_v = in->wave[c];
    for (int c = 0; c < in->cells; c++)
        if (in->wave[c] >= 0) {
            Rgba col = ramp_color(RAMP_WAVE, (double)in->wave[c] / (double)max_v);
            render_fill(ctx->renderer, cell_rect(bl, c), rgba_alpha(col, WAVE_ALPHA));
        }
    WaveLabels wl;
    if (!wave_labels_fit(ctx, bl, numbers, &wl))
        return;
    for (int c = 0; c < in->cells; c++) {
        int32_t d = in->wave[c];
        if (d < 0 || snake_occupies(&v->game->snake, c) || c == v->game->food || v->mark[c])
            continue; /* marked: drawn over the path (draw_labels_over) */
        wave_label_draw(ctx, bl, &wl, c, (int)d, (int)max_v);
    }
}

/* An engine's `info cells`, where the virtual snake goes: a translucent
 * square on each cell it named. */
static void draw_engine_cells(const SnakeScene *v, FrontendCtx *ctx, const BoardLayout *bl) {
    const EngineInfo *in = v->info;
    if (in == NULL)
        return;
    int w = bl->cell * 3 / 5 > 2 ? bl->cell * 3 / 5 : 2;
    for (int i = 0; i < in->mark_len; i++) {
        int cx, cy, c = in->mark[i];
        layout_cell_center(bl, c % bl->cols, c / bl->cols, &cx, &cy);
        render_fill(ctx->renderer, (PixRect){cx - w / 2, cy - w / 2, w, w},
                    rgba_alpha(PAL_GHOST, 150));
    }
}

/* An engine's `info path`: its planned path, in the food path's colour. */
static void draw_engine_path(const SnakeScene *v, FrontendCtx *ctx, const BoardLayout *bl) {
    const EngineInfo *in = v->info;
    if (in != NULL && in->path_len >= 2)
        render_cell_path(ctx->renderer, bl, in->path, in->path_len, PAL_PATH, 3);
}

/* Segment i's square (inset from its cell) and the bridge towards segment
 * i - 1 (w = 0 for the head or when cells touch without an inset). */
static void segment_rects(const Snake *s, const BoardLayout *bl, int i, int inset, PixRect *r,
                          PixRect *gap) {
    int cell = snake_at(s, i);
    *r = render_inset(cell_rect(bl, cell), inset);
    *gap = (PixRect){0, 0, 0, 0};
    if (i == 0 || inset <= 0)
        return;
    Dir d = grid_dir_between(s->w, cell, snake_at(s, i - 1));
    if (d == DIR_RIGHT)
        *gap = (PixRect){r->x + r->w, r->y, 2 * inset, r->h};
    else if (d == DIR_LEFT)
        *gap = (PixRect){r->x - 2 * inset, r->y, 2 * inset, r->h};
    else if (d == DIR_DOWN)
        *gap = (PixRect){r->x, r->y + r->h, r->w, 2 * inset};
    else if (d == DIR_UP)
        *gap = (PixRect){r->x, r->y - 2 * inset, r->w, 2 * inset};
}

static void draw_snake(const SnakeScene *v, FrontendCtx *ctx, const BoardLayout *bl) {
    const Snake *s = &v->game->snake;
    SDL_Renderer *ren = ctx->renderer;
    int inset = bl->cell >= 6 ? bl->cell / 8 : 0;
    PixRect r, gap;
    /* A dark rim first, one pixel around the whole body, so it stands out on
     * every overlay colour. */
    if (inset > 0)
        for (int i = s->len - 1; i >= 0; i--) {
            segment_rects(s, bl, i, inset, &r, &gap);
            render_fill(ren, render_inset(r, -1), SNAKE_RIM);
            if (gap.w > 0)
                render_fill(ren, render_inset(gap, -1), SNAKE_RIM);
        }
    /* Tail first, so the head is drawn on top. Each segment also fills the
     * gap towards the segment in front of it: the body reads as one piece. */
    for (int i = s->len - 1; i >= 0; i--) {
        double t = s->len > 1 ? (double)i / (double)(s->len - 1) : 0.0;
        Rgba c = i == 0 ? SNAKE_HEAD : rgba_lerp(SNAKE_HEAD, SNAKE_TAIL, t);
        segment_rects(s, bl, i, inset, &r, &gap);
        render_fill(ren, r, c);
        if (gap.w > 0)
            render_fill(ren, gap, c);
    }
    /* Eyes look the way the head will move next (or moved last). */
    Dir look = v->pending;
    if (look == DIR_NONE && s->len > 1)
        look = grid_dir_between(s->w, snake_at(s, 1), snake_head(s));
    if (bl->cell >= 10 && look != DIR_NONE) {
        int cx, cy, hc = snake_head(s);
        layout_cell_center(bl, hc % s->w, hc / s->w, &cx, &cy);
        int off = bl->cell / 5, fwd = bl->cell / 6, er = bl->cell / 12 + 1;
        int dx = DIR_DX[look], dy = DIR_DY[look];
        render_disc(ren, cx + dx * fwd - dy * off, cy + dy * fwd + dx * off, er, SNAKE_EYE);
        render_disc(ren, cx + dx * fwd + dy * off, cy + dy * fwd - dx * off, er, SNAKE_EYE);
    }
}

static void draw_food(const SnakeScene *v, FrontendCtx *ctx, const BoardLayout *bl) {
    int food = v->game->food;
    if (food < 0)
        return;
    PixRect r = cell_rect(bl, food);
    if (bl->cell < 6) {
        render_fill(ctx->renderer, r, FOOD);
        return;
    }
    int cx = r.x + r.w / 2, cy = r.y + r.h / 2 + bl->cell / 16;
    int rad = bl->cell * 7 / 20;
    render_disc(ctx->renderer, cx, cy, rad, FOOD);
    render_disc(ctx->renderer, cx - rad / 3, cy - rad / 3, rad / 4 > 1 ? rad / 4 : 1, FOOD_SHINE);
    if (bl->cell >= 12)
        render_disc(ctx->renderer, cx + rad / 3, cy - rad - 1, rad / 4 > 1 ? rad / 4 : 1,
                    FOOD_LEAF);
}

/* The virtual snake after the simulated eat, as a translucent ribbon through
 * its cells (cyan when its head could still reach its tail, so the eat is
 * safe; red when it could not), with its head boxed and its tail ringed: the
 * tail is what the safety check had to reach. Squares at the cell centres and
 * the links between them never overlap, so the ribbon's alpha stays even. */
static void draw_virtual(const SnakeScene *v, FrontendCtx *ctx, const BoardLayout *bl) {
    const SnakeAi *ai = v->ai;
    if (!ai->virt_valid)
        return;
    const Snake *vs = &ai->virt;
    SDL_Renderer *ren = ctx->renderer;
    Rgba c = ai->virt_safe ? PAL_GHOST : PAL_BAD;
    Rgba fill = rgba_alpha(c, 110);
    int w = bl->cell * 3 / 10; /* thin enough that the real body still reads green */
    if (w < 2)
        w = bl->cell >= 2 ? 2 : 1;
    for (int i = 0; i < vs->len; i++) {
        int cell = snake_at(vs, i);
        int cx, cy;
        layout_cell_center(bl, cell % bl->cols, cell / bl->cols, &cx, &cy);
        render_fill(ren, (PixRect){cx - w / 2, cy - w / 2, w, w}, fill);
        if (i + 1 >= vs->len)
            break;
        int next = snake_at(vs, i + 1);
        int nx, ny;
        layout_cell_center(bl, next % bl->cols, next / bl->cols, &nx, &ny);
        int gap = bl->cell - w;
        if (gap <= 0)
            continue;
        if (ny == cy) {
            int x = (nx > cx ? cx : nx) + w - w / 2;
            render_fill(ren, (PixRect){x, cy - w / 2, gap, w}, fill);
        } else if (nx == cx) {
            int y = (ny > cy ? cy : ny) + w - w / 2;
            render_fill(ren, (PixRect){cx - w / 2, y, w, gap}, fill);
        }
    }
    if (bl->cell >= 8) {
        int thick = bl->cell >= 20 ? 2 : 1;
        render_outline(ren, render_inset(cell_rect(bl, snake_head(vs)), bl->cell / 10), thick,
                       rgba_alpha(c, 230));
        int tx, ty, tail = snake_tail(vs);
        layout_cell_center(bl, tail % bl->cols, tail / bl->cols, &tx, &ty);
        render_ring(ren, tx, ty, bl->cell * 2 / 5, thick, rgba_alpha(c, 230));
    }
}

/* The Hamiltonian cycle the last hamilton / perfect decision used (NULL for
 * greedy), as a thin dim loop under the planned path: the route the snake
 * falls back on, which its shortcuts never break. */
static void draw_cycle(const SnakeScene *v, FrontendCtx *ctx, const BoardLayout *bl) {
    const int32_t *cycle = snake_ai_cycle(v->ai);
    if (cycle == NULL || bl->cell < 4)
        return;
    int n = snake_ai_cycle_len(v->ai);
    int thick = bl->cell / 12 < 1 ? 1 : bl->cell / 12 > 3 ? 3 : bl->cell / 12;
    Rgba c = rgba_alpha(PAL_TEXT_DIM, 110);
    for (int i = 0; i < n; i++) {
        int a = cycle[i], b = cycle[(i + 1) % n];
        if (grid_dir_between(bl->cols, a, b) == DIR_NONE)
            continue; /* not a closed loop here: skip the jump */
        int ax, ay, bx, by;
        layout_cell_center(bl, a % bl->cols, a / bl->cols, &ax, &ay);
        layout_cell_center(bl, b % bl->cols, b / bl->cols, &bx, &by);
        render_segment(ctx->renderer, ax, ay, bx, by, thick, c);
    }
}

static void draw_paths(const SnakeScene *v, FrontendCtx *ctx, const BoardLayout *bl) {
    const SnakeAi *ai = v->ai;
    draw_cycle(v, ctx, bl);
    const Path *food = &ai->food_path;
    if (food->len >= 2) {
        /* A rejected food path (greedy found the eat unsafe and fell back to the
         * tail or to wandering) is drawn faint red: the AI saw it and said no.
         * Any other reason (eat, a cycle policy's plan) means it is the route taken. */
        bool taken = ai->reason != SNAKE_REASON_FOLLOW_TAIL && ai->reason != SNAKE_REASON_WANDER &&
                     ai->reason != SNAKE_REASON_TRAPPED;
        Rgba c = taken ? PAL_PATH : rgba_alpha(PAL_BAD, 110);
        render_cell_path(ctx->renderer, bl, food->cells, food->len, c, taken ? 3 : 0);
    }
    const Path *tail = &ai->tail_path;
    if (ai->reason == SNAKE_REASON_FOLLOW_TAIL && tail->len >= 2)
        render_cell_path(ctx->renderer, bl, tail->cells, tail->len, PAL_PATH_ALT, 3);
}

/* One move drawn as an arrow from the head (cx, cy) towards the cell it
 * enters, its tip on the border the move crosses; `side` shifts it across
 * the move by that many pixels (two arrows the same way side by side). */
static void head_arrow(FrontendCtx *ctx, const BoardLayout *bl, int cx, int cy, Dir d, int side,
                       Rgba c) {
    int thick = bl->cell >= 16 ? 3 : bl->cell >= 8 ? 2 : 1;
    int size = bl->cell * 3 / 4 > 4 ? bl->cell * 3 / 4 : 4;
    cx += -DIR_DY[d] * side;
    cy += DIR_DX[d] * side;
    int ax = cx + DIR_DX[d] * bl->cell * 3 / 4, ay = cy + DIR_DY[d] * bl->cell * 3 / 4;
    render_segment(ctx->renderer, cx, cy, ax, ay, thick, c);
    render_arrow(ctx->renderer, ax, ay, size, d, c);
}

/* While the player steers: the AI's own next move as an accent arrow from
 * the head, ringed so it reads apart from the path's arrowheads (which may
 * point the same way), and the player's move as a blue arrow beside it
 * (side by side when both go the same way). */
static void draw_ai_arrow(const SnakeScene *v, FrontendCtx *ctx, const BoardLayout *bl) {
    Dir d = v->ai_arrow, p = v->player_arrow;
    if ((d == DIR_NONE && p == DIR_NONE) || v->game->outcome != SNAKE_PLAYING)
        return;
    int head = snake_head(&v->game->snake);
    int cx, cy;
    layout_cell_center(bl, head % bl->cols, head / bl->cols, &cx, &cy);
    int thick = bl->cell >= 16 ? 3 : bl->cell >= 8 ? 2 : 1;
    int side = d == p ? bl->cell / 5 : 0;
    if (d != DIR_NONE) {
        head_arrow(ctx, bl, cx, cy, d, -side, PAL_ACCENT);
        render_ring(ctx->renderer, cx, cy, bl->cell / 2 + thick, thick, PAL_ACCENT);
    }
    if (p != DIR_NONE)
        head_arrow(ctx, bl, cx, cy, p, side, PLAYER_ARROW);
}

/* hamilton and perfect play walls as whole 2x2 blocks at even coordinates:
 * a line on every even column and row shows where a block may go. */
static void draw_blocks(const SnakeScene *v, FrontendCtx *ctx, const BoardLayout *bl) {
    if (!v->blocks || bl->cell < 4)
        return;
    PixRect b = layout_board_rect(bl);
    int t = bl->cell >= 24 ? 2 : 1;
    for (int x = 2; x < bl->cols; x += 2)
        render_fill(ctx->renderer, (PixRect){b.x + x * bl->cell - t / 2, b.y, t, b.h},
                    SNAKE_BLOCK_LINE);
    for (int y = 2; y < bl->rows; y += 2)
        render_fill(ctx->renderer, (PixRect){b.x, b.y + y * bl->cell - t / 2, b.w, t},
                    SNAKE_BLOCK_LINE);
}

/* On big boards (cells under MARKER_MIN_CELL pixels) the head and the food
 * are a few pixels: a ring around each keeps them findable. */
static void draw_markers(const SnakeScene *v, FrontendCtx *ctx, const BoardLayout *bl) {
    if (bl->cell >= MARKER_MIN_CELL)
        return;
    int rad = MARKER_RADIUS, cx, cy;
    int head = snake_head(&v->game->snake);
    layout_cell_center(bl, head % bl->cols, head / bl->cols, &cx, &cy);
    render_ring(ctx->renderer, cx, cy, rad + 1, 3, SNAKE_RIM);
    render_ring(ctx->renderer, cx, cy, rad, 2, SNAKE_HEAD);
    if (v->game->food >= 0) {
        layout_cell_center(bl, v->game->food % bl->cols, v->game->food / bl->cols, &cx, &cy);
        render_ring(ctx->renderer, cx, cy, rad + 1, 3, SNAKE_RIM);
        render_ring(ctx->renderer, cx, cy, rad, 2, FOOD);
    }
}

/* ======================================================================== */
/* Public functions                                                          */
/* ======================================================================== */

void snake_draw_board(FrontendCtx *ctx, const BoardLayout *bl, const SnakeScene *sc,
                      unsigned overlays) {
    render_board_floor(ctx->renderer, bl);
    draw_blocks(sc, ctx, bl);
    draw_walls(sc, ctx, bl);
    bool numbers = (overlays & OVERLAY_NUMBERS) != 0, path = (overlays & OVERLAY_PATH) != 0;
    bool virt = (overlays & OVERLAY_VIRTUAL) != 0;
    /* The numbers under the path and the virtual snake wait for those layers. */
    bool over = numbers && (overlays & OVERLAY_WAVE) && (path || virt);
    if (over)
        mark_overlaid(sc, path, virt, 1);
    if ((overlays & OVERLAY_WAVE) && sc->engine)
        draw_engine_wave(sc, ctx, bl, numbers);
    else if (overlays & OVERLAY_WAVE)
        draw_wave(sc, ctx, bl, numbers);
    if (overlays & OVERLAY_GRID)
        render_grid(ctx->renderer, bl, PAL_GRID);
    draw_snake(sc, ctx, bl);
    if (virt && sc->engine)
        draw_engine_cells(sc, ctx, bl);
    else if (virt)
        draw_virtual(sc, ctx, bl);
    if (path && sc->engine)
        draw_engine_path(sc, ctx, bl);
    else if (path)
        draw_paths(sc, ctx, bl);
    if (over) {
        draw_labels_over(sc, ctx, bl, numbers);
        mark_overlaid(sc, path, virt, 0);
    }
    draw_ai_arrow(sc, ctx, bl);
    draw_food(sc, ctx, bl); /* last: the goal stays visible under every overlay */
    draw_markers(sc, ctx, bl);
}

void snake_draw_result(FrontendCtx *ctx, const BoardLayout *bl, const SnakeGame *g) {
    char msg[160];
    /* No countdown: a paused frame must stay exactly the same. */
    snprintf(msg, sizeof msg, "length %d / %d, %ld steps - next game in a moment", g->snake.len,
             g->floor_cells, g->steps);
    const char *title = g->outcome == SNAKE_WON       ? "BOARD FILLED - WON"
                        : g->outcome == SNAKE_DEAD    ? "TRAPPED - GAME OVER"
                        : g->outcome == SNAKE_FORFEIT ? "FORFEIT - THE ENGINE FAILED"
                                                      : "STALLED - GAME OVER";
    render_banner(ctx->renderer, ctx->text, layout_board_rect(bl), ctx->frame.hud_px, title,
                  g->outcome == SNAKE_WON ? PAL_GOOD : PAL_BAD, msg);
}

/* ======================================================================== */
/* Reasons                                                                   */
/* ======================================================================== */

const char *snake_draw_reason_explained(const SnakeAi *ai) {
    switch (ai->reason) {
    case SNAKE_REASON_EAT:
        return ai->detour ? "eating now would trap it: a detour first, then eat"
                          : "food path is safe: go eat";
    case SNAKE_REASON_FOLLOW_TAIL:
        return "eating would trap it: chase tail";
    case SNAKE_REASON_WANDER:
        return "no safe path: keep most room";
    case SNAKE_REASON_CYCLE:
    case SNAKE_REASON_SHORTCUT:
        if (ai->opening)
            return "the start lies on no cycle: a way onto one";
        return ai->reason == SNAKE_REASON_CYCLE ? "following the Hamiltonian cycle"
                                                : "safe shortcut off the cycle";
    case SNAKE_REASON_TRAPPED:
        return "no legal move left";
    default:
        return "";
    }
}

Rgba snake_draw_reason_color(SnakeReason r) {
    switch (r) {
    case SNAKE_REASON_EAT:
    case SNAKE_REASON_CYCLE:
    case SNAKE_REASON_SHORTCUT:
        return PAL_GOOD;
    case SNAKE_REASON_FOLLOW_TAIL:
        return PAL_PATH_ALT;
    default:
        return PAL_BAD;
    }
}
