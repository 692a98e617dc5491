/* The snake's history: every tick rebuilt exactly (state and decision), from
 * any order of seeks, for every policy, both tail rules, walls and toggles,
 * steered moves; the AI's memory is complete (a policy whose memory is not
 * saved fails here); seeking never allocates; memory stays bounded on a long
 * game; truncation, scanning and the queries; policy changes during a game
 * (each tick rebuilt with the policy that played it). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc_count.h"
#include "ascii_map.h"
#include "grid.h"
#include "rng.h"
#include "snake.h"
#include "snake_ai.h"
#include "snake_history.h"

/* ======================================================================== */
/* Decisions and live games                                                  */
/* ======================================================================== */

static uint64_t mix(uint64_t hash, uint64_t v) {
    hash ^= v + 0x9e3779b97f4a7c15ULL + (hash << 6) + (hash >> 2);
    return hash * 1099511628211ULL;
}

static uint64_t mix_cells(uint64_t hash, const int32_t *cells, int n) {
    hash = mix(hash, (uint64_t)n);
    for (int i = 0; i < n; i++)
        hash = mix(hash, (uint64_t)cells[i]);
    return hash;
}

/* Everything a decision shows: direction, reason, the wave it searched, the
 * food and tail paths, the virtual snake and the cycle. */
static uint64_t decision_hash(const SnakeAi *ai) {
    uint64_t hash = mix(1, (uint64_t)(ai->dir + 1));
    hash = mix(hash, (uint64_t)ai->reason);
    hash = mix(hash, (uint64_t)(ai->wave.source + 1));
    hash = mix_cells(hash, ai->wave.order, ai->wave.reached);
    for (int i = 0; i < ai->wave.reached; i++)
        hash = mix(hash, (uint64_t)ai->wave.dist[ai->wave.order[i]]);
    hash = mix_cells(hash, ai->food_path.cells, ai->food_path.len);
    hash = mix_cells(hash, ai->tail_path.cells, ai->tail_path.len);
    hash = mix(hash, (uint64_t)ai->virt_valid * 2 + (uint64_t)ai->virt_safe);
    if (ai->virt_valid)
        for (int i = 0; i < ai->virt.len; i++)
            hash = mix(hash, (uint64_t)snake_at(&ai->virt, i));
    const int32_t *cycle = snake_ai_cycle(ai);
    if (cycle != NULL)
        hash = mix_cells(hash, cycle, ai->w * ai->h);
    return hash;
}

typedef struct Config {
    const char *name;
    int w, h, len;
    bool strict;
    SnakePolicy policy;
    uint64_t seed;
    const char *const *map; /* rows of the start walls, or NULL */
    int map_rows;
    int toggle_every; /* try a wall toggle every N ticks (0: never) */
    int steer_every;  /* play another legal move than the AI's every N ticks (0: never) */
    long max_ticks;   /* stop recording after this many (the game may go on) */
} Config;

/* A game played live and recorded, with the state and the decision at the
 * last state of every tick. */
typedef struct Live {
    SnakeRules rules;
    uint8_t *walls; /* start walls or NULL */
    SnakeHistory hist;
    long ticks;
    uint64_t *state;    /* per tick 0..ticks */
    uint64_t *decision; /* per tick 0..ticks; 0 where the game is over */
} Live;

static void open_pair(const Live *lv, const Config *cfg, SnakeGame *g, SnakeAi *ai) {
    WsError err = {0};
    ck_assert_msg(snake_game_init(g, &lv->rules, cfg->seed, &err) == WS_OK, "%s", err.msg);
    ck_assert_msg(snake_game_set_walls(g, lv->walls, &err) == WS_OK, "%s", err.msg);
    ck_assert_msg(snake_ai_init(ai, lv->rules.w, lv->rules.h, cfg->policy, lv->rules.strict_tail,
                                &err) == WS_OK,
                  "%s", err.msg);
}

/* Another legal move than `d`, or d itself when there is none. */
static Dir other_move(const SnakeGame *g, Dir d) {
    for (int k = 1; k < DIR_COUNT; k++) {
        Dir o = (Dir)((d + k) % DIR_COUNT);
        if (snake_game_is_legal(g, o))
            return o;
    }
    return d;
}

static void live_play(Live *lv, const Config *cfg) {
    memset(lv, 0, sizeof *lv);
    lv->rules = (SnakeRules){cfg->w, cfg->h, cfg->len, cfg->strict};
    if (cfg->map != NULL) {
        lv->walls = malloc((size_t)(cfg->w * cfg->h));
        int w = 0, h = 0;
        ck_assert_int_eq(
            ascii_map_walls(cfg->map, cfg->map_rows, lv->walls, (size_t)(cfg->w * cfg->h), &w, &h),
            WS_OK);
        ck_assert(w == cfg->w && h == cfg->h);
    }
    SnakeGame g;
    SnakeAi ai;
    WsError err = {0};
    open_pair(lv, cfg, &g, &ai);
    snake_history_init(&lv->hist);
    ck_assert_int_eq(snake_history_begin(&lv->hist, &g, cfg->policy, 7, &ai, &err), WS_OK);
    lv->state = malloc((size_t)(cfg->max_ticks + 1) * sizeof *lv->state);
    lv->decision = malloc((size_t)(cfg->max_ticks + 1) * sizeof *lv->decision);
    Rng trng;
    rng_init(&trng, cfg->seed, 99);
    Dir d = snake_ai_choose(&ai, &g);
    while (g.outcome == SNAKE_PLAYING && lv->hist.ticks < cfg->max_ticks) {
        long t = lv->hist.ticks;
        if (cfg->toggle_every > 0 && t % cfg->toggle_every == cfg->toggle_every - 1) {
            for (int tries = 0; tries < 4; tries++) {
                int cell = (int)rng_bounded(&trng, (uint32_t)(cfg->w * cfg->h));
                if (snake_history_toggle(&lv->hist, &g, &ai, cell, NULL) == WS_OK) {
                    d = snake_ai_choose(&ai, &g); /* the window decides again at once */
                    if (tries % 2 == 1)
                        break; /* sometimes two toggles in one tick */
                }
            }
        }
        lv->state[t] = snake_history_hash_game(&g);
        lv->decision[t] = decision_hash(&ai);
        Dir move = d;
        if (cfg->steer_every > 0 && t % cfg->steer_every == cfg->steer_every / 2)
            move = other_move(&g, d);
        ck_assert_msg(snake_history_play(&lv->hist, &g, &ai, move, d, &err) == WS_OK, "%s: %s",
                      cfg->name, err.msg);
        if (g.outcome == SNAKE_PLAYING)
            d = snake_ai_choose(&ai, &g);
    }
    long t = lv->ticks = lv->hist.ticks;
    lv->state[t] = snake_history_hash_game(&g);
    lv->decision[t] = g.outcome == SNAKE_PLAYING ? decision_hash(&ai) : 0;
    snake_ai_deinit(&ai);
    snake_game_deinit(&g);
}

static void live_free(Live *lv) {
    snake_history_deinit(&lv->hist);
    free(lv->walls);
    free(lv->state);
    free(lv->decision);
}

/* Seeks tick t and checks the state and the decision against the live run. */
static void check_seek(Live *lv, const Config *cfg, long t, SnakeGame *g, SnakeAi *ai) {
    WsError err = {0};
    bool exact = false;
    ck_assert_msg(snake_history_seek(&lv->hist, t, g, ai, &exact, &err) == WS_OK, "%s", err.msg);
    ck_assert_msg(exact, "%s (seed %llu): tick %ld is not exact", cfg->name,
                  (unsigned long long)cfg->seed, t);
    ck_assert_msg(snake_history_hash_game(g) == lv->state[t],
                  "%s (seed %llu): the state at tick %ld differs", cfg->name,
                  (unsigned long long)cfg->seed, t);
    uint64_t dh = g->outcome == SNAKE_PLAYING ? decision_hash(ai) : 0;
    ck_assert_msg(dh == lv->decision[t], "%s (seed %llu): the decision at tick %ld differs",
                  cfg->name, (unsigned long long)cfg->seed, t);
}

