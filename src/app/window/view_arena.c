/* view_arena.c - the heatmap arena in the window: see why each monster moves.
 *
 * The selected shared map (hero, gold, potion, safety) or the combined
 * desire map of one monster is drawn as a colour ramp under everything, with
 * its numbers on D. Every monster carries its state label and an arrow of
 * what the core decided for it this tick (Monster.next_dir: the step it
 * took, including a zombie's random tie-break, or red, the direction of its
 * blow); no arrow means it stayed. The mouse edits the world: left-click
 * toggles a wall, right-click drops gold; the maps update at once. Arrow
 * keys steer the hero; after a few idle seconds the autopilot takes over.
 *
 * Drawing reads the arena's kept maps and the monsters' decisions and never
 * decides again. The desire map is a weighted sum of the maps (no search),
 * built once per frame in draw into a buffer sized once; the HUD reads it.
 *
 * Time travel (view.h, ViewHistory): ticks, steering and mouse edits go
 * through an ArenaHistory (arena_history.h), which applies them to the arena
 * and keeps at least the last 1,000 ticks. Showing a past tick is a seek:
 * the arena is rebuilt from a checkpoint by re-running the core, so the
 * maps, every monster's state label and arrow, and the last combat decision
 * are what the core computed at that tick. Playing on, or a mouse edit, at
 * a past tick drops the later ticks first.
 */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "arena_history.h"
#include "arena_setup.h"
#include "names.h"
#include "report.h"
#include "view.h"

/* ======================================================================== */
/* Types                                                                     */
/* ======================================================================== */

enum {
    AUTOPILOT_IDLE_MS = 3000, /* arrow keys off for this long: autopilot again */
    NUMBERS_MIN_CELL = 16,    /* cells smaller than this get no numbers */
    LABEL_MIN_CELL = 18,      /* ... and no state labels */
    HERO_MARK_MAX_CELL = 12,  /* smaller cells: rings around the hero */
    HERO_MARK_RADIUS = 10,
    HEAT_ALPHA = 200,
    DEATH_NOTICE_MS = 2000
};

typedef struct ArenaView {
    Arena arena;
    bool open;
    char map_name[256];
    char map_path[4200]; /* M: the map file chosen in the window ("" = the options' map) */
    uint64_t seed;
    long restarts;
    ArenaShown shown;
    int64_t *desire;      /* w * h: the desire map of desire_focus, built once per frame */
    int desire_focus;     /* this frame's monster for the desire map (desire_focus()), -1 none */
    bool desire_ok;       /* desire holds this frame's map (the focus wants something) */
    MonWeights desire_wt; /* the focus's weights this frame */
    int hover_cell;       /* cell under the mouse, -1 off the board */
    int focus;            /* monster whose desire map is shown (last hovered), -1 = auto */
    BoardLayout bl;       /* the last drawn layout, to map mouse pixels to cells */
    bool have_layout;
    Dir steer;            /* arrow key pressed since the last tick */
    uint64_t manual_ms;   /* when an arrow key was last pressed */
    bool manual;          /* the player holds the hero */
    double tick_us, tick_us_sum;
    long ticks;
    long deaths_seen;
    /* Labels: one slot per monster plus the hero, sized when the world opens. */
    PixRect *label_rect;
    bool *label_shown;
    int *label_who;    /* monster index, or -1 for the hero */
    ArenaHistory hist; /* the last ticks of this arena (hist_ok) */
    bool hist_ok;      /* false: out of memory, no time travel for this arena */
    long cur;          /* the tick on screen; hist.last is the latest */
} ArenaView;

static const Rgba HERO_COLOR = {90, 205, 255, 255};
static const Rgba GOLD_COLOR = {255, 205, 50, 255};
static const Rgba POTION_COLOR = {235, 80, 200, 255};
static const Rgba KIND_COLOR[MON_KIND_COUNT] = {
    {120, 200, 90, 255},  /* zombie */
    {245, 140, 50, 255},  /* goblin */
    {175, 120, 245, 255}, /* shaman */
};
static const Rgba ARROW_COLOR = {245, 245, 245, 235};
static const Rgba FIGHT_COLOR = {255, 70, 70, 255};
static const Rgba LIFE_BACK = {40, 10, 10, 220};
static const Rgba SPRITE_RIM = {12, 14, 20, 255}; /* dark edge: sprites read on every layer */
static const Rgba LABEL_BACK = {16, 18, 26, 200}; /* behind labels, for the same reason */

static const char *const SHOWN_CAPTION[ARENA_SHOWN_COUNT] = {
    "hero layer: steps to hero", "gold layer (gold = -4)", "potion layer",
    "safety: hero*-6/5 relaxed", "desire of one monster",
};

/* ======================================================================== */
/* Small helpers                                                             */
/* ======================================================================== */

static bool is_live_monster(const Arena *a, int i) {
    return i >= 0 && i < a->mon_count && a->mon[i].alive;
}

/* The monster whose desire map is shown: the one last under the mouse, else
 * the first awake goblin or shaman (chasing ones first), else any. */
