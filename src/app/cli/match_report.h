/* match_report.h - what `wavesnake match` prints, the same way for a run
 * (run_match.c) and for `wavesnake merge` of its shards (merge_match.c), so
 * that merged shards print exactly what one run prints
 * (docs/formats.md#match).
 *
 * A MatchInfo is a match's identity (the players, the seeds, the board or
 * the placement, the test, the shard: merge refuses shards that differ in
 * any of it) and its measurements (times, which a merge can only estimate).
 * The figures themselves come from a MatchTally (play/match.h).
 */
#ifndef WS_MATCH_REPORT_H
#define WS_MATCH_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "match.h"
#include "sea.h"

/* How a match ended. */
typedef enum MatchStop {
    MATCH_STOP_DONE = 0,    /* every game of the run was played */
    MATCH_STOP_H0,          /* --sprt accepted H0 */
    MATCH_STOP_H1,          /* --sprt accepted H1 */
    MATCH_STOP_INTERRUPTED, /* Ctrl-C: the games so far */
    MATCH_STOP_COUNT
} MatchStop;

typedef struct MatchInfo {
    MatchKind kind;
    int players;
    char names[MATCH_MAX_PLAYERS][MATCH_NAME_MAX + 1];
    uint64_t seed;         /* game i plays seed + i */
    long games_total;      /* --games of the whole match */
    long shard_k, shard_n; /* 0/1: every game */
    /* snake: the board */
    int w, h, cells, walls, start_length;
    bool strict_tail;
    uint64_t walls_hash;
    /* sea */
    SeaPlacement placement;
    MatchSprt sprt;
    const char *version; /* NULL: this program's */
    /* measurements */
    double wall_s;
    long jobs;
    double decision_us[MATCH_MAX_PLAYERS]; /* mean per decision */
    bool timed[MATCH_MAX_PLAYERS];         /* it made a decision: else the table says "-" */
} MatchInfo;

/* "done", "h0", "h1", "interrupted"; match_stop_parse reads them back. */
const char *match_stop_name(MatchStop stop);
bool match_stop_parse(const char *name, MatchStop *out);

/* The --sprt verdict as a stop: MATCH_STOP_H0 / H1, or DONE while going. */
MatchStop match_stop_of(MatchVerdict v);

/* One game's line (text) or object (json): every player's result, and for
 * two players the better one; with --sprt the LLR after this game (t holds
 * the tally with this game counted). us: each player's mean decision time
 * in this game. */
void match_report_game(FILE *out, const MatchInfo *info, const MatchTally *t, long index,
                       uint64_t seed, const MatchResult *res, const double *us, bool json);

/* The summary: a table of the players (ranked), a table of the pairs, the
 * round robin for more than two players, the test's verdict, how it ended
 * (json: one object per player, per pair, then the summary object). */
void match_report_summary(FILE *out, const MatchInfo *info, const MatchTally *t, MatchStop stop,
                          bool json);

#endif