/* Plays on from a seek at t with the AI alone (the recorded toggles and
 * moves applied as the live run did), checking every tick up to `until`. */
static void check_play_on(Live *lv, const Config *cfg, long t, long until, SnakeGame *g,
                          SnakeAi *ai) {
    const SnakeHistory *h = &lv->hist;
    check_seek(lv, cfg, t, g, ai);
    long toggle = 0;
    while (toggle < h->ntoggles && h->toggles[toggle].tick <= t)
        toggle++;
    for (long u = t; u < until && g->outcome == SNAKE_PLAYING; u++) {
        snake_game_tick(g, snake_history_move(h, u));
        for (; toggle < h->ntoggles && h->toggles[toggle].tick == u + 1; toggle++) {
            snake_ai_choose(ai, g);
            ck_assert(snake_game_toggle_wall(g, h->toggles[toggle].cell));
        }
        if (g->outcome == SNAKE_PLAYING && !snake_game_has_move(g))
            snake_game_tick(g, DIR_NONE); /* a toggle shut the last way out */
        if (g->outcome == SNAKE_PLAYING)
            snake_ai_choose(ai, g);
        ck_assert_msg(snake_history_hash_game(g) == lv->state[u + 1],
                      "%s: playing on from %ld, the state at %ld differs", cfg->name, t, u + 1);
        uint64_t dh = g->outcome == SNAKE_PLAYING ? decision_hash(ai) : 0;
        ck_assert_msg(dh == lv->decision[u + 1],
                      "%s: playing on from %ld, the decision at %ld differs", cfg->name, t, u + 1);
    }
}

/* Every tick backward (checkpoints), forward (the cursor), in a random order,
 * and playing on from a few ticks. */
static void check_config(const Config *cfg) {
    Live lv;
    live_play(&lv, cfg);
    ck_assert_msg(lv.ticks > 20, "%s: only %ld ticks", cfg->name, lv.ticks);
    SnakeGame g;
    SnakeAi ai;
    open_pair(&lv, cfg, &g, &ai);
    for (long t = lv.ticks; t >= 0; t--)
        check_seek(&lv, cfg, t, &g, &ai);
    for (long t = 0; t <= lv.ticks; t++)
        check_seek(&lv, cfg, t, &g, &ai);
    Rng r;
    rng_init(&r, cfg->seed, 5);
    for (long k = 0; k < lv.ticks; k++)
        check_seek(&lv, cfg, (long)rng_bounded(&r, (uint32_t)lv.ticks + 1), &g, &ai);
    for (int k = 0; k < 4; k++)
        check_play_on(&lv, cfg, lv.ticks * k / 4, lv.ticks, &g, &ai);
    snake_ai_deinit(&ai);
    snake_game_deinit(&g);
    live_free(&lv);
}

/* ======================================================================== */
/* Rewinding reproduces every tick                                           */
/* ======================================================================== */

static const char *const PILLARS[] = {
    "..........", "..##......", "..##...#..", ".......#..",
    ".......#..", "....##....", "....##....", "..........",
};

static const char *const BLOCKS[] = {
    "........", "........", "..##....", "..##....", "........", "....##..", "....##..", "........",
};

static const Config CONFIGS[] = {
    {"greedy 8x8 free", 8, 8, 4, false, SNAKE_POLICY_GREEDY, 1, NULL, 0, 0, 0, 100000},
    {"greedy 8x8 free", 8, 8, 4, false, SNAKE_POLICY_GREEDY, 2, NULL, 0, 0, 0, 100000},
    {"greedy 8x8 strict", 8, 8, 4, true, SNAKE_POLICY_GREEDY, 3, NULL, 0, 0, 0, 100000},
    {"greedy 9x7 strict", 9, 7, 2, true, SNAKE_POLICY_GREEDY, 4, NULL, 0, 0, 0, 100000},
    {"greedy walls", 10, 8, 3, false, SNAKE_POLICY_GREEDY, 5, PILLARS, 8, 0, 0, 100000},
    {"greedy walls toggles", 10, 8, 3, false, SNAKE_POLICY_GREEDY, 6, PILLARS, 8, 7, 0, 100000},
    {"greedy toggles strict", 10, 8, 3, true, SNAKE_POLICY_GREEDY, 7, NULL, 0, 5, 0, 100000},
    {"greedy steered", 8, 8, 4, false, SNAKE_POLICY_GREEDY, 8, NULL, 0, 0, 9, 100000},
    {"hamilton 8x6", 8, 6, 4, false, SNAKE_POLICY_HAMILTON, 9, NULL, 0, 0, 0, 100000},
    {"hamilton 6x6 strict", 6, 6, 3, true, SNAKE_POLICY_HAMILTON, 10, NULL, 0, 0, 0, 100000},
    {"perfect 8x8 free", 8, 8, 4, false, SNAKE_POLICY_PERFECT, 11, NULL, 0, 0, 0, 100000},
    {"perfect 8x8 free", 8, 8, 4, false, SNAKE_POLICY_PERFECT, 12, NULL, 0, 0, 0, 100000},
    {"perfect 10x10 strict", 10, 10, 4, true, SNAKE_POLICY_PERFECT, 13, NULL, 0, 0, 0, 100000},
    {"perfect 7x6 (odd side)", 7, 6, 3, false, SNAKE_POLICY_PERFECT, 14, NULL, 0, 0, 0, 100000},
    {"perfect toggles", 8, 8, 4, false, SNAKE_POLICY_PERFECT, 15, NULL, 0, 11, 0, 100000},
    {"perfect steered", 8, 8, 4, false, SNAKE_POLICY_PERFECT, 16, NULL, 0, 0, 13, 100000},
    {"perfect blocks", 8, 8, 2, false, SNAKE_POLICY_PERFECT, 17, BLOCKS, 8, 0, 0, 100000},
};
enum { NCONFIGS = (int)(sizeof CONFIGS / sizeof CONFIGS[0]) };

START_TEST(rewind_reproduces_every_tick) { check_config(&CONFIGS[_i]); }
END_TEST

/* A game longer than a few checkpoint intervals, and one stopped mid-game
 * (the history of a game still being played). */
START_TEST(rewind_long_and_unfinished) {
    Config longer = {"greedy 16x16", 16, 16, 4, false, SNAKE_POLICY_GREEDY, 21,
                     NULL,           0,  0,  0, 100000};
    check_config(&longer);
    Config perfect = {"perfect 12x12", 12, 12, 4, false, SNAKE_POLICY_PERFECT, 22, NULL, 0, 0, 0,
                      100000};
    check_config(&perfect);
    Config unfinished = {
        "perfect unfinished", 10, 10, 4, false, SNAKE_POLICY_PERFECT, 23, NULL, 0, 9, 0, 300};
    check_config(&unfinished);
}
END_TEST

/* ======================================================================== */
/* The AI's memory                                                           */
/* ======================================================================== */

/* Plays cfg with AI `a` and, at every tick, makes a second AI decide on the
 * same state from a.s memory as saved (or from a new game's memory when
 * `forget`). With `quiet` both work out no overlays (a headless run: then
 * perfect replays the apples it played out, and keeps the replay in its
 * memory). Returns the number of ticks whose decisions differ. */
static long memory_mismatches(const Config *cfg, bool forget, bool quiet) {
    Live lv = {0};
    lv.rules = (SnakeRules){cfg->w, cfg->h, cfg->len, cfg->strict};
    SnakeGame g;
    SnakeAi a, b;
    open_pair(&lv, cfg, &g, &a);
    ck_assert_int_eq(snake_ai_init(&b, cfg->w, cfg->h, cfg->policy, cfg->strict, NULL), WS_OK);
    a.explain = b.explain = !quiet;
    size_t max = snake_ai_memory_max(&a);
    uint8_t *buf = malloc(max > 0 ? max : 1);
    long mismatches = 0, t = 0;
    for (; g.outcome == SNAKE_PLAYING && t < cfg->max_ticks; t++) {
        size_t len = forget ? 0 : snake_ai_memory_save(&a, buf);
        ck_assert_uint_le(len, max);
        ck_assert_int_eq(snake_ai_memory_load(&b, buf, len, NULL), WS_OK);
        Dir d = snake_ai_choose(&a, &g);
        snake_ai_choose(&b, &g);
        mismatches += decision_hash(&a) != decision_hash(&b);
        snake_game_tick(&g, d);
    }
    ck_assert_int_gt(t, 20);
    free(buf);
    snake_ai_deinit(&a);
    snake_ai_deinit(&b);
    snake_game_deinit(&g);
    return mismatches;
}

