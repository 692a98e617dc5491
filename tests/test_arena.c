/* The arena: utility decisions, maps recomputed only on change, the hero's
 * autopilot and zombies on hand-worked maps, generated maps, whole-run
 * determinism (shared maps and the naive baseline agree), and zero heap
 * allocations per tick. Linked with -Wl,--wrap=malloc,... to count them. */
#include <check.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc_count.h"
#include "arena.h"
#include "ascii_map.h"
#include "combat.h"
#include "mapgen.h"

/* Recorded whole-run hash (see seed_catalog). */
#define ARENA_CATALOG_42 0x2b5af4f5d644787bULL


/* ======================================================================== */
/* Utility decisions (the source's six)                                      */
/* ======================================================================== */

static const char *line(const CombatDecision *d) {
    static char buf[256];
    combat_format(d, buf, sizeof buf);
    return buf;
}

START_TEST(healer_heals_a_wounded_ally) {
    CombatFighter allies[] = {{3, 10, "rat"}};
    CombatDecision d;
    combat_decide_monster(&d, true, true, true, false, allies, 1);
    ck_assert_str_eq(line(&d), "attack hero 40, heal rat 80, spit hero 60 -> heal rat");
    ck_assert_int_eq(d.options[d.chosen].act, COMBAT_HEAL);
    ck_assert_int_eq(d.options[d.chosen].target, 0);
}
END_TEST

START_TEST(heal_on_cooldown_spits) {
    CombatFighter allies[] = {{3, 10, "rat"}};
    CombatDecision d;
    combat_decide_monster(&d, true, false, true, false, allies, 1);
    ck_assert_str_eq(line(&d), "attack hero 40, spit hero 60 -> spit hero");
}
END_TEST

START_TEST(poisoned_hero_and_nobody_wounded_attacks) {
    CombatFighter allies[] = {{5, 10, "rat"}, {9, 9, "goblin"}}; /* 50 % is not below 50 % */
    CombatDecision d;
    combat_decide_monster(&d, true, true, true, true, allies, 2);
    ck_assert_str_eq(line(&d), "attack hero 40 -> attack hero");
    combat_decide_monster(&d, false, true, true, false, allies, 2); /* not a healer */
    ck_assert_str_eq(line(&d), "attack hero 40 -> attack hero");
}
END_TEST

START_TEST(lowest_percentage_ally_is_healed) {
    /* 5/12 = 41.7 %, 3/8 = 37.5 %, 2/6 = 33.3 %, 1/3 = 33.3 % (tie: first). */
    CombatFighter allies[] = {{5, 12, "goblin"}, {3, 8, "zombie"}, {2, 6, "rat"}, {1, 3, "bat"}};
    CombatDecision d;
    combat_decide_monster(&d, true, true, false, false, allies, 4);
    ck_assert_str_eq(line(&d), "attack hero 40, heal rat 80 -> heal rat");
    ck_assert_int_eq(d.options[d.chosen].target, 2);
}
END_TEST

START_TEST(hero_attacks_the_weakest_first_on_ties) {
    CombatFighter foes[] = {{5, 8, "zombie"}, {3, 12, "goblin"}, {3, 10, "shaman"}};
    CombatDecision d;
    combat_decide_hero(&d, foes, 3, 1, 40, 40);
    ck_assert_str_eq(line(&d), "attack goblin 40 -> attack goblin");
    ck_assert_int_eq(d.options[d.chosen].target, 1);
    combat_decide_hero(&d, foes, 0, 1, 40, 40);
    ck_assert_int_eq(d.count, 0);
    ck_assert_int_eq(d.chosen, -1);
    ck_assert_str_eq(line(&d), "");
}
END_TEST

START_TEST(hero_below_35_percent_drinks) {
    CombatFighter foes[] = {{5, 8, "zombie"}};
    CombatDecision d;
    combat_decide_hero(&d, foes, 1, 1, 13, 40); /* 32.5 % */
    ck_assert_str_eq(line(&d), "attack zombie 40, drink potion 90 -> drink potion");
    combat_decide_hero(&d, foes, 1, 1, 14, 40); /* exactly 35 %: not below */
    ck_assert_str_eq(line(&d), "attack zombie 40 -> attack zombie");
    combat_decide_hero(&d, foes, 1, 0, 1, 40); /* no potion left */
    ck_assert_str_eq(line(&d), "attack zombie 40 -> attack zombie");
    combat_decide_hero(&d, NULL, 0, 2, 5, 40); /* alone: drinks anyway */
    ck_assert_str_eq(line(&d), "drink potion 90 -> drink potion");
    ck_assert(combat_is_low_life(13, 40) && !combat_is_low_life(14, 40));
}
END_TEST

