/* Monster minds: every teaching transition, the golden chase script, a
 * guard's trip home, the live machine's table, zombie ties, desire steps and
 * line of sight. Script errors are in test_monster_script.c. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ascii_map.h"
#include "monster.h"
#include "monster_script.h"

#ifndef WS_TEST_DATA
#define WS_TEST_DATA "tests/data"
#endif

/* ======================================================================== */
/* The teaching transition table                                            */
/* ======================================================================== */

typedef struct TeachCase {
    const char *what;
    MonState from;
    MonSenses in;
    MonState to;
    int lost;
    MonAction action;
} TeachCase;

/* MonSenses: sees, path_len, home_len, life, max_life, lost, is_guard */
static const TeachCase TEACH[] = {
    {"sleep wakes at WAKE", MON_SLEEP, {true, 5, MON_NONE, 9, 9, 0, false}, MON_CHASE, 0, MON_ACT_STAY},
    {"sleep: too far", MON_SLEEP, {true, 6, MON_NONE, 9, 9, 0, false}, MON_SLEEP, 0, MON_ACT_STAY},
    {"sleep: hidden", MON_SLEEP, {false, 2, MON_NONE, 9, 9, 0, false}, MON_SLEEP, 0, MON_ACT_STAY},
    {"guard engages at GUARD", MON_GUARD, {true, 6, 0, 9, 9, 2, true}, MON_CHASE, 0, MON_ACT_STAY},
    {"guard: too far", MON_GUARD, {true, 7, 0, 9, 9, 0, true}, MON_GUARD, 0, MON_ACT_STAY},
    {"guard: hidden", MON_GUARD, {false, 1, 0, 9, 9, 0, true}, MON_GUARD, 0, MON_ACT_STAY},
    {"wander sees", MON_WANDER, {true, 8, MON_NONE, 9, 9, 3, false}, MON_CHASE, 0, MON_ACT_STAY},
    {"wander walks", MON_WANDER, {false, 3, MON_NONE, 9, 9, 0, false}, MON_WANDER, 0, MON_ACT_WANDER},
    {"chase flees below a quarter", MON_CHASE, {true, 3, MON_NONE, 3, 16, 0, false}, MON_FLEE, 0, MON_ACT_STAY},
    {"chase: a quarter is not below", MON_CHASE, {true, 3, MON_NONE, 4, 16, 0, false}, MON_CHASE, 0, MON_ACT_CHASE},
    {"chase seen resets lost", MON_CHASE, {true, 5, MON_NONE, 9, 9, 2, false}, MON_CHASE, 0, MON_ACT_CHASE},
    {"chase unseen keeps going", MON_CHASE, {false, 5, MON_NONE, 9, 9, 0, false}, MON_CHASE, 1, MON_ACT_CHASE},
    {"chase: lost 3 is not > LOST", MON_CHASE, {false, 5, MON_NONE, 9, 9, 2, false}, MON_CHASE, 3, MON_ACT_CHASE},
    {"chase gives up: wander", MON_CHASE, {false, 5, MON_NONE, 9, 9, 3, false}, MON_WANDER, 4, MON_ACT_STAY},
    {"chase gives up: guard goes home", MON_CHASE, {false, 5, 4, 9, 9, 3, true}, MON_HOME, 4, MON_ACT_STAY},
    {"chase adjacent stays", MON_CHASE, {true, 1, MON_NONE, 9, 9, 0, false}, MON_CHASE, 0, MON_ACT_STAY},
    {"chase on the hero stays", MON_CHASE, {true, 0, MON_NONE, 9, 9, 0, false}, MON_CHASE, 0, MON_ACT_STAY},
    {"chase at FAR steps", MON_CHASE, {false, 20, MON_NONE, 9, 9, 0, false}, MON_CHASE, 1, MON_ACT_CHASE},
    {"chase beyond FAR stays", MON_CHASE, {false, 21, MON_NONE, 9, 9, 0, false}, MON_CHASE, 1, MON_ACT_STAY},
    {"chase without a path stays", MON_CHASE, {false, MON_NONE, MON_NONE, 9, 9, 0, false}, MON_CHASE, 1, MON_ACT_STAY},
    {"home walks", MON_HOME, {true, 2, 3, 9, 9, 4, true}, MON_HOME, 4, MON_ACT_HOME},
    {"home arrives this turn", MON_HOME, {false, 2, 1, 9, 9, 4, true}, MON_GUARD, 4, MON_ACT_HOME},
    {"home already there", MON_HOME, {false, 2, 0, 9, 9, 4, true}, MON_GUARD, 4, MON_ACT_HOME},
    {"home cut off waits", MON_HOME, {false, 2, MON_NONE, 9, 9, 4, true}, MON_HOME, 4, MON_ACT_STAY},
    {"flee flees", MON_FLEE, {true, 1, MON_NONE, 1, 9, 0, false}, MON_FLEE, 0, MON_ACT_FLEE},
};

