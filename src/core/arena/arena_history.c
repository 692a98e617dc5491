/* Arena history: a ring of checkpoints, the per-tick inputs and the edits;
 * seeking restores a checkpoint and re-runs the core. */
#include "arena_history.h"

#include <stdlib.h>
#include <string.h>

#include "ws_hash.h"

/* ======================================================================== */
/* Types                                                                     */
/* ======================================================================== */

/* A checkpoint: the arena at tick `tick` after the edits numbered below
 * `edit_seq`. `state` is a copy of the Arena struct for its scalar fields
 * (counters, streams, hero, the last decision, each map's recompute count);
 * its pointers are never followed. Cells and monsters live in the
 * history's cp_cells / cp_mon at the checkpoint's slot. */
struct ArenaHistoryCp {
    long tick;
    long edit_seq;
    Arena state;
};

enum {
    INPUT_AUTOPILOT = 8, /* input byte: (steer + 1) in bits 0..2, autopilot in bit 3 */
    CELL_WALL = 1        /* cell byte: wall in bit 0, item (ARENA_ITEM_*) from bit 1 */
};

/* ======================================================================== */
/* Hashing                                                                   */
/* ======================================================================== */

static uint64_t mix_decision(uint64_t h, const Arena *a) {
    h = ws_hash_mix(h, (uint64_t)a->decision_tick);
    if (a->decision_tick < 0)
        return h;
    const CombatDecision *d = &a->decision;
    h = ws_hash_mix(h, (uint64_t)d->count | (uint64_t)(uint32_t)d->chosen << 8);
    for (int k = 0; k < d->count && k < COMBAT_MAX_OPTIONS; k++)
        h = ws_hash_mix(h, (uint64_t)d->options[k].act |
                               (uint64_t)(uint32_t)d->options[k].target << 8 |
                               (uint64_t)(uint32_t)d->options[k].score << 40);
    const char *end = memchr(a->decision_actor, '\0', sizeof a->decision_actor);
    size_t len = end != NULL ? (size_t)(end - a->decision_actor) : sizeof a->decision_actor;
    return ws_hash_bytes(h, a->decision_actor, len);
}

uint64_t arena_history_hash_state(const Arena *a) {
    size_t n = (size_t)a->w * (size_t)a->h;
    uint64_t h = 0xa7e7a7e7a7e7a7e7ULL;
    h = ws_hash_mix(h, (uint64_t)a->w << 32 | (uint64_t)a->h);
    h = ws_hash_bytes(h, a->blocked, n);
    h = ws_hash_bytes(h, a->item, n);
    /* Not occ: it follows from the hero and the monsters (a restore rebuilds
     * it), and it is four bytes a cell, two thirds of the hashing. */
    h = ws_hash_mix(h, a->walls_version);
    h = ws_hash_mix(h, (uint64_t)a->hero);
    h = ws_hash_mix(h, (uint64_t)a->hero_life << 32 | (uint64_t)(uint32_t)a->hero_max);
    h = ws_hash_mix(h, (uint64_t)a->hero_poison << 32 | (uint64_t)(uint32_t)a->potions_carried);
    h = ws_hash_mix(h, (uint64_t)a->hero_alive | (uint64_t)a->hero_manual << 1);
    for (int i = 0; i < a->mon_count; i++) {
        const Monster *m = &a->mon[i];
        h = ws_hash_mix(h, (uint64_t)m->kind | (uint64_t)m->state << 8 |
                               (uint64_t)(uint32_t)m->cell << 16);
        h = ws_hash_mix(h, (uint64_t)(uint32_t)m->life | (uint64_t)(uint32_t)m->max_life << 32);
        h = ws_hash_mix(h, (uint64_t)(uint32_t)m->lost | (uint64_t)(uint32_t)m->calm << 32);
        h = ws_hash_mix(h, (uint64_t)m->alive | (uint64_t)m->sees << 1 | (uint64_t)m->struck << 2 |
                               (uint64_t)(m->next_dir + 1) << 3);
        h = ws_hash_mix(h, (uint64_t)(uint32_t)m->post | (uint64_t)(uint32_t)m->post_map << 32);
        h = ws_hash_mix(h, (uint64_t)(uint32_t)m->heal_cooldown |
                               (uint64_t)(uint32_t)m->spit_cooldown << 32);
        h = ws_hash_mix(h, (uint64_t)(uint32_t)m->respawn);
    }
    h = ws_hash_mix(h, (uint64_t)a->gold_target | (uint64_t)a->potion_target << 32);
    h = ws_hash_mix(h, a->place.state);
    h = ws_hash_mix(h, a->place.inc);
    h = ws_hash_mix(h, a->other.state);
    h = ws_hash_mix(h, a->other.inc);
    h = ws_hash_mix(h, (uint64_t)a->tick);
    h = ws_hash_mix(h, (uint64_t)a->gold_collected);
    h = ws_hash_mix(h, (uint64_t)a->kills);
    h = ws_hash_mix(h, (uint64_t)a->hero_deaths);
    h = ws_hash_mix(h, (uint64_t)a->potions_drunk);
    return mix_decision(h, a);
}

