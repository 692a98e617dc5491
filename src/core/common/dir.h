/* dir.h - the four grid directions, in the one order the whole program uses.
 *
 * Order is up, right, down, left. Every neighbour loop runs
 * `for (int d = 0; d < DIR_COUNT; d++)` and every chooser keeps the first
 * direction on a tie (strict `<`), so golden tests and traces are stable.
 */
#ifndef WS_DIR_H
#define WS_DIR_H

#include <stdbool.h>

typedef enum Dir { DIR_NONE = -1, DIR_UP, DIR_RIGHT, DIR_DOWN, DIR_LEFT, DIR_COUNT } Dir;

extern const int DIR_DX[DIR_COUNT]; /* { 0, 1, 0, -1 } */
extern const int DIR_DY[DIR_COUNT]; /* { -1, 0, 1, 0 }, y grows down */

/* The direction pointing the other way; DIR_NONE stays DIR_NONE. */
Dir dir_opposite(Dir d);

/* Trace letter 'U', 'R', 'D', 'L'; '?' for DIR_NONE. */
char dir_to_char(Dir d);

/* Parses a trace letter (upper or lower case); DIR_NONE if it is not one. */
Dir dir_from_char(char c);

#endif
