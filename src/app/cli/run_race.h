/* run_race.h - a headless race: two snake policies on the same seeds, compared. */
#ifndef WS_RUN_RACE_H
#define WS_RUN_RACE_H

#include "options.h"

/* Entry point of `wavesnake snake --race P1,P2 --headless [--games N]`:
 * both policies play heats 0..N-1 (seed + i, the same board and rules, as
 * the window's race does), a line (or JSON object) per heat and a
 * comparison table (or summary object) go to stdout; --trace T writes one
 * trace per side (T with .1 and .2 before its extension). A policy that
 * cannot play the board is exit 2. Returns an exit status (report.h): 1
 * when a heat was forfeit or Ctrl-C stopped the race (its table so far
 * printed). */
int run_race_headless(const AppOptions *opts);

#endif