START_TEST(teaching_transitions) {
    const TeachCase *c = &TEACH[_i];
    MonDecision d = monster_next_state(c->from, &c->in);
    ck_assert_msg(d.state == c->to, "%s: state %s, expected %s", c->what,
                  monster_state_name(d.state), monster_state_name(c->to));
    ck_assert_msg(d.lost == c->lost, "%s: lost %d, expected %d", c->what, d.lost, c->lost);
    ck_assert_msg(d.action == c->action, "%s: action %d, expected %d", c->what, d.action,
                  c->action);
}
END_TEST

/* ======================================================================== */
/* Replaying scripts                                                         */
/* ======================================================================== */

static char *read_all(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    static char buf[1 << 16];
    *len = fread(buf, 1, sizeof buf - 1, f);
    buf[*len] = '\0';
    fclose(f);
    char *copy = malloc(*len + 1);
    memcpy(copy, buf, *len + 1);
    return copy;
}

/* Replays `script` on the map and writes the tool's lines into out. */
static void replay(const TextMap *map, const char *script, char *out, size_t size) {
    uint8_t blocked[4096];
    textmap_to_blocked(map, blocked);
    MonScript s;
    WsError err = {0};
    ck_assert_msg(monster_script_parse(&s, script, strlen(script), "t.script", map->w, map->h,
                                       blocked, &err) == WS_OK,
                  "%s", err.msg);
    TeachWorld world;
    ck_assert_int_eq(monster_teach_init(&world, map->w, map->h, blocked, NULL), WS_OK);
    TeachEnemy e;
    monster_teach_start(&e, s.enemy_cell, s.state, s.life);
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < s.count; i++) {
        TeachResult r;
        monster_teach_turn(&world, &e, i + 1, &s.turns[i], &r);
        char state[32];
        if (r.old_state != r.new_state)
            snprintf(state, sizeof state, "%s -> %s", monster_state_name(r.old_state),
                     monster_state_name(r.new_state));
        else
            snprintf(state, sizeof state, "%s", monster_state_name(r.new_state));
        len += (size_t)snprintf(out + len, size - len, "turn %d: %s, enemy (%d, %d), path %d, life %d\n",
                                i + 1, state, r.cell % map->w, r.cell / map->w, r.path_len,
                                r.life);
    }
    monster_teach_deinit(&world);
    monster_script_deinit(&s);
}

START_TEST(golden_chase_script) {
    size_t n;
    char *level = read_all(WS_TEST_DATA "/level.txt", &n);
    TextMap map;
    ck_assert_int_eq(textmap_parse(&map, level, n, "level.txt", NULL), WS_OK);
    char *script = read_all(WS_TEST_DATA "/chase.script", &n);
    char *want = read_all(WS_TEST_DATA "/chase.out", &n);
    static char got[8192];
    replay(&map, script, got, sizeof got);
    ck_assert_str_eq(got, want);
    free(level);
    free(script);
    free(want);
    textmap_deinit(&map);
}
END_TEST

static const char *const CORRIDOR[] = {
    "##########", /* */
    "#........#", /* */
    "##########", /* */
};

