/* view_race.h - the race in the window: two snake policies side by side.
 *
 * A view of its own (VIEW_RACE, view.h) that the live snake view switches to
 * with X, or at the start with --race P1,P2, handing it a RaceSetup; X in the
 * race switches back to the snake view. Two boards (side by side in wide
 * windows, stacked in tall ones: layout_pair) play the same seed, walls and
 * rules (snake_race.h), each with the overlays switched on and its own label
 * line: policy, length, steps and what its AI decided. When both games have
 * ended the result stays on screen for a moment and the next heat starts
 * with the next seed. A click toggles a wall on both boards; Tab changes the
 * right-hand policy; R starts the next heat now. A side may be an engine
 * (--race greedy,engine:CMD, or X while an engine plays): it is polled each
 * frame and its board draws its own `info`. A race keeps no history:
 * the front end shows no timeline while it runs.
 */
#ifndef WS_VIEW_RACE_H
#define WS_VIEW_RACE_H

#include <stdbool.h>
#include <stdint.h>

#include "snake_race.h"

/* What the race view opens with (its create's `arg`). Borrowed: it must stay
 * valid while the race view's create runs; the race copies what it keeps. */
typedef struct RaceSetup {
    const SnakeRules *rules;
    const uint8_t *walls;                   /* w*h bytes, or NULL */
    SnakePolicy policies[SNAKE_RACE_SIDES]; /* [0] left / top, [1] right / bottom */
    uint64_t seed;                          /* heat i plays with seed + i */
    /* The policies were named on the command line (--race): one that cannot
     * play the board is an error (WS_ERR_ARG, one line), and the race says on
     * stdout what it runs. Otherwise (X) that side plays greedy and says why. */
    bool strict;
    SnakePolicy solo; /* the policy that plays alone again after the race (X's notice) */
    /* An engine plays a side (docs/engines.md): its spec (engine:CMD), NULL
     * for the built-in policy. The race starts its own process, waiting for
     * its handshake when the race opens; after that nothing waits on it. */
    const PlayerSpec *players[SNAKE_RACE_SIDES];
    int engine_timeout_ms;
} RaceSetup;

#endif
