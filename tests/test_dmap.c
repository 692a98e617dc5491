/* Dijkstra maps: hand-worked values with gold start values, the safety
 * (flee) map, the relaxation fixed point, early stops, and recomputation
 * only when sources or walls change. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ascii_map.h"
#include "dmap.h"
#include "rng.h"

enum { U = DMAP_UNREACHED, X = DMAP_UNREACHED - 1 }; /* X marks a wall in expectations */

typedef struct Fixture {
    TextMap map;
    uint8_t blocked[4096];
    DMapSource src[64];
    int count;
    DMap m, safety;
} Fixture;

/* Sources: '@' at 0 and '$' at gold. */
static void fixture_open(Fixture *f, const char *const *rows, int n, int32_t gold) {
    memset(f, 0, sizeof *f);
    ck_assert_int_eq(ascii_map_parse(&f->map, rows, n), WS_OK);
    textmap_to_blocked(&f->map, f->blocked);
    for (int c = 0; c < f->map.w * f->map.h; c++) {
        if (f->map.cells[c] == '@')
            f->src[f->count++] = (DMapSource){c, 0};
        else if (f->map.cells[c] == '$')
            f->src[f->count++] = (DMapSource){c, gold};
    }
    ck_assert_int_eq(dmap_init(&f->m, f->map.w, f->map.h, NULL), WS_OK);
    ck_assert_int_eq(dmap_init(&f->safety, f->map.w, f->map.h, NULL), WS_OK);
}

static void fixture_close(Fixture *f) {
    dmap_deinit(&f->m);
    dmap_deinit(&f->safety);
    textmap_deinit(&f->map);
}

static void expect_values(const Fixture *f, const DMap *m, const int32_t *want) {
    for (int c = 0; c < f->map.w * f->map.h; c++) {
        int32_t w = want[c];
        if (w == X) {
            ck_assert_msg(f->blocked[c], "cell (%d,%d) should be a wall", c % f->map.w,
                          c / f->map.w);
            w = U;
        }
        ck_assert_msg(m->value[c] == w, "cell (%d,%d): expected %d, got %d", c % f->map.w,
                      c / f->map.w, (int)w, (int)m->value[c]);
    }
}

/* The small map of docs/arena.md: a loop, a dead end and a sealed pocket. */
static const char *const SMALL[] = {
    "#######", /* */
    "#@..$.#", /* */
    "#.##..#", /* */
    "#...#.#", /* */
    "###.###", /* */
    "#.#",     /* (1,5) is floor but sealed off */
};

START_TEST(hero_map_by_hand) {
    Fixture f;
    fixture_open(&f, SMALL, 6, 0);
    dmap_compute(&f.m, f.blocked, f.src, 1); /* the '@' alone */
    static const int32_t want[] = {
        X, X, X, X, X, X, X, /* */
        X, 0, 1, 2, 3, 4, X, /* */
        X, 1, X, X, 4, 5, X, /* */
        X, 2, 3, 4, X, 6, X, /* */
        X, X, X, 5, X, X, X, /* */
        X, U, X, X, X, X, X, /* */
    };
    expect_values(&f, &f.m, want);
    ck_assert_int_eq(f.m.reached, 13); /* 5 + 3 + 4 + 1 open cells reached */
    ck_assert_int_eq(f.m.recomputes, 1);
    fixture_close(&f);
}
END_TEST

START_TEST(gold_starts_below_zero) {
    /* Hero at 0, gold at -4: the gold even lowers the hero's own cell to -1. */
    Fixture f;
    fixture_open(&f, SMALL, 6, -4);
    dmap_compute(&f.m, f.blocked, f.src, f.count);
    static const int32_t want[] = {
        X, X,  X,  X,  X,  X,  X, /* */
        X, -1, -2, -3, -4, -3, X, /* */
        X, 0,  X,  X,  -3, -2, X, /* */
        X, 1,  2,  3,  X,  -1, X, /* */
        X, X,  X,  4,  X,  X,  X, /* */
        X, U,  X,  X,  X,  X,  X, /* */
    };
    expect_values(&f, &f.m, want);
    fixture_close(&f);
}
END_TEST

START_TEST(gold_above_zero_and_duplicates) {
    /* Gold at +2: the hero wins near itself. A source listed twice keeps its
     * lowest value; a source on a wall is ignored. */
    Fixture f;
    fixture_open(&f, SMALL, 6, 2);
    f.src[f.count++] = (DMapSource){1 * 7 + 4, 7}; /* the gold again, worse */
    f.src[f.count++] = (DMapSource){0, -50};       /* a wall */
    dmap_compute(&f.m, f.blocked, f.src, f.count);
    static const int32_t want[] = {
        X, X, X, X, X, X, X, /* */
        X, 0, 1, 2, 2, 3, X, /* */
        X, 1, X, X, 3, 4, X, /* */
        X, 2, 3, 4, X, 5, X, /* */
        X, X, X, 5, X, X, X, /* */
        X, U, X, X, X, X, X, /* */
    };
    expect_values(&f, &f.m, want);
    ck_assert_int_eq(f.m.source_count, 2);
    fixture_close(&f);
}
END_TEST