/* What a decision depends on is the game and the saved memory, nothing else:
 * for every policy, both tail rules. A policy that starts keeping state
 * between decisions without saving it fails here. */
START_TEST(memory_is_complete) {
    for (int i = 0; i < NCONFIGS; i++) {
        const Config *cfg = &CONFIGS[i];
        if (cfg->map != NULL || cfg->toggle_every > 0)
            continue;
        long bad = memory_mismatches(cfg, false, false);
        ck_assert_msg(bad == 0, "%s: %ld decisions differ with the saved memory", cfg->name, bad);
        bad = memory_mismatches(cfg, false, true);
        ck_assert_msg(bad == 0, "%s, no overlays: %ld decisions differ with the saved memory",
                      cfg->name, bad);
    }
}
END_TEST

/* The check above can fail: perfect's memory matters, so deciding from a new
 * game's memory instead gives other decisions. */
START_TEST(memory_matters_for_perfect) {
    Config cfg = {"perfect 10x10", 10, 10, 4, false, SNAKE_POLICY_PERFECT, 31, NULL, 0, 0, 0,
                  100000};
    ck_assert_int_gt(memory_mismatches(&cfg, true, false), 0);
    ck_assert_int_gt(memory_mismatches(&cfg, true, true), 0);
    Config greedy = {"greedy 10x10", 10, 10, 4, false, SNAKE_POLICY_GREEDY, 31,
                     NULL,           0,  0,  0, 100000};
    ck_assert_int_eq(memory_mismatches(&greedy, true, false), 0); /* greedy keeps none */
}
END_TEST

/* A headless perfect AI keeps the apple it played out in its memory
 * (docs/perfect.md, "The apple played out"): flags 4, then the length,
 * position and food (u32 each), the cells (u16 each), a shortcut bit per
 * move, and the memory it ends on (u32 length, bytes). Each part is checked. */
static void replay_bytes_are_checked(void) {
    SnakeRules rules = {12, 12, 2, true};
    SnakeGame g;
    SnakeAi ai, b;
    ck_assert_int_eq(snake_game_init(&g, &rules, 5, NULL), WS_OK);
    ck_assert_int_eq(snake_ai_init(&ai, 12, 12, SNAKE_POLICY_PERFECT, true, NULL), WS_OK);
    ck_assert_int_eq(snake_ai_init(&b, 12, 12, SNAKE_POLICY_PERFECT, true, NULL), WS_OK);
    ai.explain = false;
    size_t max = snake_ai_memory_max(&ai), len = 0;
    uint8_t *mem = malloc(max), *bad = malloc(max + 1);
    /* The first memory with a replay of at least two moves left. */
    while (g.outcome == SNAKE_PLAYING) {
        snake_game_tick(&g, snake_ai_choose(&ai, &g));
        len = snake_ai_memory_save(&ai, mem);
        if (len > 13 && mem[0] == 4 && mem[1] >= 4 && mem[5] == 1)
            break;
    }
    ck_assert_int_eq(g.outcome, SNAKE_PLAYING);
    ck_assert_int_eq(snake_ai_memory_load(&b, mem, len, NULL), WS_OK);
    ck_assert_int_eq(snake_ai_choose(&b, &g), snake_ai_choose(&ai, &g));
    /* A cell not next to the one before it. */
    memcpy(bad, mem, len);
    bad[13 + 2 * 2] = (uint8_t)(bad[13 + 2 * 2] ^ 0x05);
    ck_assert_int_eq(snake_ai_memory_load(&b, bad, len, NULL), WS_ERR_PARSE);
    /* A byte after the end, and the end cut short. */
    memcpy(bad, mem, len);
    bad[len] = 0;
    ck_assert_int_eq(snake_ai_memory_load(&b, bad, len + 1, NULL), WS_ERR_PARSE);
    ck_assert_int_eq(snake_ai_memory_load(&b, bad, len - 1, NULL), WS_ERR_PARSE);
    /* A position past the last cell, and a replay with the plan's flags. */
    memcpy(bad, mem, len);
    bad[8] = 0xff;
    ck_assert_int_eq(snake_ai_memory_load(&b, bad, len, NULL), WS_ERR_PARSE);
    memcpy(bad, mem, len);
    bad[0] = 4 | 1;
    ck_assert_int_eq(snake_ai_memory_load(&b, bad, len, NULL), WS_ERR_PARSE);
    /* An end that is itself a replay. */
    uint32_t n = (uint32_t)mem[1] | (uint32_t)mem[2] << 8;
    size_t end = 13 + 2 * (size_t)n + (n + 7) / 8 + 4;
    ck_assert_uint_lt(end, len);
    memcpy(bad, mem, len);
    bad[end] = 4;
    ck_assert_int_eq(snake_ai_memory_load(&b, bad, len, NULL), WS_ERR_PARSE);
    /* After a failed load the memory is a new game's. */
    ck_assert_uint_eq(snake_ai_memory_save(&b, bad), 1);
    free(mem);
    free(bad);
    snake_ai_deinit(&ai);
    snake_ai_deinit(&b);
    snake_game_deinit(&g);
}

START_TEST(memory_bytes_are_checked) {
    SnakeAi ai;
    ck_assert_int_eq(snake_ai_init(&ai, 8, 8, SNAKE_POLICY_PERFECT, false, NULL), WS_OK);
    ck_assert_uint_gt(snake_ai_memory_max(&ai), 0);
    uint8_t junk[4] = {0x7f, 1, 2, 3};
    WsError err = {0};
    ck_assert_int_eq(snake_ai_memory_load(&ai, junk, sizeof junk, &err), WS_ERR_PARSE);
    ck_assert_ptr_nonnull(strstr(err.msg, "perfect"));
    uint8_t plan[] = {1, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0}; /* 4 billion cells */
    ck_assert_int_eq(snake_ai_memory_load(&ai, plan, sizeof plan, NULL), WS_ERR_PARSE);
    ck_assert_int_eq(snake_ai_memory_load(&ai, NULL, 0, NULL), WS_OK);
    snake_ai_deinit(&ai);
    replay_bytes_are_checked();
    SnakeAi greedy;
    ck_assert_int_eq(snake_ai_init(&greedy, 8, 8, SNAKE_POLICY_GREEDY, false, NULL), WS_OK);
    ck_assert_uint_eq(snake_ai_memory_max(&greedy), 0);
    ck_assert_int_eq(snake_ai_memory_load(&greedy, junk, 1, NULL), WS_ERR_PARSE);
    snake_ai_deinit(&greedy);
}
END_TEST

/* ======================================================================== */
/* Traces: recording without the AI, then scanning                           */
/* ======================================================================== */

/* The live run's moves and toggles recorded again with no AI, as a trace
 * reader does. */
static void record_blind(const Live *lv, const Config *cfg, SnakeHistory *out) {
    SnakeGame g;
    WsError err = {0};
    ck_assert_int_eq(snake_game_init(&g, &lv->rules, cfg->seed, NULL), WS_OK);
    ck_assert_int_eq(snake_game_set_walls(&g, lv->walls, NULL), WS_OK);
    snake_history_init(out);
    ck_assert_int_eq(snake_history_begin(out, &g, cfg->policy, 7, NULL, &err), WS_OK);
    const SnakeHistory *h = &lv->hist;
    long toggle = 0;
    for (long t = 0; t <= h->ticks; t++) {
        for (; toggle < h->ntoggles && h->toggles[toggle].tick == t; toggle++)
            ck_assert_int_eq(snake_history_toggle(out, &g, NULL, h->toggles[toggle].cell, &err),
                             WS_OK);
        if (t < h->ticks)
            ck_assert_int_eq(
                snake_history_play(out, &g, NULL, snake_history_move(h, t), DIR_NONE, &err), WS_OK);
    }
    ck_assert(snake_history_hash_game(&g) == lv->state[lv->ticks]);
    snake_game_deinit(&g);
}