/* ======================================================================== */
/* Small helpers                                                             */
/* ======================================================================== */

static size_t cells_of(const ArenaHistory *h) { return (size_t)h->w * (size_t)h->h; }

static long slot(const ArenaHistory *h, long t) { return t % h->tick_cap; }

/* The i-th checkpoint from the oldest (0 .. cp_count-1), and its ring slot. */
static int cp_slot(const ArenaHistory *h, int i) { return (h->cp_head + i) % h->cp_cap; }

static ArenaHistoryCp *cp_at(const ArenaHistory *h, int i) { return &h->cps[cp_slot(h, i)]; }

static const ArenaHistoryEdit *edit_at(const ArenaHistory *h, long seq) {
    return &h->edits[seq % h->edit_cap];
}

static bool same_shape(const ArenaHistory *h, const Arena *a) {
    return a->w == h->w && a->h == h->h && a->mon_count == h->mon_count &&
           a->post_count == h->post_count;
}

/* Brings every map up to date: the shared ones and each guard's post map.
 * The history does this after every tick and edit, so at every recorded
 * state all maps follow from the state alone; that is what lets a restored
 * checkpoint recompute them and show exactly what the original showed (the
 * arena by itself leaves a map stale until someone reads it: a gold map
 * until the next tick after gold respawns, a post map after a wall edit).
 * Decisions never change: they bring the maps they read up to date first. */
static void refresh_maps(Arena *a) {
    for (int m = 0; m < a->mon_count; m++) {
        const Monster *mon = &a->mon[m];
        if (mon->post_map < 0)
            continue;
        DMapSource post = {mon->post, 0};
        dmap_update(&a->posts[mon->post_map], a->blocked, a->walls_version, &post, 1);
    }
    arena_update_maps(a); /* last: it sums the recompute counters, the posts' too */
}

/* Drops the oldest checkpoint (there must be two or more) and the edits
 * only it needed; `first` moves to the new oldest checkpoint. */
static void drop_oldest_cp(ArenaHistory *h) {
    h->cp_head = (h->cp_head + 1) % h->cp_cap;
    h->cp_count--;
    const ArenaHistoryCp *oldest = cp_at(h, 0);
    h->first = oldest->tick;
    long keep_from = oldest->edit_seq;
    long oldest_edit = h->edit_seq - h->edit_count;
    if (keep_from > oldest_edit)
        h->edit_count -= keep_from - oldest_edit;
}

