/* bench.h - `wavesnake bench`: figures, never pass/fail. */
#ifndef WS_BENCH_H
#define WS_BENCH_H

int bench_main(int argc, char **argv);

#endif
