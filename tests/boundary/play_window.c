/* Must not build: what both front ends share (ws_play) may not use the window's headers. */
#include "render.h"
