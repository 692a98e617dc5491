/* `wavesnake match`: two or more players on the same seeds (run_match.h).
 *
 * Game i is played by every player in turn with seed S + i (paired games,
 * docs/match.md): one runner task per seed, so `--jobs N` plays N seeds at a
 * time and, as every headless run, prints the same lines with any N. Each
 * worker owns one player per match player (an engine process per player and
 * worker) and one game board it resets for each. Results are taken in game
 * order: the tally, the game line, the traces, the progress line and the
 * sequential test see the games in that order, so a test stops at the same
 * game whatever --jobs is.
 *
 * Stopping early: the test's verdict (--sprt) or Ctrl-C. Either sets a flag
 * the workers read between two moves, so the games in play give up at once
 * and are not counted; the games taken so far are the result. Ctrl-C's
 * handler only sets the flag and cuts the engines' waits short
 * (engine_interrupt: a game whose engine thinks gives up at once); a
 * second Ctrl-C hands SIGINT back to what was there before, and raises it
 * again. */
#define _POSIX_C_SOURCE 200809L
#include "run_match.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "fileio.h"
#include "match.h"
#include "match_plot.h"
#include "match_report.h"
#include "monoclock.h"
#include "options.h"
#include "player.h"
#include "procguard.h"
#include "report.h"
#include "runner.h"
#include "snake_board.h"
#include "snake_summary.h"
#include "trace.h"

/* ======================================================================== */
/* Types                                                                     */
/* ======================================================================== */

/* What take returns to stop the runner without an error: the test decided,
 * or Ctrl-C. Never reported; the run ends as a success. */
#define MATCH_HALT ((WsStatus)-101)

enum { FAULT_LINE = 320 };

/* One seed's games, every player's. */
typedef struct MatchSlot {
    MatchResult res[MATCH_MAX_PLAYERS];
    double us[MATCH_MAX_PLAYERS]; /* mean decision time in this game */
    long decisions[MATCH_MAX_PLAYERS];
    char fault[MATCH_MAX_PLAYERS][FAULT_LINE];   /* an engine's fault line, "" when none */
    char warning[MATCH_MAX_PLAYERS][FAULT_LINE]; /* its first dropped info line, "" when none */
    TraceBuf trace[MATCH_MAX_PLAYERS];
    bool stopped; /* the match stopped while this seed was played: not counted */
} MatchSlot;

/* What every worker reads while it plays. */
typedef struct MatchRun {
    const AppOptions *opts;
    const SnakeBoard *board; /* snake */
    const MatchInfo *info;   /* the players' names (for traces) */
    atomic_int stop;         /* the verdict is in: games in play give up */
} MatchRun;

typedef struct MatchWorker {
    MatchRun *run;
    SnakeGame game; /* snake: one board, reset for each player's game */
    bool game_ready;
    SeaGame sea;
    SnakePlayer snake[MATCH_MAX_PLAYERS];
    SeaPlayer hunter[MATCH_MAX_PLAYERS];
    int ready; /* players initialised */
    int job;   /* its place among the workers: an engine's stderr lines say it */
} MatchWorker;

/* ======================================================================== */
/* Ctrl-C                                                                    */
/* ======================================================================== */

/* The one flag a signal handler may set: a lock-free atomic. It is global
 * because a handler reaches nothing else; the run clears it when it starts. */
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the Ctrl-C flag must be lock-free");
static atomic_int match_interrupted;
static struct sigaction match_old_sigint;

static void on_sigint(int sig) {
    if (atomic_exchange(&match_interrupted, 1) == 0) {
        engine_interrupt(); /* an engine that thinks is not waited for */
        return;
    }
    /* The second Ctrl-C: whatever SIGINT did before the match does now. Its
     * default ends the program through the guard (procguard.h), which
     * would have done it then: the engines stopped, no temporary file left
     * (the guard calls this handler instead once it is armed). */
    if (match_old_sigint.sa_handler == SIG_DFL && !(match_old_sigint.sa_flags & SA_SIGINFO)) {
        procguard_end_by_signal(sig);
        return;
    }
    sigaction(sig, &match_old_sigint, NULL);
    raise(sig);
}

