/* Headless snake runs.
 *
 * Each worker owns a SnakeGame and a SnakeAi sized once; game i always uses
 * seed S + i, so the results do not depend on how games are spread over
 * threads. Workers may run at most WINDOW games ahead of the printer, which
 * prints results (and writes traces) in game order. */
#define _POSIX_C_SOURCE 200809L
#include "run_snake.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "grid.h"
#include "snake.h"
#include "snake_ai.h"

/* ======================================================================== */
/* Types                                                                     */
/* ======================================================================== */

/* A growable text buffer for one game's trace. */
typedef struct TraceBuf {
    char *data;
    size_t len, cap;
    bool failed; /* an allocation failed: the trace is incomplete */
} TraceBuf;

typedef struct GameResult {
    long index;
    uint64_t seed;
    SnakeOutcome outcome;
    int length;
    long steps;
    double decision_us_mean;
    TraceBuf trace;
    bool done;
} GameResult;

enum { WINDOW_PER_JOB = 8 };

typedef struct Batch {
    /* read-only while playing */
    SnakeRules rules;
    SnakePolicy policy;
    uint64_t seed;
    long games;
    bool want_trace;
    int window;
    /* shared, under lock */
    pthread_mutex_t lock;
    pthread_cond_t changed;
    long next;    /* next game index to hand out */
    long printed; /* results consumed by the printer */
    bool failed;
    GameResult *slots; /* window slots; game i lives in slots[i % window] */
} Batch;

typedef struct Worker {
    Batch *batch;
    SnakeGame game;
    SnakeAi ai;
    LatencyHist hist;
    pthread_t thread;
} Worker;

/* ======================================================================== */
/* Trace text                                                                */
/* ======================================================================== */

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void trace_printf(TraceBuf *t, const char *fmt, ...) {
    if (t->failed)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        size_t room = t->cap - t->len;
        int n = vsnprintf(t->data ? t->data + t->len : NULL, t->data ? room : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            t->failed = true;
            return;
        }
        if (t->data != NULL && (size_t)n < room) {
            t->len += (size_t)n;
            return;
        }
        size_t cap = t->cap ? t->cap : 4096;
        while (cap - t->len <= (size_t)n)
            cap *= 2;
        char *grown = realloc(t->data, cap);
        if (grown == NULL) {
            t->failed = true;
            return;
        }
        t->data = grown;
        t->cap = cap;
    }
}

static void trace_point(TraceBuf *t, const Snake *s, int cell) {
    trace_printf(t, " %d %d", cell % s->w, cell / s->w);
}

static void trace_start(TraceBuf *t, const SnakeGame *g, long index, SnakePolicy policy) {
    const Snake *s = &g->snake;
    trace_printf(t, "game %ld size %d %d seed %llu policy %s tail %s\nsnake", index, s->w, s->h,
                 (unsigned long long)g->seed, snake_policy_name(policy),
                 g->rules.strict_tail ? "strict" : "free");
    for (int i = 0; i < s->len; i++)
        trace_point(t, s, snake_at(s, i));
    if (g->food >= 0) {
        trace_printf(t, "\nfood");
        trace_point(t, s, g->food);
    }
    trace_printf(t, "\n");
}

/* ======================================================================== */
/* Playing                                                                   */
/* ======================================================================== */

static void play_game(Worker *wk, long index, GameResult *res, bool want_trace) {
    Batch *b = wk->batch;
    SnakeGame *g = &wk->game;
    snake_game_reset(g, b->seed + (uint64_t)index);
    snake_ai_clear(&wk->ai);
    res->index = index;
    res->seed = g->seed;
    if (want_trace)
        trace_start(&res->trace, g, index, b->policy);
    double us_sum = 0.0;
    long decisions = 0;
    while (g->outcome == SNAKE_PLAYING) {
        uint64_t t0 = cli_now_ns();
        Dir d = snake_ai_choose(&wk->ai, g);
        uint64_t ns = cli_now_ns() - t0;
        stats_add(&wk->hist, ns);
        us_sum += (double)ns / 1000.0;
        decisions++;
        if (d == DIR_NONE) {
            snake_game_tick(g, d); /* records the death */
            break;
        }
        int len_before = g->snake.len;
        snake_game_tick(g, d);
        if (want_trace) {
            trace_printf(&res->trace, "%c\n", dir_to_char(d));
            /* Even an eat that ends the game (trapped right after) placed a food. */
            if (g->snake.len > len_before && g->food >= 0) {
                trace_printf(&res->trace, "food");
                trace_point(&res->trace, &g->snake, g->food);
                trace_printf(&res->trace, "\n");
            }
        }
    }
    res->outcome = g->outcome;
    res->length = g->snake.len;
    res->steps = g->steps;
    res->decision_us_mean = decisions ? us_sum / (double)decisions : 0.0;
    if (want_trace)
        trace_printf(&res->trace, "end %s length %d steps %ld\n", snake_outcome_name(g->outcome),
                     g->snake.len, g->steps);
}

