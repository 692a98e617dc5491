/* snake_race.c - two policies, one board, one seed per heat (snake_race.h). */
#include "snake_race.h"

#include <stdio.h>
#include <string.h>

#include "match.h"
#include "monoclock.h"

/* ======================================================================== */
/* Static helpers                                                            */
/* ======================================================================== */

static void tally_side(SnakeRaceSide *s);
static void finish_heat(SnakeRace *r);

/* The engine's fault: the game ends forfeit there (and is tallied). */
static void side_fault(SnakeRaceSide *s) {
    snprintf(s->fault, sizeof s->fault, "%s", s->engine->fault);
    if (s->game.outcome == SNAKE_PLAYING) {
        snake_game_forfeit(&s->game);
        tally_side(s);
    }
    s->pending = DIR_NONE;
}

/* Reads side s's engine, waiting at most wait_ms, and asks it again when
 * nothing is out for the board as it is (a stale answer dropped, a restart
 * done). True when it gave the move for the tick on the board, or failed. */
static bool read_engine(SnakeRaceSide *s, int wait_ms) {
    EngineReply rep;
    EnginePoll p = engine_session_poll(s->engine, wait_ms, &rep);
    if (p == ENGINE_FAULT) {
        side_fault(s);
        return true;
    }
    if (p == ENGINE_ANSWERED) {
        s->info_tick = rep.stamp.tick;
        if (rep.stamp.tick == s->game.steps) {
            s->pending = (Dir)rep.answer;
            s->pending_tick = s->game.steps;
            return true;
        }
    }
    if (s->game.outcome == SNAKE_PLAYING && s->pending_tick != s->game.steps)
        engine_session_ask_snake(s->engine, &s->game); /* nothing sent while one is out */
    return false;
}

/* The side's next move, from its AI or its engine. An engine's fault ends
 * the game forfeit there (and tallies it). With async the engine is asked
 * and snake_race_poll reads its answer; without, its answer is waited for
 * (its timeout bounds each wait). */
static void decide(const SnakeRace *r, SnakeRaceSide *s) {
    s->pending_tick = -1;
    if (s->game.outcome != SNAKE_PLAYING) {
        s->pending = DIR_NONE;
        return;
    }
    if (s->engine == NULL) {
        s->pending =
            snake_ai_choose_slice(&s->ai, &s->game, r->sliced ? snake_ai_frame_slice(&s->ai) : 0);
        if (!s->ai.thinking) /* else snake_race_poll goes on with it */
            s->pending_tick = s->game.steps;
        return;
    }
    s->pending = DIR_NONE;
    engine_session_ask_snake(s->engine, &s->game);
    if (r->async)
        return;
    while (!read_engine(s, ENGINE_READY_MS))
        ;
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
    if (s->engine != NULL)
        engine_session_end_snake(s->engine, g);
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

void snake_race_attach(SnakeRace *r, int k, EngineSession *engine) { r->side[k].engine = engine; }

const char *snake_race_side_name(const SnakeRace *r, int k) {
    const SnakeRaceSide *s = &r->side[k];
    return s->engine != NULL ? s->engine->label : snake_policy_name(s->asked);
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
        s->info_tick = -1;
        if (s->engine != NULL)
            engine_session_new_game(s->engine, index); /* an answer on its way goes stale */
        decide(r, s);
    }
    if (snake_race_is_over(r)) /* both engines failed at once */
        finish_heat(r);
}

bool snake_race_is_over(const SnakeRace *r) {
    for (int k = 0; k < SNAKE_RACE_SIDES; k++)
        if (r->side[k].game.outcome == SNAKE_PLAYING)
            return false;
    return true;
}

void snake_race_set_async(SnakeRace *r, bool async) { r->async = async; }

void snake_race_set_sliced(SnakeRace *r, bool sliced) { r->sliced = sliced; }

void snake_race_think(SnakeRace *r) {
    uint64_t end = monoclock_now_ns() + SNAKE_AI_THINK_MS * UINT64_C(1000000);
    for (int k = 0; k < SNAKE_RACE_SIDES; k++) {
        SnakeRaceSide *s = &r->side[k];
        while (s->engine == NULL && s->ai.thinking && s->game.outcome == SNAKE_PLAYING &&
               monoclock_now_ns() < end)
            decide(r, s);
    }
}

bool snake_race_poll(SnakeRace *r, int wait_ms) {
    bool was_over = snake_race_is_over(r);
    bool ready = true;
    for (int k = 0; k < SNAKE_RACE_SIDES; k++) {
        SnakeRaceSide *s = &r->side[k];
        if (s->engine != NULL && s->game.outcome == SNAKE_PLAYING &&
            s->pending_tick != s->game.steps)
            (void)read_engine(s, wait_ms);
        ready = ready && !snake_race_side_thinking(r, k);
    }
    if (!was_over && snake_race_is_over(r))
        finish_heat(r); /* a fault ended the second game */
    return ready;
}

bool snake_race_side_thinking(const SnakeRace *r, int k) {
    const SnakeRaceSide *s = &r->side[k];
    return s->game.outcome == SNAKE_PLAYING && s->pending_tick != s->game.steps;
}

const EngineInfo *snake_race_side_info(SnakeRace *r, int k, long *tick) {
    SnakeRaceSide *s = &r->side[k];
    if (tick != NULL)
        *tick = s->info_tick;
    if (s->engine == NULL || s->info_tick < 0)
        return NULL;
    return engine_session_info_at(s->engine, s->info_tick);
}

bool snake_race_tick(SnakeRace *r) {
    if (snake_race_is_over(r))
        return false;
    for (int k = 0; k < SNAKE_RACE_SIDES; k++)
        if (snake_race_side_thinking(r, k))
            return false; /* snake_race_poll first */
    for (int k = 0; k < SNAKE_RACE_SIDES; k++) {
        SnakeRaceSide *s = &r->side[k];
        if (s->game.outcome != SNAKE_PLAYING)
            continue;
        snake_game_tick(&s->game, s->pending);
        if (s->game.outcome != SNAKE_PLAYING)
            tally_side(s);
        decide(r, s);
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
        SnakeRaceSide *s = &r->side[k];
        check_walls(s);
        if (s->engine != NULL) /* an answer on its way is for the old walls */
            engine_session_branch(s->engine, s->game.steps);
        decide(r, s);
    }
    return true;
}

int snake_race_compare(const SnakeGame *a, const SnakeGame *b) {
    /* The match's rule, one for every comparison of two games (match.h). */
    MatchResult ra = match_snake_result(a->outcome, a->snake.len, a->steps);
    MatchResult rb = match_snake_result(b->outcome, b->snake.len, b->steps);
    return match_compare(MATCH_SNAKE, &ra, &rb);
}
