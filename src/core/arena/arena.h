/* arena.h - the live heatmap arena: a hero, monsters, gold and potions on a map.
 *
 * One map per attractor kind (hero, gold, potion, and the hero's safety map)
 * is shared by every monster and recomputed only when its sources or the
 * walls change (DMap's change detection); the arena counts recomputations.
 * A tick: the hero acts (autopilot or a steering command), the maps are
 * brought up to date, then every monster senses, decides and acts in index
 * order. Zombies step down the hero map; goblins and shamans run the live
 * state machine with per-state weight vectors (monster.h); adjacent fighters
 * choose by utility (combat.h).
 *
 * Randomness: `place` (stream 1) places gold, potions, respawns and spawned
 * monsters; `other` (stream 2) decides ties, wake-ups, wander rolls and
 * damage. Every buffer is sized in arena_init; arena_tick never allocates.
 * With `naive`, every monster computes the maps it reads itself instead of
 * reading the shared ones (a baseline); the run is otherwise identical.
 */
#ifndef WS_ARENA_H
#define WS_ARENA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "combat.h"
#include "dmap.h"
#include "monster.h"
#include "rng.h"
#include "textmap.h"
#include "ws_error.h"

enum { ARENA_ITEM_NONE = 0, ARENA_ITEM_GOLD, ARENA_ITEM_POTION };

enum {
    ARENA_GOLD_VALUE = -4,      /* gold sources start here: a little better than the hero */
    ARENA_OCC_HERO = -2,        /* occupancy value of the hero's cell */
    ARENA_MAX_POSTS = 16,       /* guards with their own post map */
    ARENA_HERO_LIFE = 40,
    ARENA_RESPAWN_TICKS = 20,   /* a dead monster returns after this many ticks */
    ARENA_DECISION_LEN = 160
};

/* The shared maps, indexed like MonMap (hero, gold, potion, safety). */
enum { ARENA_MAP_COUNT = MON_MAP_SAFETY + 1 };

typedef struct Monster {
    MonKind kind;
    MonState state;
    int cell;
    int life, max_life;
    int lost, calm;
    bool alive;
    bool sees;     /* saw the hero this tick (its messages are shown) */
    int post;      /* guard post cell, -1 if not a guard */
    int post_map;  /* index into Arena.posts, -1 if none */
    int heal_cooldown, spit_cooldown;
    int respawn;   /* ticks until it returns, while dead */
    Dir next_dir;  /* the step it took (or tried) this tick, or the direction of its
                      blow; DIR_NONE when it stayed. What the overlay arrow shows. */
    bool struck;   /* next_dir is a blow at the hero, not a step */
} Monster;

typedef struct ArenaConfig {
    uint64_t seed;
    int monsters; /* -1: the map's own (z, g, s); else spawn this many, mixed */
    bool naive;
} ArenaConfig;

typedef struct Arena {
    int w, h;
    uint8_t *blocked; /* nonzero = wall */
    uint8_t *item;    /* ARENA_ITEM_* per cell */
    int32_t *occ;     /* monster index, ARENA_OCC_HERO, or MON_CELL_FREE */
    uint64_t walls_version;

    int hero;
    int hero_life, hero_max;
    int hero_poison; /* ticks of poison left */
    int potions_carried;
    bool hero_alive; /* false from the killing blow until the respawn at the tick's end */
    bool hero_manual; /* the last tick was steered */

    Monster *mon;
    int mon_count;

    DMap maps[ARENA_MAP_COUNT];
    DMap posts[ARENA_MAX_POSTS];
    int post_count;
    DMap threat, threat_safety; /* the hero's flee maps, computed only when it flees */
    DMap naive_maps[ARENA_MAP_COUNT + 1]; /* per-monster scratch in naive mode (+ full hero) */
    unsigned naive_valid;

    DMapSource *gold_src, *potion_src, *scratch_src;
    int gold_count, potion_count;
    int gold_target, potion_target;
    bool items_dirty;

    Rng place, other;
    bool naive;

    long tick;
    long gold_collected, kills, hero_deaths, potions_drunk;
    long recomputes_total;
    int recomputes_tick;

    CombatDecision decision; /* the last shown decision (hero, or a monster in sight) */
    char decision_actor[24];
    long decision_tick;
} Arena;

/* Builds the arena from a text map ('#' wall, '@' hero, 'z' 'g' 's'
 * monsters, '$' gold, '!' potion, anything else floor). The map needs
 * exactly one '@'. `name` is used in error messages. On failure a is zeroed. */
WsStatus arena_init(Arena *a, const TextMap *map, const ArenaConfig *cfg, const char *name,
                    WsError *err);

/* Generates a w x h map with mapgen (stream 1 of cfg->seed) and builds it. */
WsStatus arena_init_generated(Arena *a, int w, int h, const ArenaConfig *cfg, WsError *err);

void arena_deinit(Arena *a);

/* One tick. `steer` is the hero's command: step that way, or attack a
 * monster standing there. With DIR_NONE the hero plays on autopilot if
 * `autopilot`; else it holds its cell (a player who stopped pressing keys)
 * but still fights back and drinks by utility. */
void arena_tick(Arena *a, Dir steer, bool autopilot);

/* Brings the shared maps up to date (arena_tick does this itself; the
 * window calls it after an edit so a paused arena shows the new maps). */
void arena_update_maps(Arena *a);

/* Toggles a wall at cell. Refused (false) outside the map or under the hero,
 * a monster or an item, or on a guard's post. */
bool arena_toggle_wall(Arena *a, int cell);

/* Drops one gold on a free floor cell (not the hero's, not on an item). */
bool arena_drop_gold(Arena *a, int cell);

/* Whether arena_toggle_wall / arena_drop_gold would accept cell now. */
bool arena_can_toggle_wall(const Arena *a, int cell);
bool arena_can_drop_gold(const Arena *a, int cell);

/* The shared map of one kind (MON_MAP_HERO .. MON_MAP_SAFETY). */
const DMap *arena_map(const Arena *a, MonMap kind);

/* The maps monster i reads (shared ones, its post map), for desire overlays. */
void arena_monster_maps(const Arena *a, int i, const DMap *maps[MON_MAP_COUNT]);

/* Index of the live monster at cell, or -1. */
int arena_monster_at(const Arena *a, int cell);

/* The last decision line ("attack hero 40, ... -> heal goblin"), prefixed by
 * its actor ("shaman: "); empty before the first fight. */
size_t arena_decision_text(const Arena *a, char *buf, size_t size);

/* Live monsters. */
int arena_alive_count(const Arena *a);

/* A hash of the whole state (hero, monsters, items, walls, counters) for
 * whole-run checks. */
uint64_t arena_hash(const Arena *a);

#endif