START_TEST(no_sources_reaches_nothing) {
    Fixture f;
    fixture_open(&f, SMALL, 6, 0);
    dmap_compute(&f.m, f.blocked, f.src, 0);
    for (int c = 0; c < 42; c++)
        ck_assert_int_eq(f.m.value[c], U);
    ck_assert_int_eq(f.m.reached, 0);
    fixture_close(&f);
}
END_TEST

START_TEST(safety_start_truncates_toward_zero) {
    ck_assert_int_eq(dmap_safety_start(0), 0);
    ck_assert_int_eq(dmap_safety_start(1), -1);  /* -6/5 = -1.2 */
    ck_assert_int_eq(dmap_safety_start(2), -2);  /* -2.4 */
    ck_assert_int_eq(dmap_safety_start(4), -4);  /* -4.8, not -5 */
    ck_assert_int_eq(dmap_safety_start(5), -6);
    ck_assert_int_eq(dmap_safety_start(7), -8);  /* -8.4 */
    ck_assert_int_eq(dmap_safety_start(-3), 3);  /* 3.6 */
    ck_assert_int_eq(dmap_safety_start(-7), 8);  /* 8.4 */
}
END_TEST

START_TEST(safety_map_by_hand) {
    /* Hero distances d become d * -6 / 5: 0 -1 -2 -3 -4 -6 -7 for d = 0..6;
     * relaxing v = min(v, neighbour + 1) pulls every cell toward the far
     * end (6,3) at -7, so the values lead around, not into, the dead ends. */
    Fixture f;
    fixture_open(&f, SMALL, 6, 0);
    dmap_compute(&f.m, f.blocked, f.src, 1);
    dmap_compute_safety(&f.safety, &f.m, f.blocked);
    static const int32_t want[] = {
        X, X,  X,  X,  X,  X,  X, /* */
        X, -1, -2, -3, -4, -5, X, /* */
        X, -2, X,  X,  -5, -6, X, /* */
        X, -3, -4, -5, X,  -7, X, /* */
        X, X,  X,  -6, X,  X,  X, /* */
        X, U,  X,  X,  X,  X,  X, /* */
    };
    expect_values(&f, &f.safety, want);
    fixture_close(&f);
}
END_TEST

START_TEST(safety_runs_around_the_hero) {
    /* A ring corridor: hero at the top-left; from (3,1) the safety map leads
     * on around the ring, not back past the hero. */
    static const char *const rows[] = {
        "#######", /* */
        "#@....#", /* */
        "#.###.#", /* */
        "#.....#", /* */
        "#######", /* */
    };
    Fixture f;
    fixture_open(&f, rows, 5, 0);
    dmap_compute(&f.m, f.blocked, f.src, 1);
    dmap_compute_safety(&f.safety, &f.m, f.blocked);
    /* Hero distances: the far corner (5,3) is 6 steps away, -7 after scaling. */
    ck_assert_int_eq(f.safety.value[3 * 7 + 5], -7);
    ck_assert_int_eq(dmap_downhill(&f.safety, 1 * 7 + 3), DIR_RIGHT);
    ck_assert_int_eq(dmap_downhill(&f.safety, 3 * 7 + 2), DIR_RIGHT);
    ck_assert_int_eq(dmap_downhill(&f.safety, 3 * 7 + 5), DIR_NONE); /* the bottom */
    fixture_close(&f);
}
END_TEST

/* Bellman-Ford style brute force: relax every cell until nothing changes. */
static void brute_force(const uint8_t *blocked, int w, int h, int32_t *v) {
    bool changed = true;
    while (changed) {
        changed = false;
        for (int c = 0; c < w * h; c++) {
            if (blocked[c])
                continue;
            for (int d = 0; d < DIR_COUNT; d++) {
                int x = c % w + DIR_DX[d], y = c / w + DIR_DY[d];
                if (x < 0 || y < 0 || x >= w || y >= h || blocked[y * w + x] ||
                    v[y * w + x] == U)
                    continue;
                if (v[y * w + x] + 1 < v[c]) {
                    v[c] = v[y * w + x] + 1;
                    changed = true;
                }
            }
        }
    }
}