static bool stopping(MatchRun *run) {
    return atomic_load(&match_interrupted) != 0 || atomic_load(&run->stop) != 0;
}

/* ======================================================================== */
/* Playing                                                                   */
/* ======================================================================== */

/* The first malformed info line of player k's game, dropped (engine.h):
 * kept for take_seed, which says one a player a run, as a snake run does. */
static void keep_warning(MatchRun *run, int k, long index, long tick, const char *warning,
                         MatchSlot *slot) {
    if (warning == NULL || slot->warning[k][0] != '\0')
        return;
    player_warning_line_as(run->info->names[k], index, tick, warning, slot->warning[k], FAULT_LINE);
}

/* Player k's game of seed `index` on the worker's snake board. The game
 * always ends (won, dead, stalled, or forfeit when the engine failed);
 * only memory or an engine that cannot be started again fail the run. */
static WsStatus play_snake(MatchWorker *wk, int k, long index, MatchSlot *slot, WsError *err) {
    MatchRun *run = wk->run;
    SnakeGame *g = &wk->game;
    SnakePlayer *p = &wk->snake[k];
    TraceBuf *trace = run->opts->trace != NULL ? &slot->trace[k] : NULL;
    snake_game_reset(g, run->opts->seed + (uint64_t)index);
    WsStatus st = snake_player_new_game(p, err);
    if (st != WS_OK)
        return st;
    if (trace != NULL) {
        trace_buf_clear(trace);
        trace_write_start(trace, g, index, run->info->names[k]);
    }
    double us = 0.0;
    long decisions = 0;
    while (g->outcome == SNAKE_PLAYING) {
        if (stopping(run)) {
            slot->stopped = true;
            return WS_OK;
        }
        Dir d = DIR_NONE;
        WsError why = {0};
        EnginePoll r = snake_player_choose(p, g, &d, &why);
        player_say_stderr_as(p->engine, run->info->names[k], wk->job, index, g->steps);
        if (r == ENGINE_PENDING) { /* Ctrl-C: not waited for (engine_interrupt) */
            slot->stopped = true;
            return WS_OK;
        }
        if (r != ENGINE_ANSWERED) {
            if (why.status == WS_ERR_NOMEM) { /* the run's own failure, no fault of the engine */
                *err = why;
                return why.status;
            }
            if (stopping(run)) { /* Ctrl-C may have cut the engine short: no fault of its own */
                slot->stopped = true;
                return WS_OK;
            }
            player_fault_line_as(run->info->names[k], index, g->steps, &why, slot->fault[k],
                                 FAULT_LINE);
            snake_game_forfeit(g);
            break;
        }
        keep_warning(run, k, index, g->steps, snake_player_warning(p), slot);
        us += snake_player_decision_us(p);
        decisions++;
        int len_before = g->snake.len;
        snake_game_tick(g, d);
        if (trace != NULL && d != DIR_NONE) {
            trace_write_move(trace, d);
            if (g->snake.len > len_before)
                trace_write_food(trace, g->rules.w, g->food);
        }
    }
    snake_player_end(p, g);
    if (trace != NULL)
        trace_write_end(trace, g->outcome, g->snake.len, g->steps);
    slot->res[k] = match_snake_result(g->outcome, g->snake.len, g->steps);
    slot->us[k] = decisions > 0 ? us / (double)decisions : 0.0;
    slot->decisions[k] = decisions;
    return WS_OK;
}

