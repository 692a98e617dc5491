#include "arena.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "mapgen.h"
#include "ws_hash.h"

/* ======================================================================== */
/* Tuning                                                                    */
/* ======================================================================== */

typedef struct KindStats {
    int life;
    int dmg_lo, dmg_span; /* damage is dmg_lo + bounded(dmg_span), stream 2 */
} KindStats;

static const KindStats KIND_STATS[MON_KIND_COUNT] = {
    {8, 1, 2},  /* zombie */
    {12, 2, 2}, /* goblin */
    {10, 1, 2}, /* shaman */
};

enum {
    HERO_DMG_LO = 3,
    HERO_DMG_SPAN = 4,
    HERO_POTIONS_AT_START = 1,
    HEAL_AMOUNT = 6,
    HEAL_COOLDOWN = 6,
    SPIT_COOLDOWN = 10,
    POISON_TICKS = 5,
    ALLY_RADIUS = 4,     /* a shaman heals allies within this Chebyshev distance */
    MAX_ALLIES = 16,
    SPAWN_MIN_DIST = 6,  /* respawns keep this Manhattan distance from the hero */
    SPAWN_TRIES = 64,
    POTION_RESPAWN_EVERY = 50,
    DEFAULT_GOLD = 3,    /* a map without gold gets this many, so the hero has a goal */
    SHAMAN_EVERY = 10    /* --monsters N: every 10th is a shaman, the rest zombies and goblins */
};

/* ======================================================================== */
/* Small helpers                                                             */
/* ======================================================================== */

static int neighbor(const Arena *a, int cell, int d) {
    int nb = grid_neighbor(a->w, a->h, cell, (Dir)d);
    return nb >= 0 && !a->blocked[nb] ? nb : -1;
}

static long sum_recomputes(const Arena *a) {
    long s = a->threat.recomputes + a->threat_safety.recomputes;
    for (int k = 0; k < ARENA_MAP_COUNT; k++)
        s += a->maps[k].recomputes;
    for (int k = 0; k <= ARENA_MAP_COUNT; k++)
        s += a->naive_maps[k].recomputes;
    for (int k = 0; k < a->post_count; k++)
        s += a->posts[k].recomputes;
    return s;
}

/* A random free floor cell (no wall, monster, hero or item) at least
 * min_dist from the hero, by rejection with stream 1; -1 if none found. */
static int random_free_cell(Arena *a, int min_dist) {
    int n = a->w * a->h;
    Point hero = grid_cell_point(a->w, a->hero);
    for (int t = 0; t < SPAWN_TRIES; t++) {
        int cell = (int)rng_bounded(&a->place, (uint32_t)n);
        if (!a->blocked[cell] && a->occ[cell] == MON_CELL_FREE &&
            a->item[cell] == ARENA_ITEM_NONE &&
            point_manhattan(grid_cell_point(a->w, cell), hero) >= min_dist)
            return cell;
    }
    return -1;
}

static void record_decision(Arena *a, const CombatDecision *d, const char *actor) {
    /* The first decision of a tick is shown; a later one replaces it only if
     * it weighed more than one option (a shaman's choice beats a zombie's bite). */
    if (a->decision_tick == a->tick && d->count < 2)
        return;
    a->decision = *d;
    snprintf(a->decision_actor, sizeof a->decision_actor, "%s", actor);
    a->decision_tick = a->tick;
}

/* ======================================================================== */
/* Lifecycle                                                                 */
/* ======================================================================== */

/* Starts a monster at cell. A shaman becomes a guard of that cell when
 * may_guard and a post map is left (posts are few: each owns a map). */
static void start_monster(Arena *a, Monster *m, MonKind kind, int cell, int nth, bool may_guard) {
    memset(m, 0, sizeof *m);
    m->kind = kind;
    m->cell = cell;
    m->life = m->max_life = KIND_STATS[kind].life;
    m->alive = true;
    m->post = -1;
    m->post_map = -1;
    m->next_dir = DIR_NONE;
    switch (kind) {
    case MON_ZOMBIE:
        m->state = MON_CHASE; /* zombies have no states; shown as chasing */
        break;
    case MON_GOBLIN:
        m->state = nth % 2 == 0 ? MON_SLEEP : MON_WANDER;
        break;
    case MON_SHAMAN:
    case MON_KIND_COUNT:
        if (may_guard && a->post_count < ARENA_MAX_POSTS) {
            m->state = MON_GUARD;
            m->post = cell;
            m->post_map = a->post_count++;
        } else {
            m->state = MON_WANDER;
        }
        break;
    }
}

