/* Headless sea-battle runs.
 *
 * The runner plays the games on the worker threads, each with its own
 * SeaGame and SeaPlayer (player.h: the built-in hunter, or an engine process
 * started once per worker), and hands the results back in game order. Game
 * i always uses seed S + i, so the output does not depend on --jobs. An
 * engine that fails forfeits its game (one line on stderr, in game order)
 * and the run goes on. */
#define _POSIX_C_SOURCE 200809L
#include "run_sea.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "monoclock.h"
#include "player.h"
#include "report.h"
#include "runner.h"
#include "sea.h"
#include "sea_ai.h"
#include "stats.h"

/* ======================================================================== */
/* Types                                                                     */
/* ======================================================================== */

enum { HIST_BIN = 5 };

typedef struct SeaResult {
    int shots;         /* shots to sink the fleet (or made before a forfeit) */
    double us;         /* decision time, summed over the game */
    bool forfeit;      /* the engine failed: the game is lost, not counted in the shots */
    char fault[320];   /* then its one line */
    char warning[320]; /* its first dropped info line this game, "" when none */
} SeaResult;

typedef struct SeaWorker {
    const AppOptions *opts; /* seed and placement; read-only */
    SeaGame game;
    SeaPlayer player;
    bool player_ready;
    int job;          /* its place among the workers: an engine's stderr lines say it */
    LatencyHist hist; /* every decision this worker timed */
} SeaWorker;

/* ======================================================================== */
/* Playing                                                                   */
/* ======================================================================== */

/* RunnerPlayFn: one game, fleet and hunter draws from seed S + index. */
static WsStatus play_game(void *worker, long index, void *result, WsError *err) {
    SeaWorker *wk = worker;
    SeaResult *res = result;
    uint64_t seed = wk->opts->seed + (uint64_t)index;
    SeaGame *g = &wk->game;
    SeaPlayer *p = &wk->player;
    sea_game_reset(g, seed, wk->opts->placement);
    WsStatus pst = sea_player_new_game(p, g, err);
    if (pst != WS_OK)
        return pst;
    res->us = 0.0;
    res->forfeit = false;
    res->fault[0] = '\0';
    res->warning[0] = '\0';
    bool engine = p->spec.kind == PLAYER_ENGINE;
    /* Every valid shot uncovers an unknown cell, so a game takes at most SEA_CELLS shots. */
    while (!sea_game_is_over(g) && g->shots < SEA_CELLS) {
        int cell = -1;
        WsError why = {0};
        EnginePoll r = sea_player_choose(p, g, &cell, &why);
        player_say_stderr(p->engine, wk->job, index, g->shots);
        if (r == ENGINE_ANSWERED) {
            stats_add(&wk->hist, p->turn.took_ns);
            res->us += sea_player_decision_us(p);
            const char *warning = sea_player_warning(p);
            if (warning != NULL && res->warning[0] == '\0')
                player_warning_line_as(engine_name(p->engine), index, g->shots, warning,
                                       res->warning, sizeof res->warning);
        }
        if (r == ENGINE_FAULT && engine && why.status != WS_ERR_NOMEM) {
            /* The engine failed (its client checks every shot is on the
             * board and at an unknown cell): the game is forfeit. */
            player_fault_line(p->engine, index, g->shots, &why, res->fault, sizeof res->fault);
            sea_game_forfeit(g);
            res->forfeit = true;
            break;
        }
        if (r != ENGINE_ANSWERED || sea_game_shoot(g, cell) == SEA_SHOT_INVALID)
            return ws_fail(err, REPORT_ERR_INTERNAL,
                           "game %ld seed %llu: the hunter failed after %d shots: %s", index,
                           (unsigned long long)seed, g->shots,
                           r != ENGINE_ANSWERED ? why.msg : "invalid shot");
    }
    sea_player_end(p, g);
    if (!sea_game_is_over(g))
        return ws_fail(err, REPORT_ERR_INTERNAL, "game %ld seed %llu: the fleet survived %d shots",
                       index, (unsigned long long)seed, g->shots);
    res->shots = g->shots;
    return WS_OK;
}

/* ======================================================================== */
/* Reporting                                                                 */
/* ======================================================================== */

typedef struct Totals {
    long games, forfeit;      /* forfeit games are in games, not in hist or the shots */
    long hist[SEA_CELLS + 1]; /* finished games per shot count */
    double shots_sum;         /* over the finished games */
} Totals;

/* The run's tallies, as take_game sees them. */
typedef struct SeaRun {
    const AppOptions *opts;
    Totals *totals;
    bool warned; /* an engine's dropped info line was said (once a run) */
} SeaRun;

/* The shot count at rank `rank` (0-based, ascending) among the finished games. */
static int hist_at(const Totals *t, long rank) {
    long seen = 0;
    for (int s = 0; s <= SEA_CELLS; s++) {
        seen += t->hist[s];
        if (seen > rank)
            return s;
    }
    return SEA_CELLS;
}

