#include "dir.h"

const int DIR_DX[DIR_COUNT] = {0, 1, 0, -1};
const int DIR_DY[DIR_COUNT] = {-1, 0, 1, 0};

static const char DIR_CHARS[DIR_COUNT] = {'U', 'R', 'D', 'L'};

Dir dir_opposite(Dir d) {
    if (d < 0 || d >= DIR_COUNT)
        return DIR_NONE;
    return (Dir)((d + 2) % DIR_COUNT);
}

char dir_to_char(Dir d) {
    if (d < 0 || d >= DIR_COUNT)
        return '?';
    return DIR_CHARS[d];
}

Dir dir_from_char(char c) {
    if (c >= 'a' && c <= 'z')
        c = (char)(c - 'a' + 'A');
    for (int d = 0; d < DIR_COUNT; d++)
        if (DIR_CHARS[d] == c)
            return (Dir)d;
    return DIR_NONE;
}
