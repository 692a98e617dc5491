/* Headless snake runs.
 *
 * Each worker owns a SnakeGame and a SnakePlayer (player.h: a SnakeAi sized
 * once, or an engine process started once and reused for every game of that
 * worker); game i always uses seed S + i, so the results do not depend on
 * how the runner spreads games over threads. Results (and traces, and the
 * fault lines of engines) are taken in game order. */
#define _POSIX_C_SOURCE 200809L
#include "run_snake.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fileio.h"
#include "grid.h"
#include "monoclock.h"
#include "player.h"
#include "report.h"
#include "runner.h"
#include "snake.h"
#include "snake_ai.h"
#include "snake_board.h"
#include "snake_summary.h"
#include "stats.h"
#include "trace.h"

/* ======================================================================== */
/* Types                                                                     */
/* ======================================================================== */

typedef struct GameResult {
    uint64_t seed;
    SnakeOutcome outcome;
    int length;
    long steps;
    int floor_cells;
    double decision_us_mean;
    long decisions; /* timed; 0: the game line says "decision none" */
    TraceBuf trace;
    char fault[320];   /* an engine's fault line, "" when none */
    char warning[320]; /* its first dropped info line this game, "" when none */
} GameResult;

/* What every game of a batch shares, read-only while playing. */
typedef struct BatchSpec {
    PlayerSpec player; /* who plays: a built-in policy or an engine */
    int timeout_ms;    /* an engine's time per answer */
    uint64_t seed;
    bool want_trace;
    const uint8_t *walls; /* the board's walls (w*h bytes) or NULL */
} BatchSpec;

typedef struct Worker {
    const BatchSpec *spec;
    SnakeGame game;
    SnakePlayer player;
    bool player_ready;
    int job; /* its place among the workers: an engine's stderr lines say it */
    LatencyHist hist;
} Worker;

/* ======================================================================== */
/* Playing                                                                   */
/* ======================================================================== */

/* RunnerPlayFn: plays game `index` on the worker's game and player. A
 * game always finishes (won, dead, stalled, or forfeit when the engine
 * failed); the run itself fails only when memory runs out or an engine
 * cannot be started again after a fault. */
static WsStatus play_game(void *worker, long index, void *result, WsError *err) {
    Worker *wk = worker;
    GameResult *res = result;
    const BatchSpec *spec = wk->spec;
    bool want_trace = spec->want_trace;
    SnakeGame *g = &wk->game;
    SnakePlayer *p = &wk->player;
    snake_game_reset(g, spec->seed + (uint64_t)index);
    WsStatus st = snake_player_new_game(p, err);
    if (st != WS_OK)
        return st;
    res->seed = g->seed;
    res->floor_cells = g->floor_cells;
    res->fault[0] = '\0';
    res->warning[0] = '\0';
    trace_buf_clear(&res->trace);
    if (want_trace)
        trace_write_start(&res->trace, g, index, snake_player_name(p));
    double us_sum = 0.0;
    long decisions = 0;
    while (g->outcome == SNAKE_PLAYING) {
        Dir d = DIR_NONE;
        WsError why = {0};
        EnginePoll r = snake_player_choose(p, g, &d, &why);
        player_say_stderr(p->engine, wk->job, index, g->steps);
        if (r != ENGINE_ANSWERED) {
            if (why.status == WS_ERR_NOMEM) { /* the run's own failure, no fault of the engine */
                *err = why;
                return why.status;
            }
            /* The engine failed: the game ends here, every move so far kept. */
            player_fault_line(p->engine, index, g->steps, &why, res->fault, sizeof res->fault);
            snake_game_forfeit(g);
            break;
        }
        const char *warning = snake_player_warning(p);
        if (warning != NULL && res->warning[0] == '\0')
            player_warning_line_as(engine_name(p->engine), index, g->steps, warning, res->warning,
                                   sizeof res->warning);
        stats_add(&wk->hist, p->turn.took_ns);
        us_sum += snake_player_decision_us(p);
        decisions++;
        if (d == DIR_NONE) {
            snake_game_tick(g, d); /* records the death */
            break;
        }
        int len_before = g->snake.len;
        snake_game_tick(g, d);
        if (want_trace) {
            trace_write_move(&res->trace, d);
            /* Even an eat that ends the game (trapped right after) placed a food. */
            if (g->snake.len > len_before)
                trace_write_food(&res->trace, g->rules.w, g->food);
        }
    }
    snake_player_end(p, g);
    res->outcome = g->outcome;
    res->length = g->snake.len;
    res->steps = g->steps;
    res->decision_us_mean = decisions ? us_sum / (double)decisions : 0.0;
    res->decisions = decisions;
    if (want_trace)
        trace_write_end(&res->trace, g->outcome, g->snake.len, g->steps);
    return WS_OK;
}

