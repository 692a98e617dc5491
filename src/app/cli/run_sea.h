/* run_sea.h - headless sea-battle games: shots per game and their distribution. */
#ifndef WS_RUN_SEA_H
#define WS_RUN_SEA_H

#include "options.h"

/* Plays opts->games games (game i: fleet from seed S + i on stream 1, the
 * hunter's draws on stream 2) with opts->hunter against opts->placement,
 * printing a line (or JSON object) per game, then a summary (mean, median,
 * min, max) and, as text, a histogram of shots. An unknown hunter or
 * placement name is bad input (exit 2). Returns an exit status. */
int run_sea_headless(const AppOptions *opts);

#endif