/* A history read without the AI is exact for memoryless policies at once and
 * for perfect once scanned (in slices of ticks, and with `units` of work a
 * decision call: 0 whole, 1 a play-out stopped at every unit and gone on
 * with at the next call); the scan marks the steered ticks as the live run
 * did. */
static void scan_and_check(const Config *cfg, long units) {
    Live lv;
    live_play(&lv, cfg);
    SnakeHistory blind;
    record_blind(&lv, cfg, &blind);
    SnakeGame g, sg;
    SnakeAi ai, sai;
    open_pair(&lv, cfg, &g, &ai);
    open_pair(&lv, cfg, &sg, &sai);
    bool memoryless = snake_ai_memory_max(&ai) == 0;
    ck_assert_int_eq(snake_history_is_exact(&blind, lv.ticks / 2, &ai), memoryless);
    ck_assert_int_eq(snake_history_differs(&blind, 0), -1);
    WsError err = {0};
    bool done = false;
    int slices = 0, stops = 0;
    while (!done) {
        ck_assert_int_eq(snake_history_scan_slice(&blind, &sg, &sai, 37, units, &done, &err),
                         WS_OK);
        stops += sai.thinking;
        ck_assert_int_lt(++slices, 1000000);
        if (slices == 3) /* a seek in between must not disturb the scan */
            check_seek(&lv, cfg, 0, &g, &ai);
    }
    if (units > 0 && cfg->policy == SNAKE_POLICY_PERFECT && cfg->w % 2 == 0 && cfg->h % 2 == 0)
        ck_assert_msg(stops > 0, "%s: no decision stopped in its play-outs", cfg->name);
    ck_assert_int_eq(blind.checked, lv.ticks);
    ck_assert_int_eq(blind.ndiffers, lv.hist.ndiffers);
    for (long i = 0; i < blind.ndiffers; i++) {
        ck_assert_int_eq(blind.differs[i].from, lv.hist.differs[i].from);
        ck_assert_int_eq(blind.differs[i].to, lv.hist.differs[i].to);
    }
    ck_assert_int_eq(blind.ndiffers > 0, cfg->steer_every > 0);
    for (long t = lv.ticks; t >= 0; t--) {
        bool exact = false;
        ck_assert_int_eq(snake_history_seek(&blind, t, &g, &ai, &exact, &err), WS_OK);
        ck_assert_msg(exact, "%s: tick %ld not exact after the scan", cfg->name, t);
        ck_assert(snake_history_hash_game(&g) == lv.state[t]);
        uint64_t dh = g.outcome == SNAKE_PLAYING ? decision_hash(&ai) : 0;
        ck_assert_msg(dh == lv.decision[t], "%s: decision %ld after the scan (units %ld)",
                      cfg->name, t, units);
    }
    ck_assert_int_eq(snake_history_scan(&blind, &sg, &sai, 10, &done, &err), WS_OK);
    ck_assert(done);
    snake_history_deinit(&blind);
    snake_ai_deinit(&ai);
    snake_ai_deinit(&sai);
    snake_game_deinit(&g);
    snake_game_deinit(&sg);
    live_free(&lv);
}

START_TEST(scan_fills_memory_and_marks) {
    static const int PICK[] = {10, 15, 7, 0, 14, 12};
    for (int k = 0; k < (int)(sizeof PICK / sizeof PICK[0]); k++) {
        scan_and_check(&CONFIGS[PICK[k]], 0);
        scan_and_check(&CONFIGS[PICK[k]], 1);
    }
}
END_TEST

/* Before the scan a perfect trace's decisions are not the recorded ones, and
 * resuming there is refused until the scan has been. */
START_TEST(unscanned_memory_is_not_exact) {
    static const Config MEMORY = {
        "perfect 10x10", 10, 10, 4, false, SNAKE_POLICY_PERFECT, 31, NULL, 0, 0, 0, 100000};
    const Config *cfg = &MEMORY;
    Live lv;
    live_play(&lv, cfg);
    SnakeHistory blind;
    record_blind(&lv, cfg, &blind);
    SnakeGame g;
    SnakeAi ai;
    open_pair(&lv, cfg, &g, &ai);
    long differ = 0;
    for (long t = 0; t <= lv.ticks; t++) {
        bool exact = true;
        ck_assert_int_eq(snake_history_seek(&blind, t, &g, &ai, &exact, NULL), WS_OK);
        ck_assert(!exact);
        ck_assert(snake_history_hash_game(&g) == lv.state[t]); /* the state is exact */
        differ += g.outcome == SNAKE_PLAYING && decision_hash(&ai) != lv.decision[t];
    }
    ck_assert_int_gt(differ, 0);
    /* A scan to the middle makes the first half exact. */
    SnakeGame sg;
    SnakeAi sai;
    open_pair(&lv, cfg, &sg, &sai);
    bool done = true;
    ck_assert_int_eq(snake_history_scan(&blind, &sg, &sai, lv.ticks / 2, &done, NULL), WS_OK);
    ck_assert(!done);
    ck_assert(snake_history_is_exact(&blind, lv.ticks / 2 - 1, &ai));
    ck_assert(!snake_history_is_exact(&blind, lv.ticks / 2 + 1, &ai));
    WsError err = {0};
    ck_assert_int_eq(snake_history_truncate(&blind, lv.ticks / 2 + 1, &err), WS_ERR_ARG);
    ck_assert_ptr_nonnull(strstr(err.msg, "not known yet"));
    ck_assert_int_eq(snake_history_truncate(&blind, lv.ticks / 2 - 1, &err), WS_OK);
    snake_history_deinit(&blind);
    snake_ai_deinit(&ai);
    snake_ai_deinit(&sai);
    snake_game_deinit(&g);
    snake_game_deinit(&sg);
    live_free(&lv);
}
END_TEST

/* ======================================================================== */
/* Truncation                                                                */
/* ======================================================================== */

/* Resuming from a past tick with nothing changed plays the same game again;
 * with a wall toggled there it plays another, and that one rewinds exactly. */
START_TEST(truncate_and_resume) {
    static const int PICK[] = {0, 10, 14, 12};
    for (int k = 0; k < (int)(sizeof PICK / sizeof PICK[0]); k++) {
        const Config *cfg = &CONFIGS[PICK[k]];
        Live lv;
        live_play(&lv, cfg);
        SnakeGame g;
        SnakeAi ai;
        WsError err = {0};
        open_pair(&lv, cfg, &g, &ai);
        long t = lv.ticks / 3;
        SnakeHistory *h = &lv.hist;
        long eats_before = 0;
        while (eats_before < h->neats && h->eats[eats_before].tick < t)
            eats_before++;
        ck_assert_int_eq(snake_history_seek(h, t, &g, &ai, NULL, &err), WS_OK);
        ck_assert_int_eq(snake_history_truncate(h, t, &err), WS_OK);
        ck_assert_int_eq(h->ticks, t);
        ck_assert_int_eq(h->outcome, SNAKE_PLAYING);
        ck_assert_int_eq(h->neats, eats_before);
        ck_assert_int_eq(h->length, g.snake.len);
        ck_assert_int_eq(h->food, g.food);
        /* Play on (no toggles from here: the live run's toggles are gone). */
        while (g.outcome == SNAKE_PLAYING && h->ticks < lv.ticks && cfg->toggle_every == 0) {
            Dir d = ai.dir;
            if (cfg->steer_every > 0 && h->ticks % cfg->steer_every == cfg->steer_every / 2)
                d = other_move(&g, ai.dir);
            ck_assert_int_eq(snake_history_play(h, &g, &ai, d, ai.dir, &err), WS_OK);
            ck_assert_msg(snake_history_hash_game(&g) == lv.state[h->ticks],
                          "%s: resumed from %ld, tick %ld differs", cfg->name, t, h->ticks);
            if (g.outcome == SNAKE_PLAYING)
                snake_ai_choose(&ai, &g);
        }
        snake_ai_deinit(&ai);
        snake_game_deinit(&g);
        live_free(&lv);
    }
}
END_TEST