START_TEST(act_names) {
    ck_assert_str_eq(combat_act_name(COMBAT_ATTACK), "attack");
    ck_assert_str_eq(combat_act_name(COMBAT_DRINK), "drink");
    ck_assert_str_eq(combat_act_name(COMBAT_ACT_COUNT), "?");
}
END_TEST

START_TEST(format_truncates_safely) {
    CombatFighter allies[] = {{1, 10, "rat"}};
    CombatDecision d;
    combat_decide_monster(&d, true, true, true, false, allies, 1);
    char small[12];
    size_t n = combat_format(&d, small, sizeof small);
    ck_assert_uint_lt(n, sizeof small);
    ck_assert_str_eq(small, "attack hero");
}
END_TEST

/* ======================================================================== */
/* Arena on hand-worked maps                                                 */
/* ======================================================================== */

static void open_arena(Arena *a, const char *const *rows, int n, int monsters, uint64_t seed) {
    TextMap map;
    ck_assert_int_eq(ascii_map_parse(&map, rows, n), WS_OK);
    ArenaConfig cfg = {seed, monsters, false};
    WsError err = {0};
    ck_assert_msg(arena_init(a, &map, &cfg, "test map", &err) == WS_OK, "%s", err.msg);
    textmap_deinit(&map);
}

START_TEST(maps_recompute_only_on_change) {
    static const char *const rows[] = {
        "#########", /* */
        "#@.....$#", /* */
        "#.#####.#", /* */
        "#.....!.#", /* */
        "#########", /* */
    };
    Arena a;
    open_arena(&a, rows, 5, -1, 1);
    /* Init built the four maps once each. */
    ck_assert_int_eq(a.recomputes_total, 4);
    arena_update_maps(&a);
    arena_update_maps(&a);
    ck_assert_int_eq(a.recomputes_total, 4);
    /* The hero walks toward the gold: hero + safety each tick, nothing else. */
    arena_tick(&a, DIR_NONE, true);
    ck_assert_int_eq(a.hero, 1 * 9 + 2);
    ck_assert_int_eq(a.recomputes_tick, 2);
    ck_assert_int_eq(a.maps[MON_MAP_GOLD].recomputes, 1);
    ck_assert_int_eq(a.maps[MON_MAP_POTION].recomputes, 1);
    /* A wall edit: all four, once. */
    long before = a.recomputes_total;
    ck_assert(arena_toggle_wall(&a, 3 * 9 + 3));
    arena_update_maps(&a);
    ck_assert_int_eq(a.recomputes_total - before, 4);
    arena_update_maps(&a);
    ck_assert_int_eq(a.recomputes_total - before, 4);
    /* Dropped gold: the gold map alone. */
    before = a.recomputes_total;
    ck_assert(arena_drop_gold(&a, 3 * 9 + 1));
    arena_update_maps(&a);
    ck_assert_int_eq(a.recomputes_total - before, 1);
    ck_assert_int_eq(a.maps[MON_MAP_GOLD].source_count, 2);
    arena_deinit(&a);
}
END_TEST

START_TEST(hero_autopilot_collects_gold) {
    /* Both golds start at -4; from the hero (1,1) the lower one is 3 steps
     * away (-1), the right one 6 (2): the hero goes down first. */
    static const char *const rows[] = {
        "#########", /* */
        "#@.....$#", /* */
        "#.#######", /* */
        "#.$######", /* */
        "#########", /* */
    };
    static const int path[] = {1 * 9 + 1, 2 * 9 + 1, 3 * 9 + 1, 3 * 9 + 2};
    Arena a;
    open_arena(&a, rows, 5, -1, 1);
    for (int t = 1; t <= 3; t++) {
        arena_tick(&a, DIR_NONE, true);
        ck_assert_int_eq(a.hero, path[t]);
    }
    ck_assert_int_eq(a.gold_collected, 1);
    ck_assert_int_eq(a.gold_count, 1);
    /* Then to the other one: 1 left, 2 up, 6 right = 9 ticks. */
    for (int t = 0; t < 9; t++)
        arena_tick(&a, DIR_NONE, true);
    ck_assert_int_eq(a.gold_collected, 2);
    ck_assert_int_eq(a.hero, 1 * 9 + 7);
    /* All gold gone: the tick's end places it again (stream 1) on free floor. */
    int gold = 0;
    for (int c = 0; c < a.w * a.h; c++)
        if (a.item[c] == ARENA_ITEM_GOLD) {
            ck_assert(!a.blocked[c] && c != a.hero);
            gold++;
        }
    ck_assert_int_eq(gold, 2);
    arena_deinit(&a);
}
END_TEST

