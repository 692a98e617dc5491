/* Must not build: the window (ws_window) links ws_play, not the command line (ws_cli):
 * a headless runner is no business of the window. */
#include "run_snake.h"