START_TEST(guard_chases_gives_up_and_walks_home) {
    /* Worked by hand: the guard at (8,1) sees the hero 5 steps away, chases,
     * loses it for four turns (lost 4 > 3), walks the 4 steps home and is a
     * guard again on arrival, then engages again. */
    TextMap map;
    ck_assert_int_eq(ascii_map_parse(&map, CORRIDOR, 3), WS_OK);
    const char *script = "enemy 8 1 guard 10\n"
                         "turn 3 1 0 0\n"
                         "turn 3 1 0 0\n"
                         "turn 3 1 0 1\n"
                         "turn 3 1 0 1\n"
                         "turn 3 1 0 1\n"
                         "turn 3 1 0 1\n"
                         "turn 3 1 0 1\n"
                         "turn 3 1 0 1\n"
                         "turn 3 1 0 1\n"
                         "turn 3 1 0 1\n"
                         "turn 3 1 0 0\n";
    const char *want = "turn 1: guard -> chase, enemy (8, 1), path 5, life 10\n"
                       "turn 2: chase, enemy (7, 1), path 4, life 10\n"
                       "turn 3: chase, enemy (6, 1), path 3, life 10\n"
                       "turn 4: chase, enemy (5, 1), path 2, life 10\n"
                       "turn 5: chase, enemy (4, 1), path 1, life 10\n"
                       "turn 6: chase -> home, enemy (4, 1), path 1, life 10\n"
                       "turn 7: home, enemy (5, 1), path 2, life 10\n"
                       "turn 8: home, enemy (6, 1), path 3, life 10\n"
                       "turn 9: home, enemy (7, 1), path 4, life 10\n"
                       "turn 10: home -> guard, enemy (8, 1), path 5, life 10\n"
                       "turn 11: guard -> chase, enemy (8, 1), path 5, life 10\n";
    static char got[4096];
    replay(&map, script, got, sizeof got);
    ck_assert_str_eq(got, want);
    textmap_deinit(&map);
}
END_TEST

START_TEST(wander_steps_by_turn_number) {
    /* Turn t steps in direction t % 4: 1 right, 2 down, 3 left, 4 up. The
     * hero is hidden so the wanderer never sees it. */
    TextMap map;
    ck_assert_int_eq(ascii_map_parse(&map, ASCII_MAP_ROOM, ASCII_MAP_ROOM_ROWS), WS_OK);
    const char *script = "enemy 2 1 wander 5\n"
                         "turn 5 1 0 1\n"  /* right to (3,1) */
                         "turn 5 1 0 1\n"  /* down to (3,2) */
                         "turn 5 1 0 1\n"  /* left to (2,2) */
                         "turn 5 1 0 1\n"  /* up to (2,1) */
                         "turn 3 1 0 1\n"  /* right: the hero's cell, stays */
                         "turn 5 1 0 1\n"  /* down to (2,2) */
                         "turn 5 1 0 1\n"  /* left to (1,2) */
                         "turn 5 1 0 1\n"  /* up to (1,1) */
                         "turn 5 1 0 1\n"  /* right to (2,1) */
                         "turn 5 1 0 1\n"; /* down to (2,2) */
    const char *want = "turn 1: wander, enemy (3, 1), path 2, life 5\n"
                       "turn 2: wander, enemy (3, 2), path 3, life 5\n"
                       "turn 3: wander, enemy (2, 2), path 4, life 5\n"
                       "turn 4: wander, enemy (2, 1), path 3, life 5\n"
                       "turn 5: wander, enemy (2, 1), path 1, life 5\n"
                       "turn 6: wander, enemy (2, 2), path 4, life 5\n"
                       "turn 7: wander, enemy (1, 2), path 5, life 5\n"
                       "turn 8: wander, enemy (1, 1), path 4, life 5\n"
                       "turn 9: wander, enemy (2, 1), path 3, life 5\n"
                       "turn 10: wander, enemy (2, 2), path 4, life 5\n";
    static char got[4096];
    replay(&map, script, got, sizeof got);
    ck_assert_str_eq(got, want);
    textmap_deinit(&map);
}
END_TEST

START_TEST(wander_into_a_wall_stays) {
    TextMap map;
    ck_assert_int_eq(ascii_map_parse(&map, ASCII_MAP_ROOM, ASCII_MAP_ROOM_ROWS), WS_OK);
    /* (3,3): right is (4,3), a wall. */
    static char got[512];
    replay(&map, "enemy 3 3 wander 5\nturn 1 1 0 1\n", got, sizeof got);
    ck_assert_str_eq(got, "turn 1: wander, enemy (3, 3), path 4, life 5\n");
    textmap_deinit(&map);
}
END_TEST