static void *worker_main(void *arg) {
    Worker *wk = arg;
    Batch *b = wk->batch;
    for (;;) {
        pthread_mutex_lock(&b->lock);
        while (b->next < b->games && b->next >= b->printed + b->window)
            pthread_cond_wait(&b->changed, &b->lock);
        long index = b->next < b->games ? b->next++ : -1;
        pthread_mutex_unlock(&b->lock);
        if (index < 0)
            return NULL;
        GameResult *res = &b->slots[index % b->window];
        play_game(wk, index, res, b->want_trace);
        pthread_mutex_lock(&b->lock);
        res->done = true;
        pthread_cond_broadcast(&b->changed);
        pthread_mutex_unlock(&b->lock);
    }
}

/* ======================================================================== */
/* Reporting                                                                 */
/* ======================================================================== */

typedef struct Report {
    const AppOptions *opts; /* NULL when quiet */
    FILE *trace;
    bool trace_failed;
    bool progress;
    uint64_t last_progress_ns;
    SnakeBatch *totals;
} Report;

static void report_game(Report *r, GameResult *res) {
    SnakeBatch *t = r->totals;
    t->games++;
    t->won += res->outcome == SNAKE_WON;
    t->dead += res->outcome == SNAKE_DEAD;
    t->stalled += res->outcome == SNAKE_STALLED;
    t->length_sum += res->length;
    t->steps_sum += (double)res->steps;
    const AppOptions *o = r->opts;
    if (o != NULL) {
        int cells = o->rules.w * o->rules.h;
        if (o->json)
            printf("{\"game\":%ld,\"seed\":%llu,\"outcome\":\"%s\",\"length\":%d,\"cells\":%d,"
                   "\"steps\":%ld,\"decision_us_mean\":%.3f}\n",
                   res->index, (unsigned long long)res->seed, snake_outcome_name(res->outcome),
                   res->length, cells, res->steps, res->decision_us_mean);
        else
            printf("game %ld seed %llu: %s, length %d/%d, steps %ld, decision %.2f us\n",
                   res->index, (unsigned long long)res->seed, snake_outcome_name(res->outcome),
                   res->length, cells, res->steps, res->decision_us_mean);
    }
    if (r->trace != NULL && !r->trace_failed) {
        if (res->trace.failed || fwrite(res->trace.data, 1, res->trace.len, r->trace) !=
                                     res->trace.len)
            r->trace_failed = true;
    }
    free(res->trace.data);
    memset(&res->trace, 0, sizeof res->trace);
    if (r->progress && o != NULL) {
        uint64_t now = cli_now_ns();
        if (now - r->last_progress_ns > 100000000u || t->games == o->games) {
            r->last_progress_ns = now;
            int filled = (int)(30 * t->games / o->games);
            fprintf(stderr, "\r[%.*s%*s] %ld/%ld games", filled,
                    "##############################", 30 - filled, "", t->games, o->games);
            if (t->games == o->games)
                fputc('\n', stderr);
            fflush(stderr);
        }
    }
}

/* Plays every game and hands each result, in order, to report_game. */
static WsStatus play_all(const SnakeRules *rules, SnakePolicy policy, uint64_t seed, long games,
                         int jobs, bool want_trace, Report *report, WsError *err) {
    Batch b = {0};
    b.rules = *rules;
    b.policy = policy;
    b.seed = seed;
    b.games = games;
    b.want_trace = want_trace;
    if (jobs > games)
        jobs = (int)games;
    b.window = jobs * WINDOW_PER_JOB;
    b.slots = calloc((size_t)b.window, sizeof *b.slots);
    Worker *workers = calloc((size_t)jobs, sizeof *workers);
    bool ok = b.slots != NULL && workers != NULL;
    WsStatus st = ok ? WS_OK : ws_fail(err, WS_ERR_NOMEM, "out of memory");
    int ready = 0;
    for (; ok && ready < jobs; ready++) {
        Worker *wk = &workers[ready];
        wk->batch = &b;
        st = snake_game_init(&wk->game, rules, seed, err);
        if (st == WS_OK)
            st = snake_ai_init(&wk->ai, rules->w, rules->h, policy, rules->strict_tail, err);
        if (st != WS_OK) {
            snake_game_deinit(&wk->game);
            ok = false;
            break;
        }
    }
    uint64_t t0 = cli_now_ns();
    if (ok && jobs == 1) {
        for (long i = 0; i < games; i++) {
            GameResult *res = &b.slots[0];
            play_game(&workers[0], i, res, want_trace);
            report_game(report, res);
        }
    } else if (ok) {
        pthread_mutex_init(&b.lock, NULL);
        pthread_cond_init(&b.changed, NULL);
        int started = 0;
        for (; started < jobs; started++)
            if (pthread_create(&workers[started].thread, NULL, worker_main, &workers[started]) != 0)
                break;
        if (started == 0) {
            st = ws_fail(err, CLI_ERR_INTERNAL, "cannot start worker threads");
            ok = false;
        }
        for (long i = 0; ok && i < games; i++) {
            GameResult *res = &b.slots[i % b.window];
            pthread_mutex_lock(&b.lock);
            while (!res->done || res->index != i)
                pthread_cond_wait(&b.changed, &b.lock);
            pthread_mutex_unlock(&b.lock);
            report_game(report, res);
            pthread_mutex_lock(&b.lock);
            res->done = false;
            b.printed = i + 1;
            pthread_cond_broadcast(&b.changed);
            pthread_mutex_unlock(&b.lock);
        }
        if (!ok) { /* let the started workers drain */
            pthread_mutex_lock(&b.lock);
            b.games = b.next;
            b.printed = b.games;
            pthread_cond_broadcast(&b.changed);
            pthread_mutex_unlock(&b.lock);
        }
        for (int k = 0; k < started; k++)
            pthread_join(workers[k].thread, NULL);
        pthread_cond_destroy(&b.changed);
        pthread_mutex_destroy(&b.lock);
    }
    report->totals->wall_s = (double)(cli_now_ns() - t0) / 1e9;
    for (int k = 0; k < ready; k++) {
        stats_merge(&report->totals->decisions, &workers[k].hist);
        snake_ai_deinit(&workers[k].ai);
        snake_game_deinit(&workers[k].game);
    }
    if (b.slots != NULL)
        for (int k = 0; k < b.window; k++)
            free(b.slots[k].trace.data);
    free(workers);
    free(b.slots);
    return st;
}