START_TEST(truncate_then_toggle_rewinds) {
    Config cfg = CONFIGS[5];
    cfg.max_ticks = 100000;
    Live lv;
    live_play(&lv, &cfg);
    SnakeHistory *h = &lv.hist;
    SnakeGame g;
    SnakeAi ai;
    WsError err = {0};
    open_pair(&lv, &cfg, &g, &ai);
    long t = lv.ticks / 2;
    ck_assert_int_eq(snake_history_seek(h, t, &g, &ai, NULL, &err), WS_OK);
    ck_assert_int_eq(snake_history_truncate(h, t, &err), WS_OK);
    /* A new game from t: toggles on some free cell, then the AI plays. */
    long ticks = t;
    uint64_t *state = malloc(200000 * sizeof *state);
    uint64_t *decision = malloc(200000 * sizeof *decision);
    for (int c = 0; c < cfg.w * cfg.h; c++)
        if (snake_history_toggle(h, &g, &ai, c, NULL) == WS_OK)
            break;
    snake_ai_choose(&ai, &g);
    while (g.outcome == SNAKE_PLAYING && ticks < 199999) {
        state[ticks] = snake_history_hash_game(&g);
        decision[ticks] = decision_hash(&ai);
        ck_assert_int_eq(snake_history_play(h, &g, &ai, ai.dir, ai.dir, &err), WS_OK);
        ticks++;
        if (g.outcome == SNAKE_PLAYING)
            snake_ai_choose(&ai, &g);
    }
    state[ticks] = snake_history_hash_game(&g);
    for (long u = ticks; u >= t; u--) {
        ck_assert_int_eq(snake_history_seek(h, u, &g, &ai, NULL, &err), WS_OK);
        ck_assert(snake_history_hash_game(&g) == state[u]);
        if (u < ticks)
            ck_assert(decision_hash(&ai) == decision[u]);
    }
    for (long u = 0; u < t; u++) { /* before t, the old game */
        ck_assert_int_eq(snake_history_seek(h, u, &g, &ai, NULL, &err), WS_OK);
        ck_assert(snake_history_hash_game(&g) == lv.state[u]);
    }
    free(state);
    free(decision);
    snake_ai_deinit(&ai);
    snake_game_deinit(&g);
    live_free(&lv);
}
END_TEST

/* ======================================================================== */
/* Bounds: no allocation while seeking, memory on a long game                */
/* ======================================================================== */

START_TEST(seeking_never_allocates) {
    static const int PICK[] = {0, 6, 10, 15};
    for (int k = 0; k < (int)(sizeof PICK / sizeof PICK[0]); k++) {
        const Config *cfg = &CONFIGS[PICK[k]];
        Live lv;
        live_play(&lv, cfg);
        SnakeGame g;
        SnakeAi ai;
        open_pair(&lv, cfg, &g, &ai);
        Rng r;
        rng_init(&r, 3, 3);
        long before = alloc_count();
        int failures = 0;
        for (long t = lv.ticks; t >= 0; t--)
            failures += snake_history_seek(&lv.hist, t, &g, &ai, NULL, NULL) != WS_OK;
        for (long i = 0; i < 2 * lv.ticks; i++) {
            long t = (long)rng_bounded(&r, (uint32_t)lv.ticks + 1);
            failures += snake_history_seek(&lv.hist, t, &g, &ai, NULL, NULL) != WS_OK;
        }
        long during = alloc_count() - before; /* read before Check allocates */
        ck_assert_int_eq(failures, 0);
        ck_assert_msg(during == 0, "%s: %ld allocations while seeking", cfg->name, during);
        snake_ai_deinit(&ai);
        snake_game_deinit(&g);
        live_free(&lv);
    }
}
END_TEST

/* A long greedy game: moves take a byte a tick and checkpoints about as much,
 * so the whole history stays within 3 bytes a tick plus the buffers' slack
 * (at most doubling) and a fixed part. */
START_TEST(memory_is_bounded_on_a_long_game) {
    Config cfg = {"greedy 24x24", 24, 24, 4, false,  SNAKE_POLICY_GREEDY, 41,
                  NULL,           0,  0,  0, 1000000};
    Live lv;
    live_play(&lv, &cfg);
    const SnakeHistory *h = &lv.hist;
    ck_assert_int_gt(lv.ticks, 10000);
    ck_assert_int_eq(h->ncps, lv.ticks / h->interval + 1);
    size_t bytes = snake_history_bytes(h);
    size_t bound = (size_t)(2 * 3 * lv.ticks) + 64 * 1024;
    ck_assert_msg(bytes <= bound, "%zu bytes for %ld ticks (bound %zu)", bytes, lv.ticks, bound);
    ck_assert_uint_eq(h->mem_log_len, 0); /* greedy keeps no memory */
    live_free(&lv);

    /* perfect: the memory adds a few bytes a tick (a plan is followed by
     * changing one number), whole plans only when they change. */
    Config perfect = {"perfect 16x16", 16, 16, 4, false, SNAKE_POLICY_PERFECT, 42, NULL, 0, 0, 0,
                      1000000};
    live_play(&lv, &perfect);
    h = &lv.hist;
    ck_assert_int_eq(h->outcome, SNAKE_WON);
    ck_assert_uint_gt(h->mem_log_len, 0);
    ck_assert_msg(h->mem_log_len < (size_t)(64 * lv.ticks), "%zu memory bytes for %ld ticks",
                  h->mem_log_len, lv.ticks);
    live_free(&lv);
}
END_TEST

/* ======================================================================== */
/* Queries, errors, the state hash                                           */
/* ======================================================================== */

START_TEST(queries_follow_the_game) {
    const Config *cfg = &CONFIGS[7]; /* steered */
    Live lv;
    live_play(&lv, cfg);
    const SnakeHistory *h = &lv.hist;
    SnakeGame g;
    SnakeAi ai;
    open_pair(&lv, cfg, &g, &ai);
    long eats = 0, differs = 0;
    for (long t = 0; t < h->ticks; t++) {
        ck_assert_int_eq(snake_history_seek((SnakeHistory *)h, t, &g, &ai, NULL, NULL), WS_OK);
        int len = g.snake.len;
        bool differ = ai.dir != snake_history_move(h, t);
        ck_assert_int_eq(snake_history_differs(h, t), differ);
        differs += differ;
        snake_game_tick(&g, snake_history_move(h, t));
        bool ate = g.snake.len > len;
        ck_assert_int_eq(snake_history_ate(h, t), ate);
        if (ate) {
            ck_assert_int_eq(h->eats[eats].tick, t);
            ck_assert_int_eq(h->eats[eats].food, g.food);
            eats++;
        }
    }
    ck_assert_int_eq(eats, h->neats);
    ck_assert_int_gt(differs, 0);
    ck_assert_int_eq(snake_history_differs(h, h->ticks), -1);
    ck_assert_int_eq(h->length, g.snake.len);
    ck_assert_int_eq(h->outcome, g.outcome);
    ck_assert_int_eq(h->outcome == SNAKE_PLAYING, false);
    snake_ai_deinit(&ai);
    snake_game_deinit(&g);
    live_free(&lv);
}
END_TEST