static WsStatus alloc_all(Arena *a, int mon_cap, WsError *err) {
    size_t n = (size_t)a->w * (size_t)a->h;
    a->blocked = calloc(n, 1);
    a->item = calloc(n, 1);
    a->occ = malloc(n * sizeof *a->occ);
    a->gold_src = malloc(n * sizeof *a->gold_src);
    a->potion_src = malloc(n * sizeof *a->potion_src);
    a->scratch_src = malloc(n * sizeof *a->scratch_src);
    a->mon = calloc((size_t)(mon_cap > 0 ? mon_cap : 1), sizeof *a->mon);
    if (!a->blocked || !a->item || !a->occ || !a->gold_src || !a->potion_src || !a->scratch_src ||
        !a->mon)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for a %dx%d arena", a->w, a->h);
    for (size_t i = 0; i < n; i++)
        a->occ[i] = MON_CELL_FREE;
    WsStatus st = WS_OK;
    for (int k = 0; k < ARENA_MAP_COUNT && st == WS_OK; k++)
        st = dmap_init(&a->maps[k], a->w, a->h, err);
    if (st == WS_OK)
        st = dmap_init(&a->threat, a->w, a->h, err);
    if (st == WS_OK)
        st = dmap_init(&a->threat_safety, a->w, a->h, err);
    for (int k = 0; a->naive && k <= ARENA_MAP_COUNT && st == WS_OK; k++)
        st = dmap_init(&a->naive_maps[k], a->w, a->h, err);
    return st;
}

static WsStatus init_common(Arena *a, const TextMap *map, const ArenaConfig *cfg,
                            const char *name, const Rng *place, WsError *err) {
    memset(a, 0, sizeof *a);
    int n = map->w * map->h, heroes = 0, map_monsters = 0, open = 0;
    for (int c = 0; c < n; c++) {
        char ch = map->cells[c];
        heroes += ch == '@';
        map_monsters += ch == 'z' || ch == 'g' || ch == 's';
        open += ch != '#' && ch != '@';
    }
    char quoted[WS_QUOTE_SIZE];
    if (heroes != 1)
        return ws_fail(err, WS_ERR_PARSE, "%s: the arena needs exactly one '@' (the hero), found %d",
                       ws_quote(quoted, sizeof quoted, name), heroes);
    if (cfg->monsters > open)
        return ws_fail(err, WS_ERR_ARG, "--monsters %d: %s has only %d free cells", cfg->monsters,
                       ws_quote(quoted, sizeof quoted, name), open);
    a->w = map->w;
    a->h = map->h;
    a->naive = cfg->naive;
    a->place = *place;
    rng_init(&a->other, cfg->seed, RNG_STREAM_OTHER);
    int mon_cap = cfg->monsters < 0 ? map_monsters : cfg->monsters;
    WsStatus st = alloc_all(a, mon_cap, err);
    if (st != WS_OK) {
        arena_deinit(a);
        return st;
    }
    int gold = 0, potions = 0;
    for (int c = 0; c < n; c++) {
        char ch = map->cells[c];
        a->blocked[c] = ch == '#';
        if (ch == '$') {
            a->item[c] = ARENA_ITEM_GOLD;
            gold++;
        } else if (ch == '!') {
            a->item[c] = ARENA_ITEM_POTION;
            potions++;
        } else if (ch == '@') {
            a->hero = c;
        }
    }
    a->occ[a->hero] = ARENA_OCC_HERO;
    if (cfg->monsters < 0) {
        int goblins = 0;
        for (int c = 0; c < n; c++) {
            char ch = map->cells[c];
            MonKind kind = ch == 'z' ? MON_ZOMBIE : ch == 'g' ? MON_GOBLIN : MON_SHAMAN;
            if (ch != 'z' && ch != 'g' && ch != 's')
                continue;
            start_monster(a, &a->mon[a->mon_count], kind, c, kind == MON_GOBLIN ? goblins++ : 0,
                          true);
            a->occ[c] = a->mon_count++;
        }
    } else if (cfg->monsters > 0) {
        /* Partial Fisher-Yates over the free cells (stream 1): N distinct cells in O(cells). */
        int32_t *cells = malloc((size_t)n * sizeof *cells);
        if (cells == NULL) {
            arena_deinit(a);
            return ws_fail(err, WS_ERR_NOMEM, "out of memory for %d monsters", cfg->monsters);
        }
        int free_n = 0;
        for (int c = 0; c < n; c++)
            if (!a->blocked[c] && c != a->hero && a->item[c] == ARENA_ITEM_NONE)
                cells[free_n++] = c;
        for (int c = 0; c < n && free_n < cfg->monsters; c++) /* then under items */
            if (!a->blocked[c] && c != a->hero && a->item[c] != ARENA_ITEM_NONE)
                cells[free_n++] = c;
        for (int i = 0; i < cfg->monsters; i++) {
            int j = i + (int)rng_bounded(&a->place, (uint32_t)(free_n - i));
            int32_t t = cells[i];
            cells[i] = cells[j];
            cells[j] = t;
            MonKind kind = i % SHAMAN_EVERY == SHAMAN_EVERY - 1 ? MON_SHAMAN
                           : i % 2 == 0                        ? MON_ZOMBIE
                                                               : MON_GOBLIN;
            start_monster(a, &a->mon[a->mon_count], kind, cells[i], i / 2, true);
            a->occ[cells[i]] = a->mon_count++;
        }
        free(cells);
    }
    for (int k = 0; k < a->post_count && st == WS_OK; k++)
        st = dmap_init(&a->posts[k], a->w, a->h, err);
    if (st != WS_OK) {
        arena_deinit(a);
        return st;
    }
    a->gold_count = gold;
    a->potion_count = potions;
    a->gold_target = gold > 0 ? gold : DEFAULT_GOLD;
    a->potion_target = potions;
    a->hero_life = a->hero_max = ARENA_HERO_LIFE;
    a->potions_carried = HERO_POTIONS_AT_START;
    a->hero_alive = true;
    a->items_dirty = true;
    a->decision_tick = -1;
    arena_update_maps(a);
    a->recomputes_total = sum_recomputes(a);
    return WS_OK;
}