/* Player k's game of seed `index` on the worker's sea board. */
static WsStatus play_sea(MatchWorker *wk, int k, long index, MatchSlot *slot, WsError *err) {
    MatchRun *run = wk->run;
    SeaGame *g = &wk->sea;
    SeaPlayer *p = &wk->hunter[k];
    uint64_t seed = run->opts->seed + (uint64_t)index;
    sea_game_reset(g, seed, run->opts->placement);
    WsStatus st = sea_player_new_game(p, g, err);
    if (st != WS_OK)
        return st;
    double us = 0.0;
    long decisions = 0;
    bool forfeit = false;
    /* Every valid shot uncovers an unknown cell: at most SEA_CELLS shots. */
    while (!sea_game_is_over(g) && g->shots < SEA_CELLS) {
        if (stopping(run)) {
            slot->stopped = true;
            return WS_OK;
        }
        int cell = -1;
        WsError why = {0};
        EnginePoll r = sea_player_choose(p, g, &cell, &why);
        player_say_stderr_as(p->engine, run->info->names[k], wk->job, index, g->shots);
        if (r == ENGINE_PENDING) { /* as play_snake's */
            slot->stopped = true;
            return WS_OK;
        }
        WsStatus failed = r == ENGINE_FAULT && why.status == WS_ERR_NOMEM ? why.status : WS_OK;
        if (r == ENGINE_FAULT && p->spec.kind == PLAYER_ENGINE && failed == WS_OK) {
            if (stopping(run)) { /* as play_snake's */
                slot->stopped = true;
                return WS_OK;
            }
            player_fault_line_as(run->info->names[k], index, g->shots, &why, slot->fault[k],
                                 FAULT_LINE);
            sea_game_forfeit(g);
            forfeit = true;
            break;
        }
        if (r == ENGINE_ANSWERED) /* before the shot: the tick it answered */
            keep_warning(run, k, index, g->shots, sea_player_warning(p), slot);
        if (r != ENGINE_ANSWERED || sea_game_shoot(g, cell) == SEA_SHOT_INVALID)
            return ws_fail(err, failed != WS_OK ? failed : REPORT_ERR_INTERNAL,
                           "game %ld seed %llu: %s failed after %d shots: %s", index,
                           (unsigned long long)seed, run->info->names[k], g->shots,
                           r != ENGINE_ANSWERED ? why.msg : "invalid shot");
        us += sea_player_decision_us(p);
        decisions++;
    }
    sea_player_end(p, g);
    if (!forfeit && !sea_game_is_over(g))
        return ws_fail(err, REPORT_ERR_INTERNAL, "game %ld seed %llu: the fleet survived %d shots",
                       index, (unsigned long long)seed, g->shots);
    slot->res[k] = (MatchResult){forfeit ? MATCH_FORFEIT : MATCH_WON, 0, g->shots};
    slot->us[k] = decisions > 0 ? us / (double)decisions : 0.0;
    slot->decisions[k] = decisions;
    return WS_OK;
}

/* RunnerPlayFn: seed `index` for every player, in player order. */
static WsStatus play_seed(void *worker, long index, void *result, WsError *err) {
    MatchWorker *wk = worker;
    MatchSlot *slot = result;
    slot->stopped = false;
    for (int k = 0; k < wk->ready && !slot->stopped; k++) {
        slot->fault[k][0] = slot->warning[k][0] = '\0';
        WsStatus st = wk->run->opts->mode == APP_MODE_SEA ? play_sea(wk, k, index, slot, err)
                                                          : play_snake(wk, k, index, slot, err);
        if (st != WS_OK)
            return st;
    }
    return WS_OK;
}

static void drop_slot(void *result) {
    MatchSlot *slot = result;
    for (int k = 0; k < MATCH_MAX_PLAYERS; k++)
        trace_buf_free(&slot->trace[k]);
}

/* ======================================================================== */
/* Taking the results                                                        */
/* ======================================================================== */