START_TEST(bad_calls_change_nothing) {
    SnakeRules r = {6, 6, 3, false};
    SnakeGame g, other;
    SnakeHistory h;
    WsError err = {0};
    ck_assert_int_eq(snake_game_init(&g, &r, 3, NULL), WS_OK);
    snake_history_init(&h);
    ck_assert_int_eq(snake_history_seek(&h, 0, &g, NULL, NULL, &err), WS_ERR_ARG);
    ck_assert_int_eq(snake_history_begin(&h, &g, SNAKE_POLICY_GREEDY, 0, NULL, &err), WS_OK);
    /* (2,0) is the head, heading right; up leaves the board. */
    ck_assert_int_eq(snake_history_play(&h, &g, NULL, DIR_UP, DIR_NONE, &err), WS_ERR_ARG);
    ck_assert_ptr_nonnull(strstr(err.msg, "illegal move U"));
    ck_assert_int_eq(h.ticks, 0);
    ck_assert_int_eq(snake_history_toggle(&h, &g, NULL, 1, &err), WS_ERR_ARG); /* the body */
    ck_assert_ptr_nonnull(strstr(err.msg, "snake"));
    ck_assert_int_eq(snake_history_toggle(&h, &g, NULL, g.food, &err), WS_ERR_ARG);
    ck_assert_int_eq(snake_history_toggle(&h, &g, NULL, 36, &err), WS_ERR_ARG);
    ck_assert_int_eq(h.ntoggles, 0);
    ck_assert_int_eq(snake_history_play(&h, &g, NULL, DIR_DOWN, DIR_NONE, &err), WS_OK);
    ck_assert_int_eq(snake_history_seek(&h, 2, &g, NULL, NULL, &err), WS_ERR_ARG);
    ck_assert_int_eq(snake_history_seek(&h, -1, &g, NULL, NULL, &err), WS_ERR_ARG);
    SnakeRules r2 = {7, 6, 3, false};
    ck_assert_int_eq(snake_game_init(&other, &r2, 3, NULL), WS_OK);
    ck_assert_int_eq(snake_history_seek(&h, 0, &other, NULL, NULL, &err), WS_ERR_ARG);
    ck_assert_int_eq(snake_history_truncate(&h, 5, &err), WS_ERR_ARG);
    /* A game not at the history's last tick. */
    ck_assert_int_eq(snake_history_seek(&h, 0, &g, NULL, NULL, &err), WS_OK);
    ck_assert_int_eq(snake_history_play(&h, &g, NULL, DIR_DOWN, DIR_NONE, &err), WS_ERR_ARG);
    ck_assert_int_eq(snake_history_begin(&h, &g, SNAKE_POLICY_GREEDY, 0, NULL, &err), WS_OK);
    ck_assert_int_eq(h.ticks, 0);
    snake_game_tick(&g, DIR_DOWN);
    ck_assert_int_eq(snake_history_begin(&h, &g, SNAKE_POLICY_GREEDY, 0, NULL, &err), WS_ERR_ARG);
    snake_history_deinit(&h);
    snake_game_deinit(&g);
    snake_game_deinit(&other);
}
END_TEST

/* A steered crash (take the wheel): the game ends dead at the last tick
 * without a move; a seek there shows the dead game, a seek before it the
 * live one, and a truncate before it takes the end back. */
START_TEST(crash_ends_at_the_last_tick) {
    SnakeRules r = {6, 6, 3, false};
    SnakeGame g, view;
    SnakeHistory h;
    WsError err = {0};
    ck_assert_int_eq(snake_game_init(&g, &r, 3, NULL), WS_OK);
    ck_assert_int_eq(snake_game_init(&view, &r, 3, NULL), WS_OK);
    snake_history_init(&h);
    ck_assert_int_eq(snake_history_begin(&h, &g, SNAKE_POLICY_GREEDY, 0, NULL, &err), WS_OK);
    ck_assert_int_eq(snake_history_play(&h, &g, NULL, DIR_RIGHT, DIR_NONE, &err), WS_OK);
    uint64_t alive = snake_history_hash_game(&g);
    /* (3,0) is the head, heading right; up leaves the board. */
    ck_assert(!snake_game_is_legal(&g, DIR_UP));
    ck_assert_int_eq(snake_history_crash(&h, &g, &err), WS_OK);
    ck_assert_int_eq(g.outcome, SNAKE_DEAD);
    ck_assert_int_eq(h.outcome, SNAKE_DEAD);
    ck_assert_int_eq(h.ticks, 1);
    ck_assert_int_eq(snake_history_crash(&h, &g, &err), WS_ERR_ARG); /* over */
    ck_assert_int_eq(snake_history_seek(&h, 1, &view, NULL, NULL, &err), WS_OK);
    ck_assert_uint_eq(snake_history_hash_game(&view), snake_history_hash_game(&g));
    ck_assert_int_eq(snake_history_seek(&h, 0, &view, NULL, NULL, &err), WS_OK);
    ck_assert_int_eq(view.outcome, SNAKE_PLAYING);
    ck_assert_int_eq(snake_history_truncate(&h, 0, &err), WS_OK);
    ck_assert_int_eq(h.outcome, SNAKE_PLAYING);
    ck_assert_int_eq(snake_history_play(&h, &view, NULL, DIR_RIGHT, DIR_NONE, &err), WS_OK);
    ck_assert_uint_eq(snake_history_hash_game(&view), alive);
    snake_history_deinit(&h);
    snake_game_deinit(&g);
    snake_game_deinit(&view);
}
END_TEST

/* A forfeit (an engine that failed) is recorded like a crash: no move, the
 * end at the last tick; a seek there shows it, a truncate takes it back. */
START_TEST(forfeit_ends_at_the_last_tick) {
    SnakeRules r = {6, 6, 3, false};
    SnakeGame g, view;
    SnakeHistory h;
    WsError err = {0};
    ck_assert_int_eq(snake_game_init(&g, &r, 3, NULL), WS_OK);
    ck_assert_int_eq(snake_game_init(&view, &r, 3, NULL), WS_OK);
    snake_history_init(&h);
    ck_assert_int_eq(snake_history_begin(&h, &g, SNAKE_POLICY_GREEDY, 0, NULL, &err), WS_OK);
    ck_assert_int_eq(snake_history_play(&h, &g, NULL, DIR_RIGHT, DIR_NONE, &err), WS_OK);
    ck_assert_int_eq(snake_history_forfeit(&h, &g, &err), WS_OK);
    ck_assert_int_eq(g.outcome, SNAKE_FORFEIT);
    ck_assert_int_eq(h.outcome, SNAKE_FORFEIT);
    ck_assert_int_eq(h.ticks, 1);
    ck_assert_int_eq(snake_history_forfeit(&h, &g, &err), WS_ERR_ARG); /* over */
    ck_assert_int_eq(snake_history_seek(&h, 1, &view, NULL, NULL, &err), WS_OK);
    ck_assert_int_eq(view.outcome, SNAKE_FORFEIT);
    ck_assert_uint_eq(snake_history_hash_game(&view), snake_history_hash_game(&g));
    ck_assert_int_eq(snake_history_seek(&h, 0, &view, NULL, NULL, &err), WS_OK);
    ck_assert_int_eq(view.outcome, SNAKE_PLAYING);
    ck_assert_int_eq(snake_history_truncate(&h, 0, &err), WS_OK);
    ck_assert_int_eq(h.outcome, SNAKE_PLAYING);
    snake_history_deinit(&h);
    snake_game_deinit(&g);
    snake_game_deinit(&view);
}
END_TEST

START_TEST(game_hash_sees_every_part) {
    SnakeRules r = {8, 8, 3, false};
    SnakeGame a, b;
    ck_assert_int_eq(snake_game_init(&a, &r, 5, NULL), WS_OK);
    ck_assert_int_eq(snake_game_init(&b, &r, 5, NULL), WS_OK);
    uint64_t h0 = snake_history_hash_game(&a);
    ck_assert(h0 == snake_history_hash_game(&b));
    snake_game_tick(&b, DIR_DOWN);
    ck_assert(h0 != snake_history_hash_game(&b));
    snake_game_reset(&b, 5);
    ck_assert(h0 == snake_history_hash_game(&b));
    rng_next(&b.other); /* the second stream alone */
    ck_assert(h0 != snake_history_hash_game(&b));
    snake_game_reset(&b, 5);
    ck_assert(snake_game_toggle_wall(&b, 63) || snake_game_toggle_wall(&b, 62));
    ck_assert(h0 != snake_history_hash_game(&b));
    snake_game_reset(&b, 6);
    ck_assert(h0 != snake_history_hash_game(&b));
    snake_game_deinit(&a);
    snake_game_deinit(&b);
}
END_TEST

