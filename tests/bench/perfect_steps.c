/* perfect_steps - times the first N decisions of one `perfect` game, and
 * says where its steps go.
 *
 * A benchmark helper for tests/bench/compare_perfect.sh, not a test: a whole
 * 64x64 game takes minutes, and `wavesnake snake --headless` has no step
 * limit, so this plays game 0 of a run (seed S, as `--seed S` does) through
 * the core library alone for at most N decisions and prints the decision
 * time mean and p99 (as the headless summary measures them) with a hash of
 * the moves, so two builds can be shown to decide the same.
 *
 *   perfect_steps WxH START_LENGTH STRICT(0|1) SEED MAX_STEPS [EXPLAIN(0|1)] [BANDS]
 *   -> steps 20000 length 1234 outcome playing decision_us_mean 12.3
 *      decision_us_p99 45.6 cpu_us_mean 11.9 cpu_us_p99 44.1 moves_fnv1a 0123456789abcdef
 *      cpu_us_max 97.0 cycle_moves 512 cycle_cpu_us_mean 20.1 plan_cpu_us_mean 9.8
 *      cpu_us_max_at 4321 cpu_over_frame 0 apples 300 apple_median 34 apple_p90 115 apple_max 365
 *      top10_share 0.43 plan_searches 900 plan_found 40 plan_no_route 850
 *      plan_out_of_bans 10 plan_eat_loop 300 plan_eat_cut 2000
 *
 * EXPLAIN 1 decides as the window does (the AI's overlays worked out every
 * decision, SnakeAi.explain); the default 0 as headless runs do.
 *
 * decision_us_* is wall time per decision, as the headless summary prints;
 * cpu_us_* the thread's CPU time, steadier on a machine shared with other jobs.
 * cycle_moves: the decisions that followed the certificate's cycle (reason
 * cycle), with their mean CPU time; plan_cpu_us_mean: the others' (a plan).
 * cpu_us_max_at: the slowest decision's number (0 is the first), to look at it
 * again with MAX_STEPS one more. cpu_over_frame: the decisions whose CPU time
 * is more than a frame at 60 frames a second (16.7 ms): with EXPLAIN 1, the
 * window's hitches.
 *
 * Where the steps go: apples is the food eaten; apple_median, apple_p90 and
 * apple_max are the steps an apple took (from the move after one eat to the
 * next eat); top10_share is the share of all those steps that the costliest
 * tenth of the apples took. With BANDS (e.g. 10) a table follows, one line
 * per band of the body's length (tenths of the board for 10): the apples
 * eaten in the band, their steps each, the Manhattan distance from the head
 * to each food when it appeared, the share of cycle moves and the CPU time
 * per decision; the table of docs/perfect.md, "Results".
 *
 * How the plan searches ended (headers that have the counts only): a search
 * tries routes within the cycle's way to the food and bans a failing move
 * each time; it ends with a checked route (found), with no route left
 * within that way (no_route), or with its bans used up (out_of_bans).
 * plan_eat_loop and plan_eat_cut count the routes whose state after the
 * eat failed the check, by why (snake_cert_verdict): the required edges
 * close a loop of blocks, or free blocks are cut off.
 *
 * Built by the script against each build's libws_snake.a and libws_common.a
 * with that tree's own headers.
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "snake.h"
#include "snake_ai.h"
#if __has_include("snake_perfect.h") /* older trees (before the policy split) have none */
#include "snake_perfect.h"
#endif

enum { MAX_BANDS = 100 };
#define FRAME_NS (UINT64_C(1000000000) / 60) /* a frame at 60 frames a second */

/* What the steps of one band of the body's length cost. */
typedef struct Band {
    long steps, apples, cycle_moves, manhattan;
    double cpu_us;
} Band;

