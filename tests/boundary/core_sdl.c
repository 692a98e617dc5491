/* Must not build: the core (ws_common) does not link SDL, so SDL's headers are not found. */
#include <SDL.h>
