/* timeline.h - the time-travel strip under the board: ticks, marks, scrubbing.
 *
 * Every mode keeps the history of the game it plays (docs/replay.md); a
 * view exposes it through ViewHistory (view.h) and the front end does the
 * rest: the keys `,` `.` `N` `Home` `End`, the "tick T of N" HUD
 * line and this strip, which shows the kept ticks first..last left to right,
 * the tick on screen as a thin post with its number, the tick under the
 * pointer with its number, and a mark wherever something happened
 * (an eat, a sunk ship, the end, a move that differs from the policy's
 * choice in a replayed trace, a wall toggle or a mouse edit). A click or a
 * drag on the strip seeks to the tick under the pointer.
 *
 * The maths (tick <-> pixel column, which ticks a column covers) is pure, so
 * it is unit-tested without SDL; timeline_draw is the only SDL part. A
 * column covers a range of ticks when the game is longer than the strip is
 * wide, and the view is asked once per column which marks fall in that
 * range (ViewHistory.marks), so drawing costs one query per pixel column
 * whatever the game's length and allocates nothing.
 */
#ifndef WS_TIMELINE_H
#define WS_TIMELINE_H

#include <SDL.h>
#include <stdbool.h>

#include "layout.h"
#include "text.h"

/* What a mark stands for; ViewHistory.marks returns an OR of these bits. */
enum {
    TIMELINE_MARK_EAT = 1u << 0,    /* snake: the tick after an eat (the snake is longer) */
    TIMELINE_MARK_SUNK = 1u << 1,   /* sea: the tick a ship was sunk */
    TIMELINE_MARK_END = 1u << 2,    /* the game's last tick, when it has ended */
    TIMELINE_MARK_DIFFER = 1u << 3, /* replay: the recorded move is not the policy's choice */
    TIMELINE_MARK_EDIT = 1u << 4,   /* a wall toggle, a mouse edit, steering by hand */
    TIMELINE_MARK_KILL = 1u << 5    /* arena: a monster or the hero died */
};

/* The strip's geometry: `bar` is the track the ticks map onto, inside the
 * strip rectangle the layout reserved (FrameLayout.timeline), with room at
 * both ends for the cursor's half width. */
typedef struct Timeline {
    PixRect strip; /* the whole reserved rectangle */
    PixRect bar;   /* the track: column 0 is tick `first`, column bar.w - 1 is tick `last` */
    long first, last;
} Timeline;

/* Lays the strip out for ticks first..last (last >= first; a last below
 * first is taken as first). A strip narrower than 2 pixels or lower than 3
 * gives an empty bar (w = 0): nothing is drawn and no pixel hits it. */
void timeline_layout(Timeline *tl, PixRect strip, long first, long last);

/* The pixel x of tick t's column (t clamped to first..last). Ticks spread
 * evenly: with more ticks than columns several ticks share a column, with
 * fewer each tick gets a span of columns and this is the span's start. */
int timeline_tick_to_x(const Timeline *tl, long t);

/* The tick under pixel x (clamped to the bar: left of it is `first`, right
 * of it `last`). timeline_x_to_tick(timeline_tick_to_x(t)) == t whenever
 * the bar has at least as many columns as ticks. */
long timeline_x_to_tick(const Timeline *tl, int x);

/* The ticks column `col` (0..bar.w-1) stands for: [*from, *to), never
 * empty, together covering first..last exactly once from left to right. */
void timeline_column_ticks(const Timeline *tl, int col, long *from, long *to);

/* The pixel x where tick t is drawn (its mark, its post): the middle of its
 * span of columns on a short game, its column on a long one. */
int timeline_tick_center(const Timeline *tl, long t);

/* The post that shows tick t: TIMELINE_POST_W pixels wide, centred on the
 * tick, the strip's full height. Thin at every game length: a game of 3
 * ticks on a wide strip gets the same post as one of 30,000. */
enum { TIMELINE_POST_W = 3 };
PixRect timeline_post(const Timeline *tl, long t);

/* Where a label `w` pixels wide goes beside tick t's post: just right of
 * the post, or just left of it when the bar has no room on the right.
 * Returns its left edge; false (x untouched) when it fits on neither side. */
bool timeline_label_x(const Timeline *tl, long t, int w, int *x);

/* Whether pixel (x, y) is on the strip (where a click scrubs). */
bool timeline_hit(const Timeline *tl, int x, int y);

/* The colour of a mark kind (the strongest bit wins when a column has several). */
Rgba timeline_mark_color(unsigned marks);

/* The marks of ticks [from, to) (TIMELINE_MARK_* bits); the view's own query. */
typedef unsigned (*TimelineMarksFn)(void *state, long from, long to);

/* Draws the strip: the track, a mark per column that has one (asking
 * marks(state, from, to) once per column), the post at `current` with its
 * number beside it, a dim post and the number of the tick under the
 * pointer (`hover`; -1: none), and the first and last tick numbers at the
 * ends where they cover none of those. Numbers sit on a plate drawn over
 * the marks, so a mark never runs through a number; the last number stops
 * short of the last tick, where the end's mark is. `tc` may be NULL (no
 * numbers). */
void timeline_draw(const Timeline *tl, SDL_Renderer *ren, TextCache *tc, int px, long current,
                   long hover, TimelineMarksFn marks, void *state);

#endif
