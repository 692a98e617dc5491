/* match_plot.h - `wavesnake match --plot F.svg`: the picture of a match
 * (docs/match.md).
 *
 * Two panels drawn as SVG text (no SDL: the command line draws it itself):
 * each player's distribution of steps over its won games (sea: shots over
 * its sunk games), and the paired differences of every player against the
 * first (over the seeds both won), with their mean and 95 % interval. The
 * plot keeps every game's results until it is written (16 bytes per player
 * and game), so only a match with --plot pays for them.
 */
#ifndef WS_MATCH_PLOT_H
#define WS_MATCH_PLOT_H

#include "fileio.h"
#include "match.h"
#include "match_report.h"
#include "ws_error.h"

typedef struct MatchPlot {
    MatchKind kind;
    int players;
    MatchResult *res; /* games * players results, game after game; owned */
    long games, cap;
} MatchPlot;

void match_plot_init(MatchPlot *p, MatchKind kind, int players);
void match_plot_free(MatchPlot *p);

/* Keeps one game's results (players of them). WS_ERR_NOMEM. */
WsStatus match_plot_add(MatchPlot *p, const MatchResult *res, WsError *err);

/* Writes the picture into out, opened by fileio_out_open before the match
 * was played (so a path that cannot be written is refused before a game
 * is), and commits it; on a failure out is given up and no cut file is
 * left. info names the players and the match; t gives the intervals. */
WsStatus match_plot_write(const MatchPlot *p, const MatchInfo *info, const MatchTally *t,
                          FileioOut *out, WsError *err);

#endif
