/* run_race.c - two snake policies on the same seeds, headless (run_race.h). */
#include "run_race.h"

#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "monoclock.h"
#include "report.h"
#include "snake_board.h"
#include "snake_race.h"

/* The heat's better side as a word: a policy name, or "tie". */
static const char *better_name(const SnakeRace *r, int c) {
    return c > 0 ? snake_race_side_name(r, 0) : c < 0 ? snake_race_side_name(r, 1) : "tie";
}

static void print_heat(const AppOptions *opts, const SnakeRace *r) {
    int c = snake_race_compare(&r->side[0].game, &r->side[1].game);
    if (opts->json) {
        printf("{\"heat\":%ld,\"seed\":%llu", r->game_index,
               (unsigned long long)r->side[0].game.seed);
        for (int k = 0; k < SNAKE_RACE_SIDES; k++) {
            const SnakeGame *g = &r->side[k].game;
            printf(",\"%s\":{\"policy\":\"%s\",\"result\":\"%s\",\"length\":%d,\"steps\":%ld}",
                   k == 0 ? "a" : "b", snake_race_side_name(r, k), snake_outcome_name(g->outcome),
                   g->snake.len, g->steps);
        }
        printf(",\"better\":\"%s\"}\n", better_name(r, c));
        return;
    }
    printf("heat %ld seed %llu:", r->game_index, (unsigned long long)r->side[0].game.seed);
    for (int k = 0; k < SNAKE_RACE_SIDES; k++) {
        const SnakeGame *g = &r->side[k].game;
        printf("%s %s %s length %d steps %ld", k == 0 ? "" : " |", snake_race_side_name(r, k),
               snake_outcome_name(g->outcome), g->snake.len, g->steps);
    }
    printf(" -> %s\n", better_name(r, c));
}

static void print_table(const AppOptions *opts, const SnakeRace *r, double wall_s) {
    double n = r->heats > 0 ? (double)r->heats : 1.0;
    if (opts->json) {
        printf("{\"summary\":true,\"heats\":%ld,\"ties\":%ld,\"seed\":%llu,\"size\":\"%dx%d\","
               "\"tail\":\"%s\",\"wall_s\":%.3f",
               r->heats, r->ties, (unsigned long long)r->seed, r->rules.w, r->rules.h,
               r->rules.strict_tail ? "strict" : "free", wall_s);
        for (int k = 0; k < SNAKE_RACE_SIDES; k++) {
            const SnakeRaceSide *s = &r->side[k];
            printf(",\"%s\":{\"policy\":\"%s\",\"won\":%ld,\"dead\":%ld,\"stalled\":%ld,"
                   "\"forfeit\":%ld,\"avg_length\":%.3f,\"avg_steps\":%.2f,\"heats_better\":%ld}",
                   k == 0 ? "a" : "b", snake_race_side_name(r, k), s->won, s->dead, s->stalled,
                   s->forfeit, s->length_sum / n, s->steps_sum / n, r->beat[k]);
        }
        printf("}\n");
        return;
    }
    printf("race: %ld heats, seeds %llu..%llu, %dx%d, tail %s, %.3f s\n", r->heats,
           (unsigned long long)r->seed, (unsigned long long)(r->seed + (uint64_t)r->heats - 1),
           r->rules.w, r->rules.h, r->rules.strict_tail ? "strict" : "free", wall_s);
    printf("%-10s %6s %6s %8s %8s %11s %10s %13s\n", "policy", "won", "dead", "stalled", "forfeit",
           "avg_length", "avg_steps", "heats_better");
    for (int k = 0; k < SNAKE_RACE_SIDES; k++) {
        const SnakeRaceSide *s = &r->side[k];
        printf("%-10s %6ld %6ld %8ld %8ld %11.2f %10.1f %13ld\n", snake_race_side_name(r, k),
               s->won, s->dead, s->stalled, s->forfeit, s->length_sum / n, s->steps_sum / n,
               r->beat[k]);
    }
    printf("%-10s %6s %6s %8s %8s %11s %10s %13ld\n", "tie", "", "", "", "", "", "", r->ties);
}

/* Starts the engines named for either side (one process each) and lets
 * them play from heat 0 on. WS_ERR_ARG when one cannot be started. */
static WsStatus attach_engines(const AppOptions *opts, SnakeRace *r, EngineSession engines[2],
                               WsError *err) {
    bool any = false;
    for (int k = 0; k < SNAKE_RACE_SIDES; k++) {
        if (opts->race_player[k].kind != PLAYER_ENGINE)
            continue;
        WsStatus st = engine_session_open(&engines[k], &opts->race_player[k], ENGINE_SNAKE,
                                          &r->rules, opts->engine_timeout_ms, err);
        if (st != WS_OK)
            return st;
        engines[k].keep_log = false; /* a headless race never looks back */
        snake_race_attach(r, k, &engines[k]);
        any = true;
    }
    if (any)
        snake_race_start(r, 0); /* heat 0 again, with the engines deciding */
    return WS_OK;
}

/* The faults of the heat just played, one line each, in side order. */
static void print_faults(const SnakeRace *r) {
    for (int k = 0; k < SNAKE_RACE_SIDES; k++)
        if (r->side[k].fault[0] != '\0') {
            fflush(stdout);
            fprintf(stderr, "wavesnake: %s\n", r->side[k].fault);
        }
}

int run_race_headless(const AppOptions *opts) {
    WsError err = {0};
    /* The board: --size, or --map FILE with its walls (snake_board.h). */
    SnakeBoard board;
    WsStatus st = snake_board_open(&board, opts, &err);
    if (st != WS_OK)
        return report_status(st, &err);
    SnakeRace *r = calloc(1, sizeof *r);
    EngineSession engines[SNAKE_RACE_SIDES] = {0};
    st = r == NULL
             ? ws_fail(&err, WS_ERR_NOMEM, "out of memory for the race")
             : snake_race_init(r, &board.rules, board.walls, opts->race, opts->seed, true, &err);
    snake_board_close(&board);
    if (st != WS_OK) {
        free(r);
        return report_status(st, &err);
    }
    st = attach_engines(opts, r, engines, &err);
    if (st == WS_OK) {
        if (!opts->seed_given)
            cli_note_clock_seed(opts->seed, "race");
        uint64_t t0 = monoclock_now_ns();
        for (long i = 0; i < opts->games; i++) {
            if (i > 0)
                snake_race_start(r, i);
            while (!snake_race_is_over(r))
                snake_race_tick(r);
            print_faults(r);
            print_heat(opts, r);
        }
        double wall_s = (double)(monoclock_now_ns() - t0) / 1e9;
        print_table(opts, r, wall_s);
        fflush(stdout);
    }
    bool forfeits = r->side[0].forfeit + r->side[1].forfeit > 0;
    for (int k = 0; k < SNAKE_RACE_SIDES; k++)
        engine_session_close(&engines[k]);
    snake_race_deinit(r);
    free(r);
    if (st == WS_OK && forfeits)
        return REPORT_EXIT_FAIL; /* each forfeit said so on its own line */
    return report_status(st, &err);
}
