/* replay_session.h - a snake trace opened for the window (docs/replay.md):
 * every game of the file (indexed and checked), the one to show loaded into
 * a SnakeHistory, and the tick to open (the defaults resolved). The command
 * `wavesnake replay` (cli/run_replay.h) opens it and hands it to the front
 * end's ReplayWindowFn.
 */
#ifndef WS_REPLAY_SESSION_H
#define WS_REPLAY_SESSION_H

#include <stdbool.h>

#include "options.h"
#include "snake_history.h"
#include "trace.h"

/* How many ticks before a game's end `replay` opens it by default. */
enum { REPLAY_DEFAULT_BEFORE_END = 10 };

typedef struct ReplaySession {
    const char *path; /* the trace file (borrowed from the options) */
    bool kept;        /* not a regular file (a pipe): its bytes are in text, read once */
    TraceBuf text;
    TraceIndex index;     /* every game of the file, checked (index.cut: a file cut off inside
                             a game, its complete games indexed) */
    long current;         /* the loaded game: index.games[current] */
    long tick;            /* the tick to open it at */
    SnakeHistory history; /* the loaded game, every move and toggle (its AI memory is found
                             by snake_history_scan) */
} ReplaySession;

/* Indexes and checks opts->replay, picks the game (--game G, or the first
 * that did not win, else the first) and the tick (--tick T, or 10 before
 * its end) and loads that game. The file is read once: a regular file is
 * indexed and the game read again at its offset, anything else (a pipe) is
 * kept in memory as it is indexed. WS_ERR_PARSE for a bad trace ("FILE:LINE:
 * ..."), WS_ERR_ARG for a game that is not in the file or a tick past its
 * end. On failure s owns nothing. */
WsStatus replay_session_open(ReplaySession *s, const AppOptions *opts, WsError *err);

/* Loads the game at position i of the index (for `[` and `]`); the tick
 * becomes its default one. On failure the loaded game is unchanged. */
WsStatus replay_session_load(ReplaySession *s, long i, WsError *err);

void replay_session_close(ReplaySession *s);

/* The front end's replay window: given an open session, it shows it and
 * returns an exit status (report.h). */
typedef int (*ReplayWindowFn)(const AppOptions *opts, ReplaySession *session);

#endif
