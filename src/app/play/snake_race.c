/* snake_race.c - two policies, one board, one seed per heat (snake_race.h). */
#include "snake_race.h"

#include <stdio.h>
#include <string.h>

/* ======================================================================== */
/* Static helpers                                                            */
/* ======================================================================== */

static void decide(SnakeRaceSide *s) {
    s->pending = s->game.outcome == SNAKE_PLAYING ? snake_ai_choose(&s->ai, &s->game) : DIR_NONE;
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
    s->length_sum += g->snake.len;
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

void snake_race_start(SnakeRace *r, long index) {
    r->game_index = index;
    for (int k = 0; k < SNAKE_RACE_SIDES; k++) {
        SnakeRaceSide *s = &r->side[k];
        snake_game_reset(&s->game, r->seed + (uint64_t)index);
        snake_ai_clear(&s->ai);
        decide(s);
    }
}

bool snake_race_is_over(const SnakeRace *r) {
    for (int k = 0; k < SNAKE_RACE_SIDES; k++)
        if (r->side[k].game.outcome == SNAKE_PLAYING)
            return false;
    return true;
}

bool snake_race_tick(SnakeRace *r) {
    if (snake_race_is_over(r))
        return false;
    for (int k = 0; k < SNAKE_RACE_SIDES; k++) {
        SnakeRaceSide *s = &r->side[k];
        if (s->game.outcome != SNAKE_PLAYING)
            continue;
        snake_game_tick(&s->game, s->pending);
        if (s->game.outcome != SNAKE_PLAYING)
            tally_side(s);
        decide(s);
    }
    if (!snake_race_is_over(r))
        return false;
    r->heats++;
    int c = snake_race_compare(&r->side[0].game, &r->side[1].game);
    if (c > 0)
        r->beat[0]++;
    else if (c < 0)
        r->beat[1]++;
    else
        r->ties++;
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
        decide(&r->side[k]);
    }
    return true;
}

int snake_race_compare(const SnakeGame *a, const SnakeGame *b) {
    bool aw = a->outcome == SNAKE_WON, bw = b->outcome == SNAKE_WON;
    if (aw != bw)
        return aw ? 1 : -1;
    if (!aw && a->snake.len != b->snake.len)
        return a->snake.len > b->snake.len ? 1 : -1;
    if (a->steps != b->steps)
        return a->steps < b->steps ? 1 : -1;
    return 0;
}