START_TEST(steering_moves_and_attacks) {
    static const char *const rows[] = {
        "#######", /* */
        "#@.z..#", /* */
        "#######", /* */
    };
    Arena a;
    open_arena(&a, rows, 3, -1, 5);
    /* Walking into a wall does nothing; the zombie at (3,1) walks to (2,1). */
    arena_tick(&a, DIR_UP, true);
    ck_assert_int_eq(a.hero, 8);
    ck_assert(a.hero_manual);
    ck_assert_int_eq(a.mon[0].cell, 9);
    ck_assert_int_eq(a.mon[0].next_dir, DIR_LEFT);
    /* Steering into the zombie attacks it (3..6 damage of 8); it bites back. */
    arena_tick(&a, DIR_RIGHT, true);
    ck_assert_int_eq(a.hero, 8);
    ck_assert_int_lt(a.mon[0].life, 8);
    ck_assert_int_lt(a.hero_life, ARENA_HERO_LIFE);
    char text[ARENA_DECISION_LEN];
    arena_decision_text(&a, text, sizeof text);
    ck_assert_str_eq(text, "zombie: attack hero 40 -> attack hero");
    arena_tick(&a, DIR_RIGHT, true);
    arena_tick(&a, DIR_RIGHT, true);
    ck_assert(!a.mon[0].alive); /* at most 3 blows of >= 3 kill 8 life */
    /* Held (no key, no autopilot): the hero stays although gold waits (the
     * map had none, so three were placed on the floor to its right). */
    ck_assert_int_gt(a.gold_count, 0);
    int at = a.hero; /* 8, or 9 if the zombie fell before the fourth blow */
    arena_tick(&a, DIR_NONE, false);
    arena_tick(&a, DIR_NONE, false);
    ck_assert_int_eq(a.hero, at);
    arena_tick(&a, DIR_NONE, true); /* autopilot again: toward the gold */
    ck_assert_int_eq(a.hero, at + 1);
    ck_assert_int_eq(a.kills, 1);
    arena_deinit(&a);
}
END_TEST

START_TEST(zombies_never_share_a_cell) {
    Arena a;
    ArenaConfig cfg = {3, 400, false};
    ck_assert_int_eq(arena_init_generated(&a, 48, 32, &cfg, NULL), WS_OK);
    for (int t = 0; t < 200; t++) {
        arena_tick(&a, DIR_NONE, true);
        int n = a.w * a.h;
        static int seen[48 * 32];
        memset(seen, 0, sizeof seen);
        for (int i = 0; i < a.mon_count; i++) {
            if (!a.mon[i].alive)
                continue;
            int c = a.mon[i].cell;
            ck_assert_int_lt(c, n);
            ck_assert_msg(!a.blocked[c], "tick %d: monster %d on a wall", t, i);
            ck_assert_msg(c != a.hero, "tick %d: monster %d on the hero", t, i);
            ck_assert_msg(seen[c] == 0, "tick %d: two monsters on cell %d", t, c);
            ck_assert_int_eq(a.occ[c], i);
            seen[c] = 1;
        }
    }
    arena_deinit(&a);
}
END_TEST

START_TEST(edits_are_refused_where_they_make_no_sense) {
    static const char *const rows[] = {
        "#######", /* */
        "#@.z$!#", /* */
        "#.....#", /* */
        "#######", /* */
    };
    Arena a;
    open_arena(&a, rows, 4, -1, 1);
    ck_assert(!arena_toggle_wall(&a, 8));  /* the hero */
    ck_assert(!arena_toggle_wall(&a, 10)); /* a monster */
    ck_assert(!arena_toggle_wall(&a, 11)); /* gold */
    ck_assert(!arena_toggle_wall(&a, -1));
    ck_assert(!arena_toggle_wall(&a, 28));
    ck_assert(arena_toggle_wall(&a, 0)); /* a wall opens */
    ck_assert(!a.blocked[0]);
    ck_assert(!arena_drop_gold(&a, 7)); /* on a wall */
    ck_assert(!arena_drop_gold(&a, 8)); /* on the hero */
    ck_assert(!arena_drop_gold(&a, 12)); /* on a potion */
    ck_assert(arena_drop_gold(&a, 15));
    ck_assert(!arena_drop_gold(&a, 15)); /* already gold */
    ck_assert_int_eq(arena_monster_at(&a, 10), 0);
    ck_assert_int_eq(arena_monster_at(&a, 8), -1);
    arena_deinit(&a);
}
END_TEST