static void drop_result(void *result) { trace_buf_free(&((GameResult *)result)->trace); }

/* ======================================================================== */
/* Reporting                                                                 */
/* ======================================================================== */

typedef struct Report {
    const AppOptions *opts; /* NULL when quiet */
    FILE *trace;            /* trace_out.f, or NULL */
    bool trace_failed;
    int trace_errno; /* the first failed write's cause, 0 when unknown */
    SnakeBatch *totals;
    SnakeSummary summary;             /* when not quiet: what the summary line prints */
    char policy[PLAYER_NAME_MAX + 1]; /* the players' name: "greedy", "engine:NAME" */
    bool warned;                      /* an engine's dropped info line was said (once a run) */
} Report;

/* RunnerTakeFn: counts a game, prints its line, appends its trace. */
static WsStatus take_game(void *ctx, long index, void *result, WsError *err) {
    Report *r = ctx;
    GameResult *res = result;
    SnakeBatch *t = r->totals;
    t->games++;
    t->won += res->outcome == SNAKE_WON;
    t->dead += res->outcome == SNAKE_DEAD;
    t->stalled += res->outcome == SNAKE_STALLED;
    t->forfeit += res->outcome == SNAKE_FORFEIT;
    t->length_sum += res->length;
    t->steps_sum += (double)res->steps;
    const AppOptions *o = r->opts;
    if (res->warning[0] != '\0' && !r->warned) { /* said once a run, in game order */
        report_warn("%s", res->warning);
        r->warned = true;
    }
    if (res->fault[0] != '\0')
        report_warn("%s", res->fault); /* after the game lines before it */
    if (o != NULL) {
        int cells = res->floor_cells;
        if (o->json) {
            printf("{\"game\":%ld,\"seed\":%llu,\"outcome\":\"%s\",\"length\":%d,\"cells\":%d,"
                   "\"steps\":%ld,\"decision_us_mean\":%.3f",
                   index, (unsigned long long)res->seed, snake_outcome_name(res->outcome),
                   res->length, cells, res->steps, res->decision_us_mean);
            if (res->fault[0] != '\0') { /* why the game was forfeit */
                printf(",\"fault\":");
                report_json_string(stdout, res->fault);
            }
            printf("}\n");
        } else {
            char us[32];
            printf(
                "game %ld seed %llu: %s, length %d/%d, steps %ld, decision %s%s\n", index,
                (unsigned long long)res->seed, snake_outcome_name(res->outcome), res->length, cells,
                res->steps,
                stats_figure(us, sizeof us, res->decisions > 0, 2, res->decision_us_mean, "none"),
                res->decisions > 0 ? " us" : "");
        }
        /* Each finished game is on disk at once: a run stopped early (a
         * long sharded run, say) leaves whole games to merge. Output that
         * cannot be written stops the run. */
        WsStatus st = report_check_output(err);
        if (st != WS_OK)
            return st;
    }
    if (r->trace != NULL && !r->trace_failed) { /* a failed write is reported once, at the end */
        errno = 0;
        if (res->trace.failed ||
            fwrite(res->trace.data, 1, res->trace.len, r->trace) != res->trace.len ||
            fflush(r->trace) != 0) {
            r->trace_failed = true;
            r->trace_errno = errno;
        }
    }
    if (o != NULL)
        return snake_summary_add(&r->summary, res->outcome, res->length, res->steps, err);
    return WS_OK;
}