/* The shot figures of the summary, over the finished games only (a forfeit
 * game has no shot count of its own; forfeits are counted apart), each
 * formatted as the summary prints it; with no finished game each is `none`
 * (text) or null (JSON). */
typedef struct ShotFigures {
    char mean[32], median[24], min[16], max[16], p10[16], p90[16];
} ShotFigures;

static ShotFigures shot_figures(const Totals *t, bool json) {
    ShotFigures f;
    long n = t->games - t->forfeit;
    if (n <= 0) {
        const char *none = json ? "null" : "none";
        snprintf(f.mean, sizeof f.mean, "%s", none);
        snprintf(f.median, sizeof f.median, "%s", none);
        snprintf(f.min, sizeof f.min, "%s", none);
        snprintf(f.max, sizeof f.max, "%s", none);
        snprintf(f.p10, sizeof f.p10, "%s", none);
        snprintf(f.p90, sizeof f.p90, "%s", none);
        return f;
    }
    snprintf(f.mean, sizeof f.mean, json ? "%.3f" : "%.2f", t->shots_sum / (double)n);
    /* the middle value, or the mean of the two middle values */
    snprintf(f.median, sizeof f.median, "%.1f",
             (hist_at(t, (n - 1) / 2) + hist_at(t, n / 2)) / 2.0);
    snprintf(f.min, sizeof f.min, "%d", hist_at(t, 0));
    snprintf(f.max, sizeof f.max, "%d", hist_at(t, n - 1));
    snprintf(f.p10, sizeof f.p10, "%d", hist_at(t, (long)(0.1 * (double)(n - 1))));
    snprintf(f.p90, sizeof f.p90, "%d", hist_at(t, (long)(0.9 * (double)(n - 1))));
    return f;
}

/* The decision times: over every decision the hunter answered (forfeit
 * games' decisions included), from one histogram; "none" in the text when
 * it answered none. */
static void print_summary(const AppOptions *o, const Totals *t, double wall_s,
                          const LatencyHist *decisions, const char *hunter_name) {
    double us_mean = stats_mean_us(decisions), p99_us = stats_quantile_us(decisions, 0.99);
    SeaPlacement placement = o->placement;
    ShotFigures f = shot_figures(t, o->json);
    if (o->json) {
        printf("{\"summary\":true,\"games\":%ld,\"forfeit\":%ld,\"hunter\":\"%s\","
               "\"placement\":\"%s\",\"seed\":%llu,\"mean\":%s,\"avg_shots\":%s,"
               "\"median\":%s,\"min\":%s,\"max\":%s,\"p10\":%s,\"p90\":%s,"
               "\"decision_us_mean\":%.3f,\"decision_us_p99\":%.2f,\"wall_s\":%.3f,"
               "\"jobs\":%d,\"histogram\":[",
               t->games, t->forfeit, hunter_name, sea_placement_name(placement),
               (unsigned long long)o->seed, f.mean, f.mean, f.median, f.min, f.max, f.p10, f.p90,
               us_mean, p99_us, wall_s, o->jobs);
        bool first = true;
        for (int s = 0; s <= SEA_CELLS; s++)
            if (t->hist[s] > 0) {
                printf("%s[%d,%ld]", first ? "" : ",", s, t->hist[s]);
                first = false;
            }
        printf("]}\n");
        return;
    }
    char mean_text[32], p99_text[32];
    printf("summary: games %ld, forfeit %ld, hunter %s, placement %s, seed %llu, shots mean %s, "
           "median %s, min %s, max %s, p10 %s, p90 %s, decision_us_mean %s, "
           "decision_us_p99 %s, wall_s %.3f\n",
           t->games, t->forfeit, hunter_name, sea_placement_name(placement),
           (unsigned long long)o->seed, f.mean, f.median, f.min, f.max, f.p10, f.p90,
           stats_figure(mean_text, sizeof mean_text, decisions->count > 0, 2, us_mean, "none"),
           stats_figure(p99_text, sizeof p99_text, decisions->count > 0, 2, p99_us, "none"),
           wall_s);
    if (t->games == t->forfeit)
        return; /* no finished game: no histogram */
    int min = hist_at(t, 0), max = hist_at(t, t->games - t->forfeit - 1);
    long peak = 0;
    for (int b = 0; b <= SEA_CELLS / HIST_BIN; b++) {
        long sum = 0;
        for (int s = b * HIST_BIN; s < (b + 1) * HIST_BIN && s <= SEA_CELLS; s++)
            sum += t->hist[s];
        peak = sum > peak ? sum : peak;
    }
    printf("shots histogram (%d-shot bins, # = share of games):\n", HIST_BIN);
    for (int b = min / HIST_BIN; b <= max / HIST_BIN; b++) {
        long sum = 0;
        for (int s = b * HIST_BIN; s < (b + 1) * HIST_BIN && s <= SEA_CELLS; s++)
            sum += t->hist[s];
        int bar = peak ? (int)((50 * sum + peak - 1) / peak) : 0;
        printf("  %3d-%-3d |%.*s%*s %ld\n", b * HIST_BIN, b * HIST_BIN + HIST_BIN - 1, bar,
               "##################################################", 50 - bar, "", sum);
    }
}

