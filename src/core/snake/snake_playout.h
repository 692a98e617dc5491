/* snake_playout.h - perfect's tree shape at a new food, chosen by playing
 * the apple out (docs/perfect.md, "The apple played out").
 *
 * Between two eats nothing random happens, so the moves an apple takes
 * under a tree shape can be known exactly: copy the game and the policy's
 * memory, commit the shape, and let the policy play the copy to the eat.
 * At each new food perfect plays out its own choice of shape and the tree
 * grown by BFS from the tail's block, and commits the one whose apple ends
 * sooner (a tie keeps its own). A play-out stops after a budget of work
 * that shrinks with the board, so that a decision's work stays bounded on
 * big boards; the second stops as soon as it cannot eat sooner (the food
 * too far, or the first's moves and memory repeated).
 *
 * The winning play-out's moves are the moves the policy would make, so a
 * game played without overlays replays them (SnakeReplay, kept in the
 * policy's memory) instead of deciding each again: the apple costs its
 * decisions and the second play-out (about 1.5 times the decisions on
 * 30x30), not three times. With overlays each move is decided again, for
 * what the overlays show; the moves are the same.
 */
#ifndef WS_SNAKE_PLAYOUT_H
#define WS_SNAKE_PLAYOUT_H

#include <stdbool.h>

#include "snake.h"
#include "ws_error.h"

struct SnakeCycle;
typedef struct SnakePlayout SnakePlayout;

/* The most moves a play-out makes on a board of `cells` cells (it may stop
 * sooner: its bound is in units of work, snake_playout.c): 2,651 on 30x30,
 * 128 on 64x64, 21 on 100x100; never more than the stall limit. */
int snake_playout_budget(int cells);

/* Sizes the scratch game and policy for a w x h board (both sides even). */
WsStatus snake_playout_create(SnakePlayout **out, int w, int h, WsError *err);
void snake_playout_destroy(SnakePlayout *p);

/* What the play-outs did, counted since the policy was made: how often the
 * tail's tree won and what the second play-out costs (docs/perfect.md,
 * "The apple played out"). Never read by a decision. */
typedef struct SnakePlayoutCounts {
    long apples;      /* new foods played out */
    long second;      /* ... with a second play-out (the first ate after a move or more) */
    long won;         /* ... that ate sooner: the tail's tree was committed */
    long repeated;    /* second play-outs stopped when they repeated the first */
    long too_far;     /* ... stopped when the food was farther than their moves or work left */
    long work_first;  /* units of work of the first play-outs */
    long work_second; /* ... and of the second */
} SnakePlayoutCounts;

SnakePlayoutCounts snake_playout_counts(const SnakePlayout *p);

/* The second play-out stops as soon as it cannot eat sooner than the first
 * (on, the default); off, it plays on to its bound. The choice is the same
 * either way: tests compare them. */
void snake_playout_set_stops(SnakePlayout *p, bool on);

/* snake_playout_choose's answer while the play-outs are not over. */
enum { SNAKE_PLAYOUT_PENDING = -2 };

/* The units of work a slice of a board's play-outs does: a thirty-second
 * of a play-out's budget (at least 1), about a millisecond of work on any
 * board, so that a window can spread a new food's play-outs over frames. */
long snake_playout_slice(int cells);

/* At a new food of game g, with c's certificate loaded for the body: plays
 * the apple out under c's own choice and under the tail's BFS tree, from
 * c's memory. Returns the shape c must commit at this decision (-1: its own
 * choice). With `replay`, c's replay is set to the winning play-out (its
 * moves and the memory after them), and c's plan and committed tree are
 * forgotten. With `slice` > 0 it does at most about that many units of work
 * and returns SNAKE_PLAYOUT_PENDING when the play-outs are not over: a call
 * for the same game and the same memory of c goes on where it stopped (the
 * answer is the same however the work is cut); a call for another game or
 * memory starts afresh. Never allocates. */
int snake_playout_choose(SnakePlayout *p, struct SnakeCycle *c, const SnakeGame *g, bool replay,
                         long slice);

#endif