static int desire_focus(const ArenaView *v) {
    const Arena *a = &v->arena;
    if (is_live_monster(a, v->focus))
        return v->focus;
    int best = -1, best_rank = 0;
    for (int i = 0; i < a->mon_count; i++) {
        const Monster *m = &a->mon[i];
        if (!m->alive)
            continue;
        int rank = m->kind == MON_ZOMBIE                              ? 3
                   : m->state == MON_CHASE                            ? 0
                   : m->state == MON_FLEE || m->state == MON_HOME     ? 1
                   : m->state == MON_WANDER                           ? 2
                                                                      : 4; /* wants nothing */
        if (best < 0 || rank < best_rank) {
            best_rank = rank;
            best = i;
        }
    }
    return best;
}

/* Fills v->desire for monster i; returns false if it wants nothing now. */
static bool build_desire(ArenaView *v, int i, MonWeights *wt_out) {
    const Arena *a = &v->arena;
    if (!is_live_monster(a, i))
        return false;
    const Monster *m = &a->mon[i];
    MonWeights wt = monster_weights(m->kind, m->state);
    *wt_out = wt;
    const DMap *maps[MON_MAP_COUNT];
    arena_monster_maps(a, i, maps);
    bool any = false;
    for (int k = 0; k < MON_MAP_COUNT; k++)
        any = any || (wt.w[k] != 0 && maps[k] != NULL);
    if (!any)
        return false;
    int n = a->w * a->h;
    for (int c = 0; c < n; c++)
        v->desire[c] = a->blocked[c] ? MON_DESIRE_NONE : monster_desire_at(&wt, maps, c);
    return true;
}

/* This frame's desire overlay: its monster, and its map when it is shown.
 * Called once per frame, at the start of draw; the HUD reads the result. */
static void desire_refresh(ArenaView *v) {
    v->desire_focus = desire_focus(v);
    v->desire_wt = (MonWeights){{0}};
    v->desire_ok = v->shown == ARENA_SHOWN_DESIRE &&
                   build_desire(v, v->desire_focus, &v->desire_wt);
}

/* The value shown at cell, or false if it has none. */
static bool shown_value(const ArenaView *v, int cell, int64_t *out) {
    const Arena *a = &v->arena;
    if (a->blocked[cell])
        return false;
    if (v->shown == ARENA_SHOWN_DESIRE) {
        if (!v->desire_ok || v->desire[cell] == MON_DESIRE_NONE)
            return false;
        *out = v->desire[cell];
        return true;
    }
    int32_t x = arena_map(a, (MonMap)v->shown)->value[cell];
    if (x == DMAP_UNREACHED)
        return false;
    *out = x;
    return true;
}

static bool shown_range(const ArenaView *v, int64_t *lo, int64_t *hi) {
    bool any = false;
    int n = v->arena.w * v->arena.h;
    for (int c = 0; c < n; c++) {
        int64_t x;
        if (!shown_value(v, c, &x))
            continue;
        if (!any || x < *lo)
            *lo = x;
        if (!any || x > *hi)
            *hi = x;
        any = true;
    }
    return any;
}

/* ======================================================================== */
/* Lifecycle and input                                                       */
/* ======================================================================== */

static void arena_view_destroy(void *state) {
    ArenaView *v = state;
    if (v == NULL)
        return;
    if (v->open)
        arena_deinit(&v->arena);
    arena_history_deinit(&v->hist);
    free(v->desire);
    free(v->label_rect);
    free(v->label_shown);
    free(v->label_who);
    free(v);
}

static WsStatus open_world(ArenaView *v, FrontendCtx *ctx, WsError *err) {
    Arena fresh;
    uint64_t seed = v->seed + (uint64_t)v->restarts;
    AppOptions opts = *ctx->opts;
    if (v->map_path[0] != '\0') {
        opts.map = v->map_path;
        opts.gen_w = opts.gen_h = 0;
    }
    WsStatus st = arena_setup_open(&opts, seed, &fresh, v->map_name, sizeof v->map_name, err);
    if (st != WS_OK)
        return st;
    int64_t *desire = malloc((size_t)fresh.w * (size_t)fresh.h * sizeof *desire);
    size_t slots = (size_t)fresh.mon_count + 1;
    PixRect *label_rect = malloc(slots * sizeof *label_rect);
    bool *label_shown = malloc(slots * sizeof *label_shown);
    int *label_who = malloc(slots * sizeof *label_who);
    if (desire == NULL || label_rect == NULL || label_shown == NULL || label_who == NULL) {
        free(desire);
        free(label_rect);
        free(label_shown);
        free(label_who);
        arena_deinit(&fresh);
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for the arena view");
    }
    free(v->label_rect);
    free(v->label_shown);
    free(v->label_who);
    v->label_rect = label_rect;
    v->label_shown = label_shown;
    v->label_who = label_who;
    if (v->open)
        arena_deinit(&v->arena);
    free(v->desire);
    arena_history_deinit(&v->hist);
    v->arena = fresh;
    v->desire = desire;
    WsError herr = {0};
    v->hist_ok = arena_history_init(&v->hist, &v->arena, 0, 0, &herr) == WS_OK;
    if (!v->hist_ok) {
        /* Not fatal: the arena plays on without a history, and says so once. */
        WsError note = {0};
        report_status(ws_fail(&note, herr.status, "arena: no time travel: %s", herr.msg), &note);
    }
    v->cur = v->arena.tick;
    v->desire_focus = -1;
    v->desire_ok = false;
    v->open = true;
    v->focus = -1;
    v->hover_cell = -1;
    v->have_layout = false;
    v->tick_us = v->tick_us_sum = 0.0;
    v->ticks = 0;
    v->deaths_seen = 0;
    v->manual = false;
    v->steer = DIR_NONE;
    return WS_OK;
}

