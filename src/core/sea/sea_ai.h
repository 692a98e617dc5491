/* sea_ai.h - the sea-battle hunters and the placement-count heatmap.
 *
 * A hunter sees only the observed SeaBoard: the ships still afloat are the
 * standard fleet minus the sunk ships on the board (sea_board_check), never
 * the hidden SeaFleet. Two hunters:
 *
 * source (the source's algorithm, docs/sea.md#source-the-sources-algorithm;
 * formerly `seed`): with no floating hit, count
 * for every unknown cell the placements of the longest remaining ship that
 * cover it (sea_counts) and shoot at a random cell among the maxima. With
 * hits, finish the ship: one hit -> a random neighbour (up, right, down, left)
 * where the shortest remaining ship of 2+ cells fits through the hit and the
 * neighbour; two or more hits in a line -> a random open end of the line where
 * a ship one cell longer than the line fits.
 *
 * sampler (formerly `best`): with no floating hit, draw `samples` whole fleets of the remaining
 * ships consistent with the board (ships longest first, each uniform among
 * the positions still legal: not on a miss, a sunk ship or its halo, not
 * touching the ships drawn before) and shoot the unknown cell occupied in the
 * most of them. With hits, weigh every placement of every remaining length
 * that covers the whole line of hits (and touches no hit it does not cover)
 * by the number of such ships left, and shoot the unknown cell with the
 * largest sum.
 *
 * With several groups of floating hits (only on hand-made boards) both
 * finish the first group in row-major order that has a shot; a ship may
 * cover the gap between two groups in a line.
 *
 * Ties among maxima are drawn with rng_bounded over the candidate cells in
 * row-major order; all draws come from the Rng passed in (stream 2 in a
 * game). After a decision SeaAi keeps the heatmap and reason it used, for
 * overlays. SeaAi is plain data (tables sized at compile time); choosing never
 * allocates.
 */
#ifndef WS_SEA_AI_H
#define WS_SEA_AI_H

#include <stdbool.h>
#include <stdint.h>

#include "rng.h"
#include "sea.h"
#include "ws_error.h"

typedef enum SeaHunter { SEA_HUNTER_SOURCE = 0, SEA_HUNTER_SAMPLER, SEA_HUNTER_COUNT } SeaHunter;

/* Names (names.h): "source" (the source's algorithm) and "sampler" (samples
 * fleets consistent with the board); "?" outside the enum. */
const char *sea_hunter_name(SeaHunter hunter);

/* The hunters' former names, "seed" and "best", still accepted on the
 * command line (indexed like SeaHunter). */
extern const char *const SEA_HUNTER_OLD_NAMES[SEA_HUNTER_COUNT];

/* Why the last shot went where it did. */
typedef enum SeaAiReason {
    SEA_AI_NONE = 0, /* no decision yet */
    SEA_AI_HUNT,     /* source: a maximum of the longest remaining ship's counts */
    SEA_AI_AROUND,   /* source: next to a single hit, where the shortest ship fits */
    SEA_AI_LINE,     /* source: an open end of a line of hits */
    SEA_AI_SAMPLE,   /* sampler: most often occupied in sampled consistent fleets */
    SEA_AI_SUMMED,   /* sampler: counts summed over every remaining ship (sampling failed) */
    SEA_AI_TARGET,   /* sampler: weighted placements through the hits */
    SEA_AI_FALLBACK, /* any open cell: no placement fits (only on odd boards) */
    SEA_AI_REASON_COUNT
} SeaAiReason;

/* "hunt", "around-hit", ...; "?" outside the enum. */
const char *sea_ai_reason_name(SeaAiReason reason);

enum {
    SEA_AI_SAMPLES = 400, /* default fleets drawn per hunting shot of `sampler` */
    /* every straight placement of 1..SEA_MAX_LEN cells: 100 + 180 + 160 + 140 */
    SEA_AI_PLACEMENTS = 580
};

/* A set of cells as 100 bits: cells 0..63 in lo, 64..99 in hi. */
typedef struct SeaMask {
    uint64_t lo, hi;
} SeaMask;

typedef struct SeaAiPlace {
    SeaMask cells; /* the ship's cells */
    SeaMask halo;  /* its cells and their 8 neighbours */
    uint8_t first, step, len; /* first cell, 1 (right) or SEA_W (down), length */
} SeaAiPlace;

typedef struct SeaAi {
    SeaHunter hunter;
    int samples; /* fleets per hunting shot (sampler); 1..100000 */

    /* The last decision, read by overlays. */
    uint32_t heat[SEA_CELLS]; /* counts / occupancy / weights the choice maximised */
    uint32_t heat_max;
    int ties;     /* cells that shared heat_max */
    int cell;     /* the chosen cell, or -1 */
    int length;   /* ship length counted (source hunt), else 0 */
    SeaAiReason reason;
    SeaLeft left; /* ships afloat as read from the board */

    /* Placement tables (filled by sea_ai_init) and scratch. */
    int place_first[SEA_MAX_LEN + 2]; /* placements of length L: [place_first[L], place_first[L+1]) */
    SeaAiPlace place[SEA_AI_PLACEMENTS];
    int16_t legal[SEA_AI_PLACEMENTS];
    int16_t open[SEA_AI_PLACEMENTS];
} SeaAi;

/* Prepares a hunter (tables, samples = SEA_AI_SAMPLES, no decision yet). */
void sea_ai_init(SeaAi *ai, SeaHunter hunter);

/* Forgets the last decision (a new game). */
void sea_ai_clear(SeaAi *ai);

/* Chooses the next shot for `board` into *cell. Fails (WS_ERR_PARSE) on a
 * board sea_board_check refuses, and (WS_ERR_ARG) when every ship is sunk or
 * no unknown cell is left. Never returns a cell that is not unknown. */
WsStatus sea_ai_choose(SeaAi *ai, const SeaBoard *board, Rng *rng, int *cell, WsError *err);

/* For every unknown cell, the number of placements of a `len`-cell ship
 * (1..10; one placement per cell when len is 1) that cover it: a placement
 * lies on the board and covers no miss, no sunk cell and no cell next to a
 * sunk ship; it may cover hits. Every other cell gets 0. */
void sea_counts(const SeaBoard *board, int len, uint32_t counts[SEA_CELLS]);

#endif
