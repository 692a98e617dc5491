#include "SDL_video.h"
