/* sea_draw.c - one sea board as the window draws it (sea_draw.h). */
#include "sea_draw.h"

#include <stdio.h>
#include <string.h>

#include "render.h"

/* ======================================================================== */
/* Colours                                                                   */
/* ======================================================================== */

static const Rgba SEA_UNKNOWN_C = {20, 34, 58, 255};    /* unknown water */
static const Rgba SEA_DRAW_KNOWN = {52, 84, 118, 255};  /* water known from a sunk ship's halo */
static const Rgba SEA_MISS_C = {58, 92, 128, 255};      /* water we shot at */
static const Rgba SEA_DRAW_MISS = {205, 225, 245, 255}; /* the splash of a miss */
static const Rgba SEA_DRAW_HIT = {255, 120, 50, 255};   /* a hit on a floating ship */
static const Rgba SEA_DRAW_SUNK = {150, 36, 44, 255};   /* a sunk ship */
static const Rgba SEA_SUNK_EDGE = {255, 150, 150, 255};
static const Rgba SEA_HALO_EDGE = {120, 170, 220, 150};
static const Rgba SEA_LABEL_C = {132, 140, 160, 255};
static const Rgba SEA_DRAW_MARK = {120, 240, 170, 255}; /* an engine's `info cells` */
enum { HEAT_ALPHA = 200 };

/* ======================================================================== */
/* Places and heat                                                           */
/* ======================================================================== */

/* Where one board goes inside its share of the board area: a caption line on
 * top, column letters and row numbers around the cells. */