START_TEST(flee_takes_the_first_best_direction) {
    /* Hero above at (3,1), enemy at (3,2), life 1 of 8. Turn 1: chase ->
     * flee (no move). Turn 2: right (4,2), down (3,3) and left (2,2) all give
     * distance 2; right comes first. Turn 3: right (5,2) gives 3, the rest
     * less. Turn 4: down (5,3) gives 4; the path back goes around (4,3). */
    TextMap map;
    ck_assert_int_eq(ascii_map_parse(&map, ASCII_MAP_ROOM, ASCII_MAP_ROOM_ROWS), WS_OK);
    static char got[1024];
    replay(&map, "enemy 3 2 chase 8\nturn 3 1 7 0\nturn 3 1 0 0\nturn 3 1 0 0\nturn 3 1 0 0\n",
           got, sizeof got);
    ck_assert_str_eq(got, "turn 1: chase -> flee, enemy (3, 2), path 1, life 1\n"
                          "turn 2: flee, enemy (4, 2), path 2, life 1\n"
                          "turn 3: flee, enemy (5, 2), path 3, life 1\n"
                          "turn 4: flee, enemy (5, 3), path 4, life 1\n");
    textmap_deinit(&map);
}
END_TEST

START_TEST(damage_never_goes_below_zero) {
    TextMap map;
    ck_assert_int_eq(ascii_map_parse(&map, ASCII_MAP_ROOM, ASCII_MAP_ROOM_ROWS), WS_OK);
    static char got[512];
    replay(&map, "enemy 1 1 sleep 4\nturn 5 2 9 1\n", got, sizeof got);
    ck_assert_str_eq(got, "turn 1: sleep, enemy (1, 1), path 5, life 0\n");
    textmap_deinit(&map);
}
END_TEST

/* ======================================================================== */
/* The live machine                                                          */
/* ======================================================================== */

typedef struct LiveCase {
    const char *what;
    MonState from;
    MonLiveSenses in;
    MonState to;
    MonAction action;
} LiveCase;

/* MonLiveSenses: sees, hero_dist, life, max_life, lost, calm, is_guard, at_post, wake, move */
static const LiveCase LIVE[] = {
    {"sleep wakes on the roll", MON_SLEEP, {true, 7, 9, 9, 0, 0, false, false, true, false}, MON_CHASE, MON_ACT_STAY},
    {"sleep: no roll", MON_SLEEP, {true, 7, 9, 9, 0, 0, false, false, false, false}, MON_SLEEP, MON_ACT_STAY},
    {"sleep: unseen", MON_SLEEP, {false, 2, 9, 9, 0, 0, false, false, true, false}, MON_SLEEP, MON_ACT_STAY},
    {"wander sees", MON_WANDER, {true, 8, 9, 9, 0, 0, false, false, false, true}, MON_CHASE, MON_ACT_STAY},
    {"wander moves on the roll", MON_WANDER, {false, 8, 9, 9, 0, 0, false, false, false, true}, MON_WANDER, MON_ACT_STEP},
    {"wander rests", MON_WANDER, {false, 8, 9, 9, 0, 0, false, false, false, false}, MON_WANDER, MON_ACT_STAY},
    {"guard engages", MON_GUARD, {true, 6, 9, 9, 0, 0, true, true, false, false}, MON_CHASE, MON_ACT_STAY},
    {"guard: too far", MON_GUARD, {true, 7, 9, 9, 0, 0, true, true, false, false}, MON_GUARD, MON_ACT_STAY},
    {"guard off post goes home", MON_GUARD, {false, 7, 9, 9, 0, 0, true, false, false, false}, MON_HOME, MON_ACT_STEP},
    {"home re-engages", MON_HOME, {true, 5, 9, 9, 0, 0, true, false, false, false}, MON_CHASE, MON_ACT_STAY},
    {"home arrives", MON_HOME, {false, 5, 9, 9, 0, 0, true, true, false, false}, MON_GUARD, MON_ACT_STAY},
    {"home walks", MON_HOME, {false, 5, 9, 9, 0, 0, true, false, false, false}, MON_HOME, MON_ACT_STEP},
    {"chase flees", MON_CHASE, {true, 1, 2, 12, 0, 0, false, false, false, false}, MON_FLEE, MON_ACT_STAY},
    {"chase fights adjacent", MON_CHASE, {true, 1, 9, 9, 0, 0, false, false, false, false}, MON_CHASE, MON_ACT_FIGHT},
    {"chase steps", MON_CHASE, {true, 6, 9, 9, 0, 0, false, false, false, false}, MON_CHASE, MON_ACT_STEP},
    {"chase beyond FAR waits", MON_CHASE, {true, 21, 9, 9, 0, 0, false, false, false, false}, MON_CHASE, MON_ACT_STAY},
    {"chase unseen keeps on", MON_CHASE, {false, 6, 9, 9, 4, 0, false, false, false, false}, MON_CHASE, MON_ACT_STEP},
    {"chase gives up", MON_CHASE, {false, 6, 9, 9, 5, 0, false, false, false, false}, MON_WANDER, MON_ACT_STAY},
    {"chase gives up, guard", MON_CHASE, {false, 6, 9, 9, 5, 0, true, false, false, false}, MON_HOME, MON_ACT_STAY},
    {"flee recovered, sees", MON_FLEE, {true, 3, 6, 12, 0, 4, false, false, false, false}, MON_CHASE, MON_ACT_STAY},
    {"flee recovered, alone", MON_FLEE, {false, 3, 6, 12, 0, 4, false, false, false, false}, MON_WANDER, MON_ACT_STAY},
    {"flee runs", MON_FLEE, {false, 3, 5, 12, 0, 2, false, false, false, false}, MON_FLEE, MON_ACT_STEP},
};