/* Checkpoints a as it is now (tick a->tick, every recorded edit applied). */
static void take_cp(ArenaHistory *h, const Arena *a) {
    if (h->cp_count == h->cp_cap)
        drop_oldest_cp(h);
    int s = cp_slot(h, h->cp_count);
    h->cp_count++;
    ArenaHistoryCp *cp = &h->cps[s];
    cp->tick = a->tick;
    cp->edit_seq = h->edit_seq;
    cp->state = *a;
    size_t n = cells_of(h);
    uint8_t *cells = h->cp_cells + (size_t)s * n;
    for (size_t c = 0; c < n; c++)
        cells[c] = (uint8_t)((a->blocked[c] ? CELL_WALL : 0) | a->item[c] << 1);
    if (h->mon_count > 0)
        memcpy(h->cp_mon + (size_t)s * (size_t)h->mon_count, a->mon,
               (size_t)h->mon_count * sizeof *a->mon);
}

/* The recompute counters of every map of a, in a fixed order (count ARENA_MAP_COUNT +
 * ARENA_MAX_POSTS + 2 + ARENA_MAP_COUNT + 1). */
enum { MAP_SLOTS = ARENA_MAP_COUNT + ARENA_MAX_POSTS + 2 + ARENA_MAP_COUNT + 1 };

static DMap *map_slot(Arena *a, int k) {
    if (k < ARENA_MAP_COUNT)
        return &a->maps[k];
    k -= ARENA_MAP_COUNT;
    if (k < ARENA_MAX_POSTS)
        return &a->posts[k];
    k -= ARENA_MAX_POSTS;
    if (k == 0)
        return &a->threat;
    if (k == 1)
        return &a->threat_safety;
    return &a->naive_maps[k - 2];
}

/* Restores checkpoint i into a: the scalar fields from the saved struct, a's
 * own buffers and maps kept; then every map is brought up to date for the
 * restored state and each map's recompute counter set back to what it was,
 * so the HUD's counts go on as in the original run. */
static void restore_cp(const ArenaHistory *h, int i, Arena *a) {
    const ArenaHistoryCp *cp = cp_at(h, i);
    int s = cp_slot(h, i);
    Arena own = *a;
    *a = cp->state;
    a->blocked = own.blocked;
    a->item = own.item;
    a->occ = own.occ;
    a->mon = own.mon;
    a->gold_src = own.gold_src;
    a->potion_src = own.potion_src;
    a->scratch_src = own.scratch_src;
    size_t n = cells_of(h);
    const uint8_t *cells = h->cp_cells + (size_t)s * n;
    bool same_walls = true;
    for (size_t c = 0; c < n; c++) {
        uint8_t wall = cells[c] & CELL_WALL;
        same_walls = same_walls && (a->blocked[c] != 0) == (wall != 0);
        a->blocked[c] = wall;
        a->item[c] = (uint8_t)(cells[c] >> 1);
        a->occ[c] = MON_CELL_FREE;
    }
    /* a's own maps come back. One that is up to date for a's walls stays
     * valid when the checkpoint has the same walls: refresh_maps below then
     * recomputes only the maps whose sources differ (a guard's post map
     * hardly ever). Any other map is recomputed. */
    long counts[MAP_SLOTS];
    for (int k = 0; k < MAP_SLOTS; k++) {
        DMap *m = map_slot(a, k);
        counts[k] = m->recomputes;
        *m = *map_slot(&own, k);
        if (same_walls && m->valid && m->walls_version == own.walls_version)
            m->walls_version = a->walls_version;
        else
            dmap_invalidate(m);
    }
    if (h->mon_count > 0)
        memcpy(a->mon, h->cp_mon + (size_t)s * (size_t)h->mon_count,
               (size_t)h->mon_count * sizeof *a->mon);
    a->occ[a->hero] = ARENA_OCC_HERO;
    for (int m = 0; m < a->mon_count; m++)
        if (a->mon[m].alive)
            a->occ[a->mon[m].cell] = m;
    /* The maps follow from the state (every map was up to date when the
     * checkpoint was taken); the sources are rebuilt from the items. */
    a->items_dirty = true;
    refresh_maps(a);
    for (int k = 0; k < MAP_SLOTS; k++)
        map_slot(a, k)->recomputes = counts[k];
    a->recomputes_total = cp->state.recomputes_total;
    a->recomputes_tick = cp->state.recomputes_tick;
}

