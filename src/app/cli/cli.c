#include "cli.h"

#include "report.h"

void cli_note_clock_seed(uint64_t seed, const char *what) {
    report_warn("seed %llu (from the clock; --seed %llu repeats this %s)", (unsigned long long)seed,
                (unsigned long long)seed, what);
}
