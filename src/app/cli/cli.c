#include "cli.h"

#include <stdio.h>

void cli_note_clock_seed(uint64_t seed, const char *what) {
    fprintf(stderr, "wavesnake: seed %llu (from the clock; --seed %llu repeats this %s)\n",
            (unsigned long long)seed, (unsigned long long)seed, what);
}
