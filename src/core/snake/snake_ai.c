#include "snake_ai.h"

#include <stdlib.h>
#include <string.h>

#include "names.h"
#include "snake_cycle.h"
#include "snake_greedy.h"
#include "snake_hamilton.h"
#include "snake_perfect.h"
#include "snake_playout.h"

/* ======================================================================== */
/* Names                                                                     */
/* ======================================================================== */

static const char *const POLICY_NAMES[SNAKE_POLICY_COUNT] = {"greedy", "hamilton", "perfect"};

static const char *const REASON_NAMES[SNAKE_REASON_COUNT] = {
    "none", "eat", "follow-tail", "wander", "cycle", "shortcut", "trapped"};

const char *snake_policy_name(SnakePolicy p) {
    return names_of(POLICY_NAMES, SNAKE_POLICY_COUNT, (int)p);
}

WsStatus snake_policy_check_walls(SnakePolicy p, int w, int h, const uint8_t *walls, WsError *err) {
    if (p != SNAKE_POLICY_HAMILTON && p != SNAKE_POLICY_PERFECT)
        return WS_OK; /* greedy plays every board */
    WsStatus st = snake_cycle_check_board(w, h, err);
    if (st != WS_OK)
        return st;
    WsError why = {0};
    st = snake_cycle_check_walls(w, h, walls, &why);
    if (st != WS_OK)
        return ws_fail(err, st, "the %s policy cannot play this board: %s", snake_policy_name(p),
                       why.msg);
    return WS_OK;
}

WsStatus snake_policy_check_game(SnakePolicy p, const SnakeGame *g, WsError *err) {
    const uint8_t *walls = g->wall_count > 0 ? g->walls : NULL;
    WsStatus st = snake_policy_check_walls(p, g->rules.w, g->rules.h, walls, err);
    if (st != WS_OK || walls == NULL || (p != SNAKE_POLICY_HAMILTON && p != SNAKE_POLICY_PERFECT))
        return st;
    /* The start body must lie on a block cycle (snake_cycle_check_start). */
    WsError why = {0};
    st = snake_cycle_check_start(g, &why);
    if (st == WS_ERR_ARG)
        return ws_fail(err, st, "the %s policy: %s", snake_policy_name(p), why.msg);
    if (st != WS_OK)
        return ws_fail(err, st, "%s", why.msg);
    return WS_OK;
}

WsStatus snake_policy_check(SnakePolicy p, int w, int h, WsError *err) {
    return snake_policy_check_walls(p, w, h, NULL, err);
}

const char *snake_reason_name(SnakeReason r) {
    return names_of(REASON_NAMES, SNAKE_REASON_COUNT, (int)r);
}

const char *snake_ai_reason_word(const SnakeAi *ai) {
    return ai->reason == SNAKE_REASON_EAT && ai->detour ? "plan" : snake_reason_name(ai->reason);
}

/* ======================================================================== */
/* Lifecycle                                                                 */
/* ======================================================================== */
WsStatus snake_ai_init(SnakeAi *ai, int w, int h, SnakePolicy policy, bool strict_tail,
                       WsError *err) {
    memset(ai, 0, sizeof *ai);
    if (policy < 0 || policy >= SNAKE_POLICY_COUNT)
        return ws_fail(err, WS_ERR_ARG, "unknown snake policy %d", (int)policy);
    WsStatus st = snake_policy_check(policy, w, h, err);
    if (st != WS_OK)
        return st;
    int cells = w * h;
    st = wave_init(&ai->wave, w, h, err);
    if (st == WS_OK)
        st = wave_init(&ai->scratch, w, h, err);
    if (st == WS_OK)
        st = path_init(&ai->food_path, cells + SNAKE_GREEDY_DEPTH_CAP, err);
    if (st == WS_OK)
        st = path_init(&ai->tail_path, cells, err);
    if (st == WS_OK)
        st = snake_init(&ai->virt, w, h, err);
    if (st == WS_OK) {
        ai->release = calloc((size_t)cells, sizeof *ai->release);
        if (ai->release == NULL)
            st = ws_fail(err, WS_ERR_NOMEM, "out of memory for the snake AI");
    }
    if (st == WS_OK)
        st = snake_greedy_init(ai, w, h, err);
    /* Any board with a cycle gets one, so a policy switch needs no allocation. */
    if (st == WS_OK && snake_cycle_check_board(w, h, NULL) == WS_OK)
        st = snake_cycle_create(&ai->cycle, w, h, err);
    if (st != WS_OK) {
        snake_ai_deinit(ai);
        return st;
    }
    ai->w = w;
    ai->h = h;
    ai->policy = policy;
    ai->strict_tail = strict_tail;
    ai->explain = true;
    ai->dir = DIR_NONE;
    return WS_OK;
}

void snake_ai_deinit(SnakeAi *ai) {
    wave_deinit(&ai->wave);
    wave_deinit(&ai->scratch);
    path_deinit(&ai->food_path);
    path_deinit(&ai->tail_path);
    snake_deinit(&ai->virt);
    free(ai->release);
    snake_greedy_deinit(ai);
    snake_cycle_destroy(ai->cycle);
    memset(ai, 0, sizeof *ai);
}

