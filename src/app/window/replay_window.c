/* replay_window.c - the window's `wavesnake replay FILE` (frontend.h).
 *
 * TODO(#10): the replay window (timeline, `[` / `]`, the recorded policy's
 * overlays) replaces this placeholder; until then the command says so, and
 * `replay FILE --headless` / `--print` work without it. */
#include <stdio.h>

#include "cli.h"
#include "frontend.h"

int frontend_replay(const AppOptions *opts, ReplaySession *session) {
    (void)session;
    fprintf(stderr,
            "wavesnake: the replay window is not in this build yet; '%s' checks out "
            "(replay FILE --headless lists its games, --print shows a tick)\n",
            opts->replay);
    return CLI_EXIT_USAGE;
}