/* The characters an arena map may hold (docs/arena.md). */
static const char MAP_CHARS[] = "#.@zgs$!";

WsStatus arena_init(Arena *a, const TextMap *map, const ArenaConfig *cfg, const char *name,
                    WsError *err) {
    for (int c = 0; c < map->w * map->h; c++) {
        char ch = map->cells[c];
        if (ch == '\0' || strchr(MAP_CHARS, ch) == NULL)
            return ws_fail(err, WS_ERR_PARSE,
                           "%s: line %d, column %d: '%c' is not an arena map character (use %s)",
                           name, c / map->w + 1, c % map->w + 1, ch != '\0' ? ch : ' ', MAP_CHARS);
    }
    Rng place;
    rng_init(&place, cfg->seed, RNG_STREAM_PLACE);
    return init_common(a, map, cfg, name, &place, err);
}

WsStatus arena_init_generated(Arena *a, int w, int h, const ArenaConfig *cfg, WsError *err) {
    memset(a, 0, sizeof *a);
    Rng place;
    rng_init(&place, cfg->seed, RNG_STREAM_PLACE);
    TextMap map = {0};
    WsStatus st = mapgen_generate(&map, w, h, &place, err);
    if (st != WS_OK)
        return st;
    st = init_common(a, &map, cfg, "the generated map", &place, err);
    textmap_deinit(&map);
    return st;
}

void arena_deinit(Arena *a) {
    free(a->blocked);
    free(a->item);
    free(a->occ);
    free(a->gold_src);
    free(a->potion_src);
    free(a->scratch_src);
    free(a->mon);
    for (int k = 0; k < ARENA_MAP_COUNT; k++)
        dmap_deinit(&a->maps[k]);
    for (int k = 0; k <= ARENA_MAP_COUNT; k++)
        dmap_deinit(&a->naive_maps[k]);
    for (int k = 0; k < ARENA_MAX_POSTS; k++)
        dmap_deinit(&a->posts[k]);
    dmap_deinit(&a->threat);
    dmap_deinit(&a->threat_safety);
    memset(a, 0, sizeof *a);
}

/* ======================================================================== */
/* Maps                                                                      */
/* ======================================================================== */

