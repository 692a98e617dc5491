/* `wavesnake bench history`: record a game, then time seeks through it. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime(CLOCK_THREAD_CPUTIME_ID) */
#include "bench_history.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "monoclock.h"
#include "rng.h"
#include "snake_history.h"

/* ======================================================================== */
/* Types and helpers                                                         */
/* ======================================================================== */

/* Samples are drawn from this tick on when the game is long enough (the
 * issue's "64x64 greedy at tick >= 1,000,000"); shorter games from their
 * second half. */
enum { FROM_TICK = 1000000 };

/* Stream 3 of the case's seed draws the sample ticks: streams 1 and 2 are the game's. */
enum { SAMPLE_STREAM = 3 };

/* The two clocks a seek is timed on: the thread's CPU time (what the seek
 * costs, whatever else the machine runs) and the wall clock (what a user
 * waits, preemption by other programs included). */
typedef enum Clock { CLOCK_CPU, CLOCK_WALL, CLOCK_KINDS } Clock;

/* Mean and p99 of the three seeks, in microseconds. */
typedef struct SeekFigures {
    double back_mean, back_p99, jump_mean, jump_p99, fwd_mean, fwd_p99;
} SeekFigures;

/* A case's figures. */
typedef struct CaseResult {
    long ticks, from;
    int interval;
    size_t bytes;
    double record_us; /* per tick, deciding included (wall clock) */
    SnakeOutcome outcome;
    int length;
    SeekFigures seeks[CLOCK_KINDS];
} CaseResult;