/* ======================================================================== */
/* Lifecycle                                                                 */
/* ======================================================================== */

void arena_history_deinit(ArenaHistory *h) {
    free(h->input);
    free(h->marks);
    free(h->hash);
    free(h->cps);
    free(h->cp_cells);
    free(h->cp_mon);
    free(h->edits);
    memset(h, 0, sizeof *h);
}

WsStatus arena_history_restart(ArenaHistory *h, Arena *a, WsError *err) {
    if (!same_shape(h, a))
        return ws_fail(err, WS_ERR_ARG,
                       "the history was sized for a %dx%d arena with %d monsters and %d posts",
                       h->w, h->h, h->mon_count, h->post_count);
    refresh_maps(a);
    h->first = h->last = a->tick;
    h->cp_head = h->cp_count = 0;
    h->edit_count = 0;
    h->edit_seq = 0;
    h->input[slot(h, a->tick)] = 0;
    h->marks[slot(h, a->tick)] = 0;
    h->hash[slot(h, a->tick)] = arena_history_hash_state(a);
    take_cp(h, a);
    return WS_OK;
}

int arena_history_default_interval(int w, int h) {
    long cells = (long)w * h;
    return cells <= 128L * 128   ? ARENA_HISTORY_INTERVAL
           : cells <= 256L * 256 ? ARENA_HISTORY_INTERVAL / 2
                                 : ARENA_HISTORY_INTERVAL / 4;
}

WsStatus arena_history_init(ArenaHistory *h, Arena *a, long keep, int interval, WsError *err) {
    memset(h, 0, sizeof *h);
    if (keep == 0)
        keep = ARENA_HISTORY_KEEP;
    if (interval == 0 && keep > 0) {
        interval = arena_history_default_interval(a->w, a->h);
        interval = interval > keep ? (int)keep : interval;
    }
    if (keep < 1 || keep > 100000000L)
        return ws_fail(err, WS_ERR_ARG, "history of %ld ticks is outside 1..100000000", keep);
    if (interval < 1 || interval > keep)
        return ws_fail(err, WS_ERR_ARG, "checkpoint interval %d is outside 1..%ld", interval, keep);
    h->keep = keep;
    h->interval = interval;
    h->w = a->w;
    h->h = a->h;
    h->mon_count = a->mon_count;
    h->post_count = a->post_count;
    /* With a checkpoint every `interval` ticks, cp_cap of them span at least
     * (cp_cap - 1) * interval >= keep ticks; the tick ring covers them all. */
    h->cp_cap = (int)(keep / interval) + 2;
    h->tick_cap = (long)h->cp_cap * interval + 1;
    h->edit_cap = ARENA_HISTORY_EDITS;
    size_t n = cells_of(h);
    h->input = calloc((size_t)h->tick_cap, 1);
    h->marks = calloc((size_t)h->tick_cap, 1);
    h->hash = calloc((size_t)h->tick_cap, sizeof *h->hash);
    h->cps = calloc((size_t)h->cp_cap, sizeof *h->cps);
    h->cp_cells = malloc((size_t)h->cp_cap * n);
    h->cp_mon = calloc((size_t)h->cp_cap * (size_t)(h->mon_count > 0 ? h->mon_count : 1),
                       sizeof *h->cp_mon);
    h->edits = calloc((size_t)h->edit_cap, sizeof *h->edits);
    if (!h->input || !h->marks || !h->hash || !h->cps || !h->cp_cells || !h->cp_mon || !h->edits) {
        arena_history_deinit(h);
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for the history of a %dx%d arena", a->w,
                       a->h);
    }
    return arena_history_restart(h, a, err);
}

