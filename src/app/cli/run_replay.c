/* `wavesnake replay`: check a trace, print one of its ticks, or hand it to the window. */
#include "run_replay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "monoclock.h"
#include "report.h"

/* ======================================================================== */
/* --print                                                                   */
/* ======================================================================== */

/* The board of docs/formats.md#replay---print: the first line, then H rows of W characters. */
static void print_board(const SnakeGame *g, long number, long tick) {
    const Snake *s = &g->snake;
    int w = s->w;
    printf("game %ld tick %ld length %d ", number, tick, s->len);
    if (g->food >= 0)
        printf("food %d %d\n", g->food % w, g->food / w);
    else
        printf("food none\n");
    char *row = malloc((size_t)w + 2);
    if (row == NULL)
        return;
    for (int y = 0; y < s->h; y++) {
        for (int x = 0; x < w; x++) {
            int c = y * w + x;
            row[x] = snake_game_is_wall(g, c) ? '#' : c == g->food ? '*' : '.';
        }
        for (int i = 0; i < s->len; i++) {
            int c = snake_at(s, i);
            if (c / w == y)
                row[c % w] = i == 0 ? 'H' : i == s->len - 1 ? 't' : 'o';
        }
        row[w] = '\n';
        row[w + 1] = '\0';
        fputs(row, stdout);
    }
    free(row);
}

/* A trace cut off inside a game opens with its complete games; the cut is
 * said once on stderr (the window's HUD does not show it). */
static void tell_cut(const ReplaySession *s) {
    if (s->index.cut.status != WS_OK)
        report_warn("%s: its %ld complete game%s open", s->index.cut.msg, s->index.count,
                    s->index.count == 1 ? "" : "s");
}

static WsStatus replay_print(const AppOptions *opts, WsError *err) {
    ReplaySession s;
    WsStatus st = replay_session_open(&s, opts, err);
    if (st != WS_OK)
        return st;
    tell_cut(&s);
    SnakeGame g;
    st = snake_game_init(&g, &s.history.rules, s.history.seed, err);
    if (st == WS_OK)
        st = snake_history_seek(&s.history, s.tick, &g, NULL, NULL, err);
    if (st == WS_OK)
        print_board(&g, s.history.game, s.tick);
    snake_game_deinit(&g);
    replay_session_close(&s);
    return st;
}

/* ======================================================================== */
/* --headless                                                                */
/* ======================================================================== */

typedef struct ReplayTotals {
    long games, won, dead, stalled, forfeit;
    double length_sum, steps_sum;
} ReplayTotals;

static void print_game(const AppOptions *opts, const TraceGame *gm) {
    const char *tail = gm->rules.strict_tail ? "strict" : "free";
    const char *outcome = snake_outcome_name(gm->outcome);
    if (opts->json) {
        printf("{\"game\":%ld,\"seed\":%llu,\"outcome\":\"%s\",\"length\":%d,\"cells\":%d,"
               "\"steps\":%ld,\"policy\":",
               gm->number, (unsigned long long)gm->seed, outcome, gm->length, gm->floor_cells,
               gm->steps);
        report_json_string(stdout, gm->policy_name);
        printf(",\"size\":\"%dx%d\",\"tail\":\"%s\",\"walls\":%d}\n", gm->rules.w, gm->rules.h,
               tail, gm->walls);
    } else {
        printf("game %ld seed %llu: %s, length %d/%d, steps %ld, policy %s, size %dx%d, tail %s",
               gm->number, (unsigned long long)gm->seed, outcome, gm->length, gm->floor_cells,
               gm->steps, gm->policy_name, gm->rules.w, gm->rules.h, tail);
        if (gm->walls > 0)
            printf(", walls %d", gm->walls);
        putchar('\n');
    }
}

