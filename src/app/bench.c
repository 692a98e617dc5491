/* Benchmarks. They print figures for people and scripts to compare; they do
 * not judge them (timing on shared machines is noisy, so tests never do). */
#include "bench.h"

#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "run_snake.h"
#include "snake_ai.h"

typedef struct BenchBoard {
    int w, h;
    long games; /* default number of games: small boards play many */
} BenchBoard;

static const BenchBoard SNAKE_BOARDS[] = {{8, 8, 400}, {20, 20, 40}, {64, 64, 2}};

static int bench_snake(int argc, char **argv) {
    uint64_t seed = 1;
    long games = 0; /* 0: each board's default */
    SnakePolicy policy = SNAKE_POLICY_GREEDY;
    bool strict = false;
    for (int i = 0; i < argc; i++) {
        const char *v = NULL;
        if (cli_take_value(argc, argv, &i, "--games", &v)) {
            if (v == NULL || !cli_parse_long(v, 1, 1000000, "--games", &games))
                return CLI_EXIT_USAGE;
        } else if (cli_take_value(argc, argv, &i, "--seed", &v)) {
            if (v == NULL || !cli_parse_u64(v, "--seed", &seed))
                return CLI_EXIT_USAGE;
        } else if (cli_take_value(argc, argv, &i, "--policy", &v)) {
            if (v == NULL)
                return CLI_EXIT_USAGE;
            if (!snake_policy_parse(v, &policy))
                return cli_usage_error("--policy: unknown policy '%s' (try: %s)", v,
                                       snake_policy_list());
        } else if (strcmp(argv[i], "--strict-tail") == 0) {
            strict = true;
        } else {
            return cli_usage_error("bench snake: unknown argument '%s'", argv[i]);
        }
    }
    printf("snake benchmark: policy %s, tail %s, seed %llu, one thread\n",
           snake_policy_name(policy), strict ? "strict" : "free", (unsigned long long)seed);
    printf("%-7s %6s %9s %8s %10s %10s %13s %12s\n", "board", "games", "games/s", "won",
           "mean_len", "mean_steps", "decision_us", "p99_us");
    for (size_t b = 0; b < sizeof SNAKE_BOARDS / sizeof SNAKE_BOARDS[0]; b++) {
        const BenchBoard *bb = &SNAKE_BOARDS[b];
        SnakeRules rules = {bb->w, bb->h, 4, strict};
        SnakeBatch r;
        long n = games > 0 ? games : bb->games;
        if (!run_snake_batch(&rules, policy, seed, n, 1, &r))
            return CLI_EXIT_FAIL;
        char board[16];
        snprintf(board, sizeof board, "%dx%d", bb->w, bb->h);
        printf("%-7s %6ld %9.1f %8ld %10.2f %10.1f %13.3f %12.2f\n", board, r.games,
               (double)r.games / (r.wall_s > 0 ? r.wall_s : 1e-9), r.won, r.length_sum / (double)r.games,
               r.steps_sum / (double)r.games, stats_mean_us(&r.decisions),
               stats_quantile_us(&r.decisions, 0.99));
        fflush(stdout);
    }
    return CLI_EXIT_OK;
}

int bench_main(int argc, char **argv) {
    if (argc == 0 || argv[0][0] == '-')
        return bench_snake(argc, argv);
    if (strcmp(argv[0], "snake") == 0)
        return bench_snake(argc - 1, argv + 1);
    return cli_usage_error("bench: unknown benchmark '%s' (snake)", argv[0]);
}