/* ======================================================================== */
/* Policy changes                                                            */
/* ======================================================================== */

enum { SW_MAX = 700 };

/* A game whose policy changes: greedy from tick 0, perfect from t1 (after a
 * wall toggled on and off at t1 by greedy: two more states at t1), greedy
 * again from t2. Per tick: the policy, the state, and the decision and the
 * memory of the AI playing there. */
typedef struct Switched {
    SnakeRules rules;
    SnakeHistory hist;
    long ticks, t1, t2;
    SnakePolicy policy[SW_MAX + 1];
    uint64_t state[SW_MAX + 1], decision[SW_MAX + 1], memory[SW_MAX + 1];
} Switched;

static uint64_t memory_hash(const SnakeAi *ai) {
    size_t max = snake_ai_memory_max(ai);
    uint8_t *buf = malloc(max > 0 ? max : 1);
    size_t len = max > 0 ? snake_ai_memory_save(ai, buf) : 0;
    uint64_t hash = mix(3, (uint64_t)len);
    for (size_t i = 0; i < len; i++)
        hash = mix(hash, buf[i]);
    free(buf);
    return hash;
}

/* The pair the switched game is played and checked with: [0] greedy, [1] perfect. */
static void switched_open(const Switched *sw, SnakeGame *g, SnakeAi ais[2]) {
    WsError err = {0};
    ck_assert_msg(snake_game_init(g, &sw->rules, 11, &err) == WS_OK, "%s", err.msg);
    ck_assert(snake_ai_init(&ais[0], sw->rules.w, sw->rules.h, SNAKE_POLICY_GREEDY, false, &err) ==
              WS_OK);
    ck_assert(snake_ai_init(&ais[1], sw->rules.w, sw->rules.h, SNAKE_POLICY_PERFECT, false, &err) ==
              WS_OK);
}

static void switched_close(SnakeGame *g, SnakeAi ais[2]) {
    snake_ai_deinit(&ais[0]);
    snake_ai_deinit(&ais[1]);
    snake_game_deinit(g);
}

static void switched_play(Switched *sw, long t1, long t2) {
    memset(sw, 0, sizeof *sw);
    sw->rules = (SnakeRules){10, 10, 3, false};
    sw->t1 = t1;
    sw->t2 = t2;
    SnakeGame g;
    SnakeAi ais[2];
    WsError err = {0};
    switched_open(sw, &g, ais);
    snake_history_init(&sw->hist);
    SnakeHistory *h = &sw->hist;
    ck_assert_int_eq(snake_history_begin(h, &g, SNAKE_POLICY_GREEDY, 1, &ais[0], &err), WS_OK);
    SnakeAi *ai = &ais[0];
    Dir d = snake_ai_choose(ai, &g);
    while (g.outcome == SNAKE_PLAYING && h->ticks < SW_MAX) {
        long t = h->ticks;
        if (t == t1) {
            int cell = 0;
            while (snake_history_toggle(h, &g, ai, cell, NULL) != WS_OK)
                cell++;
            snake_ai_choose(ai, &g);
            ck_assert_int_eq(snake_history_toggle(h, &g, ai, cell, &err), WS_OK); /* off again */
            snake_ai_choose(ai, &g);
        }
        if (t == t1 || t == t2) {
            SnakeAi *next = t == t1 ? &ais[1] : &ais[0];
            ck_assert_int_eq(snake_ai_memory_load(next, NULL, 0, &err), WS_OK); /* a new game's */
            ck_assert_int_eq(snake_history_switch(h, &g, next->policy, next, &err), WS_OK);
            ai = next;
            d = snake_ai_choose(ai, &g);
        }
        sw->policy[t] = ai->policy;
        sw->state[t] = snake_history_hash_game(&g);
        sw->decision[t] = decision_hash(ai);
        sw->memory[t] = memory_hash(ai);
        ck_assert_int_eq(snake_history_play(h, &g, ai, d, d, &err), WS_OK);
        if (g.outcome == SNAKE_PLAYING)
            d = snake_ai_choose(ai, &g);
    }
    long t = sw->ticks = h->ticks;
    ck_assert_msg(t > t2 + 20, "the game should outlast the second change (%ld ticks)", t);
    sw->policy[t] = ai->policy;
    sw->state[t] = snake_history_hash_game(&g);
    sw->decision[t] = g.outcome == SNAKE_PLAYING ? decision_hash(ai) : 0;
    sw->memory[t] = g.outcome == SNAKE_PLAYING ? memory_hash(ai) : 0;
    switched_close(&g, ais);
}

/* Seeks t with the AI of the policy that played there (the recorded
 * decision and memory) and with the other one (not exact). */
static void switched_check(Switched *sw, long t, SnakeGame *g, SnakeAi ais[2]) {
    WsError err = {0};
    bool exact = false;
    SnakeAi *own = sw->policy[t] == SNAKE_POLICY_PERFECT ? &ais[1] : &ais[0];
    SnakeAi *other = own == &ais[0] ? &ais[1] : &ais[0];
    ck_assert_int_eq(snake_history_policy_at(&sw->hist, t), sw->policy[t]);
    ck_assert_msg(snake_history_seek(&sw->hist, t, g, other, &exact, &err) == WS_OK, "%s", err.msg);
    ck_assert_msg(!exact, "tick %ld: the other policy's decision is not the recorded one", t);
    ck_assert_msg(snake_history_seek(&sw->hist, t, g, own, &exact, &err) == WS_OK, "%s", err.msg);
    ck_assert_msg(exact, "tick %ld (%s) is not exact", t, snake_policy_name(sw->policy[t]));
    ck_assert_msg(snake_history_hash_game(g) == sw->state[t], "tick %ld: the state differs", t);
    bool playing = g->outcome == SNAKE_PLAYING;
    ck_assert_msg((playing ? decision_hash(own) : 0) == sw->decision[t],
                  "tick %ld: the %s decision differs", t, snake_policy_name(sw->policy[t]));
    ck_assert_msg((playing ? memory_hash(own) : 0) == sw->memory[t],
                  "tick %ld: the %s memory differs", t, snake_policy_name(sw->policy[t]));
}

/* Before the change the old policy's decisions, from it the new one's, with
 * its memory (perfect's matters: it is not a new game's after a few ticks). */
START_TEST(policy_change_keeps_each_policys_ticks) {
    Switched *sw = malloc(sizeof *sw);
    switched_play(sw, 40, 160);
    SnakeHistory *h = &sw->hist;
    ck_assert_int_eq(h->nchanges, 2);
    ck_assert_int_eq(h->changes[0].tick, 40);
    ck_assert_int_eq(h->changes[0].policy, SNAKE_POLICY_PERFECT);
    ck_assert_int_eq(h->policy, SNAKE_POLICY_GREEDY);
    ck_assert_int_eq(snake_history_policy_at(h, 39), SNAKE_POLICY_GREEDY);
    ck_assert_int_eq(snake_history_policy_at(h, 159), SNAKE_POLICY_PERFECT);
    ck_assert_int_eq(snake_history_policy_at(h, 160), SNAKE_POLICY_GREEDY);
    SnakeAi ais[2];
    SnakeGame g;
    switched_open(sw, &g, ais);
    int remembered = 0;
    uint64_t fresh = memory_hash(&ais[1]);
    for (long t = 41; t < 160; t++)
        remembered += sw->memory[t] != fresh;
    ck_assert_msg(remembered > 10, "perfect kept memory at %d ticks only", remembered);
    for (long t = sw->ticks; t >= 0; t--)
        switched_check(sw, t, &g, ais);
    for (long t = 0; t <= sw->ticks; t++)
        switched_check(sw, t, &g, ais);
    Rng r;
    rng_init(&r, 5, 5);
    for (int i = 0; i < 300; i++)
        switched_check(sw, (long)rng_bounded(&r, (uint32_t)sw->ticks + 1), &g, ais);
    /* Seeking still never allocates. */
    long before = alloc_count();
    int failures = 0;
    for (long t = sw->ticks; t >= 0; t -= 7)
        failures += snake_history_seek(h, t, &g, &ais[t >= 40 && t < 160], NULL, NULL) != WS_OK;
    long during = alloc_count() - before;
    ck_assert_int_eq(failures, 0);
    ck_assert_msg(during == 0, "%ld allocations while seeking", during);
    /* A scan runs one policy over the whole game: refused. */
    bool done = true;
    WsError err = {0};
    ck_assert_int_eq(snake_history_scan(h, &g, &ais[0], 100, &done, &err), WS_ERR_ARG);
    ck_assert(!done);
    switched_close(&g, ais);
    snake_history_deinit(h);
    free(sw);
}
END_TEST