typedef struct MatchTake {
    const AppOptions *opts;
    const MatchPrinter *printer;
    MatchRun *run;
    MatchInfo *info;
    MatchTally *tally;
    MatchPlot *plot; /* NULL without --plot */
    double us_sum[MATCH_MAX_PLAYERS], decisions[MATCH_MAX_PLAYERS];
    FileioOut trace_out[MATCH_MAX_PLAYERS];
    int traces; /* files open */
    bool trace_failed;
    int trace_errno;
    MatchStop stop;
    bool warned[MATCH_MAX_PLAYERS]; /* player k's dropped info line was said (once a run) */
    /* the progress line */
    bool progress;
    bool shared; /* stdout is a terminal too: the game lines go where the progress line is */
    bool drawn;
    uint64_t t0_ns, last_ns;
    long total; /* games this run plays at most */
} MatchTake;

static const uint64_t PROGRESS_EVERY_NS = 100000000u;

/* "1m05s", "12.3s". */
static void duration(char *buf, size_t size, double s) {
    if (s < 60.0)
        snprintf(buf, size, "%.1fs", s);
    else if (s < 3600.0)
        snprintf(buf, size, "%dm%02ds", (int)(s / 60.0), (int)s % 60);
    else
        snprintf(buf, size, "%dh%02dm", (int)(s / 3600.0), (int)(s / 60.0) % 60);
}

/* The progress line on stderr (a terminal only): games, the estimate (the
 * first pair's score, or the leader's points), the LLR, time and ETA. At
 * most every PROGRESS_EVERY_NS, but at once when `now` (it was just
 * cleared for a line that went under it) or `last`. */
static void progress_show(MatchTake *m, bool last, bool now_too) {
    if (!m->progress)
        return;
    uint64_t now = monoclock_now_ns();
    if (!last && !now_too && now - m->last_ns <= PROGRESS_EVERY_NS)
        return;
    m->last_ns = now;
    const MatchTally *t = m->tally;
    const MatchInfo *info = m->info;
    char est[128], took[24], eta[24];
    if (info->players == 2) {
        const MatchPair *p = &t->pair[0];
        MatchScore s = match_score(p->better, p->ties, p->worse);
        snprintf(est, sizeof est, "%.20s - %.20s %.3f [%.3f, %.3f]", info->names[0], info->names[1],
                 s.score, s.lo, s.hi);
    } else {
        int order[MATCH_MAX_PLAYERS];
        match_ranking(t, order);
        snprintf(est, sizeof est, "leader %.30s %.1f points", info->names[order[0]],
                 match_points(t, order[0]));
    }
    double elapsed = (double)(now - m->t0_ns) / 1e9;
    duration(took, sizeof took, elapsed);
    duration(eta, sizeof eta,
             t->games > 0 ? elapsed / (double)t->games * (double)(m->total - t->games) : 0.0);
    fprintf(stderr, "\r%ld/%ld games  %s", t->games, m->total, est);
    if (info->sprt.on) {
        const MatchPair *p = &t->pair[0];
        double lower = 0.0, upper = 0.0;
        match_sprt_bounds(&info->sprt, &lower, &upper);
        fprintf(stderr, "  LLR %.2f (%.2f, %.2f)",
                match_sprt_llr(&info->sprt, p->better, p->ties, p->worse), lower, upper);
    }
    fprintf(stderr, "  %s, ETA %s\033[K", took, eta);
    m->drawn = !last;
    if (last)
        fputc('\n', stderr);
    fflush(stderr);
}

/* Clears the progress line, so that a game line written next on a shared
 * terminal starts at the left edge instead of after it. */
static void progress_clear(MatchTake *m) {
    if (!m->drawn)
        return;
    fputs("\r\033[K", stderr);
    fflush(stderr);
    m->drawn = false;
}

/* Appends player k's trace of this game to its file (a failed write is
 * reported once, at the end). */
static void write_traces(MatchTake *m, const MatchSlot *slot) {
    for (int k = 0; k < m->traces && !m->trace_failed; k++) {
        FILE *f = m->trace_out[k].f;
        const TraceBuf *b = &slot->trace[k];
        errno = 0;
        if (b->failed || fwrite(b->data, 1, b->len, f) != b->len || fflush(f) != 0) {
            m->trace_failed = true;
            m->trace_errno = errno;
        }
    }
}