START_TEST(random_maps_match_brute_force) {
    enum { W = 13, H = 9, N = W * H };
    DMap m, s;
    ck_assert_int_eq(dmap_init(&m, W, H, NULL), WS_OK);
    ck_assert_int_eq(dmap_init(&s, W, H, NULL), WS_OK);
    for (uint64_t seed = 1; seed <= 200; seed++) {
        Rng rng;
        rng_init(&rng, seed, 7);
        uint8_t blocked[N];
        for (int c = 0; c < N; c++)
            blocked[c] = rng_bounded(&rng, 10) < 3;
        DMapSource src[5];
        int count = 1 + (int)rng_bounded(&rng, 5);
        int32_t want[N], hero[N], flee[N];
        for (int c = 0; c < N; c++)
            want[c] = hero[c] = U;
        for (int i = 0; i < count; i++) {
            src[i].cell = (int32_t)rng_bounded(&rng, N);
            src[i].value = (int32_t)rng_bounded(&rng, 21) - 10;
            blocked[src[i].cell] = 0;
            if (src[i].value < want[src[i].cell])
                want[src[i].cell] = src[i].value;
        }
        hero[src[0].cell] = 0;
        brute_force(blocked, W, H, want);
        brute_force(blocked, W, H, hero);
        dmap_compute(&m, blocked, src, count);
        for (int c = 0; c < N; c++)
            ck_assert_msg(m.value[c] == want[c], "seed %llu cell %d: want %d got %d",
                          (unsigned long long)seed, c, (int)want[c], (int)m.value[c]);
        /* Order is nondecreasing. */
        for (int i = 1; i < m.reached; i++)
            ck_assert_msg(m.value[m.order[i - 1]] <= m.value[m.order[i]], "seed %llu order",
                          (unsigned long long)seed);
        /* Safety of the single hero source: scaled, then brute-force relaxed. */
        DMapSource h0 = {src[0].cell, 0};
        dmap_compute(&m, blocked, &h0, 1);
        dmap_compute_safety(&s, &m, blocked);
        for (int c = 0; c < N; c++)
            flee[c] = hero[c] == U ? U : dmap_safety_start(hero[c]);
        brute_force(blocked, W, H, flee);
        for (int c = 0; c < N; c++) {
            ck_assert_msg(s.value[c] == flee[c], "seed %llu safety cell %d: want %d got %d",
                          (unsigned long long)seed, c, (int)flee[c], (int)s.value[c]);
            if (flee[c] == U)
                continue;
            /* The fixed point: v = min(v0, min over neighbours + 1). */
            int32_t best = dmap_safety_start(hero[c]);
            for (int d = 0; d < DIR_COUNT; d++) {
                int x = c % W + DIR_DX[d], y = c / W + DIR_DY[d];
                if (x >= 0 && y >= 0 && x < W && y < H && !blocked[y * W + x] &&
                    s.value[y * W + x] + 1 < best)
                    best = s.value[y * W + x] + 1;
            }
            ck_assert_int_eq(s.value[c], best);
        }
    }
    dmap_deinit(&m);
    dmap_deinit(&s);
}
END_TEST

START_TEST(near_compute_is_exact_where_it_promises) {
    enum { W = 15, H = 11, N = W * H };
    DMap full, near, sfull, snear;
    ck_assert_int_eq(dmap_init(&full, W, H, NULL), WS_OK);
    ck_assert_int_eq(dmap_init(&near, W, H, NULL), WS_OK);
    ck_assert_int_eq(dmap_init(&sfull, W, H, NULL), WS_OK);
    ck_assert_int_eq(dmap_init(&snear, W, H, NULL), WS_OK);
    for (uint64_t seed = 1; seed <= 100; seed++) {
        Rng rng;
        rng_init(&rng, seed, 3);
        uint8_t blocked[N];
        for (int c = 0; c < N; c++)
            blocked[c] = rng_bounded(&rng, 4) == 0;
        DMapSource src[3];
        for (int i = 0; i < 3; i++)
            src[i] = (DMapSource){(int32_t)rng_bounded(&rng, N), -(int32_t)rng_bounded(&rng, 5)};
        int cell = (int)rng_bounded(&rng, N);
        blocked[cell] = 0;
        dmap_compute(&full, blocked, src, 3);
        dmap_compute_near(&near, blocked, src, 3, cell);
        dmap_compute_safety(&sfull, &full, blocked);
        dmap_compute_safety_near(&snear, &full, blocked, cell);
        int check[5] = {cell, -1, -1, -1, -1};
        for (int d = 0; d < DIR_COUNT; d++) {
            int x = cell % W + DIR_DX[d], y = cell / W + DIR_DY[d];
            if (x >= 0 && y >= 0 && x < W && y < H)
                check[d + 1] = y * W + x;
        }
        for (int k = 0; k < 5; k++) {
            if (check[k] < 0)
                continue;
            ck_assert_msg(near.value[check[k]] == full.value[check[k]], "seed %llu",
                          (unsigned long long)seed);
            ck_assert_msg(snear.value[check[k]] == sfull.value[check[k]], "seed %llu safety",
                          (unsigned long long)seed);
        }
    }
    dmap_deinit(&full);
    dmap_deinit(&near);
    dmap_deinit(&sfull);
    dmap_deinit(&snear);
}
END_TEST

