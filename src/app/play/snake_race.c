/* snake_race.c - two policies, one board, one seed per heat (snake_race.h). */
#include "snake_race.h"

#include <stdio.h>
#include <string.h>

#include "match.h"

/* ======================================================================== */
/* Static helpers                                                            */
/* ======================================================================== */

static void tally_side(SnakeRaceSide *s);
static void finish_heat(SnakeRace *r);

/* A player's fault: the game ends forfeit there (and is tallied). */
static void side_fault(SnakeRaceSide *s, long heat, const WsError *why) {
    player_fault_line(s->player->engine, heat, s->game.steps, why, s->fault, sizeof s->fault);
    s->waiting = s->starting = s->stale = false;
    if (s->game.outcome == SNAKE_PLAYING) {
        snake_game_forfeit(&s->game);
        tally_side(s);
    }
    s->pending = DIR_NONE;
}

/* The side's next move, from its AI or its player. A player's fault ends
 * the game forfeit there (and tallies it); so does a player that cannot
 * even answer (memory), said the same way. With async, a player gets the
 * request and snake_race_poll reads its answer (or, when one is still on
 * its way for an older state, that one is dropped and this asked after). */
static void decide(const SnakeRace *r, SnakeRaceSide *s, long heat) {
    if (s->game.outcome != SNAKE_PLAYING) {
        s->pending = DIR_NONE;
        s->stale = s->waiting; /* an answer on its way is for nothing now */
        return;
    }
    if (s->player == NULL) {
        s->pending = snake_ai_choose(&s->ai, &s->game);
        return;
    }
    WsError why = {0};
    if (r->async) {
        if (s->waiting) {
            s->stale = true;
            return;
        }
        s->waiting = true;
        if (!snake_player_ready(s->player)) {
            s->starting = true; /* its handshake first (snake_race_poll) */
            return;
        }
        if (snake_player_request(s->player, &s->game, &why) != WS_OK)
            side_fault(s, heat, &why);
        return;
    }
    WsStatus failed = WS_OK;
    Dir d = DIR_NONE;
    if (snake_player_choose(s->player, &s->game, &d, &failed, &why) == PLAYER_MOVED) {
        s->pending = d;
        return;
    }
    side_fault(s, heat, &why);
}

/* Whether the side's named policy can play the board as it is now. */
static void check_walls(SnakeRaceSide *s) {
    WsError err = {0};
    if (s->policy != s->asked)
        return; /* its refusal (the board itself) stands */
    if (snake_policy_check_game(s->asked, &s->game, &err) == WS_OK)
        s->refusal[0] = '\0';
    else
        snprintf(s->refusal, sizeof s->refusal, "%s", err.msg);
}

static void tally_side(SnakeRaceSide *s) {
    const SnakeGame *g = &s->game;
    s->won += g->outcome == SNAKE_WON;
    s->dead += g->outcome == SNAKE_DEAD;
    s->stalled += g->outcome == SNAKE_STALLED;
    s->forfeit += g->outcome == SNAKE_FORFEIT;
    s->length_sum += g->snake.len;
    if (s->player != NULL)
        snake_player_end(s->player, g);
    s->steps_sum += (double)g->steps;
}

/* ======================================================================== */
/* Public functions                                                          */
/* ======================================================================== */

WsStatus snake_race_init(SnakeRace *r, const SnakeRules *rules, const uint8_t *walls,
                         const SnakePolicy policies[SNAKE_RACE_SIDES], uint64_t seed, bool strict,
                         WsError *err) {
    memset(r, 0, sizeof *r);
    WsStatus st = snake_rules_check(rules, err);
    if (st != WS_OK)
        return st;
    r->rules = *rules;
    r->seed = seed;
    for (int k = 0; k < SNAKE_RACE_SIDES && st == WS_OK; k++) {
        SnakeRaceSide *s = &r->side[k];
        s->asked = s->policy = policies[k];
        WsError why = {0};
        if (snake_policy_check_walls(s->asked, rules->w, rules->h, walls, &why) != WS_OK) {
            if (strict) {
                st = ws_fail(err, WS_ERR_ARG, "--race: %s", why.msg);
                break;
            }
            snprintf(s->refusal, sizeof s->refusal, "%s", why.msg);
            /* Odd x odd boards have no cycle at all: that AI cannot even start. */
            if (snake_policy_check(s->asked, rules->w, rules->h, NULL) != WS_OK)
                s->policy = SNAKE_POLICY_GREEDY;
        }
        st = snake_game_init(&s->game, rules, seed, err);
        if (st == WS_OK && walls != NULL)
            st = snake_game_set_walls(&s->game, walls, err);
        if (st == WS_OK)
            st = snake_ai_init(&s->ai, rules->w, rules->h, s->policy, rules->strict_tail, err);
    }
    if (st != WS_OK) {
        snake_race_deinit(r);
        return st;
    }
    snake_race_start(r, 0);
    return WS_OK;
}

void snake_race_deinit(SnakeRace *r) {
    for (int k = 0; k < SNAKE_RACE_SIDES; k++) {
        snake_ai_deinit(&r->side[k].ai);
        snake_game_deinit(&r->side[k].game);
    }
    memset(r, 0, sizeof *r);
}

void snake_race_attach(SnakeRace *r, int k, SnakePlayer *player) { r->side[k].player = player; }

const char *snake_race_side_name(const SnakeRace *r, int k) {
    const SnakeRaceSide *s = &r->side[k];
    return s->player != NULL ? snake_player_name(s->player) : snake_policy_name(s->asked);
}