/* RunnerTakeFn: counts a seed, prints its line, writes its traces, and
 * stops the match when the test has decided or Ctrl-C came. */
static WsStatus take_seed(void *ctx, long index, void *result, WsError *err) {
    MatchTake *m = ctx;
    MatchSlot *slot = result;
    const MatchInfo *info = m->info;
    if (slot->stopped) {
        m->stop = MATCH_STOP_INTERRUPTED;
        return MATCH_HALT;
    }
    for (int k = 0; k < info->players; k++) {
        bool warn = slot->warning[k][0] != '\0' && !m->warned[k];
        if (!warn && slot->fault[k][0] == '\0')
            continue;
        if (m->drawn)
            fputc('\n', stderr);
        m->drawn = false;
        fflush(stdout); /* the game lines before it first, where both go to one place */
        if (warn)
            report_warn("%s", slot->warning[k]);
        m->warned[k] = m->warned[k] || warn;
        if (slot->fault[k][0] != '\0')
            report_warn("%s", slot->fault[k]);
    }
    match_tally_add(m->tally, slot->res);
    for (int k = 0; k < info->players; k++) {
        m->us_sum[k] += slot->us[k] * (double)slot->decisions[k];
        m->decisions[k] += (double)slot->decisions[k];
    }
    write_traces(m, slot);
    if (m->plot != NULL) {
        WsStatus st = match_plot_add(m->plot, slot->res, err);
        if (st != WS_OK)
            return st;
    }
    /* On one terminal the game line replaces the progress line, which is
     * drawn again under it. */
    bool redraw = m->shared && m->drawn;
    if (redraw)
        progress_clear(m);
    m->printer->game(stdout, info, m->tally, index, m->opts->seed + (uint64_t)index, slot->res,
                     slot->us, m->opts->json);
    /* A match stopped early leaves whole games; output that cannot be
     * written stops it. */
    WsStatus out_st = report_check_output(err);
    if (out_st != WS_OK)
        return out_st;
    progress_show(m, false, redraw);
    /* A shard cannot stop on its own games: the test runs over all of them,
     * in `wavesnake merge`. */
    if (info->sprt.on && info->shard_n <= 1) {
        const MatchPair *p = &m->tally->pair[0];
        MatchVerdict v = match_sprt_verdict(
            &info->sprt, match_sprt_llr(&info->sprt, p->better, p->ties, p->worse));
        if (v != MATCH_GOING) {
            m->stop = match_stop_of(v);
            atomic_store(&m->run->stop, 1);
            return MATCH_HALT;
        }
    }
    if (atomic_load(&match_interrupted) != 0) {
        m->stop = MATCH_STOP_INTERRUPTED;
        return MATCH_HALT;
    }
    return WS_OK;
}

/* ======================================================================== */
/* Setting up                                                                */
/* ======================================================================== */

/* The games of this run: every game, or those of one shard (--shard K/N). */
static RunnerGames run_games(const AppOptions *opts) {
    long k = opts->shard_k, n = opts->shard_n > 0 ? opts->shard_n : 1;
    return (RunnerGames){k, n, k < opts->games ? (opts->games - k + n - 1) / n : 0};
}

/* A worker's board and players (an engine is started here, with its
 * handshake). */