static void rebuild_items(Arena *a) {
    int n = a->w * a->h, g = 0, p = 0;
    for (int c = 0; c < n; c++) {
        if (a->item[c] == ARENA_ITEM_GOLD)
            a->gold_src[g++] = (DMapSource){c, ARENA_GOLD_VALUE};
        else if (a->item[c] == ARENA_ITEM_POTION)
            a->potion_src[p++] = (DMapSource){c, 0};
    }
    a->gold_count = g;
    a->potion_count = p;
    a->items_dirty = false;
}

void arena_update_maps(Arena *a) {
    if (a->items_dirty)
        rebuild_items(a);
    DMapSource hero = {a->hero, 0};
    if (!a->naive) /* naive monsters compute their own hero and safety maps */
        dmap_update(&a->maps[MON_MAP_HERO], a->blocked, a->walls_version, &hero, 1);
    dmap_update(&a->maps[MON_MAP_GOLD], a->blocked, a->walls_version, a->gold_src, a->gold_count);
    dmap_update(&a->maps[MON_MAP_POTION], a->blocked, a->walls_version, a->potion_src,
                a->potion_count);
    if (!a->naive)
        dmap_update_safety(&a->maps[MON_MAP_SAFETY], &a->maps[MON_MAP_HERO], a->blocked);
    a->recomputes_total = sum_recomputes(a);
}

static const DMap *post_map(Arena *a, const Monster *m) {
    if (m->post_map < 0)
        return NULL;
    DMapSource post = {m->post, 0};
    dmap_update(&a->posts[m->post_map], a->blocked, a->walls_version, &post, 1);
    return &a->posts[m->post_map];
}

/* The map of kind k, valid at least at `cell` and its neighbours. Shared
 * maps are simply read; a naive monster computes its own (once per turn). */
static const DMap *need_map(Arena *a, MonMap k, int cell) {
    if (!a->naive)
        return &a->maps[k];
    DMap *m = &a->naive_maps[k];
    unsigned bit = 1u << k;
    if (a->naive_valid & bit)
        return m;
    DMapSource hero = {a->hero, 0};
    switch (k) {
    case MON_MAP_HERO:
        dmap_compute_near(m, a->blocked, &hero, 1, cell);
        break;
    case MON_MAP_GOLD:
        dmap_compute_near(m, a->blocked, a->gold_src, a->gold_count, cell);
        break;
    case MON_MAP_POTION:
        dmap_compute_near(m, a->blocked, a->potion_src, a->potion_count, cell);
        break;
    case MON_MAP_SAFETY: {
        DMap *full = &a->naive_maps[ARENA_MAP_COUNT]; /* safety needs the whole hero map */
        dmap_compute(full, a->blocked, &hero, 1);
        dmap_compute_safety_near(m, full, a->blocked, cell);
        break;
    }
    case MON_MAP_POST:
    case MON_MAP_COUNT:
        break;
    }
    a->naive_valid |= bit;
    return m;
}

const DMap *arena_map(const Arena *a, MonMap kind) {
    return (int)kind >= 0 && (int)kind < ARENA_MAP_COUNT ? &a->maps[kind] : NULL;
}

void arena_monster_maps(const Arena *a, int i, const DMap *maps[MON_MAP_COUNT]) {
    for (int k = 0; k < ARENA_MAP_COUNT; k++)
        maps[k] = &a->maps[k];
    const Monster *m = &a->mon[i];
    maps[MON_MAP_POST] = m->post_map >= 0 ? &a->posts[m->post_map] : NULL;
}

/* ======================================================================== */
/* Moving, fighting, dying                                                   */
/* ======================================================================== */

static void hero_move(Arena *a, int nb) {
    a->occ[a->hero] = MON_CELL_FREE;
    a->hero = nb;
    a->occ[nb] = ARENA_OCC_HERO;
    if (a->item[nb] == ARENA_ITEM_GOLD) {
        a->gold_collected++;
        a->item[nb] = ARENA_ITEM_NONE;
        a->items_dirty = true;
    } else if (a->item[nb] == ARENA_ITEM_POTION) {
        a->potions_carried++;
        a->item[nb] = ARENA_ITEM_NONE;
        a->items_dirty = true;
    }
}

