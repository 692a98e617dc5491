/* snake.h - the snake's body and the rules of one snake game (docs/snake.md#rules).
 *
 * Snake is the body alone: a ring buffer of cells (head first) plus an
 * occupancy grid, both sized once for the board so that moving, copying and
 * growing never allocate. The AI copies it into scratch snakes to simulate
 * moves. SnakeGame adds the food, the two random streams, the step and stall
 * counters and the win / death / stall outcome.
 *
 * Rules: the head moves one cell a tick. Entering the cell the tail is leaving
 * this tick is legal unless strict_tail is set. Eating grows the snake by one:
 * the tail stays that tick. Food goes to the k-th empty cell in row-major
 * order, k drawn with rng_bounded(place, empty_cells) from stream 1.
 *
 * Walls (docs/snake.md#boards-with-walls) are cells of the board that are never
 * entered. The game owns them (set before a game, toggled between moves); an
 * empty cell is one that is neither wall nor snake, and the game is won when
 * the snake covers every floor (non-wall) cell. Without walls every rule is
 * the plain board's.
 */
#ifndef WS_SNAKE_H
#define WS_SNAKE_H

#include <stdbool.h>
#include <stdint.h>

#include "dir.h"
#include "rng.h"
#include "ws_error.h"

enum { SNAKE_MIN_SIDE = 2, SNAKE_MAX_SIDE = 256, SNAKE_NO_FOOD = -1 };

typedef struct Snake {
    int w, h;       /* board size in cells */
    int cap;        /* ring capacity: w * h */
    int len;        /* cells in the body, 1..cap */
    int head;       /* ring index of the head; the tail is len - 1 places behind */
    int32_t *ring;  /* cap cell indices */
    uint8_t *occ;   /* w * h bytes: 1 where the body is */
} Snake;

/* Allocates a body for a w x h board (both sides SNAKE_MIN_SIDE..SNAKE_MAX_SIDE). */
WsStatus snake_init(Snake *s, int w, int h, WsError *err);
void snake_deinit(Snake *s);

/* Lays the body in one row, heading right: tail at tail_cell, head len - 1
 * cells to its right. Needs the whole run inside that row. */
void snake_reset(Snake *s, int tail_cell, int len);

/* Copies src's body into dst; both must have been initialised for the same board. */
void snake_copy(Snake *dst, const Snake *src);

/* The cell of segment i, counted from the head (0) to the tail (len - 1). */
static inline int snake_at(const Snake *s, int i) {
    int k = s->head - i;
    if (k < 0)
        k += s->cap;
    return s->ring[k];
}
static inline int snake_head(const Snake *s) { return s->ring[s->head]; }
static inline int snake_tail(const Snake *s) { return snake_at(s, s->len - 1); }
static inline bool snake_occupies(const Snake *s, int cell) { return s->occ[cell] != 0; }

/* Moves the head to `cell` (a free neighbour, or the tail's cell when the tail
 * leaves). With grow the tail stays; otherwise it leaves first. No checks:
 * callers use snake_game_is_legal or know the move is legal. */
void snake_advance(Snake *s, int cell, bool grow);

/* ---- the game ------------------------------------------------------------ */

typedef enum SnakeOutcome {
    SNAKE_PLAYING = 0,
    SNAKE_WON,    /* the body covers every floor cell */
    SNAKE_DEAD,   /* no legal move was left (or an illegal one was made) */
    SNAKE_STALLED, /* 4 * w * h ticks passed without eating */
    SNAKE_FORFEIT  /* the player gave the game up: an engine that failed (docs/engines.md) */
} SnakeOutcome;

typedef struct SnakeRules {
    int w, h;
    int start_length; /* 1..w and less than w * h (and than the floor cells) */
    bool strict_tail; /* the head may not enter the cell the tail is leaving */
} SnakeRules;