/* ======================================================================== */
/* Entry points                                                              */
/* ======================================================================== */

WsStatus run_snake_batch(const SnakeRules *rules, SnakePolicy policy, uint64_t seed, long games,
                         int jobs, SnakeBatch *out, WsError *err) {
    memset(out, 0, sizeof *out);
    Report r = {0};
    r.totals = out;
    return play_all(rules, policy, seed, games, jobs, false, &r, err);
}

static void print_summary(const AppOptions *opts, const SnakeBatch *t) {
    double n = t->games ? (double)t->games : 1.0;
    double mean = stats_mean_us(&t->decisions), p99 = stats_quantile_us(&t->decisions, 0.99);
    if (opts->json)
        printf("{\"summary\":true,\"games\":%ld,\"won\":%ld,\"dead\":%ld,\"stalled\":%ld,"
               "\"avg_length\":%.3f,\"avg_steps\":%.2f,\"decision_us_mean\":%.3f,"
               "\"decision_us_p99\":%.2f,\"wall_s\":%.3f,\"seed\":%llu,\"size\":\"%dx%d\","
               "\"policy\":\"%s\",\"tail\":\"%s\",\"jobs\":%d}\n",
               t->games, t->won, t->dead, t->stalled, t->length_sum / n, t->steps_sum / n, mean,
               p99, t->wall_s, (unsigned long long)opts->seed, opts->rules.w, opts->rules.h,
               snake_policy_name(opts->policy), opts->rules.strict_tail ? "strict" : "free",
               opts->jobs);
    else
        printf("summary: games %ld, won %ld, dead %ld, stalled %ld, avg_length %.3f/%d, "
               "avg_steps %.2f, decision_us_mean %.3f, decision_us_p99 %.2f, wall_s %.3f, "
               "seed %llu, size %dx%d, policy %s, tail %s\n",
               t->games, t->won, t->dead, t->stalled, t->length_sum / n,
               opts->rules.w * opts->rules.h, t->steps_sum / n, mean, p99, t->wall_s,
               (unsigned long long)opts->seed, opts->rules.w, opts->rules.h,
               snake_policy_name(opts->policy), opts->rules.strict_tail ? "strict" : "free");
}

/* The headless run below its entry point: fills err instead of printing it. */
static WsStatus headless(const AppOptions *opts, SnakeBatch *totals, WsError *err) {
    WsStatus st = snake_rules_check(&opts->rules, err);
    if (st == WS_OK)
        st = snake_policy_check(opts->policy, opts->rules.w, opts->rules.h, err);
    if (st != WS_OK)
        return st;
    Report r = {0};
    r.opts = opts;
    r.totals = totals;
    r.progress = cli_stderr_is_tty();
    if (opts->trace != NULL) {
        r.trace = fopen(opts->trace, "w");
        if (r.trace == NULL)
            return ws_fail(err, WS_ERR_IO, "--trace: cannot write '%s': %s", opts->trace,
                           strerror(errno));
        fputs("wavesnake-trace 1\n", r.trace);
    }
    if (!opts->seed_given)
        cli_note_clock_seed(opts->seed, "run");
    st = play_all(&opts->rules, opts->policy, opts->seed, opts->games, opts->jobs,
                  opts->trace != NULL, &r, err);
    if (st == WS_OK)
        print_summary(opts, totals);
    if (r.trace != NULL && (fclose(r.trace) != 0 || r.trace_failed) && st == WS_OK)
        st = ws_fail(err, WS_ERR_IO, "--trace: writing '%s' failed", opts->trace);
    return st;
}

int run_snake_headless(const AppOptions *opts) {
    WsError err = {0};
    SnakeBatch *totals = calloc(1, sizeof *totals);
    WsStatus st = totals == NULL ? ws_fail(&err, WS_ERR_NOMEM, "out of memory")
                                 : headless(opts, totals, &err);
    free(totals);
    return cli_report(st, &err);
}