static void kill_monster(Arena *a, int i) {
    Monster *m = &a->mon[i];
    m->alive = false;
    m->respawn = ARENA_RESPAWN_TICKS;
    a->occ[m->cell] = MON_CELL_FREE;
    a->kills++;
}

static void hero_attack(Arena *a, int i) {
    Monster *m = &a->mon[i];
    m->life -= HERO_DMG_LO + (int)rng_bounded(&a->other, HERO_DMG_SPAN);
    if (m->life <= 0)
        kill_monster(a, i);
    else if (m->state == MON_SLEEP) /* a blow wakes anyone */
        m->state = MON_CHASE;
}

static void hero_hurt(Arena *a, int dmg) {
    a->hero_life -= dmg;
    if (a->hero_life <= 0) {
        a->hero_life = 0;
        a->hero_alive = false;
    }
}

static void move_monster(Arena *a, int i, Dir d) {
    Monster *m = &a->mon[i];
    m->next_dir = d;
    if (d == DIR_NONE)
        return;
    int nb = neighbor(a, m->cell, d);
    if (nb < 0 || a->occ[nb] != MON_CELL_FREE)
        return;
    a->occ[m->cell] = MON_CELL_FREE;
    a->occ[nb] = i;
    m->cell = nb;
    if (a->item[nb] == ARENA_ITEM_POTION && m->state == MON_FLEE) { /* a fleeing monster drinks */
        m->life = m->max_life;
        a->item[nb] = ARENA_ITEM_NONE;
        a->items_dirty = true;
    }
}

static void respawn_monster(Arena *a, int i) {
    Monster *m = &a->mon[i];
    bool post_free = m->post >= 0 && a->occ[m->post] == MON_CELL_FREE &&
                     point_manhattan(grid_cell_point(a->w, m->post),
                                     grid_cell_point(a->w, a->hero)) >= SPAWN_MIN_DIST;
    int cell = post_free ? m->post : random_free_cell(a, SPAWN_MIN_DIST);
    if (cell < 0) {
        m->respawn = 1; /* crowded: try again next tick */
        return;
    }
    int post = m->post, post_map = m->post_map;
    start_monster(a, m, m->kind, cell, i, false);
    if (post >= 0) { /* a guard stays a guard with its old post */
        m->state = cell == post ? MON_GUARD : MON_HOME;
        m->post = post;
        m->post_map = post_map;
    }
    a->occ[cell] = i;
}

/* ======================================================================== */
/* The hero                                                                  */
/* ======================================================================== */

/* The free neighbour with the lowest value strictly below the hero's cell. */
static Dir hero_downhill(const Arena *a, const DMap *m) {
    int32_t best = m->value[a->hero];
    if (best == DMAP_UNREACHED)
        return DIR_NONE;
    Dir pick = DIR_NONE;
    for (int d = 0; d < DIR_COUNT; d++) {
        int nb = neighbor(a, a->hero, d);
        if (nb >= 0 && a->occ[nb] == MON_CELL_FREE && m->value[nb] < best) {
            best = m->value[nb];
            pick = (Dir)d;
        }
    }
    return pick;
}

static Dir hero_autopilot_dir(Arena *a) {
    bool low = combat_is_low_life(a->hero_life, a->hero_max);
    if (low && a->potion_count > 0)
        return hero_downhill(a, &a->maps[MON_MAP_POTION]);
    if (low) { /* flee from every awake monster: their safety map, built on demand */
        int n = 0;
        for (int i = 0; i < a->mon_count; i++)
            if (a->mon[i].alive && a->mon[i].state != MON_SLEEP)
                a->scratch_src[n++] = (DMapSource){a->mon[i].cell, 0};
        if (n > 0) {
            dmap_compute(&a->threat, a->blocked, a->scratch_src, n);
            dmap_compute_safety(&a->threat_safety, &a->threat, a->blocked);
            return hero_downhill(a, &a->threat_safety);
        }
    }
    if (a->gold_count > 0)
        return hero_downhill(a, &a->maps[MON_MAP_GOLD]);
    return DIR_NONE;
}

