/* Must not build: the sea domain (ws_sea) may not use the snake's headers. */
#include "snake.h"
