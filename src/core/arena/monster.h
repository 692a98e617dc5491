/* monster.h - monster minds: the teaching state machine, the live one, zombie steps.
 *
 * Every machine runs in three steps: sense (fill a senses struct from the
 * maps or a script), decide (a pure function of the old state and the
 * senses) and act (at most one step). Random rolls are drawn while sensing,
 * so deciding stays pure and each transition is a one-line table test.
 *
 * The teaching machine is exactly docs/arena.md's teaching state machine (what
 * `wavesnake fsm` replays). The live machine (goblins, shamans) uses line of
 * sight, random wake-ups and per-state weight vectors over the shared maps.
 * Zombies have no states: they step down the hero map.
 */
#ifndef WS_MONSTER_H
#define WS_MONSTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dir.h"
#include "dmap.h"
#include "path.h"
#include "rng.h"
#include "wave.h"
#include "ws_error.h"

typedef enum MonState {
    MON_SLEEP = 0,
    MON_WANDER,
    MON_CHASE,
    MON_FLEE,
    MON_GUARD,
    MON_HOME,
    MON_STATE_COUNT
} MonState;

typedef enum MonKind { MON_ZOMBIE = 0, MON_GOBLIN, MON_SHAMAN, MON_KIND_COUNT } MonKind;

/* Teaching constants (docs/arena.md, "The teaching state machine"). MON_NONE
 * is the path length when there is no path. */
enum {
    MON_SIGHT = 8,
    MON_WAKE = 5,
    MON_LOST = 3,
    MON_FAR = 20,
    MON_GUARD_RANGE = 6,
    MON_NONE = 99
};

/* Live constants: sight is a line of sight of at most MON_LIVE_SIGHT cells;
 * the chase gives up after MON_LIVE_LOST unseen turns; a fleeing monster
 * starts to recover after MON_LIVE_CALM unseen turns. A sleeper that sees
 * the hero wakes with chance MON_LIVE_WAKE_IN in MON_LIVE_WAKE_OF, and a
 * wanderer steps with chance MON_LIVE_MOVE_IN in MON_LIVE_MOVE_OF: one
 * stream-2 draw rng_bounded(OF) < IN each. */
enum {
    MON_LIVE_SIGHT = 8,
    MON_LIVE_LOST = 5,
    MON_LIVE_CALM = 5,
    MON_LIVE_WAKE_IN = 1,
    MON_LIVE_WAKE_OF = 2,
    MON_LIVE_MOVE_IN = 4,
    MON_LIVE_MOVE_OF = 5
};

/* What the act step does after a decision. */
typedef enum MonAction {
    MON_ACT_STAY = 0,
    MON_ACT_WANDER, /* teaching: step in direction turn % 4 */
    MON_ACT_CHASE,  /* teaching: first cell of the path to the hero */
    MON_ACT_HOME,   /* teaching: first cell of the path to the post */
    MON_ACT_FLEE,   /* teaching: neighbour that most increases the Manhattan distance */
    MON_ACT_STEP,   /* live: downhill on the new state's desire map */
    MON_ACT_FIGHT   /* live: combat by utility (adjacent to the hero) */
} MonAction;

typedef struct MonDecision {
    MonState state;
    int lost;
    int calm;
    MonAction action;
} MonDecision;

/* Names (names.h): "sleep", "wander", ...; "?" outside the enum. */
const char *monster_state_name(MonState s);
/* Parses a state name exactly; false if it is not one. */
bool monster_state_parse(const char *name, MonState *out);
/* The state names separated by ", " into buf (names_list); returns the length needed. */
size_t monster_state_list(char *buf, size_t size);
const char *monster_kind_name(MonKind k);

/* ======================================================================== */
/* The teaching machine                                                     */
/* ======================================================================== */

typedef struct MonSenses {
    bool sees;     /* not hidden and path_len <= MON_SIGHT */
    int path_len;  /* BFS steps to the hero, MON_NONE if no path */
    int home_len;  /* BFS steps to the post (guards), MON_NONE if none */
    int life, max_life;
    int lost;      /* the counter before this turn */
    bool is_guard;
} MonSenses;

/* The teaching transition: pure, exactly docs/arena.md's. One thing happens
 * per turn;
 * `home` decides `guard` when the post is at most one step away (the act
 * takes that step, so the guard arrives in the same turn). */
