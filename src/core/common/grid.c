#include "grid.h"

Dir grid_dir_between(int w, int a, int b) {
    int ax = a % w, ay = a / w, bx = b % w, by = b / w;
    for (int d = 0; d < DIR_COUNT; d++)
        if (ax + DIR_DX[d] == bx && ay + DIR_DY[d] == by)
            return (Dir)d;
    return DIR_NONE;
}