/* ======================================================================== */
/* Recording                                                                 */
/* ======================================================================== */

WsStatus arena_history_tick(ArenaHistory *h, Arena *a, Dir steer, bool autopilot, WsError *err) {
    if (a->tick != h->last)
        return ws_fail(err, WS_ERR_ARG,
                       "the arena is at tick %ld, the history at %ld: truncate before playing on",
                       a->tick, h->last);
    long deaths = a->hero_deaths, kills = a->kills;
    h->input[slot(h, h->last)] = (uint8_t)((int)steer + 1 + (autopilot ? INPUT_AUTOPILOT : 0));
    arena_tick(a, steer, autopilot);
    refresh_maps(a);
    long t = a->tick;
    while (h->cp_count > 1 && t - h->first >= h->tick_cap)
        drop_oldest_cp(h);
    h->last = t;
    h->input[slot(h, t)] = 0;
    h->marks[slot(h, t)] = (uint8_t)((a->hero_deaths != deaths ? ARENA_MARK_DEATH : 0) |
                                     (a->kills != kills ? ARENA_MARK_KILL : 0) |
                                     (steer != DIR_NONE || !autopilot ? ARENA_MARK_STEER : 0));
    h->hash[slot(h, t)] = arena_history_hash_state(a);
    if (t % h->interval == 0)
        take_cp(h, a);
    return WS_OK;
}

static bool record_edit(ArenaHistory *h, Arena *a, ArenaEditKind kind, int cell) {
    bool can =
        kind == ARENA_EDIT_WALL ? arena_can_toggle_wall(a, cell) : arena_can_drop_gold(a, cell);
    if (a->tick != h->last || !can)
        return false; /* refused before the ring makes room: a refusal costs no history */
    /* A full edit ring drops the checkpoints that need its oldest edit; with
     * one left, the arena as it is now becomes the only checkpoint. */
    while (h->edit_count == h->edit_cap) {
        if (h->cp_count > 1) {
            drop_oldest_cp(h);
        } else {
            h->cp_head = h->cp_count = 0;
            h->edit_count = 0;
            take_cp(h, a);
            h->first = h->last;
        }
    }
    if (kind == ARENA_EDIT_WALL)
        arena_toggle_wall(a, cell);
    else
        arena_drop_gold(a, cell);
    refresh_maps(a); /* the maps show the edit at once, even paused */
    ArenaHistoryEdit *e = &h->edits[h->edit_seq % h->edit_cap];
    e->tick = h->last;
    e->cell = cell;
    e->kind = (uint8_t)kind;
    h->edit_seq++;
    h->edit_count++;
    h->marks[slot(h, h->last)] |= ARENA_MARK_EDIT;
    h->hash[slot(h, h->last)] = arena_history_hash_state(a);
    return true;
}

bool arena_history_toggle_wall(ArenaHistory *h, Arena *a, int cell) {
    return record_edit(h, a, ARENA_EDIT_WALL, cell);
}

bool arena_history_drop_gold(ArenaHistory *h, Arena *a, int cell) {
    return record_edit(h, a, ARENA_EDIT_GOLD, cell);
}

WsStatus arena_history_truncate(ArenaHistory *h, long t, WsError *err) {
    if (t < h->first || t > h->last)
        return ws_fail(err, WS_ERR_ARG, "tick %ld is outside the history (%ld..%ld)", t, h->first,
                       h->last);
    while (h->cp_count > 1 && cp_at(h, h->cp_count - 1)->tick > t)
        h->cp_count--;
    while (h->edit_count > 0 && edit_at(h, h->edit_seq - 1)->tick > t) {
        h->edit_seq--;
        h->edit_count--;
    }
    h->last = t;
    h->input[slot(h, t)] = 0;
    return WS_OK;
}

