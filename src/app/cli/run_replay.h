/* run_replay.h - `wavesnake replay FILE ...` (docs/replay.md).
 *
 *   replay FILE --headless [--json]       check every game, a line per game and a summary
 *   replay FILE [--game G] [--tick T] --print
 *                                         game G's board after T ticks as text
 *   replay FILE [--game G] [--tick T]     open it in the window, paused at T
 *
 * A bad trace gets exit status 2 and one line, "FILE:LINE: what is wrong".
 * For the window, it opens a ReplaySession (replay_session.h) and hands it
 * to the front end.
 */
#ifndef WS_RUN_REPLAY_H
#define WS_RUN_REPLAY_H

#include "replay_session.h"

/* Entry point for argv after "replay": parses the options, then checks
 * (--headless), prints (--print) or opens the window with `window` (NULL: a
 * build or a version without the replay window, which says so). Returns an
 * exit status (report.h). */
int run_replay_main(int argc, char **argv, ReplayWindowFn window);

#endif