static SeaPlace place_board(PixRect area, int caption_px) {
    SeaPlace p;
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

/* The heatmap of one board as drawn: a built-in hunter's SeaAi.heat, or the
 * engine's `info wave` (-1: no value). Filled on the stack per frame. */
typedef struct BoardHeat {
    double max;             /* the largest tint value (0: nothing tinted) */
    double tint[SEA_CELLS]; /* the value tinted relative to max */
    long number[SEA_CELLS]; /* what D writes */
    bool shown[SEA_CELLS];  /* whether the cell has a value: tinted, and D writes it */
} BoardHeat;

/* The number shown for a cell: sampled fleets as a percentage, counts and
 * weights as they are. */
static long heat_number(const SeaAi *ai, int cell) {
    if (ai->reason == SEA_AI_SAMPLE && ai->samples > 0)
        return ((long)ai->heat[cell] * 100 + ai->samples / 2) / ai->samples;
    return (long)ai->heat[cell];
}

/* Whether the board has a heatmap to draw, filled into *h. */
static bool board_heat(const SeaScene *s, BoardHeat *h) {
    memset(h, 0, sizeof *h);
    if (s->done)
        return false;
    if (s->ai == NULL) {
        const EngineInfo *info = s->info;
        if (info == NULL || !info->has_wave)
            return false;
        for (int c = 0; c < SEA_CELLS; c++) {
            long val = (long)info->wave[c];
            h->tint[c] = (double)val;
            h->number[c] = val;
            h->shown[c] = val >= 0; /* 0 is the ramp's low end; -1 no value */
            if (h->tint[c] > h->max)
                h->max = h->tint[c];
        }
        return true;
    }
    if (s->pending < 0)
        return false;
    for (int c = 0; c < SEA_CELLS; c++) {
        h->tint[c] = (double)s->ai->heat[c];
        h->number[c] = heat_number(s->ai, c);
        h->shown[c] = s->ai->heat[c] > 0;
    }
    h->max = (double)s->ai->heat_max;
    return true;
}

/* The colour of a heat value on the ramp (relative to this decision's maximum). */
static Rgba heat_color(const BoardHeat *h, int cell) {
    double t = h->max > 0 ? h->tint[cell] / h->max : 0.0;
    return rgba_lerp(SEA_UNKNOWN_C, ramp_color(RAMP_HEAT, 0.15 + 0.85 * t), HEAT_ALPHA / 255.0);
}

static void draw_labels(FrontendCtx *ctx, const SeaPlace *p) {
    int lh = text_line_height(ctx->text, p->label_px);
    SDL_Color c = render_sdl_color(SEA_LABEL_C);
    for (int x = 0; x < SEA_W; x++) {
        PixRect r = layout_cell_rect(&p->bl, x, 0);
        char s[2] = {(char)('A' + x), '\0'};
        text_draw(ctx->text, p->label_px, r.x + r.w / 2, r.y - p->bl.cell / 2 - lh / 2, TEXT_CENTER,
                  c, s);
    }
    for (int y = 0; y < SEA_H; y++) {
        PixRect r = layout_cell_rect(&p->bl, 0, y);
        text_drawf(ctx->text, p->label_px, r.x - p->bl.cell / 2, r.y + (r.h - lh) / 2, TEXT_CENTER,
                   c, "%d", y + 1);
    }
}

/* The engine's `info cells` (outlined) and `info path` (a line through the
 * cells), at the tick on screen. */
static void draw_engine_marks(const EngineInfo *info, FrontendCtx *ctx, const BoardLayout *bl) {
    if (info == NULL)
        return;
    int thick = bl->cell >= 20 ? 2 : 1, inset = bl->cell >= 12 ? 2 : 0;
    for (int i = 0; i < info->mark_len; i++)
        render_outline(ctx->renderer, render_inset(cell_rect(bl, info->mark[i]), inset), thick,
                       SEA_DRAW_MARK);
    render_cell_path(ctx->renderer, bl, info->path, info->path_len, rgba_alpha(PAL_PATH, 210), 0);
}

void sea_draw_board(FrontendCtx *ctx, const SeaPlace *p, const SeaScene *s) {
    SDL_Renderer *ren = ctx->renderer;
    const BoardLayout *bl = &p->bl;
    const SeaGame *g = s->game;
    unsigned ov = ctx->overlays;
    BoardHeat hm;
    bool heat = board_heat(s, &hm) && (ov & OVERLAY_HEATMAP);
    int inset = bl->cell >= 8 ? bl->cell / 10 : 0;

    /* water: unknown (tinted by the heatmap), known from a halo, or shot */
    for (int c = 0; c < SEA_CELLS; c++) {
        PixRect r = cell_rect(bl, c);
        SeaMark m = (SeaMark)g->seen.mark[c];
        Rgba fill = SEA_UNKNOWN_C;
        if (m == SEA_UNKNOWN && heat && hm.shown[c])
            fill = heat_color(&hm, c);
        else if (m == SEA_MISS)
            fill = g->shot[c] ? SEA_MISS_C : SEA_DRAW_KNOWN;
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
        render_fill(ren, bar, SEA_DRAW_SUNK);
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
            render_fill(ren, render_inset(r, inset), SEA_DRAW_HIT);
            int t = bl->cell >= 16 ? 3 : 1, k = bl->cell / 4;
            for (int d = -k; d <= k; d++) { /* a cross: two diagonals of small squares */
                render_fill(ren, (PixRect){cx + d - t / 2, cy + d - t / 2, t, t}, SEA_DRAW_SUNK);
                render_fill(ren, (PixRect){cx + d - t / 2, cy - d - t / 2, t, t}, SEA_DRAW_SUNK);
            }
        } else if (g->seen.mark[c] == SEA_MISS && g->shot[c]) {
            int rad = bl->cell / 9 > 1 ? bl->cell / 9 : 1;
            render_disc(ren, cx, cy, rad, SEA_DRAW_MISS);
        }
    }
    /* heat numbers (D) on the unknown cells */
    if (heat && (ov & OVERLAY_NUMBERS) && bl->cell >= SEA_NUMBERS_MIN_CELL) {
        int px = bl->cell * 2 / 5;
        int adv = text_advance(ctx->text, px), lh = text_line_height(ctx->text, px);
        for (int c = 0; c < SEA_CELLS; c++) {
            if (g->seen.mark[c] != SEA_UNKNOWN || !hm.shown[c])
                continue;
            char buf[16];
            int n = snprintf(buf, sizeof buf, "%ld", hm.number[c]);
            if (n * adv > bl->cell - 2) /* too wide: "+", as the snake's wave says it */
                snprintf(buf, sizeof buf, "+");
            PixRect r = cell_rect(bl, c);
            Rgba under = hm.shown[c] ? heat_color(&hm, c) : SEA_UNKNOWN_C;
            text_draw(ctx->text, px, r.x + r.w / 2, r.y + (r.h - lh) / 2, TEXT_CENTER,
                      render_sdl_color(rgba_alpha(rgba_text_on(under), 230)), buf);
        }
    }
    /* the engine's own marks: they belong to the hunter's overlay (H) */
    if (s->ai == NULL && !s->done && (ov & OVERLAY_HEATMAP))
        draw_engine_marks(s->info, ctx, bl);
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
    draw_labels(ctx, p);
}