/* ======================================================================== */
/* Seeking                                                                   */
/* ======================================================================== */

/* The number of the first edit made after tick t (edits are in tick order). */
static long edits_after(const ArenaHistory *h, long t) {
    long lo = h->edit_seq - h->edit_count, hi = h->edit_seq;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (edit_at(h, mid)->tick <= t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static bool apply_edit(Arena *a, const ArenaHistoryEdit *e) {
    bool ok =
        e->kind == ARENA_EDIT_WALL ? arena_toggle_wall(a, e->cell) : arena_drop_gold(a, e->cell);
    if (ok)
        refresh_maps(a);
    return ok;
}

WsStatus arena_history_seek(ArenaHistory *h, long t, Arena *a, WsError *err) {
    if (t < h->first || t > h->last)
        return ws_fail(err, WS_ERR_ARG, "tick %ld is outside the history (%ld..%ld)", t, h->first,
                       h->last);
    if (!same_shape(h, a))
        return ws_fail(err, WS_ERR_ARG,
                       "the history was recorded on a %dx%d arena with %d monsters and %d posts",
                       h->w, h->h, h->mon_count, h->post_count);
    int i = h->cp_count - 1; /* the newest checkpoint at or before t */
    while (i > 0 && cp_at(h, i)->tick > t)
        i--;
    const ArenaHistoryCp *cp = cp_at(h, i);
    long seq;
    /* Going on from where a is (the last state of its tick) beats a restore
     * when that is between the checkpoint and t: a step forward is one tick. */
    if (a->tick >= cp->tick && a->tick <= t && a->tick >= h->first &&
        arena_history_hash_state(a) == h->hash[slot(h, a->tick)]) {
        refresh_maps(a); /* an arena that did not play through the history may hold stale maps */
        seq = edits_after(h, a->tick);
    } else {
        restore_cp(h, i, a);
        seq = cp->edit_seq;
    }
    for (;;) {
        for (; seq < h->edit_seq && edit_at(h, seq)->tick == a->tick; seq++)
            if (!apply_edit(a, edit_at(h, seq)))
                return ws_fail(err, WS_ERR_PARSE,
                               "the arena history does not replay: edit at tick %ld refused",
                               a->tick);
        if (a->tick >= t)
            break;
        uint8_t in = h->input[slot(h, a->tick)];
        arena_tick(a, (Dir)((in & 7) - 1), (in & INPUT_AUTOPILOT) != 0);
        refresh_maps(a);
    }
    if (arena_history_hash_state(a) != h->hash[slot(h, t)])
        return ws_fail(err, WS_ERR_PARSE, "the arena history does not replay: tick %ld differs", t);
    return WS_OK;
}

/* ======================================================================== */
/* Queries                                                                   */
/* ======================================================================== */

uint64_t arena_history_hash(const ArenaHistory *h, long t) {
    return t >= h->first && t <= h->last ? h->hash[slot(h, t)] : 0;
}

unsigned arena_history_marks(const ArenaHistory *h, long t) {
    return t >= h->first && t <= h->last ? h->marks[slot(h, t)] : 0;
}

bool arena_history_input(const ArenaHistory *h, long t, Dir *steer, bool *autopilot) {
    if (t < h->first || t >= h->last)
        return false;
    uint8_t in = h->input[slot(h, t)];
    *steer = (Dir)((in & 7) - 1);
    *autopilot = (in & INPUT_AUTOPILOT) != 0;
    return true;
}

size_t arena_history_bytes(const ArenaHistory *h) {
    size_t ticks = (size_t)h->tick_cap * (2 + sizeof *h->hash);
    size_t cps = (size_t)h->cp_cap *
                 (sizeof *h->cps + cells_of(h) + (size_t)h->mon_count * sizeof *h->cp_mon);
    return sizeof *h + ticks + cps + (size_t)h->edit_cap * sizeof *h->edits;
}