static void print_totals(const AppOptions *opts, const ReplayTotals *t, double wall_s) {
    double n = t->games > 0 ? (double)t->games : 1.0;
    if (opts->json) {
        printf("{\"summary\":true,\"games\":%ld,\"won\":%ld,\"dead\":%ld,\"stalled\":%ld,"
               "\"forfeit\":%ld,\"avg_length\":%.3f,\"avg_steps\":%.2f,\"ticks\":%.0f,\"wall_s\":%."
               "3f,\"file\":",
               t->games, t->won, t->dead, t->stalled, t->forfeit, t->length_sum / n,
               t->steps_sum / n, t->steps_sum, wall_s);
        report_json_string(stdout, opts->replay);
        printf("}\n");
    } else {
        /* The file name as every message shows it (ws_quote), whole. */
        size_t size = 4 * strlen(opts->replay) + 1;
        char *name = malloc(size);
        printf("summary: games %ld, won %ld, dead %ld, stalled %ld, forfeit %ld, avg_length %.3f, "
               "avg_steps "
               "%.2f, ticks %.0f, wall_s %.3f, file %s\n",
               t->games, t->won, t->dead, t->stalled, t->forfeit, t->length_sum / n,
               t->steps_sum / n, t->steps_sum, wall_s,
               name != NULL ? ws_quote(name, size, opts->replay) : "?");
        free(name);
    }
}

/* What replay_check carries from game to game. */
typedef struct ReplayCheck {
    const AppOptions *opts;
    ReplayTotals totals;
} ReplayCheck;

/* trace_each_game's step for --headless: counts the game and prints it. */
static WsStatus check_game(void *ctx, const TraceGame *gm, WsError *err) {
    (void)err;
    ReplayCheck *c = ctx;
    ReplayTotals *t = &c->totals;
    t->games++;
    t->won += gm->outcome == SNAKE_WON;
    t->dead += gm->outcome == SNAKE_DEAD;
    t->stalled += gm->outcome == SNAKE_STALLED;
    t->forfeit += gm->outcome == SNAKE_FORFEIT;
    t->length_sum += gm->length;
    t->steps_sum += (double)gm->steps;
    print_game(c->opts, gm);
    return WS_OK;
}

/* Checks every game as it streams by, printing each once it checked out. */
static WsStatus replay_check(const AppOptions *opts, WsError *err) {
    uint64_t t0 = monoclock_now_ns();
    ReplayCheck c = {opts, {0}};
    WsStatus st = trace_each_game(opts->replay, check_game, &c, err);
    if (st == WS_OK)
        print_totals(opts, &c.totals, (double)(monoclock_now_ns() - t0) / 1e9);
    return st;
}

/* ======================================================================== */
/* Entry point                                                               */
/* ======================================================================== */

/* A bad trace is one line "FILE:LINE: what is wrong", as compilers say it;
 * everything else goes the way of every entry point (report_status). */
static int report(WsStatus st, const WsError *err) {
    if (st == WS_ERR_PARSE) {
        fprintf(stderr, "%s\n", err->msg);
        return report_exit_status(st);
    }
    return report_status(st, err);
}

int run_replay_main(int argc, char **argv, ReplayWindowFn window) {
    AppOptions opts;
    WsError err = {0};
    WsStatus st = options_parse_replay(&opts, argc, argv, 0, 0, &err);
    if (st == WS_OK)
        st = options_claim_stdout(&opts, &err);
    if (st != WS_OK)
        return report_status(st, &err);
    if (opts.headless)
        return report(replay_check(&opts, &err), &err);
    if (opts.print)
        return report(replay_print(&opts, &err), &err);
    ReplaySession session;
    st = replay_session_open(&session, &opts, &err);
    if (st != WS_OK)
        return report(st, &err);
    tell_cut(&session);
    int status;
    if (window == NULL) {
        char name[WS_QUOTE_SIZE];
        report_warn("no display support in this build; '%s' checks out "
                    "(replay FILE --headless lists its games, --print shows a tick)",
                    ws_quote(name, sizeof name, opts.replay));
        status = REPORT_EXIT_USAGE;
    } else {
        status = window(&opts, &session);
    }
    replay_session_close(&session);
    return status;
}
