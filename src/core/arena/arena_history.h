/* arena_history.h - the last ticks of an arena, recorded so any of them can be revisited.
 *
 * The arena never ends, so its history is a window: at least the last
 * `keep` ticks (ARENA_HISTORY_KEEP by default). It holds a ring of
 * checkpoints, one every `interval` ticks (the arena's whole state: walls,
 * items, monsters, hero, both random streams, counters; the maps are not
 * stored, they follow from the state), and every input that changes a run:
 * per tick the hero's steering and whether the autopilot was on, and every
 * mouse edit (a wall toggled, gold dropped) with the tick it was made at.
 * Seeking to tick t restores the checkpoint at or before t, recomputes the
 * maps and re-runs the ticks and edits up to t with the deterministic core;
 * the result is checked against the state hash recorded when t was played.
 * Every overlay then reads what the AI computed at t: the shared maps,
 * each monster's state and next_dir, the last combat decision.
 *
 * Ticks and edits. Tick t is the arena after t calls of arena_tick; edits
 * made between tick t and t + 1 belong to t, in order, and seeking to t
 * gives its last state (after them). Record through this module
 * (arena_history_tick, _toggle_wall, _drop_gold): each applies the change to
 * the arena itself, exactly as the window does (an edit also brings the
 * maps up to date), so arena and history cannot drift apart.
 *
 * Maps. After every tick and edit the history brings all maps up to date,
 * the guards' post maps too (the arena alone updates a map only when a
 * monster reads it), so every recorded state has its maps determined by the
 * state and a restored checkpoint shows the same maps as the original run.
 * Decisions do not change (the core updates a map before reading it); only
 * the recompute counters move a little earlier than without a history.
 *
 * Memory is fixed at arena_history_init, for the arena's size: (keep /
 * interval + 2) checkpoints of about w*h + 64 * monsters + 4 KB bytes each,
 * 10 bytes per tick, and ARENA_HISTORY_EDITS edits; recording and seeking
 * never allocate. When the ring is full the oldest checkpoint is dropped
 * (`first` moves on); a flood of edits within one interval drops older
 * ticks too, so the edit ring can never overflow. arena_history_bytes says
 * what it holds (docs/arena.md has the figures for a 128x128 map).
 *
 * Ownership: the history owns its buffers; the arenas passed in are the
 * caller's. A seek may target any arena built from the same map and config
 * (same size, monsters and guard posts), not only the one recorded.
 */
#ifndef WS_ARENA_HISTORY_H
#define WS_ARENA_HISTORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "dir.h"
#include "ws_error.h"

enum {
    ARENA_HISTORY_KEEP = 1000,   /* ticks a window keeps at least (docs/arena.md) */
    ARENA_HISTORY_INTERVAL = 16, /* ticks between checkpoints, up to 128x128 (see below) */
    ARENA_HISTORY_EDITS = 4096   /* edits kept at most */
};

typedef enum ArenaEditKind { ARENA_EDIT_WALL = 0, ARENA_EDIT_GOLD } ArenaEditKind;

/* One mouse edit, made after `tick` ticks (before tick + 1). */
typedef struct ArenaHistoryEdit {
    long tick;
    int32_t cell;
    uint8_t kind; /* ArenaEditKind */
} ArenaHistoryEdit;

/* Marks of a tick t (arena_history_marks), for a timeline. */
enum {
    ARENA_MARK_DEATH = 1, /* the hero fell in the tick that led to t */
    ARENA_MARK_EDIT = 2,  /* the mouse edited the arena at t */
    ARENA_MARK_STEER = 4, /* the player steered (or held) the hero in the tick that led to t */
    ARENA_MARK_KILL = 8   /* the hero killed a monster in the tick that led to t */
};

typedef struct ArenaHistoryCp ArenaHistoryCp; /* a checkpoint (private) */