START_TEST(live_transitions) {
    const LiveCase *c = &LIVE[_i];
    MonDecision d = monster_live_next(c->from, &c->in);
    ck_assert_msg(d.state == c->to, "%s: state %s, expected %s", c->what,
                  monster_state_name(d.state), monster_state_name(c->to));
    ck_assert_msg(d.action == c->action, "%s: action %d, expected %d", c->what, d.action,
                  c->action);
}
END_TEST

START_TEST(live_counters) {
    MonLiveSenses in = {false, 6, 9, 9, 2, 0, false, false, false, false};
    ck_assert_int_eq(monster_live_next(MON_CHASE, &in).lost, 3);
    in.sees = true;
    ck_assert_int_eq(monster_live_next(MON_CHASE, &in).lost, 0);
    MonLiveSenses flee = {false, 3, 2, 12, 0, 4, false, false, false, false};
    ck_assert_int_eq(monster_live_next(MON_FLEE, &flee).calm, 5);
    flee.sees = true;
    ck_assert_int_eq(monster_live_next(MON_FLEE, &flee).calm, 0);
}
END_TEST

/* ======================================================================== */
/* Steps                                                                     */
/* ======================================================================== */

/* A 5x5 open map whose values are set by hand around the centre (2,2). */
typedef struct Board {
    DMap m;
    uint8_t blocked[25];
    int32_t occ[25];
} Board;

static void board_open(Board *b) {
    ck_assert_int_eq(dmap_init(&b->m, 5, 5, NULL), WS_OK);
    memset(b->blocked, 0, sizeof b->blocked);
    for (int i = 0; i < 25; i++) {
        b->occ[i] = MON_CELL_FREE;
        b->m.value[i] = 50;
    }
}

enum { CENTRE = 12, UP = 7, RIGHT = 13, DOWN = 17, LEFT = 11 };

START_TEST(zombie_ties_are_drawn_from_the_rng) {
    Board b;
    board_open(&b);
    b.m.value[CENTRE] = 5;
    b.m.value[UP] = 4;
    b.m.value[RIGHT] = 4;
    b.m.value[DOWN] = 6;
    b.m.value[LEFT] = 6;
    int seen_up = 0, seen_right = 0;
    for (uint64_t seed = 0; seed < 64; seed++) {
        Rng rng, copy;
        rng_init(&rng, seed, RNG_STREAM_OTHER);
        copy = rng;
        Dir d = monster_zombie_step(&b.m, b.blocked, b.occ, CENTRE, &rng);
        Dir want = rng_bounded(&copy, 2) == 0 ? DIR_UP : DIR_RIGHT; /* candidates in order */
        ck_assert_msg(d == want, "seed %llu: %d, expected %d", (unsigned long long)seed, d, want);
        ck_assert(rng.state == copy.state); /* exactly one draw */
        seen_up += d == DIR_UP;
        seen_right += d == DIR_RIGHT;
    }
    ck_assert_int_gt(seen_up, 10);
    ck_assert_int_gt(seen_right, 10);
    dmap_deinit(&b.m);
}
END_TEST

