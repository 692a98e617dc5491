#define _POSIX_C_SOURCE 200809L
#include <time.h>
long impure(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long)t.tv_nsec;
}
