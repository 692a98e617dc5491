#include "render.h"

#include "grid.h"

/* ======================================================================== */
/* Palette                                                                   */
/* ======================================================================== */

const Rgba PAL_BACKGROUND = {14, 16, 22, 255};
const Rgba PAL_BOARD = {28, 32, 44, 255};
const Rgba PAL_BOARD_ALT = {31, 36, 49, 255};
const Rgba PAL_WALL = {72, 78, 96, 255};
const Rgba PAL_GRID = {10, 12, 18, 200};
const Rgba PAL_PANEL = {22, 25, 34, 255};
const Rgba PAL_TEXT = {222, 226, 235, 255};
const Rgba PAL_TEXT_DIM = {132, 140, 160, 255};
const Rgba PAL_ACCENT = {255, 200, 87, 255};
const Rgba PAL_GOOD = {110, 220, 130, 255};
const Rgba PAL_BAD = {255, 95, 95, 255};
const Rgba PAL_PATH = {250, 250, 255, 235};
const Rgba PAL_PATH_ALT = {255, 120, 200, 235};
const Rgba PAL_GHOST = {150, 220, 255, 200};

SDL_Color render_sdl_color(Rgba c) {
    SDL_Color s = {c.r, c.g, c.b, c.a};
    return s;
}

/* ======================================================================== */
/* Primitives                                                                */
/* ======================================================================== */

static void set_color(SDL_Renderer *ren, Rgba c) {
    SDL_SetRenderDrawColor(ren, c.r, c.g, c.b, c.a);
}

void render_fill(SDL_Renderer *ren, PixRect r, Rgba c) {
    if (r.w <= 0 || r.h <= 0)
        return;
    set_color(ren, c);
    SDL_Rect s = {r.x, r.y, r.w, r.h};
    SDL_RenderFillRect(ren, &s);
}

void render_outline(SDL_Renderer *ren, PixRect r, int thick, Rgba c) {
    if (r.w <= 0 || r.h <= 0 || thick <= 0)
        return;
    if (2 * thick >= r.w || 2 * thick >= r.h) {
        render_fill(ren, r, c);
        return;
    }
    set_color(ren, c);
    SDL_Rect sides[4] = {
        {r.x, r.y, r.w, thick},
        {r.x, r.y + r.h - thick, r.w, thick},
        {r.x, r.y + thick, thick, r.h - 2 * thick},
        {r.x + r.w - thick, r.y + thick, thick, r.h - 2 * thick},
    };
    SDL_RenderFillRects(ren, sides, 4);
}

PixRect render_inset(PixRect r, int inset) {
    if (r.w <= 0 || r.h <= 0)
        return r;
    int side = r.w < r.h ? r.w : r.h;
    int max_in = (side - 1) / 2;
    if (inset > max_in)
        inset = max_in;
    PixRect o = {r.x + inset, r.y + inset, r.w - 2 * inset, r.h - 2 * inset};
    if (o.w < 1)
        o.w = 1;
    if (o.h < 1)
        o.h = 1;
    return o;
}

void render_segment(SDL_Renderer *ren, int x0, int y0, int x1, int y1, int thick, Rgba c) {
    if (thick < 1)
        thick = 1;
    int half = thick / 2;
    set_color(ren, c);
    if (y0 == y1 || x0 == x1) {
        int lx = x0 < x1 ? x0 : x1, hx = x0 < x1 ? x1 : x0;
        int ly = y0 < y1 ? y0 : y1, hy = y0 < y1 ? y1 : y0;
        SDL_Rect r = {lx - half, ly - half, hx - lx + thick, hy - ly + thick};
        SDL_RenderFillRect(ren, &r);
        return;
    }
    render_segment(ren, x0, y0, x1, y0, thick, c);
    render_segment(ren, x1, y0, x1, y1, thick, c);
}

void render_arrow(SDL_Renderer *ren, int cx, int cy, int size, Dir d, Rgba c) {
    if (d < 0 || d >= DIR_COUNT || size < 2)
        return;
    float h = (float)size / 2.0f;
    float dx = (float)DIR_DX[d], dy = (float)DIR_DY[d];
    /* Tip ahead of the centre; the base behind it, perpendicular to d. */
    SDL_Vertex v[3];
    SDL_Color col = render_sdl_color(c);
    v[0].position = (SDL_FPoint){(float)cx + dx * h, (float)cy + dy * h};
    v[1].position = (SDL_FPoint){(float)cx - dx * h * 0.6f - dy * h, (float)cy - dy * h * 0.6f + dx * h};
    v[2].position = (SDL_FPoint){(float)cx - dx * h * 0.6f + dy * h, (float)cy - dy * h * 0.6f - dx * h};
    for (int i = 0; i < 3; i++) {
        v[i].color = col;
        v[i].tex_coord = (SDL_FPoint){0.0f, 0.0f};
    }
    SDL_RenderGeometry(ren, NULL, v, 3, NULL, 0);
}

/* Discs and rings are drawn as horizontal spans: exact, symmetric and fast
 * with the software renderer (no triangles with seams). */
void render_disc(SDL_Renderer *ren, int cx, int cy, int radius, Rgba c) {
    if (radius < 1)
        return;
    if (radius > 128)
        radius = 128;
    set_color(ren, c);
    SDL_Rect spans[2 * 128 + 1];
    int n = 0;
    long r2 = (long)radius * radius + radius; /* +radius rounds the rim outward */
    for (int dy = -radius; dy <= radius && n < (int)(sizeof spans / sizeof spans[0]); dy++) {
        int dx = 0;
        while ((long)(dx + 1) * (dx + 1) + (long)dy * dy <= r2)
            dx++;
        spans[n++] = (SDL_Rect){cx - dx, cy + dy, 2 * dx + 1, 1};
    }
    SDL_RenderFillRects(ren, spans, n);
}

