/* run_replay.h - `wavesnake replay FILE ...` (docs/replay.md, docs/history.md).
 *
 *   replay FILE --headless [--json]       check every game, a line per game and a summary
 *   replay FILE [--game G] [--tick T] --print
 *                                         game G's board after T ticks as text
 *   replay FILE [--game G] [--tick T]     open it in the window, paused at T
 *
 * A bad trace gets exit status 2 and one line, "FILE:LINE: what is wrong".
 * For the window, ReplaySession is what the front end gets: every game of
 * the file (indexed and checked), the one to show first loaded into a
 * SnakeHistory, and the tick to open (the defaults of docs/replay.md resolved).
 */
#ifndef WS_RUN_REPLAY_H
#define WS_RUN_REPLAY_H

#include <stdbool.h>

#include "options.h"
#include "snake_history.h"
#include "trace.h"

/* How many ticks before a game's end `replay` opens it by default. */
enum { REPLAY_DEFAULT_BEFORE_END = 10 };

typedef struct ReplaySession {
    const char *path;     /* the trace file (borrowed from the options) */
    TraceIndex index;     /* every game of the file, checked */
    long current;         /* the loaded game: index.games[current] */
    long tick;            /* the tick to open it at */
    SnakeHistory history; /* the loaded game, every move and toggle (its AI memory is found
                             by snake_history_scan) */
} ReplaySession;

/* Indexes and checks opts->replay, picks the game (--game G, or the first
 * that did not win, else the first) and the tick (--tick T, or 10 before
 * its end) and loads that game. WS_ERR_PARSE for a bad trace ("FILE:LINE:
 * ..."), WS_ERR_ARG for a game that is not in the file or a tick past its
 * end. On failure s owns nothing. */
WsStatus replay_session_open(ReplaySession *s, const AppOptions *opts, WsError *err);

/* Loads the game at position i of the index (for `[` and `]`); the tick
 * becomes its default one. On failure the loaded game is unchanged. */
WsStatus replay_session_load(ReplaySession *s, long i, WsError *err);

void replay_session_close(ReplaySession *s);

/* The front end's replay window: given an open session, it shows it and
 * returns an exit status (cli.h). */
typedef int (*ReplayWindowFn)(const AppOptions *opts, ReplaySession *session);

/* Entry point for argv after "replay": parses the options, then checks
 * (--headless), prints (--print) or opens the window with `window` (NULL: a
 * build or a version without the replay window, which says so). Returns an
 * exit status (cli.h). */
int run_replay_main(int argc, char **argv, ReplayWindowFn window);

#endif
