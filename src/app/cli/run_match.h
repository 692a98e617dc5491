/* run_match.h - `wavesnake match [snake|sea] PLAYER PLAYER... [OPTIONS]`:
 * every player on the same seeds, and which is better (docs/match.md).
 *
 * The headless race (`snake --race P1,P2 --headless`, run_race.c) is a
 * match of two players printed the race's way: it hands the run a
 * MatchPrinter of its own. */
#ifndef WS_RUN_MATCH_H
#define WS_RUN_MATCH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "match.h"
#include "match_report.h"
#include "options.h"

/* How a match's games and summary are printed (match_report.h's
 * functions, or the race's). */
typedef struct MatchPrinter {
    void (*game)(FILE *out, const MatchInfo *info, const MatchTally *t, long index, uint64_t seed,
                 const MatchResult *res, const double *us, bool json);
    void (*summary)(FILE *out, const MatchInfo *info, const MatchTally *t, MatchStop stop,
                    bool json);
    const char *what; /* "match", "race": the note about a seed from the clock */
} MatchPrinter;

/* The entry point: argv after "match" (a first word "snake" or "sea"
 * chooses the game; snake without it). Returns the exit status: 0, 1 when a
 * game was forfeit or Ctrl-C stopped the match (its result so far printed),
 * 2 on bad input with one line on stderr. */
int run_match_main(int argc, char **argv);

/* Plays the match opts describes (opts->match_player[0..match_players),
 * checked options) and prints it with printer (NULL: the match's own).
 * Returns the exit status as run_match_main. */
int run_match_headless(const AppOptions *opts, const MatchPrinter *printer);

#endif