static void hero_turn(Arena *a, Dir steer, bool autopilot) {
    int adj[DIR_COUNT];
    CombatFighter foes[DIR_COUNT];
    int n = 0;
    for (int d = 0; d < DIR_COUNT; d++) {
        int nb = neighbor(a, a->hero, d);
        if (nb < 0 || a->occ[nb] < 0)
            continue;
        const Monster *m = &a->mon[a->occ[nb]];
        adj[n] = a->occ[nb];
        foes[n] = (CombatFighter){m->life, m->max_life, monster_kind_name(m->kind)};
        n++;
    }
    a->hero_manual = steer != DIR_NONE || !autopilot;
    if (steer != DIR_NONE) {
        int nb = neighbor(a, a->hero, steer);
        if (nb < 0)
            return;
        if (a->occ[nb] >= 0)
            hero_attack(a, a->occ[nb]);
        else
            hero_move(a, nb);
        return;
    }
    CombatDecision dec;
    combat_decide_hero(&dec, foes, n, a->potions_carried, a->hero_life, a->hero_max);
    if (dec.chosen >= 0) {
        record_decision(a, &dec, "hero");
        const CombatOption *o = &dec.options[dec.chosen];
        if (o->act == COMBAT_DRINK) {
            a->potions_carried--;
            a->potions_drunk++;
            a->hero_life = a->hero_max;
            a->hero_poison = 0;
        } else {
            hero_attack(a, adj[o->target]);
        }
        return;
    }
    if (!autopilot)
        return; /* held: it still fights and drinks, but does not walk */
    Dir d = hero_autopilot_dir(a);
    if (d != DIR_NONE)
        hero_move(a, neighbor(a, a->hero, d));
}

/* ======================================================================== */
/* Monsters                                                                  */
/* ======================================================================== */

/* Monster i, next to the hero, acts by utility (combat.h): attack the hero,
 * heal an ally or spit poison. */
static void fight_turn(Arena *a, int i) {
    Monster *m = &a->mon[i];
    bool healer = m->kind == MON_SHAMAN;
    CombatFighter allies[MAX_ALLIES];
    int ally_idx[MAX_ALLIES], n = 0;
    if (healer) {
        int x0 = m->cell % a->w, y0 = m->cell / a->w;
        for (int y = y0 - ALLY_RADIUS; y <= y0 + ALLY_RADIUS && n < MAX_ALLIES; y++)
            for (int x = x0 - ALLY_RADIUS; x <= x0 + ALLY_RADIUS && n < MAX_ALLIES; x++) {
                if (x < 0 || y < 0 || x >= a->w || y >= a->h)
                    continue;
                int o = a->occ[y * a->w + x];
                if (o < 0 || o == i)
                    continue;
                const Monster *f = &a->mon[o];
                ally_idx[n] = o;
                allies[n++] = (CombatFighter){f->life, f->max_life, monster_kind_name(f->kind)};
            }
    }
    CombatDecision dec;
    combat_decide_monster(&dec, healer, m->heal_cooldown == 0, m->spit_cooldown == 0,
                          a->hero_poison > 0, allies, n);
    record_decision(a, &dec, monster_kind_name(m->kind));
    const CombatOption *o = &dec.options[dec.chosen];
    const KindStats *ks = &KIND_STATS[m->kind];
    switch (o->act) {
    case COMBAT_ATTACK:
        hero_hurt(a, ks->dmg_lo + (int)rng_bounded(&a->other, (uint32_t)ks->dmg_span));
        break;
    case COMBAT_HEAL: {
        Monster *f = &a->mon[ally_idx[o->target]];
        f->life = f->life + HEAL_AMOUNT > f->max_life ? f->max_life : f->life + HEAL_AMOUNT;
        m->heal_cooldown = HEAL_COOLDOWN;
        break;
    }
    case COMBAT_SPIT:
        a->hero_poison = POISON_TICKS;
        m->spit_cooldown = SPIT_COOLDOWN;
        break;
    case COMBAT_DRINK:
    case COMBAT_ACT_COUNT:
        break;
    }
}

static void zombie_turn(Arena *a, int i) {
    Monster *m = &a->mon[i];
    const DMap *hero = need_map(a, MON_MAP_HERO, m->cell);
    if (hero->value[m->cell] == 1) { /* adjacent: melee */
        m->sees = true;
        m->next_dir = grid_dir_between(a->w, m->cell, a->hero);
        m->struck = true;
        fight_turn(a, i);
        return;
    }
    move_monster(a, i, monster_zombie_step(hero, a->blocked, a->occ, m->cell, &a->other));
}