/* RunnerTakeFn: counts a game and prints its line. */
static WsStatus take_game(void *ctx, long index, void *result, WsError *err) {
    SeaRun *run = ctx;
    const SeaResult *r = result;
    Totals *t = run->totals;
    t->games++;
    unsigned long long seed = (unsigned long long)(run->opts->seed + (uint64_t)index);
    if (r->warning[0] != '\0' && !run->warned) { /* said once a run, in game order */
        fflush(stdout);
        report_warn("%s", r->warning);
        run->warned = true;
    }
    if (r->forfeit) {
        t->forfeit++;
        fflush(stdout);
        report_warn("%s", r->fault);
        if (run->opts->json) { /* why, as a snake run's object says it */
            printf("{\"game\":%ld,\"seed\":%llu,\"forfeit\":true,\"shots\":%d,\"fault\":", index,
                   seed, r->shots);
            report_json_string(stdout, r->fault);
            printf("}\n");
        } else
            printf("game %ld seed %llu: forfeit after %d shots\n", index, seed, r->shots);
        return report_check_output(err);
    }
    t->hist[r->shots]++;
    t->shots_sum += r->shots;
    if (run->opts->json)
        printf("{\"game\":%ld,\"seed\":%llu,\"shots\":%d,\"decision_us_mean\":%.3f}\n", index, seed,
               r->shots, r->us / r->shots);
    else
        printf("game %ld seed %llu: %d shots\n", index, seed, r->shots);
    /* Each game on disk at once (a run stopped early leaves whole games);
     * output that cannot be written stops the run. */
    return report_check_output(err);
}

/* ======================================================================== */
/* Entry point                                                               */
/* ======================================================================== */

/* The headless run below its entry point: fills err instead of printing it. */
static WsStatus headless(const AppOptions *opts, SeaWorker *workers, int jobs, Totals *t,
                         WsError *err) {
    WsStatus st = WS_OK;
    for (int k = 0; k < jobs && st == WS_OK; k++) {
        workers[k].opts = opts;
        workers[k].job = k;
        st =
            sea_player_init(&workers[k].player, &opts->hunter_player, opts->engine_timeout_ms, err);
        workers[k].player_ready = st == WS_OK;
    }
    if (st != WS_OK)
        return st;
    if (!opts->seed_given)
        cli_note_clock_seed(opts->seed, "run");
    SeaRun ctx = {opts, t, false};
    Runner run = {
        .games = {0, 1, opts->games},
        .jobs = jobs,
        .workers = workers,
        .worker_size = sizeof *workers,
        .play = play_game,
        .result_size = sizeof(SeaResult),
        .take = take_game,
        .take_ctx = &ctx,
        .progress = true,
    };
    uint64_t t0 = monoclock_now_ns();
    st = runner_run(&run, err);
    double wall_s = (double)(monoclock_now_ns() - t0) / 1e9;
    if (st == WS_OK) {
        for (int k = 1; k < jobs; k++)
            stats_merge(&workers[0].hist, &workers[k].hist);
        print_summary(opts, t, wall_s, &workers[0].hist, sea_player_name(&workers[0].player));
    }
    return st;
}

int run_sea_headless(const AppOptions *opts) {
    WsError err = {0};
    int jobs = runner_jobs(opts->jobs, opts->games);
    SeaWorker *workers = calloc((size_t)jobs, sizeof *workers);
    Totals *t = calloc(1, sizeof *t);
    WsStatus st = workers == NULL || t == NULL ? ws_fail(&err, WS_ERR_NOMEM, "out of memory")
                                               : headless(opts, workers, jobs, t, &err);
    bool forfeits = st == WS_OK && t->forfeit > 0;
    /* Every engine gets `quit` at once, then up to 1 s from it to exit. */
    for (int k = 0; workers != NULL && k < jobs; k++)
        if (workers[k].player_ready)
            engine_quit(workers[k].player.engine);
    for (int k = 0; workers != NULL && k < jobs; k++)
        if (workers[k].player_ready) {
            player_say_last_words(workers[k].player.engine, NULL, workers[k].job);
            sea_player_deinit(&workers[k].player); /* each engine's group killed */
        }
    free(workers);
    free(t);
    /* A forfeit is a failure of the run (each one said so on its own line). */
    return forfeits ? REPORT_EXIT_FAIL : report_status(st, &err);
}
