/* Headless sea-battle runs.
 *
 * Games are played in chunks: the worker threads share a chunk's game
 * indices, each playing with its own SeaGame and SeaAi, and the main thread
 * prints the chunk in game order once it is done. Game i always uses seed
 * S + i, so the output does not depend on --jobs. */
#define _POSIX_C_SOURCE 200809L
#include "run_sea.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sea.h"
#include "sea_ai.h"
#include "stats.h"

/* ======================================================================== */
/* Types                                                                     */
/* ======================================================================== */

enum { CHUNK = 2048, HIST_BIN = 5 };

typedef struct SeaResult {
    int shots;    /* -1 when the game failed */
    double us;    /* decision time, summed over the game */
    char msg[256];
} SeaResult;

typedef struct Chunk {
    SeaHunter hunter;
    SeaPlacement placement;
    uint64_t seed;
    long first, count; /* game indices [first, first + count) */
    SeaResult *results;
    pthread_mutex_t lock;
    long next;
} Chunk;

typedef struct SeaWorker {
    Chunk *chunk;
    SeaGame game;
    SeaAi ai;
    LatencyHist hist; /* every decision this worker timed */
    pthread_t thread;
} SeaWorker;

/* ======================================================================== */
/* Playing                                                                   */
/* ======================================================================== */

static void play_game(SeaWorker *wk, uint64_t seed, SeaResult *res) {
    SeaGame *g = &wk->game;
    sea_game_reset(g, seed, wk->chunk->placement);
    sea_ai_clear(&wk->ai);
    Rng rng;
    rng_init(&rng, seed, RNG_STREAM_OTHER);
    res->us = 0.0;
    res->msg[0] = '\0';
    /* Every valid shot uncovers an unknown cell, so a game takes at most SEA_CELLS shots. */
    while (!sea_game_is_over(g) && g->shots < SEA_CELLS) {
        int cell = -1;
        WsError err = {0};
        uint64_t t0 = cli_now_ns();
        WsStatus st = sea_ai_choose(&wk->ai, &g->seen, &rng, &cell, &err);
        uint64_t ns = cli_now_ns() - t0;
        stats_add(&wk->hist, ns);
        res->us += (double)ns / 1000.0;
        if (st != WS_OK || sea_game_shoot(g, cell) == SEA_SHOT_INVALID) {
            snprintf(res->msg, sizeof res->msg, "seed %llu: the hunter failed after %d shots: %s",
                     (unsigned long long)seed, g->shots, st != WS_OK ? err.msg : "invalid shot");
            res->shots = -1;
            return;
        }
    }
    res->shots = sea_game_is_over(g) ? g->shots : -1;
    if (res->shots < 0)
        snprintf(res->msg, sizeof res->msg, "seed %llu: the fleet survived %d shots",
                 (unsigned long long)seed, g->shots);
}

static void *worker_main(void *arg) {
    SeaWorker *wk = arg;
    Chunk *c = wk->chunk;
    for (;;) {
        pthread_mutex_lock(&c->lock);
        long k = c->next < c->count ? c->next++ : -1;
        pthread_mutex_unlock(&c->lock);
        if (k < 0)
            return NULL;
        play_game(wk, c->seed + (uint64_t)(c->first + k), &c->results[k]);
    }
}

/* Plays the chunk on `jobs` workers (the calling thread alone when jobs is 1). */
static bool play_chunk(Chunk *c, SeaWorker *workers, int jobs) {
    c->next = 0;
    if (jobs == 1) {
        workers[0].chunk = c;
        worker_main(&workers[0]);
        return true;
    }
    int started = 0;
    for (; started < jobs; started++) {
        workers[started].chunk = c;
        if (pthread_create(&workers[started].thread, NULL, worker_main, &workers[started]) != 0)
            break;
    }
    if (started == 0)
        worker_main(&workers[0]); /* no thread could start: play here */
    for (int k = 0; k < started; k++)
        pthread_join(workers[k].thread, NULL);
    return true;
}

