/* sea.h - the sea-battle board, the fleet and its placement rules (docs/sea.md).
 *
 * A 10 x 10 board (columns A-J, rows 1-10; cell = y * 10 + x). The fleet is
 * one 4-cell ship, two 3-cell, three 2-cell and four 1-cell ships; ships are
 * straight and never touch, not even at a corner. SeaFleet is the hidden
 * truth; SeaBoard is what a shooter has observed ('.' unknown, 'o' miss or
 * known water, 'x' hit, '#' sunk). SeaGame ties both together: a shot is
 * applied to the fleet and the result written on the observed board; when a
 * ship sinks its cells become '#' and every cell around it known water ('o').
 * Everything here is plain data sized at compile time: nothing allocates.
 */
#ifndef WS_SEA_H
#define WS_SEA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rng.h"
#include "ws_error.h"

enum {
    SEA_W = 10,
    SEA_H = 10,
    SEA_CELLS = SEA_W * SEA_H,
    SEA_SHIP_COUNT = 10, /* ships in the fleet */
    SEA_MAX_LEN = 4,     /* the longest ship */
    SEA_FLEET_CELLS = 20 /* 4 + 3 + 3 + 2 + 2 + 2 + 1 + 1 + 1 + 1 */
};

/* Ship lengths of the standard fleet, longest first. */
extern const int SEA_FLEET[SEA_SHIP_COUNT];

/* What the shooter knows about a cell. */
typedef enum SeaMark {
    SEA_UNKNOWN = 0, /* '.' */
    SEA_MISS,        /* 'o' a miss, or water known from a sunk ship's halo */
    SEA_HIT,         /* 'x' part of a ship that still floats */
    SEA_SUNK         /* '#' part of a sunk ship */
} SeaMark;

char sea_mark_char(SeaMark mark);

/* The observed board: one SeaMark per cell, row-major. */
typedef struct SeaBoard {
    uint8_t mark[SEA_CELLS];
} SeaBoard;

/* Ships still afloat, by length: count[len] for len 1..SEA_MAX_LEN. */
typedef struct SeaLeft {
    int count[SEA_MAX_LEN + 1];
    int ships; /* sum of count[] */
} SeaLeft;

/* The longest / shortest length with count > 0 and at least min_len; 0 when none. */
int sea_left_longest(const SeaLeft *left);
int sea_left_shortest(const SeaLeft *left, int min_len);

/* Writes a cell name such as "D4" (column letter, 1-based row) into buf (>= 4 bytes). */
void sea_cell_name(int cell, char *buf);

/* Parses a board file: ten lines of ten characters from ".ox#" (a trailing
 * newline, CRLF line ends and blank trailing lines are accepted). Errors
 * name `name` and the offending line / column. */
WsStatus sea_board_parse(SeaBoard *board, const char *text, size_t len, const char *name,
                         WsError *err);

/* Checks that an observed board can happen in a real game and works out the
 * ships still afloat: sunk ships are the maximal 4-connected groups of '#';
 * each must be straight, 1..SEA_MAX_LEN long, and no more ships of a length
 * may be sunk than the fleet has. Impossible boards are refused too: sunk
 * ships or floating hits that touch each other (even at a corner), a bent line
 * of hits, or a line of k hits when no remaining ship is longer than k.
 * `left` may be NULL. */
WsStatus sea_board_check(const SeaBoard *board, SeaLeft *left, WsError *err);

/* Labels the maximal 4-connected groups of cells marked `mark` (0, 1, ... in
 * row-major order of each group's first cell); group[cell] is -1 elsewhere.
 * Returns the number of groups. */
int sea_board_groups(const SeaBoard *board, SeaMark mark, int group[SEA_CELLS]);

/* Marks the cells no placement may cover: misses, sunk ships and every cell
 * next to a sunk ship (8 neighbours). blocked[cell] is 1 or 0. */
void sea_board_blocked(const SeaBoard *board, uint8_t blocked[SEA_CELLS]);

/* ---- the fleet ----------------------------------------------------------- */

typedef struct SeaShip {
    int x, y;      /* the top-left cell */
    int len;       /* 1..SEA_MAX_LEN */
    bool vertical; /* extends down from (x, y); otherwise right */
} SeaShip;

typedef struct SeaFleet {
    SeaShip ship[SEA_SHIP_COUNT]; /* ship i has length SEA_FLEET[i] */
    int8_t owner[SEA_CELLS];      /* index of the ship on a cell, or SEA_NO_SHIP */
} SeaFleet;

enum { SEA_NO_SHIP = -1 };

/* How a fleet is placed. */
typedef enum SeaPlacement {
    SEA_PLACE_RANDOM = 0, /* uniform position and direction per ship, rejection */
    SEA_PLACE_EDGES,      /* ships of 2+ cells along the border, 1-cell ships anywhere */
    SEA_PLACE_COUNT
} SeaPlacement;

/* Names (names.h): "random", "edges"; "?" outside the enum. */
const char *sea_placement_name(SeaPlacement how);

/* Places the whole fleet with draws from rng (stream 1 in a game). Ships go in
 * SEA_FLEET order; each ship draws candidates (direction for ships longer
 * than 1, then x, then y) until one lies on the board without touching the
 * ships before it. A ship that fails SEA_PLACE_TRIES times restarts the fleet.
 * The result always satisfies sea_fleet_is_legal. */
void sea_fleet_place(SeaFleet *fleet, SeaPlacement how, Rng *rng);

enum { SEA_PLACE_TRIES = 200 };

/* Whether every ship has its SEA_FLEET length, lies on the board, and no two
 * ships touch (not even at a corner); `owner` must match the ships. */
bool sea_fleet_is_legal(const SeaFleet *fleet);

/* ---- a game: one fleet, one shooter ---------------------------------------- */

typedef enum SeaShot {
    SEA_SHOT_MISS = 0,
    SEA_SHOT_HIT,
    SEA_SHOT_SUNK,
    SEA_SHOT_INVALID /* off the board, or a cell that is not unknown */
} SeaShot;

typedef struct SeaGame {
    SeaFleet fleet;
    SeaBoard seen;                      /* what the shooter observes */
    uint8_t shot[SEA_CELLS];            /* 1 where a shot fell (halo water is not shot) */
    uint8_t ship_hits[SEA_SHIP_COUNT];  /* cells of each ship hit so far */
    int shots, hits, sunk;
    int last_cell;                      /* the last valid shot, or -1 */
    uint64_t seed;
    SeaPlacement placement;
    bool forfeit;                       /* the shooter gave up (sea_game_forfeit) */
} SeaGame;

/* Starts a game: empty observed board, fleet placed from rng_init(seed, RNG_STREAM_PLACE). */
void sea_game_reset(SeaGame *game, uint64_t seed, SeaPlacement how);

/* Fires at `cell`. A hit that completes a ship sinks it: its cells become
 * '#' and the unknown cells around it 'o'. Shots at a cell that is not
 * unknown (or off the board) change nothing and return SEA_SHOT_INVALID. */
SeaShot sea_game_shoot(SeaGame *game, int cell);

/* Ends a game the fleet still floats in as forfeit: the shooter (an engine
 * that failed) gives no more shots. The core never decides this itself. */
void sea_game_forfeit(SeaGame *game);

static inline bool sea_game_is_over(const SeaGame *game) {
    return game->sunk == SEA_SHIP_COUNT || game->forfeit;
}

#endif