SeaPlace sea_draw_place(PixRect area, int caption_px, int boards, int b) {
    PixRect part = area;
    int beside = area.w / 22 < area.h / 12 ? area.w / 22 : area.h / 12;
    int stacked = area.w / 11 < area.h / 24 ? area.w / 11 : area.h / 24;
    if (boards == 2 && stacked > beside) {
        int gap = area.h / 40;
        part.h = (area.h - gap) / 2;
        part.y = area.y + b * (part.h + gap);
    } else if (boards == 2) {
        int gap = area.w / 40;
        part.w = (area.w - gap) / 2;
        part.x = area.x + b * (part.w + gap);
    }
    return place_board(part, caption_px);
}

/* ======================================================================== */
/* What the board means, for the HUD                                         */
/* ======================================================================== */

void sea_draw_hud_reason(Hud *hud, const SeaAi *ai) {
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

void sea_draw_hud_fleet(Hud *hud, const SeaLeft *left) {
    /* One row a ship length: the rows stay together under their key (at the
     * next place when they fit there, not in this column), never half of
     * them in the panel and half under the board. */
    hud_reserve(hud, SEA_MAX_LEN);
    int total[SEA_MAX_LEN + 1] = {0};
    for (int i = 0; i < SEA_SHIP_COUNT; i++)
        total[SEA_FLEET[i]]++;
    for (int len = SEA_MAX_LEN; len >= 1; len--) {
        char line[96] = "";
        size_t n = 0;
        for (int k = 0; k < total[len]; k++) {
            for (int j = 0; j < len && n + 4 < sizeof line; j++) {
                /* "■" afloat, "□" sunk: 3 bytes each in UTF-8 */
                const char *sq = k < left->count[len] ? "\xe2\x96\xa0" : "\xe2\x96\xa1";
                memcpy(line + n, sq, 3);
                n += 3;
            }
            if (n + 1 < sizeof line)
                line[n++] = ' ';
        }
        line[n] = '\0';
        hud_kv(hud, len == SEA_MAX_LEN ? "afloat" : "", left->count[len] ? PAL_TEXT : PAL_TEXT_DIM,
               "%s %d/%d", line, left->count[len], total[len]);
    }
}

void sea_draw_hud_legend(Hud *hud, bool engine_marks) {
    if (hud_reserve(hud, 5)) { /* whole, here or at the top of the next column */
        hud_legend(hud, HUD_SWATCH_FILL, SEA_DRAW_HIT, "hit (ship still afloat)");
        hud_legend(hud, HUD_SWATCH_FILL, SEA_DRAW_SUNK, "sunk ship, halo outlined");
        hud_legend(hud, HUD_SWATCH_DISC, SEA_DRAW_MISS, "miss");
        hud_legend(hud, HUD_SWATCH_FILL, SEA_DRAW_KNOWN, "water known from a halo");
        hud_legend(hud, HUD_SWATCH_OUTLINE, PAL_ACCENT, "next shot");
        if (engine_marks && !hud_is_full(hud, 2)) {
            hud_legend(hud, HUD_SWATCH_OUTLINE, SEA_DRAW_MARK, "the engine's info cells");
            hud_legend(hud, HUD_SWATCH_LINE, PAL_PATH, "the engine's info path");
        }
    }
}