typedef struct SnakeGame {
    SnakeRules rules;
    Snake snake;
    uint8_t *walls;      /* w * h bytes, 1 where a wall is; owned, sized once */
    int wall_count;      /* cells that are walls */
    int floor_cells;     /* w * h - wall_count: the length that wins */
    int food;            /* cell, or SNAKE_NO_FOOD once the floor is full */
    uint64_t seed;       /* this game's seed (run seed + game index) */
    Rng place;           /* stream 1: food placement */
    Rng other;           /* stream 2: every other random choice */
    long steps;          /* ticks played */
    long since_eat;      /* ticks since the last eat (or the start) */
    long stall_limit;    /* 4 * w * h */
    SnakeOutcome outcome;
} SnakeGame;

/* Checks rules against the ranges of docs/snake.md#rules; err names the offending value. */
WsStatus snake_rules_check(const SnakeRules *rules, WsError *err);

/* Allocates a game for rules on a board without walls and starts it with
 * seed (snake_game_reset). */
WsStatus snake_game_init(SnakeGame *g, const SnakeRules *rules, uint64_t seed, WsError *err);
void snake_game_deinit(SnakeGame *g);

/* Makes dst the same game as src (body, walls, food, streams, counters),
 * in dst's own buffers; both must have been initialised for the same board.
 * Never allocates. */
void snake_game_copy(SnakeGame *dst, const SnakeGame *src);

/* Starts a new game on the same board (walls kept): start body, fresh
 * streams, first food. The start rule: the first row from the top with
 * start_length consecutive floor cells, its leftmost such run, tail at the
 * run's left end, head at its right end, heading right. The walls always
 * leave such a run (snake_game_set_walls and snake_game_toggle_wall see to it). */
void snake_game_reset(SnakeGame *g, uint64_t seed);

/* The cell of the start body's tail under the start rule above (the board's
 * walls and start length), or -1 if no row has room. */
int snake_game_start_tail(const SnakeGame *g);

/* Replaces the board's walls with `walls` (w * h bytes, nonzero = wall; NULL
 * for none) and restarts the game with its seed, so the start rule sees them.
 * WS_ERR_ARG, walls and game unchanged, when no row has room for the start
 * snake ("no room for a start snake of length N") or the floor has no more
 * cells than the start length. The bytes are copied. */
WsStatus snake_game_set_walls(SnakeGame *g, const uint8_t *walls, WsError *err);

/* Toggles the wall at cell between two moves; the floor count follows. The
 * next decision and tick see the change; the food stays where it is. Refuses
 * (returns false, nothing changes) outside the board, on the snake, on the
 * food, and when a new wall would leave no room for the next game's start
 * snake or no more floor cells than its length. */
bool snake_game_toggle_wall(SnakeGame *g, int cell);

static inline bool snake_game_is_wall(const SnakeGame *g, int cell) { return g->walls[cell] != 0; }

/* Whether the head may move in direction d this tick. */
bool snake_game_is_legal(const SnakeGame *g, Dir d);

/* Whether any direction is legal. */
bool snake_game_has_move(const SnakeGame *g);

/* What one tick did, for traces and statistics. */
typedef enum SnakeEvent { SNAKE_EV_MOVED, SNAKE_EV_ATE, SNAKE_EV_OVER } SnakeEvent;

/* Plays one tick in direction d. An illegal d (or DIR_NONE) ends the game as
 * dead. After an eat a new food is placed (none when the board is full).
 * Returns SNAKE_EV_OVER once outcome is no longer SNAKE_PLAYING; a finished
 * game ignores further ticks. */
SnakeEvent snake_game_tick(SnakeGame *g, Dir d);

/* Places the food on the k-th empty cell (neither wall nor snake), k from the
 * place stream; none when the floor is full. Exposed for tests. */
void snake_game_place_food(SnakeGame *g);

/* Ends a game that is still playing as forfeit, where it stands (no move is
 * made: the body, food and steps stay); a finished game is left as it is.
 * The core never decides this itself: the caller does, when the player
 * (an engine process) failed to give a move. */
void snake_game_forfeit(SnakeGame *g);

/* "playing", "won", "dead", "stalled", "forfeit". */
const char *snake_outcome_name(SnakeOutcome o);

/* Parses an ended game's outcome name ("won", "dead", "stalled", "forfeit";
 * never "playing") into *out. */
bool snake_outcome_parse(const char *name, SnakeOutcome *out);

#endif