START_TEST(zombie_single_best_draws_nothing) {
    Board b;
    board_open(&b);
    b.m.value[CENTRE] = 5;
    b.m.value[UP] = 4;
    b.m.value[RIGHT] = 4;
    b.occ[UP] = 3; /* taken by monster 3 */
    Rng rng, copy;
    rng_init(&rng, 9, RNG_STREAM_OTHER);
    copy = rng;
    ck_assert_int_eq(monster_zombie_step(&b.m, b.blocked, b.occ, CENTRE, &rng), DIR_RIGHT);
    ck_assert(rng.state == copy.state);
    dmap_deinit(&b.m);
}
END_TEST

START_TEST(zombie_blocked_takes_any_not_worse) {
    Board b;
    board_open(&b);
    b.m.value[CENTRE] = 5;
    b.m.value[UP] = 3;    /* best, but taken */
    b.m.value[RIGHT] = 4; /* better than here */
    b.m.value[DOWN] = 5;  /* as good as here */
    b.m.value[LEFT] = 6;  /* worse: never */
    b.occ[UP] = -2; /* the hero (any value but MON_CELL_FREE is taken) */
    for (uint64_t seed = 0; seed < 32; seed++) {
        Rng rng;
        rng_init(&rng, seed, RNG_STREAM_OTHER);
        Dir d = monster_zombie_step(&b.m, b.blocked, b.occ, CENTRE, &rng);
        ck_assert_msg(d == DIR_RIGHT || d == DIR_DOWN, "seed %llu: %d", (unsigned long long)seed,
                      d);
    }
    b.occ[RIGHT] = 1;
    b.occ[DOWN] = 2;
    Rng rng;
    rng_init(&rng, 1, RNG_STREAM_OTHER);
    ck_assert_int_eq(monster_zombie_step(&b.m, b.blocked, b.occ, CENTRE, &rng), DIR_NONE);
    b.m.value[CENTRE] = DMAP_UNREACHED;
    ck_assert_int_eq(monster_zombie_step(&b.m, b.blocked, b.occ, CENTRE, &rng), DIR_NONE);
    dmap_deinit(&b.m);
}
END_TEST

START_TEST(desire_step_weighs_the_maps) {
    Board hero, gold;
    board_open(&hero);
    board_open(&gold);
    /* chase = hero * 2 + gold * 1 (monster_weights). */
    MonWeights wt = monster_weights(MON_GOBLIN, MON_CHASE);
    ck_assert_int_eq(wt.w[MON_MAP_HERO], 2);
    ck_assert_int_eq(wt.w[MON_MAP_GOLD], 1);
    const DMap *maps[MON_MAP_COUNT] = {&hero.m, &gold.m, NULL, NULL, NULL};
    hero.m.value[CENTRE] = 4;  gold.m.value[CENTRE] = 4;  /* 12 */
    hero.m.value[UP] = 5;      gold.m.value[UP] = 0;      /* 10 */
    hero.m.value[RIGHT] = 3;   gold.m.value[RIGHT] = 5;   /* 11 */
    hero.m.value[DOWN] = 3;    gold.m.value[DOWN] = 4;    /* 10: ties with up, up first */
    hero.m.value[LEFT] = 5;    gold.m.value[LEFT] = 3;    /* 13 */
    ck_assert_int_eq(monster_desire_at(&wt, maps, CENTRE), 12);
    ck_assert_int_eq(monster_desire_step(&wt, maps, hero.blocked, hero.occ, CENTRE), DIR_UP);
    hero.occ[UP] = 0;
    ck_assert_int_eq(monster_desire_step(&wt, maps, hero.blocked, hero.occ, CENTRE), DIR_DOWN);
    hero.blocked[DOWN] = 1;
    ck_assert_int_eq(monster_desire_step(&wt, maps, hero.blocked, hero.occ, CENTRE), DIR_RIGHT);
    /* A map that does not reach counts 0 (no gold left: the chase goes on). */
    for (int i = 0; i < 25; i++)
        gold.m.value[i] = DMAP_UNREACHED;
    ck_assert_int_eq(monster_desire_at(&wt, maps, CENTRE), 8);
    ck_assert_int_eq(monster_desire_step(&wt, maps, hero.blocked, hero.occ, CENTRE), DIR_RIGHT);
    /* Nothing lower than here: stay. */
    hero.m.value[CENTRE] = 1;
    ck_assert_int_eq(monster_desire_step(&wt, maps, hero.blocked, hero.occ, CENTRE), DIR_NONE);
    /* No weights: no desire. */
    MonWeights none = monster_weights(MON_GOBLIN, MON_SLEEP);
    ck_assert(monster_desire_at(&none, maps, CENTRE) == MON_DESIRE_NONE);
    dmap_deinit(&hero.m);
    dmap_deinit(&gold.m);
}
END_TEST

