/* Must not build: the snake domain (ws_snake) may not use the sea's headers. */
#include "sea.h"