/* Blanks what the last decision used (the overlays' data). */
static void forget_decision(SnakeAi *ai) {
    ai->dir = DIR_NONE;
    ai->reason = SNAKE_REASON_NONE;
    ai->detour = false;
    ai->opening = false;
    ai->thinking = false;
    ai->wave.reached = 0;
    ai->wave.source = -1;
    path_clear(&ai->food_path);
    path_clear(&ai->tail_path);
    ai->virt_valid = false;
    ai->virt_safe = false;
}

void snake_ai_clear(SnakeAi *ai) {
    forget_decision(ai);
    snake_greedy_forget(ai);
}

/* ======================================================================== */
/* Cycle policies (snake_hamilton.h, snake_perfect.h)                        */
/* ======================================================================== */

static void choose_cycle(SnakeAi *ai, const SnakeGame *g, long slice) {
    bool shortcut = false;
    Dir d = DIR_NONE;
    /* Walls that are not whole blocks (a window user can add some mid-game)
     * make the cycle policies return DIR_NONE: then greedy plays. */
    bool cycle = ai->cycle != NULL;
    if (cycle && ai->policy == SNAKE_POLICY_HAMILTON)
        d = snake_hamilton_choose(ai->cycle, g, &ai->food_path);
    else if (cycle) {
        snake_cycle_set_slice(ai->cycle, slice);
        d = snake_perfect_choose(ai->cycle, g, &ai->food_path, ai->explain, &shortcut);
        if (d == DIR_NONE && snake_cycle_thinking(ai->cycle)) {
            ai->thinking = true; /* the play-outs go on at the next call */
            return;
        }
    }
    if (d == DIR_NONE) {
        /* The body is not on a cycle (the policy was switched mid-game) or the
         * walls are not whole blocks: greedy plays until the game restarts on a cycle. */
        path_clear(&ai->food_path);
        if (ai->cycle != NULL)
            snake_cycle_forget_order(ai->cycle);
        snake_greedy_choose(ai, g);
        return;
    }
    ai->dir = d;
    ai->reason = shortcut ? SNAKE_REASON_SHORTCUT : SNAKE_REASON_CYCLE;
    ai->opening = snake_cycle_opening(ai->cycle);
}

long snake_ai_frame_slice(const SnakeAi *ai) { return snake_playout_slice(ai->w * ai->h); }

/* The last decision's cycle, *len cells, when a cycle policy made it. */
static const int32_t *decision_cycle(const SnakeAi *ai, int *len) {
    *len = 0;
    if (ai->cycle == NULL ||
        (ai->reason != SNAKE_REASON_CYCLE && ai->reason != SNAKE_REASON_SHORTCUT))
        return NULL;
    return snake_cycle_order(ai->cycle, len);
}

int snake_ai_cycle_len(const SnakeAi *ai) {
    int len;
    return decision_cycle(ai, &len) != NULL ? len : 0;
}

const int32_t *snake_ai_cycle(const SnakeAi *ai) {
    int len;
    return decision_cycle(ai, &len);
}

/* ======================================================================== */
/* Dispatch                                                                  */
/* ======================================================================== */

Dir snake_ai_choose_slice(SnakeAi *ai, const SnakeGame *g, long units) {
    forget_decision(ai);
    switch (ai->policy) {
    case SNAKE_POLICY_GREEDY:
    case SNAKE_POLICY_COUNT:
        snake_greedy_choose(ai, g);
        break;
    case SNAKE_POLICY_HAMILTON:
    case SNAKE_POLICY_PERFECT:
        choose_cycle(ai, g, units);
        break;
    }
    return ai->dir;
}

Dir snake_ai_choose(SnakeAi *ai, const SnakeGame *g) { return snake_ai_choose_slice(ai, g, 0); }

/* ======================================================================== */
/* Memory (snake_ai.h)                                                       */
/* ======================================================================== */

/* Only perfect keeps anything between decisions, and only in its cycle state
 * (snake_perfect_memory_*); the other policies' bytes are empty. */
static bool keeps_cycle_memory(const SnakeAi *ai) {
    return ai->policy == SNAKE_POLICY_PERFECT && ai->cycle != NULL;
}

size_t snake_ai_memory_max(const SnakeAi *ai) {
    return keeps_cycle_memory(ai) ? snake_perfect_memory_max(ai->cycle) : 0;
}

size_t snake_ai_memory_save(const SnakeAi *ai, uint8_t *buf) {
    return keeps_cycle_memory(ai) ? snake_perfect_memory_save(ai->cycle, buf) : 0;
}

WsStatus snake_ai_memory_load(SnakeAi *ai, const uint8_t *buf, size_t len, WsError *err) {
    snake_ai_clear(ai);
    bool ok = keeps_cycle_memory(ai) ? snake_perfect_memory_load(ai->cycle, buf, len) : len == 0;
    if (!ok)
        return ws_fail(err, WS_ERR_PARSE, "malformed %s memory (%zu bytes)",
                       snake_policy_name(ai->policy), len);
    return WS_OK;
}