static WsStatus arena_view_create(void **state, FrontendCtx *ctx, const void *arg, WsError *err) {
    (void)arg; /* opened for its mode: no argument */
    *state = NULL;
    ArenaView *v = calloc(1, sizeof *v);
    if (v == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for the arena view");
    v->seed = ctx->opts->seed;
    v->shown = ctx->opts->layer;
    WsStatus st = open_world(v, ctx, err);
    if (st != WS_OK) {
        arena_view_destroy(v);
        return st;
    }
    printf("wavesnake: arena %s (%dx%d), %d monsters, seed %llu\n", v->map_name, v->arena.w,
           v->arena.h, v->arena.mon_count, (unsigned long long)v->seed);
    fflush(stdout);
    *state = v;
    return WS_OK;
}

static bool at_past_tick(const ArenaView *v);
static void drop_future(ArenaView *v);

/* An arrow key: the hero's next step. At a past tick it is a change there,
 * as a mouse edit is: the later ticks go, and the next tick is this one. */
static void steer(ArenaView *v, FrontendCtx *ctx, Dir d) {
    if (at_past_tick(v)) {
        frontend_status(ctx, "you steer from tick %ld: the later ticks are dropped", v->cur);
        drop_future(v);
    }
    v->steer = d;
    v->manual = true;
    v->manual_ms = ctx->now_ms;
}

static bool arena_view_action(void *state, Action action, FrontendCtx *ctx) {
    ArenaView *v = state;
    switch (action) {
    case ACT_NEXT:
        v->shown = (ArenaShown)((v->shown + 1) % ARENA_SHOWN_COUNT);
        frontend_status(ctx, "layer: %s", arena_shown_name(v->shown));
        return true;
    case ACT_RESTART:
    case ACT_NEW_GAME: {
        WsError err = {0};
        long step = action == ACT_NEW_GAME ? 1 : 0;
        v->restarts += step;
        if (open_world(v, ctx, &err) != WS_OK) {
            frontend_status(ctx, "restart failed: %s", err.msg);
            v->restarts -= step;
        } else {
            frontend_status(ctx, "%s, seed %llu", step ? "next arena" : "the same arena again",
                            (unsigned long long)(v->seed + (uint64_t)v->restarts));
        }
        return true;
    }
    case ACT_NEXT_MAP: {
        WsError err = {0};
        char keep[sizeof v->map_path];
        memcpy(keep, v->map_path, sizeof keep);
        const char *now = v->map_name;
        if (arena_setup_next_map(strchr(now, ' ') != NULL ? "" : now, v->map_path,
                                 sizeof v->map_path, &err) != WS_OK ||
            open_world(v, ctx, &err) != WS_OK) {
            memcpy(v->map_path, keep, sizeof keep);
            frontend_status(ctx, "M: %s", err.msg);
        } else {
            frontend_status(ctx, "map file: %s  (M: the next one)", v->map_name);
        }
        return true;
    }
    case ACT_TOGGLE_NUMBERS:
        if (v->have_layout)
            frontend_numbers_fit(ctx, v->bl.cell, NUMBERS_MIN_CELL);
        return false;
    case ACT_UP:
        steer(v, ctx, DIR_UP);
        return true;
    case ACT_RIGHT:
        steer(v, ctx, DIR_RIGHT);
        return true;
    case ACT_DOWN:
        steer(v, ctx, DIR_DOWN);
        return true;
    case ACT_LEFT:
        steer(v, ctx, DIR_LEFT);
        return true;
    default:
        return false;
    }
}

/* ---- time travel ---------------------------------------------------------- */

static bool at_past_tick(const ArenaView *v) { return v->hist_ok && v->cur < v->hist.last; }

/* Who drives the hero on screen: at a past tick, who drove then; at the
 * latest, who drives now. */
static bool shown_manual(const ArenaView *v) {
    return at_past_tick(v) ? v->arena.hero_manual : v->manual;
}

/* Before the arena changes at a past tick: drops the ticks after it, so
 * play goes on from here (the arena on screen is the seek's). */
static void drop_future(ArenaView *v) {
    if (at_past_tick(v))
        arena_history_truncate(&v->hist, v->cur, NULL);
}

/* A mouse edit: through the history (which brings the maps up to date and
 * records it), or straight on the arena when there is none. */
static bool edit(ArenaView *v, ArenaEditKind kind, int cell) {
    if (v->hist_ok) {
        bool can = kind == ARENA_EDIT_WALL ? arena_can_toggle_wall(&v->arena, cell)
                                           : arena_can_drop_gold(&v->arena, cell);
        if (!can)
            return false; /* a refused edit keeps the later ticks */
        drop_future(v);
        return kind == ARENA_EDIT_WALL ? arena_history_toggle_wall(&v->hist, &v->arena, cell)
                                       : arena_history_drop_gold(&v->hist, &v->arena, cell);
    }
    bool ok = kind == ARENA_EDIT_WALL ? arena_toggle_wall(&v->arena, cell)
                                      : arena_drop_gold(&v->arena, cell);
    if (ok)
        arena_update_maps(&v->arena);
    return ok;
}

static int cell_at(const ArenaView *v, int px, int py) {
    int x, y;
    if (!v->have_layout || !layout_pixel_to_cell(&v->bl, px, py, &x, &y))
        return -1;
    return y * v->arena.w + x;
}

static bool arena_view_event(void *state, const SDL_Event *ev, FrontendCtx *ctx) {
    ArenaView *v = state;
    Arena *a = &v->arena;
    if (ev->type == SDL_MOUSEMOTION) {
        v->hover_cell = cell_at(v, ev->motion.x, ev->motion.y);
        int m = arena_monster_at(a, v->hover_cell);
        if (m >= 0)
            v->focus = m;
        return true;
    }
    if (ev->type != SDL_MOUSEBUTTONDOWN)
        return false;
    int cell = cell_at(v, ev->button.x, ev->button.y);
    if (cell < 0)
        return false;
    int x = cell % a->w, y = cell / a->w;
    if (ev->button.button == SDL_BUTTON_LEFT) {
        if (edit(v, ARENA_EDIT_WALL, cell)) { /* the maps show the edit at once, even paused */
            frontend_status(ctx, "%s at (%d, %d)", a->blocked[cell] ? "wall" : "floor", x, y);
        } else {
            frontend_status(ctx, "(%d, %d): something stands there", x, y);
        }
        return true;
    }
    if (ev->button.button == SDL_BUTTON_RIGHT) {
        if (edit(v, ARENA_EDIT_GOLD, cell)) {
            frontend_status(ctx, "gold dropped at (%d, %d)", x, y);
        } else {
            frontend_status(ctx, "(%d, %d): no room for gold", x, y);
        }
        return true;
    }
    return false;
}

static bool arena_view_tick(void *state, FrontendCtx *ctx) {
    ArenaView *v = state;
    Arena *a = &v->arena;
    if (v->manual && v->steer == DIR_NONE && ctx->now_ms - v->manual_ms >= AUTOPILOT_IDLE_MS) {
        v->manual = false;
        frontend_status(ctx, "autopilot resumes");
    }
    Uint64 t0 = SDL_GetPerformanceCounter();
    if (v->hist_ok) {
        drop_future(v);
        WsError err = {0};
        if (arena_history_tick(&v->hist, a, v->steer, !v->manual, &err) != WS_OK) {
            frontend_status(ctx, "time travel stops for this arena: %s", err.msg);
            v->hist_ok = false;
            arena_tick(a, v->steer, !v->manual);
        }
    } else {
        arena_tick(a, v->steer, !v->manual);
    }
    v->cur = a->tick;
    Uint64 t1 = SDL_GetPerformanceCounter();
    v->steer = DIR_NONE;
    v->tick_us = (double)(t1 - t0) * 1e6 / (double)SDL_GetPerformanceFrequency();
    v->tick_us_sum += v->tick_us;
    v->ticks++;
    if (a->hero_deaths != v->deaths_seen) {
        v->deaths_seen = a->hero_deaths;
        frontend_status(ctx, "the hero fell (%ld so far) and rises again elsewhere",
                        a->hero_deaths);
    }
    return true;
}

/* ---- ViewHistory --------------------------------------------------------- */

static void arena_hist_range(void *state, long *first, long *last) {
    const ArenaView *v = state;
    *first = v->hist_ok ? v->hist.first : v->cur;
    *last = v->hist_ok ? v->hist.last : v->cur;
}

static long arena_hist_current(void *state) { return ((ArenaView *)state)->cur; }

static bool arena_hist_seek(void *state, long t, FrontendCtx *ctx) {
    ArenaView *v = state;
    if (!v->hist_ok)
        return false;
    WsError err = {0};
    if (arena_history_seek(&v->hist, t, &v->arena, &err) != WS_OK) {
        frontend_status(ctx, "cannot show tick %ld: %s", t, err.msg);
        return false;
    }
    v->cur = t;
    v->deaths_seen = v->arena.hero_deaths; /* no "the hero fell" notice for a seek */
    return true;
}

/* A hero death or a kill, and steering or a mouse edit, in ticks [from, to):
 * a column covers a few ticks of the 1,000 or so kept, so a plain loop. */
static unsigned arena_hist_marks(void *state, long from, long to) {
    const ArenaView *v = state;
    if (!v->hist_ok)
        return 0;
    unsigned m = 0;
    for (long t = from; t < to && t <= v->hist.last; t++) {
        unsigned k = arena_history_marks(&v->hist, t);
        if (k & (ARENA_MARK_DEATH | ARENA_MARK_KILL))
            m |= TIMELINE_MARK_KILL;
        if (k & (ARENA_MARK_EDIT | ARENA_MARK_STEER))
            m |= TIMELINE_MARK_EDIT;
    }
    return m;
}

static const ViewHistory ARENA_HISTORY = {
    .range = arena_hist_range,
    .current = arena_hist_current,
    .seek = arena_hist_seek,
    .marks = arena_hist_marks,
};

/* ======================================================================== */
/* Drawing                                                                   */
/* ======================================================================== */

static PixRect cell_rect(const BoardLayout *bl, int cell) {
    return layout_cell_rect(bl, cell % bl->cols, cell / bl->cols);
}

static void draw_heat(const ArenaView *v, FrontendCtx *ctx, bool numbers) {
    const Arena *a = &v->arena;
    const BoardLayout *bl = &v->bl;
    int64_t lo = 0, hi = 0;
    if (!shown_range(v, &lo, &hi))
        return;
    int n = a->w * a->h;
    for (int c = 0; c < n; c++) {
        int64_t x;
        if (!shown_value(v, c, &x))
            continue;
        Rgba col = ramp_color(RAMP_WAVE, ramp_t((double)x, (double)lo, (double)hi));
        render_fill(ctx->renderer, cell_rect(bl, c), rgba_alpha(col, HEAT_ALPHA));
    }
    if (!numbers || bl->cell < NUMBERS_MIN_CELL)
        return;
    int px = bl->cell * 2 / 5;
    int lh = text_line_height(ctx->text, px);
    for (int c = 0; c < n; c++) {
        int64_t x;
        if (!shown_value(v, c, &x) || c == a->hero || a->occ[c] >= 0 ||
            a->item[c] != ARENA_ITEM_NONE)
            continue; /* entities speak for themselves */
        char buf[24];
        snprintf(buf, sizeof buf, "%lld", (long long)x);
        if (text_width(ctx->text, px, buf) > bl->cell - 2)
            continue;
        Rgba under = rgba_lerp(PAL_BOARD,
                               ramp_color(RAMP_WAVE, ramp_t((double)x, (double)lo, (double)hi)),
                               HEAT_ALPHA / 255.0);
        PixRect r = cell_rect(bl, c);
        text_draw(ctx->text, px, r.x + r.w / 2, r.y + (r.h - lh) / 2, TEXT_CENTER,
                  render_sdl_color(rgba_alpha(rgba_text_on(under), 225)), buf);
    }
}

static void draw_items(const ArenaView *v, FrontendCtx *ctx) {
    const Arena *a = &v->arena;
    const BoardLayout *bl = &v->bl;
    int n = a->w * a->h;
    for (int c = 0; c < n; c++) {
        if (a->item[c] == ARENA_ITEM_NONE)
            continue;
        PixRect r = cell_rect(bl, c);
        int cx = r.x + r.w / 2, cy = r.y + r.h / 2;
        if (bl->cell < 5) {
            render_fill(ctx->renderer, r, a->item[c] == ARENA_ITEM_GOLD ? GOLD_COLOR : POTION_COLOR);
            continue;
        }
        if (a->item[c] == ARENA_ITEM_GOLD) {
            int rad = bl->cell * 3 / 10;
            render_disc(ctx->renderer, cx, cy, rad, GOLD_COLOR);
            render_ring(ctx->renderer, cx, cy, rad, bl->cell >= 16 ? 2 : 1, (Rgba){150, 100, 0, 255});
        } else {
            int rad = bl->cell * 3 / 10;
            render_disc(ctx->renderer, cx, cy + rad / 3, rad, POTION_COLOR);
            render_fill(ctx->renderer, (PixRect){cx - rad / 3, cy - rad - rad / 2, rad * 2 / 3 + 1, rad},
                        POTION_COLOR);
        }
    }
}

static void draw_monsters(const ArenaView *v, FrontendCtx *ctx, bool arrows, int focus) {
    const Arena *a = &v->arena;
    const BoardLayout *bl = &v->bl;
    SDL_Renderer *ren = ctx->renderer;
    int label_px = bl->cell * 9 / 20;
    if (label_px < TEXT_MIN_PX)
        label_px = TEXT_MIN_PX;
    for (int i = 0; i < a->mon_count; i++) {
        const Monster *m = &a->mon[i];
        if (!m->alive)
            continue;
        PixRect r = cell_rect(bl, m->cell);
        int cx = r.x + r.w / 2, cy = r.y + r.h / 2;
        Rgba c = KIND_COLOR[m->kind];
        if (m->state == MON_SLEEP)
            c = rgba_lerp(c, PAL_BOARD, 0.45);
        if (bl->cell < 5) {
            render_fill(ren, r, c);
            continue;
        }
        int rad = bl->cell * 7 / 20;
        if (m->kind == MON_ZOMBIE) {
            render_fill(ren, render_inset(r, bl->cell / 5 - 1), SPRITE_RIM);
            render_fill(ren, render_inset(r, bl->cell / 5), c);
        } else {
            render_disc(ren, cx, cy, rad + 1, SPRITE_RIM);
            render_disc(ren, cx, cy, rad, c);
        }
        if (m->kind == MON_SHAMAN && bl->cell >= 10)
            render_ring(ren, cx, cy, rad + 1, 1, (Rgba){240, 230, 255, 255});
        if (i == focus && bl->cell >= 6)
            render_outline(ren, r, bl->cell >= 20 ? 2 : 1, PAL_ACCENT);
        if (m->life < m->max_life && bl->cell >= 10) { /* a life bar when hurt */
            int bw = r.w - 4, bh = bl->cell >= 24 ? 3 : 2;
            PixRect back = {r.x + 2, r.y + r.h - bh - 1, bw, bh};
            render_fill(ren, back, LIFE_BACK);
            back.w = bw * (m->life > 0 ? m->life : 0) / m->max_life;
            render_fill(ren, back, PAL_GOOD);
        }
        if (arrows && m->next_dir != DIR_NONE) { /* what the core decided this tick */
            Dir d = m->next_dir;
            int off = bl->cell / 2;
            int size = bl->cell * 2 / 5 > 3 ? bl->cell * 2 / 5 : 3;
            render_arrow(ren, cx + DIR_DX[d] * off, cy + DIR_DY[d] * off, size, d,
                         m->struck ? FIGHT_COLOR : ARROW_COLOR);
        }
    }
}

static const char *monster_label(const Monster *m) {
    return m->kind == MON_ZOMBIE ? "zombie" : monster_state_name(m->state);
}

/* A label's box: centred above its cell. */
static PixRect label_box(const ArenaView *v, FrontendCtx *ctx, int cell, int px, const char *s) {
    PixRect r = cell_rect(&v->bl, cell);
    int w = text_width(ctx->text, px, s) + 4, h = text_line_height(ctx->text, px);
    return (PixRect){r.x + r.w / 2 - w / 2, r.y - h * 4 / 5, w, h};
}

/* State labels of the hero and the monsters, on a dark backing so they read on
 * every part of the ramp. A label that would overlap one drawn before it is
 * left out (layout_place_labels): the hero first, then the monster under the
 * mouse or whose desire is shown, then the others in order; hovering a
 * monster always shows its own. */
static void draw_labels(const ArenaView *v, FrontendCtx *ctx, int focus) {
    const Arena *a = &v->arena;
    const BoardLayout *bl = &v->bl;
    if (bl->cell < LABEL_MIN_CELL)
        return;
    int px = bl->cell * 9 / 20, n = 0;
    int hovered = arena_monster_at(a, v->hover_cell);
    v->label_who[n] = -1;
    v->label_rect[n++] = label_box(v, ctx, a->hero, px, shown_manual(v) ? "you" : "hero");
    int first = hovered >= 0 ? hovered : focus;
    if (first >= 0 && a->mon[first].alive) {
        v->label_who[n] = first;
        v->label_rect[n++] =
            label_box(v, ctx, a->mon[first].cell, px, monster_label(&a->mon[first]));
    }
    for (int i = 0; i < a->mon_count && n < a->mon_count + 1; i++) {
        if (!a->mon[i].alive || i == first)
            continue;
        v->label_who[n] = i;
        v->label_rect[n++] = label_box(v, ctx, a->mon[i].cell, px, monster_label(&a->mon[i]));
    }
    layout_place_labels(v->label_rect, n, v->label_shown);
    for (int k = 0; k < n; k++) {
        if (!v->label_shown[k])
            continue;
        PixRect r = v->label_rect[k];
        int who = v->label_who[k];
        render_fill(ctx->renderer, r, LABEL_BACK);
        Rgba c = who < 0 ? HERO_COLOR : rgba_alpha(PAL_TEXT, 240);
        text_draw(ctx->text, px, r.x + r.w / 2, r.y, TEXT_CENTER, render_sdl_color(c),
                  who < 0 ? (shown_manual(v) ? "you" : "hero") : monster_label(&a->mon[who]));
    }
}

static void draw_hero(const ArenaView *v, FrontendCtx *ctx) {
    const Arena *a = &v->arena;
    const BoardLayout *bl = &v->bl;
    PixRect r = cell_rect(bl, a->hero);
    if (bl->cell < 5) {
        render_fill(ctx->renderer, r, HERO_COLOR);
        return;
    }
    bool manual = shown_manual(v);
    int cx = r.x + r.w / 2, cy = r.y + r.h / 2, rad = bl->cell * 2 / 5;
    render_disc(ctx->renderer, cx, cy, rad + 1, SPRITE_RIM);
    render_disc(ctx->renderer, cx, cy, rad, HERO_COLOR);
    render_ring(ctx->renderer, cx, cy, rad, bl->cell >= 16 ? 2 : 1,
                manual ? PAL_ACCENT : (Rgba){255, 255, 255, 255});
    if (a->hero_poison > 0)
        render_disc(ctx->renderer, cx, cy, rad / 3 + 1, (Rgba){120, 220, 60, 255});
}

/* On big maps the hero is a few pixels: two rings around it keep it findable. */
static void draw_hero_marker(const ArenaView *v, FrontendCtx *ctx) {
    const BoardLayout *bl = &v->bl;
    if (bl->cell >= HERO_MARK_MAX_CELL)
        return;
    int cx, cy;
    layout_cell_center(bl, v->arena.hero % bl->cols, v->arena.hero / bl->cols, &cx, &cy);
    int rad = bl->cell * 2 > HERO_MARK_RADIUS ? bl->cell * 2 : HERO_MARK_RADIUS;
    render_ring(ctx->renderer, cx, cy, rad + 2, 4, SPRITE_RIM);
    render_ring(ctx->renderer, cx, cy, rad, 2, HERO_COLOR);
}

static PixRect arena_view_fit(void *state, FrontendCtx *ctx, PixRect area) {
    (void)ctx;
    const ArenaView *v = state;
    BoardLayout bl;
    layout_board(&bl, area, v->arena.w, v->arena.h);
    return layout_board_rect(&bl);
}

static void arena_view_draw(void *state, FrontendCtx *ctx) {
    ArenaView *v = state;
    const Arena *a = &v->arena;
    layout_board(&v->bl, ctx->frame.board_area, a->w, a->h);
    v->have_layout = true;
    const BoardLayout *bl = &v->bl;
    unsigned ov = ctx->overlays;
    int n = a->w * a->h;
    for (int c = 0; c < n; c++)
        render_fill(ctx->renderer, cell_rect(bl, c), a->blocked[c] ? PAL_WALL : PAL_BOARD);
    desire_refresh(v);
    if (ov & OVERLAY_HEATMAP)
        draw_heat(v, ctx, (ov & OVERLAY_NUMBERS) != 0);
    if (ov & OVERLAY_GRID)
        render_grid(ctx->renderer, bl, PAL_GRID);
    if (v->hover_cell >= 0 && v->hover_cell < n && bl->cell >= 6)
        render_outline(ctx->renderer, cell_rect(bl, v->hover_cell), 1, rgba_alpha(PAL_TEXT, 160));
    draw_items(v, ctx);
    draw_monsters(v, ctx, (ov & OVERLAY_PATH) != 0,
                  v->shown == ARENA_SHOWN_DESIRE ? v->desire_focus : -1);
    draw_hero(v, ctx);
    draw_hero_marker(v, ctx);
    draw_labels(v, ctx, v->shown == ARENA_SHOWN_DESIRE ? v->desire_focus : -1);
}

/* ======================================================================== */
/* HUD                                                                       */
/* ======================================================================== */

/* What each weight of a MonWeights multiplies, for the HUD. */
static const char *const WEIGHT_NAMES[MON_MAP_COUNT] = {"hero", "gold", "potion", "safety",
                                                        "post"};

static void hud_weights(Hud *hud, const MonWeights *wt) {
    char buf[96];
    size_t len = 0;
    buf[0] = '\0';
    for (int k = 0; k < MON_MAP_COUNT; k++) {
        if (wt->w[k] == 0)
            continue;
        int m = snprintf(buf + len, sizeof buf - len, "%s%d·%s", len ? " + " : "", wt->w[k],
                         names_of(WEIGHT_NAMES, MON_MAP_COUNT, k));
        if (m < 0 || (size_t)m >= sizeof buf - len)
            break;
        len += (size_t)m;
    }
    hud_text(hud, PAL_TEXT_DIM, "   = %s", len ? buf : "nothing (it stays)");
}

static void arena_view_hud(void *state, FrontendCtx *ctx, Hud *hud) {
    ArenaView *v = state;
    const Arena *a = &v->arena;
    hud_kv(hud, "map", PAL_ACCENT, "%s", v->map_name);
    /* The tick itself is the front end's `tick T of N` line, above. */
    hud_kv(hud, "seed", PAL_TEXT, "%llu", (unsigned long long)(v->seed + (uint64_t)v->restarts));
    Rgba life_c = combat_is_low_life(a->hero_life, a->hero_max) ? PAL_BAD : PAL_GOOD;
    hud_kv(hud, "hero", life_c, "%d/%d life%s, %d potion%s", a->hero_life, a->hero_max,
           a->hero_poison > 0 ? " (poisoned)" : "", a->potions_carried,
           a->potions_carried == 1 ? "" : "s");
    if (v->manual) {
        uint64_t idle = ctx->now_ms - v->manual_ms;
        hud_kv(hud, "pilot", PAL_ACCENT, "arrows (auto in %.0f s)",
               idle >= AUTOPILOT_IDLE_MS ? 0.0 : (double)(AUTOPILOT_IDLE_MS - idle) / 1000.0);
    } else {
        hud_kv(hud, "pilot", PAL_TEXT, "autopilot [arrows]");
    }
    hud_kv(hud, "score", PAL_TEXT, "%ld gold, %ld kills, %ld deaths", a->gold_collected, a->kills,
           a->hero_deaths);
    hud_kv(hud, "monsters", PAL_TEXT, "%d alive of %d", arena_alive_count(a), a->mon_count);
    hud_kv(hud, "maps", PAL_TEXT, "%d recomputed this tick", a->recomputes_tick);
    hud_kv(hud, "", PAL_TEXT_DIM, "%ld in all", a->recomputes_total);
    char now[24], mean[24];
    if (v->ticks == 0) /* none timed yet (tick 0, or a fresh start): no figure */
        hud_kv(hud, "tick time", PAL_TEXT_DIM, "-");
    else
        hud_kv(hud, "tick time", PAL_TEXT, "%s  (mean %s)",
               layout_duration(now, sizeof now, v->tick_us),
               layout_duration(mean, sizeof mean, v->tick_us_sum / (double)v->ticks));
    if (a->decision_tick >= 0) {
        const CombatDecision *d = &a->decision;
        hud_kv(hud, "decision", PAL_TEXT, "%s, tick %ld", a->decision_actor, a->decision_tick);
        for (int k = 0; k < d->count; k++)
            hud_text(hud, k == d->chosen ? PAL_ACCENT : PAL_TEXT_DIM, "   %s %s %d%s",
                     combat_act_name(d->options[k].act), d->options[k].name, d->options[k].score,
                     k == d->chosen ? "  <-" : "");
    }
    hud_gap(hud);

    unsigned ov = ctx->overlays;
    int focus = v->desire_focus; /* this frame's, from draw: the map is not built twice */
    if (ov & OVERLAY_HEATMAP) {
        int64_t lo = 0, hi = 0;
        char lo_s[32] = "-", hi_s[32] = "-";
        if (shown_range(v, &lo, &hi)) {
            snprintf(lo_s, sizeof lo_s, "%lld (low)", (long long)lo);
            snprintf(hi_s, sizeof hi_s, "%lld", (long long)hi);
        }
        char cap[80];
        snprintf(cap, sizeof cap, "Tab  %s", SHOWN_CAPTION[v->shown]);
        hud_ramp(hud, RAMP_WAVE, cap, lo_s, hi_s);
        if (v->shown == ARENA_SHOWN_DESIRE) {
            if (focus >= 0) {
                const Monster *m = &a->mon[focus];
                hud_text(hud, PAL_TEXT, "   %s #%d, %s", monster_kind_name(m->kind), focus,
                         monster_state_name(m->state));
                hud_weights(hud, &v->desire_wt);
            } else {
                hud_text(hud, PAL_TEXT_DIM, "   (no monster: hover one)");
            }
        } else {
            hud_text(hud, PAL_TEXT_DIM, "   monsters step downhill (bright)");
        }
    }
    int hm = arena_monster_at(a, v->hover_cell);
    if (hm >= 0 && !hud_is_full(hud, 3)) {
        const Monster *m = &a->mon[hm];
        hud_text(hud, PAL_TEXT, "mouse: %s #%d %s, life %d/%d", monster_kind_name(m->kind), hm,
                 monster_state_name(m->state), m->life, m->max_life);
        if (m->kind != MON_ZOMBIE)
            hud_text(hud, PAL_TEXT_DIM, "   lost %d, calm %d%s", m->lost, m->calm,
                     m->sees ? ", sees the hero" : "");
    }
    if (hud_reserve(hud, 7)) { /* whole, here or at the top of the next column */
        hud_legend(hud, HUD_SWATCH_DISC, HERO_COLOR, "hero");
        hud_legend(hud, HUD_SWATCH_FILL, KIND_COLOR[MON_ZOMBIE], "zombie: down the hero map");
        hud_legend(hud, HUD_SWATCH_DISC, KIND_COLOR[MON_GOBLIN], "goblin: state machine");
        hud_legend(hud, HUD_SWATCH_DISC, KIND_COLOR[MON_SHAMAN], "shaman: heals, spits");
        hud_legend(hud, HUD_SWATCH_DISC, GOLD_COLOR, "gold");
        hud_legend(hud, HUD_SWATCH_DISC, POTION_COLOR, "potion");
        hud_text(hud, PAL_TEXT_DIM, "mouse: L wall, R gold, hover");
    }
    if ((ov & OVERLAY_PATH) && !hud_is_full(hud, 1))
        hud_legend(hud, HUD_SWATCH_LINE, ARROW_COLOR, "P  step taken (red: a blow)");
}

/* ======================================================================== */
/* The view                                                                  */
/* ======================================================================== */

static const KeyHelp ARENA_HELP[] = {
    {"Tab", "layer: hero, gold, potion, safety, desire"},
    {"arrows", "steer the hero (autopilot after 3 s)"},
    {"mouse", "L toggle wall, R drop gold, hover: desire"},
    {"H D P", "heat map, numbers, step arrows"},
    {"R  /  Enter", "this arena again / the next one (seed + 1)"},
    {"M", "the next map file in assets/maps/"},
    {NULL, NULL},
};

const View VIEW_ARENA = {
    .name = "arena",
    .mode = APP_MODE_ARENA,
    .help = ARENA_HELP,
    .create = arena_view_create,
    .destroy = arena_view_destroy,
    .handle_action = arena_view_action,
    .handle_event = arena_view_event,
    .tick = arena_view_tick,
    .draw = arena_view_draw,
    .fit = arena_view_fit,
    .hud = arena_view_hud,
    .history = &ARENA_HISTORY,
};