/* Counts a heat whose two games have ended. */
static void finish_heat(SnakeRace *r) {
    r->heats++;
    int c = snake_race_compare(&r->side[0].game, &r->side[1].game);
    if (c > 0)
        r->beat[0]++;
    else if (c < 0)
        r->beat[1]++;
    else
        r->ties++;
}

void snake_race_start(SnakeRace *r, long index) {
    r->game_index = index;
    for (int k = 0; k < SNAKE_RACE_SIDES; k++) {
        SnakeRaceSide *s = &r->side[k];
        snake_game_reset(&s->game, r->seed + (uint64_t)index);
        snake_ai_clear(&s->ai);
        s->fault[0] = '\0';
        if (s->player != NULL && r->async) {
            /* An answer still on its way (the last heat's) is dropped when
             * it comes; a faulted engine starts again without waiting. */
            s->waiting = s->stale = s->player->turn.asked;
            s->starting = false;
            WsError why = {0};
            if (!s->waiting && snake_player_new_game_async(s->player, &why) != WS_OK) {
                snprintf(s->fault, sizeof s->fault, "heat %ld: %s", index, why.msg);
                snake_game_forfeit(&s->game);
                tally_side(s);
            }
        } else if (s->player != NULL) {
            WsError why = {0};
            if (snake_player_new_game(s->player, &why) != WS_OK) {
                /* The engine cannot be started again: this game is lost. */
                snprintf(s->fault, sizeof s->fault, "heat %ld: %s", index, why.msg);
                snake_game_forfeit(&s->game);
                tally_side(s);
            }
        }
        decide(r, s, index);
    }
    if (snake_race_is_over(r)) /* both players failed at once */
        finish_heat(r);
}

bool snake_race_is_over(const SnakeRace *r) {
    for (int k = 0; k < SNAKE_RACE_SIDES; k++)
        if (r->side[k].game.outcome == SNAKE_PLAYING)
            return false;
    return true;
}

void snake_race_set_async(SnakeRace *r, bool async) { r->async = async; }

/* Reads side s's answer (or its handshake), waiting at most wait_ms. */
static void poll_side(SnakeRace *r, SnakeRaceSide *s, int wait_ms) {
    WsError why = {0};
    if (s->starting) {
        PlayerStart ps = snake_player_poll_ready(s->player, wait_ms, &why);
        if (ps == PLAYER_STARTING)
            return;
        if (ps == PLAYER_START_FAULT) {
            side_fault(s, r->game_index, &why);
            return;
        }
        s->starting = s->waiting = s->stale = false;
        decide(r, s, r->game_index);
        if (!s->waiting)
            return;
    }
    Dir d = DIR_NONE;
    PlayerPoll pr = snake_player_poll(s->player, wait_ms, &d, &why);
    if (pr == PLAYER_PENDING)
        return;
    s->waiting = false;
    if (pr == PLAYER_FAULT) {
        side_fault(s, r->game_index, &why);
        return;
    }
    if (!s->stale) {
        s->pending = d;
        return;
    }
    s->stale = false;
    if (s->game.outcome == SNAKE_PLAYING && s->player->engine != NULL)
        engine_snake_forget(s->player->engine); /* a new heat or a wall since: a game block */
    decide(r, s, r->game_index);
}

bool snake_race_poll(SnakeRace *r, int wait_ms) {
    bool was_over = snake_race_is_over(r);
    bool ready = true;
    for (int k = 0; k < SNAKE_RACE_SIDES; k++) {
        SnakeRaceSide *s = &r->side[k];
        if (s->player != NULL && s->waiting)
            poll_side(r, s, wait_ms);
        ready = ready && !(s->waiting && s->game.outcome == SNAKE_PLAYING);
    }
    if (!was_over && snake_race_is_over(r))
        finish_heat(r); /* a fault ended the second game */
    return ready;
}

bool snake_race_tick(SnakeRace *r) {
    if (snake_race_is_over(r))
        return false;
    for (int k = 0; k < SNAKE_RACE_SIDES; k++)
        if (r->async && r->side[k].waiting && r->side[k].game.outcome == SNAKE_PLAYING)
            return false; /* snake_race_poll first */
    for (int k = 0; k < SNAKE_RACE_SIDES; k++) {
        SnakeRaceSide *s = &r->side[k];
        if (s->game.outcome != SNAKE_PLAYING)
            continue;
        snake_game_tick(&s->game, s->pending);
        if (s->game.outcome != SNAKE_PLAYING)
            tally_side(s);
        decide(r, s, r->game_index);
    }
    if (!snake_race_is_over(r))
        return false;
    finish_heat(r);
    return true;
}

bool snake_race_toggle_wall(SnakeRace *r, int cell) {
    SnakeGame *a = &r->side[0].game, *b = &r->side[1].game;
    if (!snake_game_toggle_wall(a, cell))
        return false;
    if (!snake_game_toggle_wall(b, cell)) {
        snake_game_toggle_wall(a, cell); /* undo: a toggle is its own inverse */
        return false;
    }
    for (int k = 0; k < SNAKE_RACE_SIDES; k++) {
        check_walls(&r->side[k]);
        decide(r, &r->side[k], r->game_index);
    }
    return true;
}

int snake_race_compare(const SnakeGame *a, const SnakeGame *b) {
    /* The match's rule, one for every comparison of two games (match.h). */
    MatchResult ra = match_snake_result(a->outcome, a->snake.len, a->steps);
    MatchResult rb = match_snake_result(b->outcome, b->snake.len, b->steps);
    return match_compare(MATCH_SNAKE, &ra, &rb);
}