/* ======================================================================== */
/* Reporting                                                                 */
/* ======================================================================== */

typedef struct Totals {
    long games;
    long hist[SEA_CELLS + 1]; /* games per shot count */
    double shots_sum, us_sum, decisions;
} Totals;

static int hist_quantile(const Totals *t, double q) {
    long rank = (long)(q * (double)(t->games - 1)), seen = 0;
    for (int s = 0; s <= SEA_CELLS; s++) {
        seen += t->hist[s];
        if (seen > rank)
            return s;
    }
    return SEA_CELLS;
}

static double hist_median(const Totals *t) {
    if (t->games == 0)
        return 0.0;
    /* the middle value, or the mean of the two middle values */
    long lo_rank = (t->games - 1) / 2, hi_rank = t->games / 2, seen = 0;
    int lo = -1, hi = -1;
    for (int s = 0; s <= SEA_CELLS && hi < 0; s++) {
        seen += t->hist[s];
        if (lo < 0 && seen > lo_rank)
            lo = s;
        if (seen > hi_rank)
            hi = s;
    }
    return (lo + hi) / 2.0;
}

static void print_summary(const AppOptions *o, const Totals *t, double wall_s, double p99_us) {
    SeaHunter hunter = o->hunter;
    SeaPlacement placement = o->placement;
    int min = -1, max = -1;
    for (int s = 0; s <= SEA_CELLS; s++)
        if (t->hist[s] > 0) {
            if (min < 0)
                min = s;
            max = s;
        }
    double n = t->games ? (double)t->games : 1.0;
    double mean = t->shots_sum / n;
    double us = t->decisions > 0 ? t->us_sum / t->decisions : 0.0;
    if (o->json) {
        printf("{\"summary\":true,\"games\":%ld,\"hunter\":\"%s\",\"placement\":\"%s\","
               "\"seed\":%llu,\"mean\":%.3f,\"avg_shots\":%.3f,\"median\":%.1f,\"min\":%d,"
               "\"max\":%d,\"p10\":%d,\"p90\":%d,\"decision_us_mean\":%.3f,\"decision_us_p99\":%.2f,"
               "\"wall_s\":%.3f,"
               "\"jobs\":%d,\"histogram\":[",
               t->games, sea_hunter_name(hunter), sea_placement_name(placement),
               (unsigned long long)o->seed, mean, mean, hist_median(t), min, max,
               hist_quantile(t, 0.1), hist_quantile(t, 0.9), us, p99_us, wall_s, o->jobs);
        bool first = true;
        for (int s = 0; s <= SEA_CELLS; s++)
            if (t->hist[s] > 0) {
                printf("%s[%d,%ld]", first ? "" : ",", s, t->hist[s]);
                first = false;
            }
        printf("]}\n");
        return;
    }
    printf("summary: games %ld, hunter %s, placement %s, seed %llu, shots mean %.2f, median %.1f, "
           "min %d, max %d, p10 %d, p90 %d, decision_us_mean %.2f, decision_us_p99 %.2f, "
           "wall_s %.3f\n",
           t->games, sea_hunter_name(hunter), sea_placement_name(placement),
           (unsigned long long)o->seed, mean, hist_median(t), min, max, hist_quantile(t, 0.1),
           hist_quantile(t, 0.9), us, p99_us, wall_s);
    long peak = 0;
    for (int b = 0; b <= SEA_CELLS / HIST_BIN; b++) {
        long sum = 0;
        for (int s = b * HIST_BIN; s < (b + 1) * HIST_BIN && s <= SEA_CELLS; s++)
            sum += t->hist[s];
        peak = sum > peak ? sum : peak;
    }
    printf("shots histogram (%d-shot bins, # = share of games):\n", HIST_BIN);
    for (int b = min / HIST_BIN; min >= 0 && b <= max / HIST_BIN; b++) {
        long sum = 0;
        for (int s = b * HIST_BIN; s < (b + 1) * HIST_BIN && s <= SEA_CELLS; s++)
            sum += t->hist[s];
        int bar = peak ? (int)((50 * sum + peak - 1) / peak) : 0;
        printf("  %3d-%-3d |%.*s%*s %ld\n", b * HIST_BIN, b * HIST_BIN + HIST_BIN - 1, bar,
               "##################################################", 50 - bar, "", sum);
    }
}