static void live_turn(Arena *a, int i) {
    Monster *m = &a->mon[i];
    /* Sense. Rolls are drawn only where the machine reads them. */
    MonLiveSenses s = {0};
    s.sees = monster_can_see(a->blocked, a->w, m->cell, a->hero, MON_LIVE_SIGHT);
    int32_t hd = need_map(a, MON_MAP_HERO, m->cell)->value[m->cell];
    s.hero_dist = hd == DMAP_UNREACHED ? MON_NONE : hd;
    s.life = m->life;
    s.max_life = m->max_life;
    s.lost = m->lost;
    s.calm = m->calm;
    s.is_guard = m->post >= 0;
    s.at_post = m->cell == m->post;
    if (m->state == MON_SLEEP && s.sees)
        s.wake_roll = rng_bounded(&a->other, MON_LIVE_WAKE_OF) < MON_LIVE_WAKE_IN;
    if (m->state == MON_WANDER && !s.sees)
        s.move_roll = rng_bounded(&a->other, MON_LIVE_MOVE_OF) < MON_LIVE_MOVE_IN;
    /* Decide. */
    MonDecision d = monster_live_next(m->state, &s);
    m->state = d.state;
    m->lost = d.lost;
    m->calm = d.calm;
    m->sees = s.sees;
    /* Act. */
    if (d.action == MON_ACT_FIGHT) {
        m->next_dir = grid_dir_between(a->w, m->cell, a->hero);
        m->struck = true;
        fight_turn(a, i);
    } else if (d.action == MON_ACT_STEP) {
        MonWeights wt = monster_weights(m->kind, m->state);
        const DMap *maps[MON_MAP_COUNT] = {0};
        for (int k = 0; k < ARENA_MAP_COUNT; k++)
            if (wt.w[k] != 0)
                maps[k] = need_map(a, (MonMap)k, m->cell);
        if (wt.w[MON_MAP_POST] != 0)
            maps[MON_MAP_POST] = post_map(a, m);
        Dir dir = monster_desire_step(&wt, maps, a->blocked, a->occ, m->cell);
        if (dir == DIR_NONE && m->state == MON_WANDER) { /* nothing better: amble */
            Dir cand[DIR_COUNT];
            int n = 0;
            for (int k = 0; k < DIR_COUNT; k++) {
                int nb = neighbor(a, m->cell, k);
                if (nb >= 0 && a->occ[nb] == MON_CELL_FREE)
                    cand[n++] = (Dir)k;
            }
            if (n > 0)
                dir = cand[n == 1 ? 0 : rng_bounded(&a->other, (uint32_t)n)];
        }
        move_monster(a, i, dir);
    }
    if (m->state == MON_FLEE && m->calm > MON_LIVE_CALM && m->life < m->max_life)
        m->life++; /* resting out of sight */
}

/* ======================================================================== */
/* The tick                                                                  */
/* ======================================================================== */

void arena_tick(Arena *a, Dir steer, bool autopilot) {
    long before = sum_recomputes(a);
    arena_update_maps(a);
    if (a->hero_alive)
        hero_turn(a, steer, autopilot);
    if (a->hero_poison > 0) {
        a->hero_poison--;
        hero_hurt(a, 1);
    }
    arena_update_maps(a);
    for (int i = 0; i < a->mon_count; i++) {
        Monster *m = &a->mon[i];
        if (!m->alive) {
            if (--m->respawn <= 0)
                respawn_monster(a, i);
            continue;
        }
        if (m->heal_cooldown > 0)
            m->heal_cooldown--;
        if (m->spit_cooldown > 0)
            m->spit_cooldown--;
        m->next_dir = DIR_NONE;
        m->struck = false;
        m->sees = false;
        if (!a->hero_alive)
            continue;
        a->naive_valid = 0;
        if (m->kind == MON_ZOMBIE)
            zombie_turn(a, i);
        else
            live_turn(a, i);
    }
    if (!a->hero_alive) { /* self-play never stops: the hero returns somewhere free */
        a->hero_deaths++;
        int cell = random_free_cell(a, SPAWN_MIN_DIST);
        if (cell >= 0) {
            a->occ[a->hero] = MON_CELL_FREE;
            a->hero = cell;
            a->occ[cell] = ARENA_OCC_HERO;
        }
        a->hero_life = a->hero_max;
        a->hero_poison = 0;
        a->potions_carried = HERO_POTIONS_AT_START;
        a->hero_alive = true;
    }
    if (a->items_dirty)
        rebuild_items(a);
    if (a->gold_count == 0) {
        for (int k = 0; k < a->gold_target; k++) {
            int cell = random_free_cell(a, 0);
            if (cell >= 0)
                a->item[cell] = ARENA_ITEM_GOLD;
        }
        a->items_dirty = true;
    }
    if (a->potion_count == 0 && a->potion_target > 0 && a->tick % POTION_RESPAWN_EVERY == 0) {
        for (int k = 0; k < a->potion_target; k++) {
            int cell = random_free_cell(a, 0);
            if (cell >= 0)
                a->item[cell] = ARENA_ITEM_POTION;
        }
        a->items_dirty = true;
    }
    a->tick++;
    a->recomputes_total = sum_recomputes(a);
    a->recomputes_tick = (int)(a->recomputes_total - before);
}