/* Truncating below a change drops it; at or after it keeps it; play goes on
 * with the policy in force there, as in the game recorded. */
START_TEST(truncate_drops_later_policy_changes) {
    static const long CUT[] = {20, 40, 100, 160, 170};
    static const long CHANGES[] = {0, 1, 1, 2, 2};
    Switched *sw = malloc(sizeof *sw);
    for (int k = 0; k < 5; k++) {
        switched_play(sw, 40, 160);
        SnakeHistory *h = &sw->hist;
        SnakeAi ais[2];
        SnakeGame g;
        WsError err = {0};
        switched_open(sw, &g, ais);
        long t = CUT[k];
        SnakeAi *ai = &ais[sw->policy[t] == SNAKE_POLICY_PERFECT];
        ck_assert_int_eq(snake_history_seek(h, t, &g, ai, NULL, &err), WS_OK);
        ck_assert_int_eq(snake_history_truncate(h, t, &err), WS_OK);
        ck_assert_int_eq(h->nchanges, CHANGES[k]);
        ck_assert_int_eq(snake_history_policy_at(h, t), sw->policy[t]);
        ck_assert_int_eq(snake_history_policy_at(h, t + 1000), sw->policy[t]);
        /* Playing on with the policy in force replays the recorded game up
         * to the next change (cut below t1: greedy goes on where perfect played). */
        long until = t < 40 ? 40 : t < 160 ? 160 : sw->ticks;
        while (g.outcome == SNAKE_PLAYING && h->ticks < until) {
            ck_assert_int_eq(snake_history_play(h, &g, ai, ai->dir, ai->dir, &err), WS_OK);
            ck_assert_msg(snake_history_hash_game(&g) == sw->state[h->ticks],
                          "cut at %ld: tick %ld differs", t, h->ticks);
            if (g.outcome == SNAKE_PLAYING)
                snake_ai_choose(ai, &g);
        }
        /* Up to the next change the recorded game's policies are the truncated one's. */
        for (long u = h->ticks < sw->ticks ? h->ticks - 1 : h->ticks; u >= 0; u -= 3)
            switched_check(sw, u, &g, ais);
        switched_close(&g, ais);
        snake_history_deinit(h);
    }
    free(sw);
}
END_TEST

/* A second change at the same tick replaces the first; changing back to the
 * policy before it removes it; a change to the policy playing does nothing;
 * a finished game or a game not at the last tick changes nothing. */
START_TEST(policy_change_rules) {
    Switched *sw = malloc(sizeof *sw);
    sw->rules = (SnakeRules){10, 10, 3, false};
    SnakeAi ais[2];
    SnakeGame g;
    WsError err = {0};
    switched_open(sw, &g, ais);
    SnakeHistory h;
    snake_history_init(&h);
    ck_assert_int_eq(snake_history_begin(&h, &g, SNAKE_POLICY_GREEDY, 0, &ais[0], &err), WS_OK);
    ck_assert_int_eq(snake_history_switch(&h, &g, SNAKE_POLICY_GREEDY, &ais[0], &err), WS_OK);
    ck_assert_int_eq(h.nchanges, 0);
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(
            snake_history_play(&h, &g, &ais[0], snake_ai_choose(&ais[0], &g), DIR_NONE, &err),
            WS_OK);
    ck_assert_int_eq(snake_history_switch(&h, &g, SNAKE_POLICY_PERFECT, &ais[1], &err), WS_OK);
    ck_assert_int_eq(h.nchanges, 1);
    ck_assert_int_eq(snake_history_switch(&h, &g, SNAKE_POLICY_HAMILTON, NULL, &err), WS_OK);
    ck_assert_int_eq(h.nchanges, 1);
    ck_assert_int_eq(h.changes[0].policy, SNAKE_POLICY_HAMILTON);
    ck_assert_int_eq(snake_history_switch(&h, &g, SNAKE_POLICY_GREEDY, &ais[0], &err), WS_OK);
    ck_assert_int_eq(h.nchanges, 0);
    /* Back at greedy: its memory records (empty) go on, and a seek is exact. */
    bool exact = false;
    ck_assert_int_eq(snake_history_seek(&h, 5, &g, &ais[0], &exact, &err), WS_OK);
    ck_assert(exact);
    SnakeGame other;
    ck_assert_int_eq(snake_game_init(&other, &sw->rules, 11, &err), WS_OK);
    ck_assert_int_eq(snake_history_switch(&h, &other, SNAKE_POLICY_PERFECT, &ais[1], &err),
                     WS_ERR_ARG); /* not at the last tick */
    ck_assert_int_eq(h.nchanges, 0);
    ck_assert_int_eq(snake_history_crash(&h, &g, &err), WS_OK);
    ck_assert_int_eq(snake_history_switch(&h, &g, SNAKE_POLICY_PERFECT, &ais[1], &err),
                     WS_ERR_ARG); /* over */
    ck_assert_int_eq(h.nchanges, 0);
    snake_game_deinit(&other);
    switched_close(&g, ais);
    snake_history_deinit(&h);
    free(sw);
}
END_TEST

static Suite *snake_history_suite(void) {
    Suite *s = suite_create("snake_history");
    TCase *tc = tcase_create("rewind");
    /* 19 s of the suite's 24 in release: CTest runs it as
     * unit_snake_history_slow (labels unit;slow: `make test`, not `make check`). */
    tcase_set_tags(tc, "slow");
    tcase_add_loop_test(tc, rewind_reproduces_every_tick, 0, NCONFIGS);
    tcase_add_test(tc, rewind_long_and_unfinished);
    tcase_set_timeout(
        tc, 900); /* whole games rewound tick by tick: minutes under ASan on a loaded machine */
    suite_add_tcase(s, tc);
    tc = tcase_create("memory");
    tcase_add_test(tc, memory_is_complete);
    tcase_add_test(tc, memory_matters_for_perfect);
    tcase_add_test(tc, memory_bytes_are_checked);
    suite_add_tcase(s, tc);
    tc = tcase_create("scan");
    tcase_add_test(tc, scan_fills_memory_and_marks);
    tcase_add_test(tc, unscanned_memory_is_not_exact);
    suite_add_tcase(s, tc);
    tc = tcase_create("truncate");
    tcase_add_test(tc, truncate_and_resume);
    tcase_add_test(tc, truncate_then_toggle_rewinds);
    suite_add_tcase(s, tc);
    tc = tcase_create("policy");
    tcase_add_test(tc, policy_change_keeps_each_policys_ticks);
    tcase_add_test(tc, truncate_drops_later_policy_changes);
    tcase_add_test(tc, policy_change_rules);
    suite_add_tcase(s, tc);
    tc = tcase_create("bounds");
    tcase_add_test(tc, seeking_never_allocates);
    tcase_add_test(tc, memory_is_bounded_on_a_long_game);
    suite_add_tcase(s, tc);
    tc = tcase_create("queries");
    tcase_add_test(tc, queries_follow_the_game);
    tcase_add_test(tc, bad_calls_change_nothing);
    tcase_add_test(tc, crash_ends_at_the_last_tick);
    tcase_add_test(tc, forfeit_ends_at_the_last_tick);
    tcase_add_test(tc, game_hash_sees_every_part);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(snake_history_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