typedef struct ArenaHistory {
    /* ---- read-only for callers ---- */
    long keep;    /* ticks kept at least */
    int interval; /* ticks between checkpoints */
    long first;   /* the oldest tick a seek can reach */
    long last;    /* the latest tick recorded */

    /* ---- private ---- */
    int w, h, mon_count, post_count;
    long tick_cap;       /* per-tick ring length */
    uint8_t *input;      /* per tick t: the input of the tick t -> t + 1 (steer + 1, autopilot) */
    uint8_t *marks;      /* per tick t: ARENA_MARK_* */
    uint64_t *hash;      /* per tick t: arena_history_hash_state at its last state */
    ArenaHistoryCp *cps; /* ring of checkpoints */
    uint8_t *cp_cells;   /* per checkpoint: w*h bytes, wall | item << 1 */
    Monster *cp_mon;     /* per checkpoint: mon_count monsters */
    int cp_cap, cp_head, cp_count; /* ring: the oldest is cp_head */
    ArenaHistoryEdit *edits;       /* ring of edits: edit number s is at s % edit_cap */
    long edit_cap, edit_count;
    long edit_seq; /* edits recorded so far (the next edit's number) */
} ArenaHistory;

/* The default checkpoint interval for a w x h arena: 16 up to 128x128
 * cells, 8 up to 256x256, 4 beyond. A step back re-runs up to interval - 1
 * ticks and a tick costs about the map's size, so bigger maps checkpoint
 * more often to keep a step back within a frame (bench arena-history). */
int arena_history_default_interval(int w, int h);

/* Sizes a history for arena a (keep >= 1 ticks, interval 1..keep; 0 picks
 * the defaults: ARENA_HISTORY_KEEP, arena_history_default_interval at most keep) and starts it at a's current tick, which becomes `first`
 * and `last`. Brings a's maps up to date (see "Maps" above). On failure h
 * is zeroed. */
WsStatus arena_history_init(ArenaHistory *h, Arena *a, long keep, int interval, WsError *err);

void arena_history_deinit(ArenaHistory *h);

/* Forgets everything and starts again at a's current tick (a must have the
 * size, monsters and posts the history was sized for: WS_ERR_ARG if not). */
WsStatus arena_history_restart(ArenaHistory *h, Arena *a, WsError *err);

/* ---- recording ---------------------------------------------------------------- */

/* Plays one tick on a, arena_tick(a, steer, autopilot), and records it. a
 * must be at the history's last tick (after a seek to an earlier tick,
 * truncate first): WS_ERR_ARG, nothing played, if not. */
WsStatus arena_history_tick(ArenaHistory *h, Arena *a, Dir steer, bool autopilot, WsError *err);

/* Toggles a wall (arena_toggle_wall) or drops gold (arena_drop_gold) at
 * cell, brings the maps up to date and records the edit. Returns what the
 * arena answered; a refused edit records nothing. false also when a is not
 * at the history's last tick. */
bool arena_history_toggle_wall(ArenaHistory *h, Arena *a, int cell);
bool arena_history_drop_gold(ArenaHistory *h, Arena *a, int cell);

/* Drops everything after the last state of tick t (first..last), so play
 * resumes from t: call it after arena_history_seek(h, t, a), then go on
 * recording with that arena. WS_ERR_ARG if t is outside first..last. */
WsStatus arena_history_truncate(ArenaHistory *h, long t, WsError *err);

/* ---- seeking ------------------------------------------------------------------ */

/* Rebuilds the last state of tick t (first..last) into a, maps and the
 * monsters' decisions included. Never allocates. WS_ERR_ARG for t outside
 * first..last or an arena of another shape; WS_ERR_PARSE if the rebuilt
 * state differs from the recorded one (the core was not deterministic: a
 * bug). */
WsStatus arena_history_seek(ArenaHistory *h, long t, Arena *a, WsError *err);

/* ---- queries ------------------------------------------------------------------ */

/* The hash recorded at tick t (first..last), 0 outside. */
uint64_t arena_history_hash(const ArenaHistory *h, long t);

/* ARENA_MARK_* of tick t (first..last), 0 outside. */
unsigned arena_history_marks(const ArenaHistory *h, long t);

/* The input of the tick t -> t + 1 (first..last-1): false outside. */
bool arena_history_input(const ArenaHistory *h, long t, Dir *steer, bool *autopilot);

/* The bytes the history holds (fixed at init). */
size_t arena_history_bytes(const ArenaHistory *h);

/* A hash of everything that makes an arena state: walls, items, hero,
 * every monster field (occupancy follows from them), both random streams,
 * counters and the last decision. Equal states, equal hashes. Stronger than arena_hash, which
 * headless runs print and tests have recorded, and which stays as it is. */
uint64_t arena_history_hash_state(const Arena *a);

#endif
