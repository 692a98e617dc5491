/* sea_history.h - one sea game, recorded so that any shot can be revisited.
 *
 * A sea game is small: at most SEA_CELLS shots, and everything else follows
 * from the seed. The history keeps the fleet's seed and placement, every
 * shot with its result, and the hunter's random stream before each decision.
 * Tick t is the game after t shots. Seeking to t places the fleet again,
 * fires the first t shots (cheap: no decision is replayed) and lets the
 * hunter decide once from the stream it had at t, so the heatmap, the
 * reason and the chosen cell are exactly what it computed when the game was
 * at t (recomputed by the deterministic core, not stored).
 *
 * Recording follows the window's order: sea_history_begin before the first
 * decision, then sea_history_shoot for each shot, after the decision that
 * chose it and before the next one. The history is plain data sized at
 * compile time, about 3 KB: nothing here allocates.
 */
#ifndef WS_SEA_HISTORY_H
#define WS_SEA_HISTORY_H

#include <stdbool.h>
#include <stdint.h>

#include "rng.h"
#include "sea.h"
#include "sea_ai.h"
#include "ws_error.h"

typedef struct SeaHistory {
    /* ---- read-only for callers ---- */
    uint64_t seed;             /* the fleet's seed (SeaGame.seed) */
    SeaPlacement placement;    /* how the fleet was placed */
    SeaHunter hunter;          /* who shot */
    int samples;               /* the hunter's samples per hunting shot */
    int shots;                 /* shots recorded: ticks 0..shots can be sought */
    uint8_t cell[SEA_CELLS];   /* shot t's cell */
    uint8_t result[SEA_CELLS]; /* shot t's SeaShot (miss, hit, sunk) */
    /* ---- private ---- */
    Rng rng[SEA_CELLS + 1];       /* the hunter's stream before the decision at tick t */
    uint64_t hash[SEA_CELLS + 1]; /* sea_history_hash_state at tick t, before its decision */
} SeaHistory;

/* Starts recording the game g, which must be at tick 0 (no shot yet), for
 * the hunter ai (its kind and samples are kept) whose stream is `rng`,
 * before its first decision. WS_ERR_ARG if g has been shot at. */
WsStatus sea_history_begin(SeaHistory *h, const SeaGame *g, const SeaAi *ai, const Rng *rng,
                           WsError *err);

/* Fires at `cell` on g (at the history's last tick) and records the shot
 * and `rng`, the hunter's stream after the decision that chose it (and
 * before the next). Returns the shot's result; SEA_SHOT_INVALID (nothing
 * recorded, nothing changed) for a cell that is not unknown or a game that
 * is not at the last tick. */
SeaShot sea_history_shoot(SeaHistory *h, SeaGame *g, const Rng *rng, int cell);

/* Rebuilds tick t (0..shots) into g, sets *rng to the hunter's stream there
 * and, unless the fleet is sunk at t, lets ai decide as it did: ai holds the
 * heatmap and reason, *choice (may be NULL) the cell, and *rng has moved on
 * past the decision, exactly as when tick t was played. A sunk fleet
 * clears ai and gives -1. With ai NULL nothing is decided (*rng is the
 * stream before the decision, *choice -1). ai must be the recorded hunter
 * with the recorded samples. The rebuilt state is checked against the hash
 * recorded at t. WS_ERR_ARG for t out of range or another hunter;
 * WS_ERR_PARSE if the rebuilt state differs from the recorded one (the core
 * was not deterministic: a bug). */
WsStatus sea_history_seek(const SeaHistory *h, int t, SeaGame *g, SeaAi *ai, Rng *rng, int *choice,
                          WsError *err);

/* Drops the shots from t on, so play resumes at tick t: call it after
 * sea_history_seek(h, t, ...). WS_ERR_ARG if t is outside 0..shots. */
WsStatus sea_history_truncate(SeaHistory *h, int t, WsError *err);

/* Whether shot t (0..shots-1) sank a ship: tick t + 1 is a timeline mark. */
static inline bool sea_history_sank(const SeaHistory *h, int t) {
    return t >= 0 && t < h->shots && h->result[t] == SEA_SHOT_SUNK;
}

/* The hash recorded when tick t (0..shots) was first played; 0 outside. */
uint64_t sea_history_hash(const SeaHistory *h, int t);

/* A hash of the game state and the hunter's stream: observed board, shots,
 * hits per ship, counters, fleet and stream. Equal states, equal hashes. */
uint64_t sea_history_hash_state(const SeaGame *g, const Rng *rng);

#endif