/* Plays every game on `jobs` threads and takes each result, in order. */
static WsStatus play_all(const SnakeRules *rules, const BatchSpec *spec, RunnerGames games,
                         int jobs, Report *report, WsError *err) {
    int n = runner_jobs(jobs, games.count);
    Worker *workers = calloc((size_t)n, sizeof *workers);
    if (workers == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for %d snake workers", n);
    WsStatus st = WS_OK;
    int ready = 0;
    for (; ready < n; ready++) {
        Worker *wk = &workers[ready];
        wk->spec = spec;
        wk->job = ready;
        st = snake_game_init(&wk->game, rules, spec->seed, err);
        if (st == WS_OK)
            st = snake_game_set_walls(&wk->game, spec->walls, err);
        /* The start too: hamilton and perfect need its blocks joined (an
         * engine plays any board, or loses it). */
        if (st == WS_OK && spec->player.kind == PLAYER_AI)
            st = snake_policy_check_game(spec->player.policy, &wk->game, err);
        if (st == WS_OK)
            st = snake_player_init(&wk->player, &spec->player, rules, spec->timeout_ms, err);
        if (st == WS_OK) {
            wk->player_ready = true;
            wk->player.ai.explain = false; /* nobody sees the overlays */
        }
        if (st != WS_OK) {
            snake_game_deinit(&wk->game);
            break;
        }
    }
    uint64_t t0 = monoclock_now_ns();
    if (st == WS_OK) {
        Runner run = {
            .games = games,
            .jobs = n,
            .workers = workers,
            .worker_size = sizeof *workers,
            .play = play_game,
            .result_size = sizeof(GameResult),
            .take = take_game,
            .take_ctx = report,
            .drop = drop_result,
            .progress = report->opts != NULL,
        };
        st = runner_run(&run, err);
    }
    report->totals->wall_s = (double)(monoclock_now_ns() - t0) / 1e9;
    if (ready > 0) {
        snprintf(report->policy, sizeof report->policy, "%s",
                 snake_player_name(&workers[0].player));
        snprintf(report->totals->name, sizeof report->totals->name, "%s", report->policy);
    }
    /* Every engine gets `quit` at once, then up to 1 s from it to exit: the
     * seconds run together, not one after another. */
    for (int k = 0; k < ready; k++)
        engine_quit(workers[k].player.engine);
    for (int k = 0; k < ready; k++) {
        stats_merge(&report->totals->decisions, &workers[k].hist);
        player_say_last_words(workers[k].player.engine, NULL, workers[k].job);
        snake_player_deinit(&workers[k].player);
        snake_game_deinit(&workers[k].game);
    }
    free(workers);
    return st;
}

/* ======================================================================== */
/* Entry points                                                              */
/* ======================================================================== */

WsStatus run_snake_batch(const SnakeRules *rules, const uint8_t *walls, SnakePolicy policy,
                         uint64_t seed, long games, int jobs, SnakeBatch *out, WsError *err) {
    PlayerSpec player = player_spec_snake_ai(policy);
    return run_snake_batch_player(rules, walls, &player, ENGINE_TIMEOUT_DEFAULT, seed, games, jobs,
                                  out, err);
}

WsStatus run_snake_batch_player(const SnakeRules *rules, const uint8_t *walls,
                                const PlayerSpec *player, int timeout_ms, uint64_t seed, long games,
                                int jobs, SnakeBatch *out, WsError *err) {
    memset(out, 0, sizeof *out);
    BatchSpec spec = {*player, timeout_ms, seed, false, walls};
    Report r = {0};
    r.totals = out;
    return play_all(rules, &spec, (RunnerGames){0, 1, games}, jobs, &r, err);
}

/* The games of this run: every game, or those of one shard (--shard K/N:
 * the games i with i mod N = K). */
static RunnerGames run_games(const AppOptions *opts) {
    long k = opts->shard_k, n = opts->shard_n > 0 ? opts->shard_n : 1;
    return (RunnerGames){k, n, k < opts->games ? (opts->games - k + n - 1) / n : 0};
}

static void print_summary(const AppOptions *opts, const SnakeBoard *board, Report *r) {
    SnakeSummary *s = &r->summary;
    s->seed = opts->seed;
    s->w = board->rules.w;
    s->h = board->rules.h;
    s->cells = board->floor_cells;
    s->walls = board->wall_count;
    s->policy = r->policy;
    s->strict_tail = opts->rules.strict_tail;
    s->decision_us_mean = stats_mean_us(&r->totals->decisions);
    s->decision_us_p99 = stats_quantile_us(&r->totals->decisions, 0.99);
    s->timed = r->totals->decisions.count > 0;
    s->wall_s = r->totals->wall_s;
    s->jobs = opts->jobs;
    s->games_total = opts->games;
    s->shard_k = opts->shard_k;
    s->shard_n = opts->shard_n;
    s->start_length = board->rules.start_length;
    s->walls_hash = snake_summary_walls_hash(board->walls, board->rules.w, board->rules.h);
    snake_summary_print(stdout, s, opts->json);
}

/* The headless run below its entry point: fills err instead of printing it. */
static WsStatus headless(const AppOptions *opts, const SnakeBoard *board, SnakeBatch *totals,
                         WsError *err) {
    WsStatus st = opts->player.kind != PLAYER_AI
                      ? WS_OK
                      : snake_policy_check_walls(opts->policy, board->rules.w, board->rules.h,
                                                 board->walls, err);
    if (st != WS_OK)
        return st;
    Report r = {0};
    r.opts = opts;
    r.totals = totals;
    FileioOut trace_out = {0};
    if (opts->trace != NULL) {
        st = fileio_out_open(&trace_out, opts->trace, "--trace", err);
        if (st != WS_OK)
            return st;
        fileio_out_keep_on_signal(&trace_out); /* its complete games replay */
        r.trace = trace_out.f;
        TraceBuf header = {0};
        trace_write_header(&header);
        errno = 0;
        r.trace_failed = header.failed || fwrite(header.data, 1, header.len, r.trace) != header.len;
        r.trace_errno = errno;
        trace_buf_free(&header);
    }
    if (!opts->seed_given)
        cli_note_clock_seed(opts->seed, "run");
    BatchSpec spec = {opts->player, opts->engine_timeout_ms, opts->seed, opts->trace != NULL,
                      board->walls};
    st = play_all(&board->rules, &spec, run_games(opts), opts->jobs, &r, err);
    if (st == WS_OK)
        print_summary(opts, board, &r);
    snake_summary_free(&r.summary);
    if (r.trace != NULL) {
        /* A failed run, or a failed write, leaves no cut trace behind. */
        if (st == WS_OK && r.trace_failed) {
            char name[WS_QUOTE_SIZE];
            st = ws_fail(err, WS_ERR_IO, "--trace: cannot write '%s': %s",
                         ws_quote(name, sizeof name, opts->trace),
                         r.trace_errno != 0 ? strerror(r.trace_errno) : "out of memory");
        }
        if (st == WS_OK)
            st = fileio_out_commit(&trace_out, err);
        else
            fileio_out_abort(&trace_out);
    }
    return st;
}

int run_snake_headless(const AppOptions *opts) {
    WsError err = {0};
    SnakeBoard board;
    WsStatus st = snake_board_open(&board, opts, &err);
    if (st != WS_OK)
        return report_status(st, &err);
    SnakeBatch *totals = calloc(1, sizeof *totals);
    st = totals == NULL ? ws_fail(&err, WS_ERR_NOMEM, "out of memory")
                        : headless(opts, &board, totals, &err);
    /* A forfeit is a failure of the run (each one said so on its own line). */
    bool forfeits = st == WS_OK && totals->forfeit > 0;
    free(totals);
    snake_board_close(&board);
    return forfeits ? REPORT_EXIT_FAIL : report_status(st, &err);
}
