/* frontend.h - the front end as the dispatch (ws_main.c) sees it: three
 * entry points, and no SDL type.
 *
 * frontend_run opens the window for opts->mode (or, with opts->screenshot,
 * renders offscreen and writes a PNG) and returns an exit status;
 * frontend_replay opens a checked snake trace (`wavesnake replay FILE`);
 * frontend_chart_writer draws `bench --chart` PNGs. The window target
 * (src/app/window) implements all three; builds without SDL
 * (WS_BUILD_APP=OFF) link src/app/nosdl instead, which explains that there
 * is no window and returns no chart writer.
 *
 * The front end has three headers, one per reader, so that none sees more
 * than it needs: this one for the dispatch (two implementations, so it can
 * hold nothing the stub cannot give), window/frontend_loop.h for whoever
 * runs the window a frame at a time (frontend_run itself, the window
 * tests), window/frontend_internal.h for the window's own files (the
 * Frontend struct they share).
 */
#ifndef WS_FRONTEND_H
#define WS_FRONTEND_H

#include "chart.h"
#include "options.h"
#include "replay_session.h"

int frontend_run(const AppOptions *opts);

/* `wavesnake replay FILE` in the window (docs/replay.md):
 * session is open (replay_session.h: every game indexed and checked, the one to
 * show loaded, the tick to open resolved); the window may load other games
 * of it (replay_session_load) and returns an exit status. The caller closes
 * the session. Its type is replay_session.h's ReplayWindowFn. */
int frontend_replay(const AppOptions *opts, ReplaySession *session);

/* The writer for `bench --chart`, or NULL when this build cannot draw. */
ChartWriter frontend_chart_writer(void);

#endif