static WsStatus worker_init(MatchWorker *wk, MatchRun *run, WsError *err) {
    const AppOptions *o = run->opts;
    wk->run = run;
    if (o->mode == APP_MODE_SNAKE) {
        WsStatus st = snake_game_init(&wk->game, &run->board->rules, o->seed, err);
        if (st != WS_OK)
            return st;
        wk->game_ready = true;
        st = snake_game_set_walls(&wk->game, run->board->walls, err);
        if (st != WS_OK)
            return st;
    }
    for (int k = 0; k < o->match_players; k++) {
        const PlayerSpec *spec = &o->match_player[k];
        WsStatus st = WS_OK;
        if (o->mode == APP_MODE_SEA) {
            st = sea_player_init(&wk->hunter[k], spec, o->engine_timeout_ms, err);
        } else {
            /* The start too: hamilton and perfect need its blocks joined. */
            if (spec->kind == PLAYER_AI)
                st = snake_policy_check_game(spec->policy, &wk->game, err);
            if (st == WS_OK)
                st = snake_player_init(&wk->snake[k], spec, &run->board->rules,
                                       o->engine_timeout_ms, err);
            if (st == WS_OK)
                wk->snake[k].ai.explain = false; /* nobody sees the overlays */
        }
        if (st != WS_OK)
            return st;
        wk->ready = k + 1;
    }
    return WS_OK;
}

/* Player k's engine (NULL for a built-in AI). */
static Engine *worker_engine(const MatchWorker *wk, int k) {
    return wk->run->opts->mode == APP_MODE_SEA ? wk->hunter[k].engine : wk->snake[k].engine;
}

/* Every engine's process group is killed 1 s after its `quit` (match_play
 * sent every one) at the latest. */
static void worker_deinit(MatchWorker *wk) {
    for (int k = 0; k < wk->ready; k++) {
        if (wk->run->opts->mode == APP_MODE_SEA)
            sea_player_deinit(&wk->hunter[k]);
        else
            snake_player_deinit(&wk->snake[k]);
    }
    if (wk->game_ready)
        snake_game_deinit(&wk->game);
}

/* The match's identity from the options, the board and the first worker's
 * players (an engine's name comes with its handshake). */
static void info_fill(MatchInfo *info, const AppOptions *o, const SnakeBoard *board,
                      const MatchWorker *w0) {
    memset(info, 0, sizeof *info);
    info->kind = o->mode == APP_MODE_SEA ? MATCH_SEA : MATCH_SNAKE;
    info->players = o->match_players;
    for (int k = 0; k < o->match_players; k++)
        snprintf(info->names[k], sizeof info->names[k], "%s",
                 info->kind == MATCH_SEA ? sea_player_name(&w0->hunter[k])
                                         : snake_player_name(&w0->snake[k]));
    match_name_players(info->names, info->players);
    info->seed = o->seed;
    info->games_total = o->games;
    info->shard_k = o->shard_k;
    info->shard_n = o->shard_n > 0 ? o->shard_n : 1;
    if (info->kind == MATCH_SNAKE) {
        info->w = board->rules.w;
        info->h = board->rules.h;
        info->cells = board->floor_cells;
        info->walls = board->wall_count;
        info->start_length = board->rules.start_length;
        info->strict_tail = board->rules.strict_tail;
        info->walls_hash = snake_summary_walls_hash(board->walls, board->rules.w, board->rules.h);
    }
    info->placement = o->placement;
    info->sprt = o->sprt;
    info->jobs = o->jobs;
}

/* Opens one trace per player (--trace T: T with .1, .2, ...). */
static WsStatus traces_open(MatchTake *m, WsError *err) {
    const AppOptions *o = m->opts;
    if (o->trace == NULL)
        return WS_OK;
    TraceBuf header = {0};
    trace_write_header(&header);
    WsStatus st = WS_OK;
    for (int k = 0; k < o->match_players && st == WS_OK; k++) {
        char path[4096];
        if (!trace_player_path(o->trace, k + 1, path, sizeof path)) {
            st = ws_fail(err, WS_ERR_ARG, "--trace: the name is too long");
            break;
        }
        st = fileio_out_open(&m->trace_out[k], path, "--trace", err);
        if (st != WS_OK)
            break;
        fileio_out_keep_on_signal(&m->trace_out[k]); /* its complete games replay */
        m->traces = k + 1;
        errno = 0;
        if (header.failed || fwrite(header.data, 1, header.len, m->trace_out[k].f) != header.len) {
            m->trace_failed = true;
            m->trace_errno = errno;
        }
    }
    trace_buf_free(&header);
    return st;
}

