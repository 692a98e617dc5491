/* Must not build: what both front ends share (ws_play) may not use the command line's
 * headers (ws_cli links ws_play, not the other way round). */
#include "help.h"
