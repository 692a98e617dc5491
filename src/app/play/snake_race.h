/* snake_race.h - a race: two snake policies play the same board side by side.
 *
 * Both sides play game i of the race with the same seed (run seed + i), the
 * same walls and the same rules, so their food sequences agree for as long
 * as their moves do: food is placed from each game's own stream 1 over the
 * empty cells, exactly as in a single game. A heat ends when both games have
 * ended; only then does the next game (seed + i + 1) start on both sides,
 * so every heat compares the two policies on one seed.
 *
 * A policy that cannot play the board (hamilton / perfect on an odd x odd
 * board, or on walls snake_policy_check_walls refuses) is an error when the
 * caller asks for strictness (a policy named on the command line: exit 2);
 * otherwise that side plays greedy and `refusal` says why (the window's
 * HUD). Pure bookkeeping over the core: no I/O, no clock, no allocation
 * after snake_race_init.
 *
 * A side may instead be played by an engine (engine_session.h), attached
 * with snake_race_attach. Headless, its decisions wait for its answer (at
 * most its timeout). The window's race never waits: with
 * snake_race_set_async the engine is asked and snake_race_poll reads its
 * answer (each frame, wait 0); snake_race_tick plays once every side still
 * playing has its move for the tick on its board. An engine that fails
 * forfeits that side's game (a forfeit loses the heat) and `fault` says why.
 */
#ifndef WS_SNAKE_RACE_H
#define WS_SNAKE_RACE_H

#include <stdbool.h>
#include <stdint.h>

#include "engine_session.h"
#include "snake.h"
#include "snake_ai.h"
#include "ws_error.h"

enum { SNAKE_RACE_SIDES = 2 };

typedef struct SnakeRaceSide {
    SnakePolicy asked;  /* the policy named for this side */
    SnakePolicy policy; /* the policy its AI plays: `asked`, or greedy when that cannot */
    /* why `asked` cannot play this board; "" when it can */
    char refusal[sizeof((WsError *)0)->msg];
    SnakeGame game;
    SnakeAi ai;
    Dir pending;           /* the decision for the next tick (DIR_NONE: game over) */
    long pending_tick;     /* the tick `pending` is for (-1: none yet, an engine thinks) */
    EngineSession *engine; /* borrowed: plays instead of `ai` when not NULL */
    long info_tick;        /* the engine's latest answer this heat (-1: none): its info
                              stays drawn while it thinks about the next tick */
    char fault[ENGINE_FAULT_LINE_MAX]; /* the engine's fault this heat; "" when none */
    long won, dead, stalled, forfeit;  /* this side's finished games */
    double length_sum, steps_sum;      /* over those games */
} SnakeRaceSide;

typedef struct SnakeRace {
    SnakeRules rules;
    uint64_t seed;               /* the run seed: heat i plays seed + i on both sides */
    long game_index;             /* the heat being played */
    long heats;                  /* heats both sides finished */
    long beat[SNAKE_RACE_SIDES]; /* heats a side did better in (snake_race_compare) */
    long ties;
    SnakeRaceSide side[SNAKE_RACE_SIDES];
    bool async;  /* players are polled (snake_race_poll), never waited for */
    bool sliced; /* a window's race: perfect's play-outs at a new food go on over
                    polls (snake_ai_choose_slice), the tick waiting as for an engine */
} SnakeRace;

/* Sets up both sides for rules (checked with snake_rules_check) and walls
 * (w*h bytes, nonzero = wall; NULL for none; copied) and starts heat 0 with
 * seed. With strict, a policy that cannot play the board is WS_ERR_ARG with
 * one line naming it; without, that side plays greedy (its refusal says
 * why). On failure nothing is left allocated. */
WsStatus snake_race_init(SnakeRace *r, const SnakeRules *rules, const uint8_t *walls,
                         const SnakePolicy policies[SNAKE_RACE_SIDES], uint64_t seed, bool strict,
                         WsError *err);
void snake_race_deinit(SnakeRace *r);

/* Lets `engine` (opened for the race's board; borrowed, NULL: the built-in
 * AI again) play side k from the next heat on. */
void snake_race_attach(SnakeRace *r, int k, EngineSession *engine);

/* The name of what plays side k: the policy's, or the engine's
 * ("engine:NAME"). */
const char *snake_race_side_name(const SnakeRace *r, int k);

/* Starts heat `index` on both sides (seed + index) and lets both AIs decide. */
void snake_race_start(SnakeRace *r, long index);

/* One tick on every side still playing (the side that ended waits). Tallies
 * a side's result when its game ends, and the heat's winner when the second
 * one does. Returns true when this tick ended the heat. */
bool snake_race_tick(SnakeRace *r);

/* Engines are asked without waiting (the window): after a tick, a start or
 * a wall, snake_race_poll reads their answers. */
void snake_race_set_async(SnakeRace *r, bool async);

/* A window's race (not a screenshot's): a built-in AI's decision that plays
 * a new apple out does a slice of it at a time, and snake_race_think goes
 * on with it; until it ends the side is thinking (snake_race_side_thinking,
 * snake_race_poll says not ready) and snake_race_tick waits. The moves are
 * those of whole decisions. */
void snake_race_set_sliced(SnakeRace *r, bool sliced);

/* Goes on with the sides' decisions that stopped in their play-outs, a
 * slice at a time, for SNAKE_AI_THINK_MS at most (once a frame). */
void snake_race_think(SnakeRace *r);

/* Reads the engines' answers (a restarted engine's handshake too), waiting
 * at most wait_ms for each; a fault ends that side's game forfeit (and the
 * heat, if the other has ended). True when every side still playing has its
 * move: snake_race_tick may play. Without async (or engines): always true. */
bool snake_race_poll(SnakeRace *r, int wait_ms);

/* The info of side k's engine's latest answer this heat (drawn while it
 * thinks about the next tick), and the tick it was for; NULL for a
 * built-in side or before its first answer. Valid until the next call. */
const EngineInfo *snake_race_side_info(SnakeRace *r, int k, long *tick);

/* Whether side k waits for its engine's answer for the tick on its board. */
bool snake_race_side_thinking(const SnakeRace *r, int k);

/* Whether both games of the heat have ended (the caller then shows the
 * result and calls snake_race_start(r, r->game_index + 1)). */
bool snake_race_is_over(const SnakeRace *r);

/* Toggles the wall at cell on both boards (snake_game_toggle_wall's rules on
 * each; if either refuses, neither changes), says again on each side whether
 * its policy can play the new walls, and lets the AIs decide again. Returns
 * whether the wall was toggled. */
bool snake_race_toggle_wall(SnakeRace *r, int cell);

/* Which of two finished games went better, by match_compare's rule
 * (match.h): a forfeit loses to any other end (two forfeits tie), a win
 * beats any other end, two wins go to the fewer steps, two other ends to the
 * longer snake, then the fewer steps. > 0 when a did better, < 0 when b
 * did, 0 for a tie. */
int snake_race_compare(const SnakeGame *a, const SnakeGame *b);

#endif
