/* Must not build: the core (ws_snake) may not use the app's headers, such as the options. */
#include "options.h"
