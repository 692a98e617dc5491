/* run_snake.h - headless snake games: batch play, statistics, traces, jobs. */
#ifndef WS_RUN_SNAKE_H
#define WS_RUN_SNAKE_H

#include <stdint.h>

#include "options.h"
#include "player.h"
#include "stats.h"

/* Totals over a batch of games. */
typedef struct SnakeBatch {
    long games, won, dead, stalled, forfeit;
    double length_sum, steps_sum;
    LatencyHist decisions; /* every decision's time */
    double wall_s;
    char name[PLAYER_NAME_MAX + 1]; /* who played: "greedy", "engine:NAME" */
} SnakeBatch;

/* Entry point: plays opts->games games as docs/formats.md#headless-output says,
 * printing a line (or JSON object) per game and a summary to stdout. Returns
 * an exit status (report.h). */
int run_snake_headless(const AppOptions *opts);

/* Plays games 0..games-1 (seed + i) quietly on `jobs` threads (for the
 * benchmark) on the board of `rules` with `walls` (w*h bytes, 1 = wall; NULL:
 * none) and fills *out. The board and policy must have passed
 * snake_rules_check / snake_policy_check_walls; fails only when memory runs
 * out. */
WsStatus run_snake_batch(const SnakeRules *rules, const uint8_t *walls, SnakePolicy policy,
                         uint64_t seed, long games, int jobs, SnakeBatch *out, WsError *err);

/* run_snake_batch with any player: a built-in policy or an engine (one
 * process per job, each answer within timeout_ms). Fails also when an
 * engine cannot be started (WS_ERR_ARG). Forfeits are counted in out. */
WsStatus run_snake_batch_player(const SnakeRules *rules, const uint8_t *walls,
                                const PlayerSpec *player, int timeout_ms, uint64_t seed, long games,
                                int jobs, SnakeBatch *out, WsError *err);

#endif
