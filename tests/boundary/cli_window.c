/* Must not build: the command line (ws_cli) may not use the window's headers. */
#include "render.h"