void render_ring(SDL_Renderer *ren, int cx, int cy, int radius, int thick, Rgba c) {
    if (radius < 1 || thick < 1)
        return;
    set_color(ren, c);
    int inner = radius - thick;
    long ro2 = (long)radius * radius + radius, ri2 = (long)inner * inner + inner;
    for (int dy = -radius; dy <= radius; dy++) {
        int xo = 0;
        while ((long)(xo + 1) * (xo + 1) + (long)dy * dy <= ro2)
            xo++;
        int xi = -1;
        if (inner > 0 && (long)dy * dy <= ri2) {
            xi = 0;
            while ((long)(xi + 1) * (xi + 1) + (long)dy * dy <= ri2)
                xi++;
        }
        if (xi < 0) {
            SDL_Rect r = {cx - xo, cy + dy, 2 * xo + 1, 1};
            SDL_RenderFillRect(ren, &r);
        } else {
            SDL_Rect r[2] = {{cx - xo, cy + dy, xo - xi, 1}, {cx + xi + 1, cy + dy, xo - xi, 1}};
            SDL_RenderFillRects(ren, r, 2);
        }
    }
}

void render_grid(SDL_Renderer *ren, const BoardLayout *bl, Rgba c) {
    if (bl->cell < 4)
        return; /* lines would cover the cells */
    set_color(ren, c);
    PixRect b = layout_board_rect(bl);
    for (int x = 0; x <= bl->cols; x++) {
        SDL_Rect r = {b.x + x * bl->cell - (x == bl->cols), b.y, 1, b.h};
        SDL_RenderFillRect(ren, &r);
    }
    for (int y = 0; y <= bl->rows; y++) {
        SDL_Rect r = {b.x, b.y + y * bl->cell - (y == bl->rows), b.w, 1};
        SDL_RenderFillRect(ren, &r);
    }
}

void render_board_floor(SDL_Renderer *ren, const BoardLayout *bl) {
    render_fill(ren, layout_board_rect(bl), PAL_BOARD);
    /* A faint checker lets the eye count cells without grid lines. Small cells
     * go without: the pattern is hard to see there and costs a rectangle per
     * two cells (over a millisecond for 64x64 with the software renderer). */
    if (bl->cell < 12)
        return;
    set_color(ren, PAL_BOARD_ALT);
    for (int y = 0; y < bl->rows; y++) {
        for (int x = (y & 1); x < bl->cols; x += 2) {
            SDL_Rect r = {bl->x0 + x * bl->cell, bl->y0 + y * bl->cell, bl->cell, bl->cell};
            SDL_RenderFillRect(ren, &r);
        }
    }
}

void render_cell_path(SDL_Renderer *ren, const BoardLayout *bl, const int32_t *cells, int len,
                      Rgba c, int arrow_every) {
    if (len < 2 || bl->cols < 1)
        return;
    /* Line and arrows grow with the cells up to a point, then stay slim: on a
     * small board with huge cells a fat line would hide the board. */
    int thick = bl->cell / 6;
    if (thick < 2)
        thick = bl->cell >= 4 ? 2 : 1;
    if (thick > 7)
        thick = 7;
    for (int i = 0; i + 1 < len; i++) {
        int ax, ay, bx, by;
        layout_cell_center(bl, cells[i] % bl->cols, cells[i] / bl->cols, &ax, &ay);
        layout_cell_center(bl, cells[i + 1] % bl->cols, cells[i + 1] / bl->cols, &bx, &by);
        render_segment(ren, ax, ay, bx, by, thick, c);
    }
    int arrow = bl->cell * 3 / 5;
    if (arrow > 24)
        arrow = 24;
    if (arrow >= 6 && arrow_every > 0) {
        for (int i = arrow_every; i + 1 < len; i += arrow_every) {
            Dir d = grid_dir_between(bl->cols, cells[i - 1], cells[i]);
            int cx, cy;
            layout_cell_center(bl, cells[i] % bl->cols, cells[i] / bl->cols, &cx, &cy);
            render_arrow(ren, cx, cy, arrow, d, c);
        }
    }
    int gx, gy;
    int last = cells[len - 1];
    layout_cell_center(bl, last % bl->cols, last / bl->cols, &gx, &gy);
    int radius = bl->cell / 2;
    if (radius >= 3)
        render_ring(ren, gx, gy, radius, thick > 1 ? thick - 1 : 1, c);
}

void render_banner(SDL_Renderer *ren, TextCache *tc, PixRect area, int px, const char *title,
                   Rgba title_color, const char *message) {
    int tpx = px * 2;
    int tw = text_width(tc, tpx, title);
    int mw = message != NULL ? text_width(tc, px, message) : 0;
    int w = (tw > mw ? tw : mw) + 4 * px;
    int h = text_line_height(tc, tpx) + (message != NULL ? text_line_height(tc, px) : 0) + 2 * px;
    PixRect box = {area.x + (area.w - w) / 2, area.y + (area.h - h) / 2, w, h};
    render_fill(ren, box, rgba_alpha(PAL_PANEL, 225));
    render_outline(ren, box, 2, rgba_alpha(title_color, 200));
    int cx = box.x + box.w / 2, y = box.y + px;
    text_draw(tc, tpx, cx, y, TEXT_CENTER, render_sdl_color(title_color), title);
    if (message != NULL)
        text_draw(tc, px, cx, y + text_line_height(tc, tpx), TEXT_CENTER,
                  render_sdl_color(PAL_TEXT), message);
}