START_TEST(bad_maps_and_counts) {
    static const char *const none[] = {"#####", "#...#", "#####"};
    static const char *const two[] = {"#####", "#@.@#", "#####"};
    static const char *const tiny[] = {"#####", "#@..#", "#####"};
    TextMap map;
    ArenaConfig cfg = {1, -1, false};
    WsError err = {0};
    Arena a;
    ck_assert_int_eq(ascii_map_parse(&map, none, 3), WS_OK);
    ck_assert_int_eq(arena_init(&a, &map, &cfg, "none.txt", &err), WS_ERR_PARSE);
    ck_assert_ptr_nonnull(strstr(err.msg, "none.txt"));
    textmap_deinit(&map);
    ck_assert_int_eq(ascii_map_parse(&map, two, 3), WS_OK);
    ck_assert_int_eq(arena_init(&a, &map, &cfg, "two.txt", &err), WS_ERR_PARSE);
    ck_assert_ptr_nonnull(strstr(err.msg, "found 2"));
    textmap_deinit(&map);
    static const char *const odd[] = {"#####", "#@.x#", "#####"};
    ck_assert_int_eq(ascii_map_parse(&map, odd, 3), WS_OK);
    ck_assert_int_eq(arena_init(&a, &map, &cfg, "odd.txt", &err), WS_ERR_PARSE);
    ck_assert_msg(strstr(err.msg, "odd.txt: line 2, column 4: 'x'") != NULL, "%s", err.msg);
    textmap_deinit(&map);
    ck_assert_int_eq(ascii_map_parse(&map, tiny, 3), WS_OK);
    cfg.monsters = 3; /* two free cells */
    ck_assert_int_eq(arena_init(&a, &map, &cfg, "tiny.txt", &err), WS_ERR_ARG);
    cfg.monsters = 2;
    ck_assert_int_eq(arena_init(&a, &map, &cfg, "tiny.txt", &err), WS_OK);
    ck_assert_int_eq(a.mon_count, 2);
    arena_deinit(&a);
    textmap_deinit(&map);
    ck_assert_int_eq(arena_init_generated(&a, 7, 20, &cfg, &err), WS_ERR_ARG);
    ck_assert_int_eq(arena_init_generated(&a, 20, 513, &cfg, &err), WS_ERR_ARG);
}
END_TEST

/* ======================================================================== */
/* Generated maps                                                            */
/* ======================================================================== */

START_TEST(generated_maps_are_connected_and_seeded) {
    static const int sizes[][2] = {{8, 8}, {9, 13}, {40, 20}, {128, 128}, {201, 77}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        int w = sizes[k][0], h = sizes[k][1];
        for (uint64_t seed = 1; seed <= 5; seed++) {
            Rng r1, r2;
            rng_init(&r1, seed, RNG_STREAM_PLACE);
            r2 = r1;
            TextMap m1, m2;
            ck_assert_int_eq(mapgen_generate(&m1, w, h, &r1, NULL), WS_OK);
            ck_assert_int_eq(mapgen_generate(&m2, w, h, &r2, NULL), WS_OK);
            ck_assert_mem_eq(m1.cells, m2.cells, (size_t)(w * h));
            int n = w * h, heroes = 0, open = 0, hero = -1;
            uint8_t *blocked = malloc((size_t)n);
            for (int c = 0; c < n; c++) {
                blocked[c] = m1.cells[c] == '#';
                open += !blocked[c];
                if (m1.cells[c] == '@') {
                    heroes++;
                    hero = c;
                }
            }
            ck_assert_int_eq(heroes, 1);
            /* The border is wall. */
            for (int x = 0; x < w; x++)
                ck_assert(blocked[x] && blocked[(h - 1) * w + x]);
            DMap d;
            ck_assert_int_eq(dmap_init(&d, w, h, NULL), WS_OK);
            DMapSource s = {hero, 0};
            dmap_compute(&d, blocked, &s, 1);
            ck_assert_msg(d.reached == open, "%dx%d seed %llu: %d of %d open cells connected", w,
                          h, (unsigned long long)seed, d.reached, open);
            if (w >= 40)
                ck_assert_msg(open * 10 > n * 6, "%dx%d: only %d open of %d", w, h, open, n);
            dmap_deinit(&d);
            free(blocked);
            textmap_deinit(&m1);
            textmap_deinit(&m2);
        }
    }
}
END_TEST