START_TEST(line_of_sight) {
    static const char *const rows[] = {
        "##########", /* */
        "#........#", /* */
        "#...#....#", /* */
        "#........#", /* */
        "##########", /* */
    };
    TextMap map;
    ck_assert_int_eq(ascii_map_parse(&map, rows, 5), WS_OK);
    uint8_t blocked[50];
    textmap_to_blocked(&map, blocked);
    int w = map.w;
    ck_assert(!monster_can_see(blocked, w, 2 * w + 1, 2 * w + 7, 8)); /* through (4,2) */
    ck_assert(!monster_can_see(blocked, w, 2 * w + 7, 2 * w + 1, 8));
    ck_assert(monster_can_see(blocked, w, 1 * w + 1, 1 * w + 8, 8));
    ck_assert(monster_can_see(blocked, w, 2 * w + 3, 2 * w + 3, 8)); /* itself */
    ck_assert(!monster_can_see(blocked, w, 1 * w + 1, 3 * w + 8, 8)); /* (2,1) (3,2) (4,2) */
    ck_assert(monster_can_see(blocked, w, 3 * w + 1, 3 * w + 8, 8));
    ck_assert(!monster_can_see(blocked, w, 1 * w + 1, 1 * w + 8, 6)); /* 7 > 6 */
    /* The end cells may be walls (a monster in a doorway still sees). */
    ck_assert(monster_can_see(blocked, w, 2 * w + 3, 2 * w + 4, 8));
    textmap_deinit(&map);
}
END_TEST

START_TEST(names_round_trip) {
    for (int s = 0; s < MON_STATE_COUNT; s++) {
        MonState back;
        ck_assert(monster_state_parse(monster_state_name((MonState)s), &back));
        ck_assert_int_eq(back, s);
    }
    MonState x;
    ck_assert(!monster_state_parse("Sleep", &x));
    ck_assert_str_eq(monster_state_name(MON_STATE_COUNT), "?");
    char list[64];
    ck_assert_uint_eq(monster_state_list(list, sizeof list), strlen(list));
    ck_assert_str_eq(list, "sleep, wander, chase, flee, guard, home");
    ck_assert_str_eq(monster_kind_name(MON_SHAMAN), "shaman");
    ck_assert_str_eq(monster_kind_name(MON_KIND_COUNT), "?");
}
END_TEST

static Suite *monster_suite(void) {
    Suite *s = suite_create("monster");
    TCase *tc = tcase_create("teaching");
    tcase_add_loop_test(tc, teaching_transitions, 0, (int)(sizeof TEACH / sizeof TEACH[0]));
    tcase_add_test(tc, golden_chase_script);
    tcase_add_test(tc, guard_chases_gives_up_and_walks_home);
    tcase_add_test(tc, wander_steps_by_turn_number);
    tcase_add_test(tc, wander_into_a_wall_stays);
    tcase_add_test(tc, flee_takes_the_first_best_direction);
    tcase_add_test(tc, damage_never_goes_below_zero);
    suite_add_tcase(s, tc);
    tc = tcase_create("names");
    tcase_add_test(tc, names_round_trip);
    suite_add_tcase(s, tc);
    tc = tcase_create("live");
    tcase_add_loop_test(tc, live_transitions, 0, (int)(sizeof LIVE / sizeof LIVE[0]));
    tcase_add_test(tc, live_counters);
    suite_add_tcase(s, tc);
    tc = tcase_create("steps");
    tcase_add_test(tc, zombie_ties_are_drawn_from_the_rng);
    tcase_add_test(tc, zombie_single_best_draws_nothing);
    tcase_add_test(tc, zombie_blocked_takes_any_not_worse);
    tcase_add_test(tc, desire_step_weighs_the_maps);
    tcase_add_test(tc, line_of_sight);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(monster_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