START_TEST(update_recomputes_only_on_change) {
    Fixture f;
    fixture_open(&f, SMALL, 6, -4);
    uint64_t walls = 0;
    ck_assert(dmap_update(&f.m, f.blocked, walls, f.src, f.count));
    ck_assert(!dmap_update(&f.m, f.blocked, walls, f.src, f.count));
    ck_assert(!dmap_update(&f.m, f.blocked, walls, f.src, f.count));
    ck_assert_int_eq(f.m.recomputes, 1);
    ck_assert(dmap_update_safety(&f.safety, &f.m, f.blocked));
    ck_assert(!dmap_update_safety(&f.safety, &f.m, f.blocked));
    ck_assert_int_eq(f.safety.recomputes, 1);
    /* A source moves: both recompute once. */
    f.src[0].cell += 1;
    ck_assert(dmap_update(&f.m, f.blocked, walls, f.src, f.count));
    ck_assert(dmap_update_safety(&f.safety, &f.m, f.blocked));
    ck_assert_int_eq(f.m.recomputes, 2);
    /* A value changes. */
    f.src[1].value = -5;
    ck_assert(dmap_update(&f.m, f.blocked, walls, f.src, f.count));
    /* A source disappears. */
    ck_assert(dmap_update(&f.m, f.blocked, walls, f.src, 1));
    ck_assert(!dmap_update(&f.m, f.blocked, walls, f.src, 1));
    /* A wall edit: same sources, new walls version. */
    f.blocked[3 * 7 + 4] = 0;
    walls++;
    ck_assert(dmap_update(&f.m, f.blocked, walls, f.src, 1));
    ck_assert_int_eq(f.m.value[3 * 7 + 4], 4); /* (4,3) opens: (2,1) (3,1) (4,1) (4,2) (4,3) */
    ck_assert_int_eq(f.m.recomputes, 5);
    /* Invalidate forces one. */
    dmap_invalidate(&f.m);
    ck_assert(dmap_update(&f.m, f.blocked, walls, f.src, 1));
    ck_assert_int_eq(f.m.recomputes, 6);
    fixture_close(&f);
}
END_TEST

START_TEST(downhill_ties_keep_direction_order) {
    static const char *const rows[] = {
        "#####", /* */
        "#.@.#", /* */
        "#...#", /* */
        "#####", /* */
    };
    Fixture f;
    fixture_open(&f, rows, 4, 0);
    dmap_compute(&f.m, f.blocked, f.src, 1);
    /* (1,2) has two neighbours at 1: up (1,1) and right (2,2); up wins. */
    ck_assert_int_eq(dmap_downhill(&f.m, 2 * 5 + 1), DIR_UP);
    /* (3,2): up (3,1) and left (2,2) tie at 1; up wins. */
    ck_assert_int_eq(dmap_downhill(&f.m, 2 * 5 + 3), DIR_UP);
    ck_assert_int_eq(dmap_downhill(&f.m, 1 * 5 + 2), DIR_NONE);
    fixture_close(&f);
}
END_TEST

START_TEST(init_rejects_bad_sizes) {
    DMap m;
    WsError err = {0};
    ck_assert_int_eq(dmap_init(&m, 0, 5, &err), WS_ERR_ARG);
    ck_assert_ptr_null(m.value);
    ck_assert_int_eq(dmap_init(&m, 513, 5, &err), WS_ERR_ARG);
    dmap_deinit(&m); /* safe on a zeroed map */
}
END_TEST

static Suite *dmap_suite(void) {
    Suite *s = suite_create("dmap");
    TCase *tc = tcase_create("values");
    tcase_add_test(tc, hero_map_by_hand);
    tcase_add_test(tc, gold_starts_below_zero);
    tcase_add_test(tc, gold_above_zero_and_duplicates);
    tcase_add_test(tc, no_sources_reaches_nothing);
    tcase_add_test(tc, downhill_ties_keep_direction_order);
    tcase_add_test(tc, init_rejects_bad_sizes);
    suite_add_tcase(s, tc);
    tc = tcase_create("safety");
    tcase_add_test(tc, safety_start_truncates_toward_zero);
    tcase_add_test(tc, safety_map_by_hand);
    tcase_add_test(tc, safety_runs_around_the_hero);
    suite_add_tcase(s, tc);
    tc = tcase_create("properties");
    tcase_add_test(tc, random_maps_match_brute_force);
    tcase_add_test(tc, near_compute_is_exact_where_it_promises);
    suite_add_tcase(s, tc);
    tc = tcase_create("updates");
    tcase_add_test(tc, update_recomputes_only_on_change);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(dmap_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