/* ======================================================================== */
/* Entry point                                                               */
/* ======================================================================== */

/* The headless run below its entry point: fills err instead of printing it. */
static WsStatus headless(const AppOptions *opts, SeaWorker *workers, int jobs, Chunk *c,
                         Totals *t, WsError *err) {
    for (int k = 0; k < jobs; k++)
        sea_ai_init(&workers[k].ai, opts->hunter);
    if (!opts->seed_given)
        cli_note_clock_seed(opts->seed, "run");
    bool progress = cli_stderr_is_tty();
    WsStatus st = WS_OK;
    long chunk_n = c->count;
    uint64_t t0 = cli_now_ns();
    for (long first = 0; first < opts->games && st == WS_OK; first += chunk_n) {
        c->first = first;
        c->count = opts->games - first < chunk_n ? opts->games - first : chunk_n;
        play_chunk(c, workers, jobs);
        for (long k = 0; k < c->count; k++) {
            const SeaResult *r = &c->results[k];
            long index = first + k;
            unsigned long long seed = (unsigned long long)(opts->seed + (uint64_t)index);
            if (r->shots < 0) {
                st = ws_fail(err, CLI_ERR_INTERNAL, "game %ld %s", index, r->msg);
                break;
            }
            t->games++;
            t->hist[r->shots]++;
            t->shots_sum += r->shots;
            t->us_sum += r->us;
            t->decisions += r->shots;
            if (opts->json)
                printf("{\"game\":%ld,\"seed\":%llu,\"shots\":%d,\"decision_us_mean\":%.3f}\n",
                       index, seed, r->shots, r->us / r->shots);
            else
                printf("game %ld seed %llu: %d shots\n", index, seed, r->shots);
        }
        if (progress) {
            long done = first + c->count;
            int filled = (int)(30 * done / opts->games);
            fprintf(stderr, "\r[%.*s%*s] %ld/%ld games", filled, "##############################",
                    30 - filled, "", done, opts->games);
            if (done == opts->games)
                fputc('\n', stderr);
        }
    }
    double wall_s = (double)(cli_now_ns() - t0) / 1e9;
    if (st == WS_OK) {
        for (int k = 1; k < jobs; k++)
            stats_merge(&workers[0].hist, &workers[k].hist);
        print_summary(opts, t, wall_s, stats_quantile_us(&workers[0].hist, 0.99));
    }
    return st;
}

int run_sea_headless(const AppOptions *opts) {
    WsError err = {0};
    int jobs = opts->jobs < 1 ? 1 : opts->jobs;
    if (jobs > opts->games)
        jobs = (int)opts->games;
    long chunk_n = opts->games < CHUNK ? opts->games : CHUNK;
    SeaWorker *workers = calloc((size_t)jobs, sizeof *workers);
    SeaResult *results = calloc((size_t)chunk_n, sizeof *results);
    Totals *t = calloc(1, sizeof *t);
    WsStatus st = WS_OK;
    if (workers == NULL || results == NULL || t == NULL) {
        st = ws_fail(&err, WS_ERR_NOMEM, "out of memory");
    } else {
        Chunk c;
        memset(&c, 0, sizeof c);
        c.hunter = opts->hunter;
        c.placement = opts->placement;
        c.seed = opts->seed;
        c.results = results;
        c.count = chunk_n;
        pthread_mutex_init(&c.lock, NULL);
        st = headless(opts, workers, jobs, &c, t, &err);
        pthread_mutex_destroy(&c.lock);
    }
    free(workers);
    free(results);
    free(t);
    return cli_report(st, &err);
}