/* Keeps the traces when everything was written (st WS_OK), else leaves none. */
static WsStatus traces_close(MatchTake *m, WsStatus st, WsError *err) {
    if (st == WS_OK && m->trace_failed)
        st = ws_fail(err, WS_ERR_IO, "--trace: cannot write the traces: %s",
                     m->trace_errno != 0 ? strerror(m->trace_errno) : "out of memory");
    for (int k = 0; k < m->traces; k++) {
        if (st == WS_OK)
            st = fileio_out_commit(&m->trace_out[k], err);
        else
            fileio_out_abort(&m->trace_out[k]);
    }
    return st;
}

/* ======================================================================== */
/* The match                                                                 */
/* ======================================================================== */

/* Plays the match below its entry point: fills err instead of printing it.
 * *forfeits and *stop say how it went. */
static WsStatus match_play(MatchRun *run, const MatchPrinter *printer, MatchWorker *workers,
                           int jobs, bool *forfeits, MatchStop *stop, WsError *err) {
    const AppOptions *o = run->opts;
    MatchInfo *info = calloc(1, sizeof *info);
    MatchTally *tally = calloc(1, sizeof *tally);
    MatchPlot plot = {0};
    FileioOut plot_out = {0};
    MatchTake m = {.opts = o, .printer = printer, .run = run, .info = info, .tally = tally};
    WsStatus st =
        info == NULL || tally == NULL ? ws_fail(err, WS_ERR_NOMEM, "out of memory") : WS_OK;
    /* The picture's file first: a path that cannot be written is refused
     * before a game is played, not after the whole match. */
    if (st == WS_OK && o->plot != NULL)
        st = fileio_out_open(&plot_out, o->plot, "--plot", err);
    for (int w = 0; w < jobs && st == WS_OK; w++) {
        workers[w].job = w;
        st = worker_init(&workers[w], run, err);
    }
    if (st == WS_OK) {
        info_fill(info, o, run->board, &workers[0]);
        run->info = info;
        match_tally_init(tally, info->kind, info->players);
        match_plot_init(&plot, info->kind, info->players);
        m.plot = o->plot != NULL ? &plot : NULL;
        st = traces_open(&m, err);
    }
    RunnerGames games = run_games(o);
    if (st == WS_OK) {
        if (!o->seed_given)
            cli_note_clock_seed(o->seed, printer->what);
        m.progress = report_stderr_is_tty();
        m.shared = m.progress && isatty(STDOUT_FILENO);
        m.total = games.count;
        m.t0_ns = monoclock_now_ns();
        Runner r = {
            .games = games,
            .jobs = jobs,
            .workers = workers,
            .worker_size = sizeof *workers,
            .play = play_seed,
            .result_size = sizeof(MatchSlot),
            .take = take_seed,
            .take_ctx = &m,
            .drop = drop_slot,
        };
        st = runner_run(&r, err);
        if (st == MATCH_HALT)
            st = WS_OK;
        info->wall_s = (double)(monoclock_now_ns() - m.t0_ns) / 1e9;
        progress_show(&m, true, true);
    }
    if (st == WS_OK) {
        for (int k = 0; k < info->players; k++) {
            info->decision_us[k] = m.decisions[k] > 0.0 ? m.us_sum[k] / m.decisions[k] : 0.0;
            info->timed[k] = m.decisions[k] > 0.0;
        }
        printer->summary(stdout, info, tally, m.stop, o->json);
        fflush(stdout);
        if (o->plot != NULL)
            st = match_plot_write(&plot, info, tally, &plot_out, err);
    }
    /* After the summary (Ctrl-C waits for no engine): every engine told to
     * quit at once (their grace seconds together), then each stopped and
     * its last words said, what it wrote after its last answer. */
    for (int w = 0; w < jobs; w++)
        for (int k = 0; k < workers[w].ready; k++)
            engine_quit(worker_engine(&workers[w], k));
    for (int w = 0; run->info != NULL && w < jobs; w++)
        for (int k = 0; k < workers[w].ready; k++)
            player_say_last_words(worker_engine(&workers[w], k), info->names[k], w);
    fileio_out_abort(&plot_out); /* nothing left when the match failed (no-op once committed) */
    st = traces_close(&m, st, err);
    for (int k = 0; tally != NULL && k < tally->players; k++)
        *forfeits = *forfeits || tally->side[k].ends[MATCH_FORFEIT] > 0;
    *stop = m.stop;
    run->info = NULL;
    match_plot_free(&plot);
    free(tally);
    free(info);
    return st;
}