static uint64_t cpu_now_ns(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
        return 0;
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Both clocks now. */
static void clocks_now(uint64_t now[CLOCK_KINDS]) {
    now[CLOCK_CPU] = cpu_now_ns();
    now[CLOCK_WALL] = monoclock_now_ns();
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Mean and exact p99 (nearest rank) of n samples in ns, in microseconds; sorts ns. */
static void summarize(uint64_t *ns, long n, double *mean, double *p99) {
    double sum = 0.0;
    for (long i = 0; i < n; i++)
        sum += (double)ns[i];
    qsort(ns, (size_t)n, sizeof *ns, cmp_u64);
    long rank = (99 * n + 99) / 100; /* ceil(0.99 n), 1-based */
    *mean = n > 0 ? sum / (double)n / 1e3 : 0.0;
    *p99 = n > 0 ? (double)ns[rank - 1] / 1e3 : 0.0;
}

/* ======================================================================== */
/* One case                                                                  */
/* ======================================================================== */

/* Plays the game to its end (or max_ticks), recording it with the AI's memory. */
static WsStatus record(const BenchHistoryPlan *plan, SnakeGame *g, SnakeAi *ai, SnakeHistory *h,
                       SnakePolicy policy, CaseResult *res, WsError *err) {
    WsStatus st = snake_history_begin(h, g, policy, 0, ai, err);
    uint64_t t0 = monoclock_now_ns();
    while (st == WS_OK && g->outcome == SNAKE_PLAYING &&
           (plan->max_ticks == 0 || h->ticks < plan->max_ticks)) {
        Dir d = snake_ai_choose(ai, g);
        st = snake_history_play(h, g, ai, d, d, err);
    }
    res->record_us =
        h->ticks > 0 ? (double)(monoclock_now_ns() - t0) / 1e3 / (double)h->ticks : 0.0;
    res->ticks = h->ticks;
    res->interval = h->interval;
    res->bytes = snake_history_bytes(h);
    res->outcome = g->outcome;
    res->length = g->snake.len;
    return st;
}

/* Times `samples` step-backs from random ticks at or after res->from, on both clocks. */
static WsStatus seek_samples(const BenchHistoryPlan *plan, SnakeHistory *h, SnakeGame *g,
                             SnakeAi *ai, CaseResult *res, WsError *err) {
    long n = plan->samples;
    /* Per clock: back, jump, forward, n samples each. */
    uint64_t *ns = malloc((size_t)n * 3 * CLOCK_KINDS * sizeof *ns);
    if (ns == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for %ld samples", n);
    WsStatus st = WS_OK;
    Rng pick;
    rng_init(&pick, plan->seed, SAMPLE_STREAM);
    long span = res->ticks - res->from + 1;
    for (long i = 0; i < n && st == WS_OK; i++) {
        long t = res->from + (long)rng_bounded(&pick, (uint32_t)span);
        uint64_t t0[CLOCK_KINDS], t1[CLOCK_KINDS], t2[CLOCK_KINDS], t3[CLOCK_KINDS];
        clocks_now(t0);
        st = snake_history_seek(h, t, g, ai, NULL, err);
        clocks_now(t1);
        if (st == WS_OK)
            st = snake_history_seek(h, t - 1, g, ai, NULL, err);
        clocks_now(t2);
        if (st == WS_OK)
            st = snake_history_seek(h, t, g, ai, NULL, err);
        clocks_now(t3);
        for (int c = 0; c < CLOCK_KINDS; c++) {
            uint64_t *at = ns + (size_t)c * 3 * (size_t)n;
            at[i] = t2[c] - t1[c];         /* back */
            at[n + i] = t1[c] - t0[c];     /* jump */
            at[2 * n + i] = t3[c] - t2[c]; /* forward */
        }
    }
    for (int c = 0; c < CLOCK_KINDS && st == WS_OK; c++) {
        uint64_t *at = ns + (size_t)c * 3 * (size_t)n;
        SeekFigures *f = &res->seeks[c];
        summarize(at, n, &f->back_mean, &f->back_p99);
        summarize(at + n, n, &f->jump_mean, &f->jump_p99);
        summarize(at + 2 * n, n, &f->fwd_mean, &f->fwd_p99);
    }
    free(ns);
    return st;
}

static WsStatus run_case(const BenchHistoryPlan *plan, const BenchHistoryCase *c, CaseResult *res,
                         WsError *err) {
    memset(res, 0, sizeof *res);
    SnakeRules rules = {c->w, c->h, plan->start_length, plan->strict};
    WsStatus st = snake_rules_check(&rules, err);
    if (st == WS_OK)
        st = snake_policy_check(c->policy, c->w, c->h, err);
    if (st != WS_OK)
        return st;
    SnakeGame play = {0}, seek = {0};
    SnakeAi play_ai = {0}, seek_ai = {0};
    SnakeHistory h;
    snake_history_init(&h);
    st = snake_game_init(&play, &rules, plan->seed, err);
    if (st == WS_OK)
        st = snake_game_init(&seek, &rules, plan->seed, err);
    if (st == WS_OK)
        st = snake_ai_init(&play_ai, c->w, c->h, c->policy, plan->strict, err);
    if (st == WS_OK)
        st = snake_ai_init(&seek_ai, c->w, c->h, c->policy, plan->strict, err);
    if (st == WS_OK)
        st = record(plan, &play, &play_ai, &h, c->policy, res, err);
    if (st == WS_OK && res->ticks < 2)
        st = ws_fail(err, WS_ERR_ARG, "bench history: the %dx%d game lasted %ld ticks", c->w, c->h,
                     res->ticks);
    if (st == WS_OK) {
        long from = res->ticks / 2 < FROM_TICK ? res->ticks / 2 : FROM_TICK;
        res->from = from < 1 ? 1 : from;
        st = seek_samples(plan, &h, &seek, &seek_ai, res, err);
    }
    snake_history_deinit(&h);
    snake_ai_deinit(&seek_ai);
    snake_ai_deinit(&play_ai);
    snake_game_deinit(&seek);
    snake_game_deinit(&play);
    return st;
}

/* ======================================================================== */
/* Public functions                                                          */
/* ======================================================================== */

void bench_history_default_cases(BenchHistoryPlan *plan) {
    static const BenchHistoryCase DEFAULTS[] = {
        {8, 8, SNAKE_POLICY_GREEDY}, {64, 64, SNAKE_POLICY_GREEDY}, {30, 30, SNAKE_POLICY_PERFECT}};
    plan->ncases = (int)(sizeof DEFAULTS / sizeof DEFAULTS[0]);
    memcpy(plan->cases, DEFAULTS, sizeof DEFAULTS);
}

WsStatus bench_history_run(const BenchHistoryPlan *plan, WsError *err) {
    printf("history benchmark: seed %llu, start length %d, tail %s, %ld samples per game%s\n"
           "  back = seek(t-1) right after seek(t), t random from tick 'from' on; jump = seek(t)\n"
           "  from the previous sample's tick; fwd = seek(t) right after; each rebuilds the state\n"
           "  and the AI's decision there. Times in microseconds: cpu = the thread's CPU time,\n"
           "  wall = the wall clock (other programs included). memory = the history's MiB.\n",
           (unsigned long long)plan->seed, plan->start_length, plan->strict ? "strict" : "free",
           plan->samples, plan->max_ticks > 0 ? " (recording capped by --ticks)" : "");
    printf("%-9s %-7s %9s %9s %5s %8s %9s %8s %5s %9s %9s %9s %9s %9s %9s\n", "policy", "board",
           "ticks", "from", "every", "memory", "record_us", "outcome", "clock", "back_us",
           "back_p99", "jump_us", "jump_p99", "fwd_us", "fwd_p99");
    fflush(stdout);
    static const char *const CLOCK_NAMES[CLOCK_KINDS] = {"cpu", "wall"};
    for (int i = 0; i < plan->ncases; i++) {
        const BenchHistoryCase *c = &plan->cases[i];
        CaseResult r;
        WsStatus st = run_case(plan, c, &r, err);
        if (st != WS_OK)
            return st;
        char board[24];
        snprintf(board, sizeof board, "%dx%d", c->w, c->h);
        for (int k = 0; k < CLOCK_KINDS; k++) {
            const SeekFigures *f = &r.seeks[k];
            printf("%-9s %-7s %9ld %9ld %5d %8.2f %9.2f %8s %5s %9.1f %9.1f %9.1f %9.1f %9.1f "
                   "%9.1f\n",
                   snake_policy_name(c->policy), board, r.ticks, r.from, r.interval,
                   (double)r.bytes / (1024.0 * 1024.0), r.record_us, snake_outcome_name(r.outcome),
                   CLOCK_NAMES[k], f->back_mean, f->back_p99, f->jump_mean, f->jump_p99,
                   f->fwd_mean, f->fwd_p99);
        }
        fflush(stdout);
    }
    return WS_OK;
}