static uint64_t now_ns(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static int cmp_long(const void *a, const void *b) {
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

/* The Manhattan distance from the head to the food (0 without food);
 * written out so that the helper builds against older trees too. */
static long food_distance(const SnakeGame *g) {
    int w = g->rules.w, head = snake_head(&g->snake);
    return g->food >= 0
               ? labs((long)(head % w - g->food % w)) + labs((long)(head / w - g->food / w))
               : 0;
}

/* The steps of each apple (sorted in place): median, p90, max and the share
 * of the steps the costliest tenth took, as the summary line's fields. */
static void print_apples(long *apple, long n) {
    qsort(apple, (size_t)n, sizeof *apple, cmp_long);
    long total = 0, top = 0;
    for (long i = 0; i < n; i++) {
        total += apple[i];
        if (i >= n - n / 10)
            top += apple[i];
    }
    printf(" apples %ld apple_median %ld apple_p90 %ld apple_max %ld top10_share %.2f", n,
           n > 0 ? apple[n / 2] : 0, n > 0 ? apple[n * 9 / 10] : 0, n > 0 ? apple[n - 1] : 0,
           total > 0 ? (double)top / (double)total : 0.0);
}

static void print_bands(const Band *band, int bands) {
    for (int b = 0; b < bands; b++) {
        const Band *x = &band[b];
        if (x->steps == 0)
            continue;
        printf("band %3d-%3d%%: apples %5ld steps/apple %7.1f manhattan %5.1f cycle %5.1f%% "
               "cpu_us %7.1f\n",
               b * 100 / bands, (b + 1) * 100 / bands, x->apples,
               x->apples > 0 ? (double)x->steps / (double)x->apples : 0.0,
               x->apples > 0 ? (double)x->manhattan / (double)x->apples : 0.0,
               100.0 * (double)x->cycle_moves / (double)x->steps, x->cpu_us / (double)x->steps);
    }
}

int main(int argc, char **argv) {
    int w, h;
    if (argc < 6 || argc > 8 || sscanf(argv[1], "%dx%d", &w, &h) != 2) {
        fprintf(stderr, "usage: perfect_steps WxH START_LENGTH STRICT(0|1) SEED MAX_STEPS "
                        "[EXPLAIN(0|1)] [BANDS]\n");
        return 2;
    }
    SnakeRules rules = {
        .w = w, .h = h, .start_length = atoi(argv[2]), .strict_tail = atoi(argv[3]) != 0};
    uint64_t seed = strtoull(argv[4], NULL, 10);
    long max_steps = atol(argv[5]);
    int bands = argc == 8 ? atoi(argv[7]) : 0;
    WsError err = {0};
    SnakeGame g;
    SnakeAi ai;
    size_t cap = (size_t)(max_steps > 0 ? max_steps : 1);
    uint64_t *ns = malloc(cap * sizeof *ns), *cpu = malloc(cap * sizeof *cpu);
    long *apple = malloc((size_t)(w > 0 && h > 0 ? w * h : 1) * sizeof *apple);
    Band band[MAX_BANDS] = {{0}};
    if (max_steps < 1 || bands < 0 || bands > MAX_BANDS || ns == NULL || cpu == NULL ||
        apple == NULL || snake_game_init(&g, &rules, seed, &err) != WS_OK ||
        snake_ai_init(&ai, w, h, SNAKE_POLICY_PERFECT, rules.strict_tail, &err) != WS_OK) {
        fprintf(stderr, "perfect_steps: cannot start: %s\n", err.msg);
        return 2;
    }
    ai.explain = argc >= 7 && atoi(argv[6]) != 0; /* headless runs: nobody sees the overlays */
    snake_game_reset(&g, seed);
    snake_ai_clear(&ai);
    uint64_t hash = 1469598103934665603u; /* FNV-1a over the moves */
    long n = 0, apples = 0, since_eat = 0, near = food_distance(&g);
    double us_sum = 0.0, cpu_sum = 0.0, cycle_cpu = 0.0;
    long cycle_moves = 0, max_at = 0;
    while (g.outcome == SNAKE_PLAYING && n < max_steps) {
        int len = g.snake.len;
        Band *x = &band[bands > 0 ? (long)len * bands / (w * h) : 0];
        /* Wall time as the headless summary measures it, and this thread's
         * CPU time around it: on a shared machine the wall figure also holds
         * the time other jobs had the core. */
        uint64_t c0 = now_ns(CLOCK_THREAD_CPUTIME_ID), t0 = now_ns(CLOCK_MONOTONIC);
        Dir d = snake_ai_choose(&ai, &g);
        ns[n] = now_ns(CLOCK_MONOTONIC) - t0;
        cpu[n] = now_ns(CLOCK_THREAD_CPUTIME_ID) - c0;
        us_sum += (double)ns[n] / 1000.0;
        cpu_sum += (double)cpu[n] / 1000.0;
        x->cpu_us += (double)cpu[n] / 1000.0;
        x->steps++;
        if (cpu[n] > cpu[max_at])
            max_at = n;
        if (ai.reason == SNAKE_REASON_CYCLE) {
            cycle_moves++;
            x->cycle_moves++;
            cycle_cpu += (double)cpu[n] / 1000.0;
        }
        n++;
        since_eat++;
        hash = (hash ^ (uint64_t)(d + 1)) * 1099511628211u;
        snake_game_tick(&g, d);
        if (g.snake.len > len) { /* an apple eaten: its steps, and the next food's distance */
            apple[apples++] = since_eat;
            x->apples++;
            x->manhattan += near;
            since_eat = 0;
            near = food_distance(&g);
        }
    }
    qsort(ns, (size_t)n, sizeof *ns, cmp_u64);
    qsort(cpu, (size_t)n, sizeof *cpu, cmp_u64);
    long p99 = (long)((double)n * 0.99);
    if (p99 >= n)
        p99 = n - 1;
    long over_frame = 0; /* decisions longer than a frame at 60 frames a second */
    for (long i = n - 1; i >= 0 && cpu[i] > FRAME_NS; i--)
        over_frame++;
    const char *outcome = g.outcome == SNAKE_PLAYING ? "playing" : snake_outcome_name(g.outcome);
    printf("steps %ld length %d outcome %s decision_us_mean %.3f decision_us_p99 %.2f "
           "cpu_us_mean %.3f cpu_us_p99 %.2f moves_fnv1a %016llx cpu_us_max %.2f cycle_moves %ld "
           "cycle_cpu_us_mean %.2f plan_cpu_us_mean %.2f cpu_us_max_at %ld",
           n, g.snake.len, outcome, us_sum / (double)n, (double)ns[p99] / 1000.0,
           cpu_sum / (double)n, (double)cpu[p99] / 1000.0, (unsigned long long)hash,
           (double)cpu[n - 1] / 1000.0, cycle_moves,
           cycle_moves > 0 ? cycle_cpu / (double)cycle_moves : 0.0,
           n > cycle_moves ? (cpu_sum - cycle_cpu) / (double)(n - cycle_moves) : 0.0, max_at);
    printf(" cpu_over_frame %ld", over_frame);
    print_apples(apple, apples);
#ifdef SNAKE_PERFECT_STATS_PLANS /* an older tree's headers have no counts */
    SnakePlanCounts pc = snake_perfect_stats(ai.cycle).plans;
    printf(" plan_searches %ld plan_found %ld plan_no_route %ld plan_out_of_bans %ld", pc.searches,
           pc.found, pc.no_route, pc.out_of_bans);
#ifdef SNAKE_PERFECT_STATS_EAT_CHECKS /* a later addition to the counts */
    printf(" plan_eat_loop %ld plan_eat_cut %ld", pc.eat_loop, pc.eat_cut);
#endif
#endif
#ifdef SNAKE_PERFECT_STATS_PLAYOUTS /* a later addition */
    SnakePlayoutCounts po = snake_perfect_stats(ai.cycle).playouts;
    printf(" playout_apples %ld playout_second %ld playout_won %ld playout_repeated %ld "
           "playout_too_far %ld playout_work_first %ld playout_work_second %ld",
           po.apples, po.second, po.won, po.repeated, po.too_far, po.work_first, po.work_second);
#endif
    printf("\n");
    print_bands(band, bands);
    snake_ai_deinit(&ai);
    snake_game_deinit(&g);
    free(ns);
    free(cpu);
    free(apple);
    return 0;
}