/* The board (snake) and the workers, then the match. */
static WsStatus match_main(const AppOptions *o, const MatchPrinter *printer, bool *forfeits,
                           MatchStop *stop, WsError *err) {
    SnakeBoard board = {0};
    bool board_open = false;
    WsStatus st = WS_OK;
    if (o->mode == APP_MODE_SNAKE) {
        st = snake_board_open(&board, o, err);
        board_open = st == WS_OK;
        /* Every built-in policy named must be able to play the board. */
        for (int k = 0; k < o->match_players && st == WS_OK; k++)
            if (o->match_player[k].kind == PLAYER_AI)
                st = snake_policy_check_walls(o->match_player[k].policy, board.rules.w,
                                              board.rules.h, board.walls, err);
    }
    RunnerGames games = run_games(o);
    int jobs = runner_jobs(o->jobs, games.count);
    MatchWorker *workers = st == WS_OK ? calloc((size_t)jobs, sizeof *workers) : NULL;
    if (st == WS_OK && workers == NULL)
        st = ws_fail(err, WS_ERR_NOMEM, "out of memory for %d match workers", jobs);
    MatchRun run = {.opts = o, .board = &board};
    atomic_init(&run.stop, 0);
    if (st == WS_OK)
        st = match_play(&run, printer, workers, jobs, forfeits, stop, err);
    for (int w = 0; workers != NULL && w < jobs; w++)
        if (workers[w].run != NULL)
            worker_deinit(&workers[w]);
    free(workers);
    if (board_open)
        snake_board_close(&board);
    return st;
}

static const MatchPrinter MATCH_PRINTER = {match_report_game, match_report_summary, "match"};

int run_match_headless(const AppOptions *opts, const MatchPrinter *printer) {
    WsError err = {0};
    bool forfeits = false;
    MatchStop stop = MATCH_STOP_DONE;
    /* Ctrl-C stops the match and prints the result so far. */
    atomic_store(&match_interrupted, 0);
    engine_interrupt_reset();
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &match_old_sigint);
    WsStatus st =
        match_main(opts, printer != NULL ? printer : &MATCH_PRINTER, &forfeits, &stop, &err);
    sigaction(SIGINT, &match_old_sigint, NULL);
    if (st != WS_OK)
        return report_status(st, &err);
    /* A forfeit fails the run, as in every headless run (each said so on
     * its own line); so does a match Ctrl-C cut short. */
    return forfeits || stop == MATCH_STOP_INTERRUPTED ? REPORT_EXIT_FAIL : REPORT_EXIT_OK;
}

int run_match_main(int argc, char **argv) {
    MatchKind kind = MATCH_SNAKE;
    int first = 0;
    if (argc > 0 && match_kind_parse(argv[0], &kind))
        first = 1;
    AppOptions *opts = calloc(1, sizeof *opts);
    WsError err = {0};
    if (opts == NULL)
        return report_status(ws_fail(&err, WS_ERR_NOMEM, "out of memory"), &err);
    WsStatus st = options_parse_match(opts, kind, argc, argv, first, (uint64_t)time(NULL), &err);
    if (st == WS_OK)
        st = options_claim_stdout(opts, &err);
    int status = st == WS_OK ? run_match_headless(opts, NULL) : report_status(st, &err);
    free(opts);
    return status;
}