/* ======================================================================== */
/* Whole runs                                                                */
/* ======================================================================== */

static uint64_t run_hash(uint64_t seed, int monsters, bool naive, int ticks) {
    Arena a;
    ArenaConfig cfg = {seed, monsters, naive};
    ck_assert_int_eq(arena_init_generated(&a, 48, 32, &cfg, NULL), WS_OK);
    for (int t = 0; t < ticks; t++)
        arena_tick(&a, DIR_NONE, true);
    uint64_t h = arena_hash(&a);
    arena_deinit(&a);
    return h;
}

START_TEST(same_seed_same_run_and_naive_agrees) {
    uint64_t a = run_hash(11, 60, false, 300);
    ck_assert(a == run_hash(11, 60, false, 300));
    ck_assert_msg(a == run_hash(11, 60, true, 300), "naive and shared maps diverged");
    ck_assert(a != run_hash(12, 60, false, 300));
}
END_TEST

START_TEST(seed_catalog) {
    /* Brogue-style whole-run check: 48x32, seed 42, 40 monsters, 300 ticks.
     * An intended rule change updates this constant in the same commit. */
    uint64_t h = run_hash(42, 40, false, 300);
    ck_assert_msg(h == ARENA_CATALOG_42, "hash %016llx", (unsigned long long)h);
}
END_TEST

START_TEST(ticks_never_allocate) {
    Arena a;
    ArenaConfig cfg = {7, 300, false};
    long before = alloc_count();
    ck_assert_int_eq(arena_init_generated(&a, 64, 64, &cfg, NULL), WS_OK);
    ck_assert_msg(alloc_count() > before, "the counting wrapper is not linked in");
    long after_init = alloc_count();
    for (int t = 0; t < 400; t++) {
        arena_tick(&a, t % 50 < 5 ? (Dir)(t % 4) : DIR_NONE, true);
        if (t % 40 == 0) {
            arena_toggle_wall(&a, (t * 37) % (64 * 64));
            arena_drop_gold(&a, (t * 53) % (64 * 64));
            arena_update_maps(&a);
        }
    }
    long during = alloc_count() - after_init;
    long ticks = a.tick;
    arena_deinit(&a);
    ck_assert_msg(during == 0, "%ld allocations in %ld ticks", during, ticks);
    /* The naive baseline too. */
    cfg.naive = true;
    ck_assert_int_eq(arena_init_generated(&a, 64, 64, &cfg, NULL), WS_OK);
    after_init = alloc_count();
    for (int t = 0; t < 20; t++)
        arena_tick(&a, DIR_NONE, true);
    during = alloc_count() - after_init;
    arena_deinit(&a);
    ck_assert_msg(during == 0, "naive: %ld allocations", during);
}
END_TEST

static Suite *arena_suite(void) {
    Suite *s = suite_create("arena");
    TCase *tc = tcase_create("utility");
    tcase_add_test(tc, healer_heals_a_wounded_ally);
    tcase_add_test(tc, heal_on_cooldown_spits);
    tcase_add_test(tc, poisoned_hero_and_nobody_wounded_attacks);
    tcase_add_test(tc, lowest_percentage_ally_is_healed);
    tcase_add_test(tc, hero_attacks_the_weakest_first_on_ties);
    tcase_add_test(tc, hero_below_35_percent_drinks);
    tcase_add_test(tc, act_names);
    tcase_add_test(tc, format_truncates_safely);
    suite_add_tcase(s, tc);
    tc = tcase_create("world");
    tcase_add_test(tc, maps_recompute_only_on_change);
    tcase_add_test(tc, hero_autopilot_collects_gold);
    tcase_add_test(tc, steering_moves_and_attacks);
    tcase_add_test(tc, zombies_never_share_a_cell);
    tcase_add_test(tc, edits_are_refused_where_they_make_no_sense);
    tcase_add_test(tc, bad_maps_and_counts);
    suite_add_tcase(s, tc);
    tc = tcase_create("mapgen");
    tcase_add_test(tc, generated_maps_are_connected_and_seeded);
    suite_add_tcase(s, tc);
    tc = tcase_create("runs");
    tcase_add_test(tc, same_seed_same_run_and_naive_agrees);
    tcase_add_test(tc, seed_catalog);
    tcase_add_test(tc, ticks_never_allocate);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(arena_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