MonDecision monster_next_state(MonState state, const MonSenses *in);

typedef struct TeachEnemy {
    int cell;
    MonState state;
    int life, max_life, lost;
    bool is_guard; /* started in guard; its post is the start cell */
    int post;
} TeachEnemy;

typedef struct TeachTurn {
    int hero_cell;
    int hit;
    bool hidden;
} TeachTurn;

typedef struct TeachResult {
    MonState old_state, new_state;
    int cell;     /* the enemy's cell after the turn */
    int path_len; /* from that cell to the hero, MON_NONE if none */
    int life;
} TeachResult;

/* Scratch for the teaching machine: BFS buffers sized once for the map.
 * `blocked` is borrowed (w * h bytes, nonzero = wall) and must outlive it. */
typedef struct TeachWorld {
    int w, h;
    const uint8_t *blocked;
    WaveField wave;
    Path path;
} TeachWorld;

WsStatus monster_teach_init(TeachWorld *t, int w, int h, const uint8_t *blocked, WsError *err);
void monster_teach_deinit(TeachWorld *t);

/* Starts an enemy as a script's first line describes it. */
void monster_teach_start(TeachEnemy *e, int cell, MonState state, int life);

/* Plays turn number `turn` (counting from 1): damage, sense, decide, act. */
void monster_teach_turn(TeachWorld *t, TeachEnemy *e, int turn, const TeachTurn *in,
                        TeachResult *out);

/* ======================================================================== */
/* The live machine                                                          */
/* ======================================================================== */

/* Which shared map a weight applies to. MON_MAP_POST is the monster's own
 * post map (guards only). */
typedef enum MonMap {
    MON_MAP_HERO = 0,
    MON_MAP_GOLD,
    MON_MAP_POTION,
    MON_MAP_SAFETY,
    MON_MAP_POST,
    MON_MAP_COUNT
} MonMap;

typedef struct MonWeights {
    int w[MON_MAP_COUNT];
} MonWeights;

/* The weight vector a monster of `kind` uses in `state` (all zero = none). */
MonWeights monster_weights(MonKind kind, MonState state);

typedef struct MonLiveSenses {
    bool sees;      /* Bresenham line of sight within MON_LIVE_SIGHT */
    int hero_dist;  /* hero map at the monster's cell, MON_NONE if unreached */
    int life, max_life;
    int lost, calm; /* counters before this turn */
    bool is_guard;
    bool at_post;
    bool wake_roll; /* MON_LIVE_WAKE_IN in MON_LIVE_WAKE_OF: drawn while sensing */
    bool move_roll; /* MON_LIVE_MOVE_IN in MON_LIVE_MOVE_OF: drawn while sensing */
} MonLiveSenses;

/* The live transition (pure). See docs/arena.md for the table. */
MonDecision monster_live_next(MonState state, const MonLiveSenses *in);

enum { MON_CELL_FREE = -1 }; /* occupancy value of a free cell; anything else is taken */
#define MON_DESIRE_NONE INT64_MAX

/* The weighted sum of the maps at `cell`; a map that did not reach the cell
 * counts 0 (so an empty gold map does not freeze a chase). MON_DESIRE_NONE
 * if the weights are all zero or no weighted map reached the cell. */
int64_t monster_desire_at(const MonWeights *wt, const DMap *const maps[MON_MAP_COUNT], int cell);

/* The free open neighbour with the lowest desire, strictly below the
 * cell's own; ties keep the first direction in order. DIR_NONE if none.
 * `occ` holds MON_CELL_FREE for free cells. */
Dir monster_desire_step(const MonWeights *wt, const DMap *const maps[MON_MAP_COUNT],
                        const uint8_t *blocked, const int32_t *occ, int cell);

/* The zombie rule: the neighbour with the smallest hero-map value; if every
 * such neighbour is taken, any free neighbour not worse than the current
 * cell. Ties are drawn with rng (stream 2) only when there are two or more
 * candidates. DIR_NONE if it cannot move (or the cell is unreached). */
Dir monster_zombie_step(const DMap *hero, const uint8_t *blocked, const int32_t *occ, int cell,
                        Rng *rng);

/* Bresenham line of sight from a to b: true if b is within `radius` cells
 * (Euclidean) and no wall lies strictly between them. */
bool monster_can_see(const uint8_t *blocked, int w, int a, int b, int radius);

#endif