/* ======================================================================== */
/* Edits and queries                                                         */
/* ======================================================================== */

bool arena_can_toggle_wall(const Arena *a, int cell) {
    if (cell < 0 || cell >= a->w * a->h)
        return false;
    if (a->occ[cell] != MON_CELL_FREE || a->item[cell] != ARENA_ITEM_NONE)
        return false;
    for (int i = 0; i < a->mon_count; i++)
        if (a->mon[i].post == cell)
            return false; /* a guard's post stays open */
    return true;
}

bool arena_toggle_wall(Arena *a, int cell) {
    if (!arena_can_toggle_wall(a, cell))
        return false;
    a->blocked[cell] = !a->blocked[cell];
    a->walls_version++;
    return true;
}

bool arena_can_drop_gold(const Arena *a, int cell) {
    return cell >= 0 && cell < a->w * a->h && !a->blocked[cell] && cell != a->hero &&
           a->item[cell] == ARENA_ITEM_NONE;
}

bool arena_drop_gold(Arena *a, int cell) {
    if (!arena_can_drop_gold(a, cell))
        return false;
    a->item[cell] = ARENA_ITEM_GOLD;
    a->items_dirty = true;
    return true;
}

int arena_monster_at(const Arena *a, int cell) {
    if (cell < 0 || cell >= a->w * a->h)
        return -1;
    return a->occ[cell] >= 0 ? a->occ[cell] : -1;
}

size_t arena_decision_text(const Arena *a, char *buf, size_t size) {
    if (size == 0)
        return 0;
    buf[0] = '\0';
    if (a->decision_tick < 0)
        return 0;
    int n = snprintf(buf, size, "%s: ", a->decision_actor);
    if (n < 0 || (size_t)n >= size)
        return strlen(buf);
    return (size_t)n + combat_format(&a->decision, buf + n, size - (size_t)n);
}

int arena_alive_count(const Arena *a) {
    int n = 0;
    for (int i = 0; i < a->mon_count; i++)
        n += a->mon[i].alive;
    return n;
}

uint64_t arena_hash(const Arena *a) {
    uint64_t h = WS_HASH_FNV_OFFSET;
    h = ws_hash_fnv(h, (uint64_t)a->tick);
    h = ws_hash_fnv(h, (uint64_t)a->hero);
    h = ws_hash_fnv(h, (uint64_t)a->hero_life);
    h = ws_hash_fnv(h, (uint64_t)a->hero_poison);
    h = ws_hash_fnv(h, (uint64_t)a->potions_carried);
    h = ws_hash_fnv(h, (uint64_t)a->gold_collected);
    h = ws_hash_fnv(h, (uint64_t)a->kills);
    h = ws_hash_fnv(h, (uint64_t)a->hero_deaths);
    for (int i = 0; i < a->mon_count; i++) {
        const Monster *m = &a->mon[i];
        h = ws_hash_fnv(h, (uint64_t)m->cell);
        h = ws_hash_fnv(h, (uint64_t)m->state);
        h = ws_hash_fnv(h, (uint64_t)m->life);
        h = ws_hash_fnv(h, (uint64_t)m->alive);
    }
    int n = a->w * a->h;
    for (int c = 0; c < n; c++)
        h = ws_hash_fnv(h, (uint64_t)a->item[c] | (uint64_t)a->blocked[c] << 8);
    return h;
}
