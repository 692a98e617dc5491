/* Sea hunters: placement counts (golden and hand-worked), the maximum set,
 * target-mode choices, and whole games that never waste a shot. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sea.h"
#include "sea_rows.h"
#include "sea_ai.h"

#ifndef WS_TEST_DATA
#define WS_TEST_DATA "tests/data"
#endif


static SeaBoard board_file(const char *name) {
    char path[512], text[512];
    snprintf(path, sizeof path, "%s/%s", WS_TEST_DATA, name);
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    SeaBoard b;
    WsError err = {0};
    ck_assert_msg(sea_board_parse(&b, text, n, path, &err) == WS_OK, "%s", err.msg);
    return b;
}

static void counts_file(const char *name, uint32_t out[SEA_CELLS]) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s", WS_TEST_DATA, name);
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    for (int c = 0; c < SEA_CELLS; c++) {
        unsigned v = 0;
        ck_assert_int_eq(fscanf(f, "%u", &v), 1);
        out[c] = v;
    }
    fclose(f);
}

static const char *const EMPTY[SEA_H] = {"..........", "..........", "..........", "..........",
                                         "..........", "..........", "..........", "..........",
                                         "..........", ".........."};

static int count_max(const uint32_t counts[SEA_CELLS], uint32_t *max) {
    uint32_t m = 0;
    int n = 0;
    for (int c = 0; c < SEA_CELLS; c++) {
        if (counts[c] > m) {
            m = counts[c];
            n = 0;
        }
        n += counts[c] == m;
    }
    *max = m;
    return n;
}

/* ---- counts --------------------------------------------------------------- */

START_TEST(counts_golden_empty) {
    SeaBoard b = board_file("sea-empty.board");
    uint32_t got[SEA_CELLS], want[SEA_CELLS];
    sea_counts(&b, 4, got);
    counts_file("sea-empty.counts", want);
    ck_assert_mem_eq(got, want, sizeof got);
    /* By hand: a corner is covered by one row and one column placement; a cell
     * at least 3 from every border by 4 + 4. */
    ck_assert_uint_eq(got[0], 2);
    ck_assert_uint_eq(got[4 * SEA_W + 4], 8);
    ck_assert_uint_eq(got[1], 2 + 1); /* B1: row placements starting at A or B, one column */
    uint32_t max;
    ck_assert_int_eq(count_max(got, &max), 16);
    ck_assert_uint_eq(max, 8);
}
END_TEST

START_TEST(counts_golden_d4) {
    SeaBoard b = board_file("sea-d4.board");
    ck_assert_int_eq(b.mark[3 * SEA_W + 3], SEA_MISS);
    uint32_t got[SEA_CELLS], want[SEA_CELLS];
    sea_counts(&b, 4, got);
    counts_file("sea-d4.counts", want);
    ck_assert_mem_eq(got, want, sizeof got);
    uint32_t max;
    ck_assert_int_eq(count_max(got, &max), 9);
    ck_assert_uint_eq(max, 8);
    ck_assert_uint_eq(got[3 * SEA_W + 3], 0);
    /* E4, right of the miss: in its row only E4-H4 (1), in its column starts 1..4 (4). */
    ck_assert_uint_eq(got[3 * SEA_W + 4], 1 + 4);
}
END_TEST

/* One open row between misses: a 4-cell ship only fits along it. */
START_TEST(counts_single_row) {
    const char *rows[SEA_H] = {"..........", "oooooooooo", "oooooooooo", "oooooooooo",
                               "oooooooooo", "oooooooooo", "oooooooooo", "oooooooooo",
                               "oooooooooo", "oooooooooo"};
    SeaBoard b = sea_rows_board(rows);
    uint32_t got[SEA_CELLS];
    sea_counts(&b, 4, got);
    const uint32_t want[SEA_W] = {1, 2, 3, 4, 4, 4, 4, 3, 2, 1};
    for (int x = 0; x < SEA_W; x++)
        ck_assert_uint_eq(got[x], want[x]);
    for (int c = SEA_W; c < SEA_CELLS; c++)
        ck_assert_uint_eq(got[c], 0);
    /* a 1-cell ship has one placement per open cell, not two */
    sea_counts(&b, 1, got);
    for (int x = 0; x < SEA_W; x++)
        ck_assert_uint_eq(got[x], 1);
    /* a 10-cell ship fits exactly once; 11 never */
    sea_counts(&b, 10, got);
    ck_assert_uint_eq(got[5], 1);
    sea_counts(&b, 11, got);
    ck_assert_uint_eq(got[5], 0);
}
END_TEST

/* Placements may cover hits (which print 0) but not a sunk ship or its halo. */
START_TEST(counts_hits_and_sunk) {
    const char *hit_row[SEA_H] = {"...x......", "oooooooooo", "oooooooooo", "oooooooooo",
                                  "oooooooooo", "oooooooooo", "oooooooooo", "oooooooooo",
                                  "oooooooooo", "oooooooooo"};
    SeaBoard b = sea_rows_board(hit_row);
    uint32_t got[SEA_CELLS];
    sea_counts(&b, 3, got);
    /* 3-cell placements start at 0..7; the hit at D1 is covered but prints 0 */
    const uint32_t want_hit[SEA_W] = {1, 2, 3, 0, 3, 3, 3, 3, 2, 1};
    for (int x = 0; x < SEA_W; x++)
        ck_assert_uint_eq(got[x], want_hit[x]);

    const char *sunk_row[SEA_H] = {"#.........", "..oooooooo", "oooooooooo", "oooooooooo",
                                   "oooooooooo", "oooooooooo", "oooooooooo", "oooooooooo",
                                   "oooooooooo", "oooooooooo"};
    b = sea_rows_board(sunk_row);
    sea_counts(&b, 4, got);
    /* B1, A2, B2 are next to the sunk A1: 0. Open: C1..J1 (8 cells) -> starts C..G. */
    const uint32_t want_sunk[SEA_W] = {0, 0, 1, 2, 3, 4, 4, 3, 2, 1};
    for (int x = 0; x < SEA_W; x++)
        ck_assert_uint_eq(got[x], want_sunk[x]);
    ck_assert_uint_eq(got[SEA_W], 0);
    ck_assert_uint_eq(got[SEA_W + 1], 0);
}
END_TEST

/* The left column open down its length: vertical placements at an edge. */
START_TEST(counts_edge_column) {
    const char *rows[SEA_H] = {".ooooooooo", ".ooooooooo", ".ooooooooo", "oooooooooo",
                               ".ooooooooo", ".ooooooooo", ".ooooooooo", ".ooooooooo",
                               ".ooooooooo", ".ooooooooo"};
    SeaBoard b = sea_rows_board(rows);
    uint32_t got[SEA_CELLS];
    sea_counts(&b, 3, got);
    /* rows 1-3 (y 0..2) hold one 3-cell placement; rows 5-10 (y 4..9) six cells: 4 starts */
    const uint32_t want[SEA_H] = {1, 1, 1, 0, 1, 2, 3, 3, 2, 1};
    for (int y = 0; y < SEA_H; y++)
        ck_assert_uint_eq(got[y * SEA_W], want[y]);
}
END_TEST

/* ---- the seed hunter ------------------------------------------------------ */

static int choose(SeaHunter hunter, const SeaBoard *b, uint64_t seed) {
    SeaAi *ai = malloc(sizeof *ai);
    ck_assert_ptr_nonnull(ai);
    sea_ai_init(ai, hunter);
    ai->samples = 100;
    Rng rng;
    rng_init(&rng, seed, RNG_STREAM_OTHER);
    int cell = -1;
    WsError err = {0};
    WsStatus st = sea_ai_choose(ai, b, &rng, &cell, &err);
    free(ai);
    ck_assert_msg(st == WS_OK, "seed %llu: %s", (unsigned long long)seed, err.msg);
    ck_assert_int_eq(b->mark[cell], SEA_UNKNOWN);
    return cell;
}

START_TEST(seed_hunts_maxima) {
    SeaBoard empty = sea_rows_board(EMPTY);
    SeaBoard d4 = board_file("sea-d4.board");
    uint32_t counts[SEA_CELLS];
    sea_counts(&d4, 4, counts);
    int seen_empty[SEA_CELLS] = {0};
    for (uint64_t seed = 0; seed < 200; seed++) {
        int c = choose(SEA_HUNTER_SOURCE, &empty, seed);
        int x = c % SEA_W, y = c / SEA_W;
        /* the 16 cells with count 8: columns and rows 3..6 */
        ck_assert_msg(x >= 3 && x <= 6 && y >= 3 && y <= 6, "seed %llu shot %d",
                      (unsigned long long)seed, c);
        seen_empty[c] = 1;
        c = choose(SEA_HUNTER_SOURCE, &d4, seed);
        ck_assert_msg(counts[c] == 8, "seed %llu shot %d", (unsigned long long)seed, c);
    }
    int distinct = 0;
    for (int c = 0; c < SEA_CELLS; c++)
        distinct += seen_empty[c];
    ck_assert_int_eq(distinct, 16); /* ties really are drawn at random */
}
END_TEST

/* After sinking the 4, the seed hunter counts the 3-cell ship. */
START_TEST(seed_counts_longest_remaining) {
    const char *rows[SEA_H] = {"####o.....", "ooooo.....", "..........", "..........",
                               "..........", "..........", "..........", "..........",
                               "..........", ".........."};
    SeaBoard b = sea_rows_board(rows);
    SeaAi *ai = malloc(sizeof *ai);
    sea_ai_init(ai, SEA_HUNTER_SOURCE);
    Rng rng;
    rng_init(&rng, 3, RNG_STREAM_OTHER);
    int cell = -1;
    ck_assert_int_eq(sea_ai_choose(ai, &b, &rng, &cell, NULL), WS_OK);
    ck_assert_int_eq(ai->reason, SEA_AI_HUNT);
    ck_assert_int_eq(ai->length, 3);
    uint32_t counts[SEA_CELLS];
    sea_counts(&b, 3, counts);
    ck_assert_mem_eq(ai->heat, counts, sizeof counts);
    ck_assert_uint_eq(counts[cell], ai->heat_max);
    free(ai);
}
END_TEST

/* One hit at E5 with a miss above it: the shot goes right, down or left. */
START_TEST(seed_target_around) {
    const char *rows[SEA_H] = {"..........", "..........", "..........", "....o.....",
                               "....x.....", "..........", "..........", "..........",
                               "..........", ".........."};
    SeaBoard b = sea_rows_board(rows);
    int seen[SEA_CELLS] = {0};
    for (uint64_t seed = 0; seed < 60; seed++) {
        int c = choose(SEA_HUNTER_SOURCE, &b, seed);
        ck_assert_msg(c == 4 * SEA_W + 5 || c == 5 * SEA_W + 4 || c == 4 * SEA_W + 3,
                      "seed %llu shot %d", (unsigned long long)seed, c);
        seen[c] = 1;
    }
    ck_assert(seen[4 * SEA_W + 5] && seen[5 * SEA_W + 4] && seen[4 * SEA_W + 3]);
}
END_TEST

/* All 2-cell ships are sunk, so the shortest ship left has 3 cells. A hit at
 * A1 with a miss at A3: a 3-cell ship cannot fit down (A1-A2 only), so the
 * only neighbour where it fits is B1. */
START_TEST(seed_target_shortest_fits) {
    const char *rows[SEA_H] = {"x.........", "..........", "o.........", "..........",
                               "..........", "..........", "..........", "..........",
                               "oooooooooo", "##oo##oo##"};
    SeaBoard b = sea_rows_board(rows);
    for (uint64_t seed = 0; seed < 30; seed++)
        ck_assert_int_eq(choose(SEA_HUNTER_SOURCE, &b, seed), 1);
    /* with a 2-cell ship left, A2 is allowed too */
    const char *rows2[SEA_H] = {"x.........", "..........", "o.........", "..........",
                                "..........", "..........", "..........", "..........",
                                "oooooooooo", "##oo##oooo"};
    b = sea_rows_board(rows2);
    int seen[SEA_CELLS] = {0};
    for (uint64_t seed = 0; seed < 40; seed++)
        seen[choose(SEA_HUNTER_SOURCE, &b, seed)] = 1;
    ck_assert(seen[1] && seen[SEA_W]);
}
END_TEST

/* Two hits in a row: only the ends of the line; a miss closes one end. */
START_TEST(seed_target_line) {
    const char *rows[SEA_H] = {"..........", "..........", "..........", "..........",
                               "..........", "..oxx.....", "..........", "..........",
                               "..........", ".........."};
    SeaBoard b = sea_rows_board(rows);
    for (uint64_t seed = 0; seed < 30; seed++) {
        ck_assert_int_eq(choose(SEA_HUNTER_SOURCE, &b, seed), 5 * SEA_W + 5);
        ck_assert_int_eq(choose(SEA_HUNTER_SAMPLER, &b, seed), 5 * SEA_W + 5);
    }
    const char *vertical[SEA_H] = {"..........", "..........", "..........", "....x.....",
                                   "....x.....", "..........", "..........", "..........",
                                   "..........", ".........."};
    b = sea_rows_board(vertical);
    for (uint64_t seed = 0; seed < 30; seed++) {
        int c = choose(SEA_HUNTER_SOURCE, &b, seed);
        ck_assert_msg(c == 2 * SEA_W + 4 || c == 5 * SEA_W + 4, "seed %llu: %d",
                      (unsigned long long)seed, c);
    }
}
END_TEST

/* ---- the best hunter ------------------------------------------------------ */

/* A single hit at A1 in the corner, 4 and 3s afloat: right and down are
 * symmetric (equal weights), nothing else is a candidate. */
START_TEST(best_target_weights) {
    const char *rows[SEA_H] = {"x.........", "..........", "..........", "..........",
                               "..........", "..........", "..........", "..........",
                               "..........", ".........."};
    SeaBoard b = sea_rows_board(rows);
    SeaAi *ai = malloc(sizeof *ai);
    sea_ai_init(ai, SEA_HUNTER_SAMPLER);
    Rng rng;
    rng_init(&rng, 1, RNG_STREAM_OTHER);
    int cell = -1;
    ck_assert_int_eq(sea_ai_choose(ai, &b, &rng, &cell, NULL), WS_OK);
    ck_assert_int_eq(ai->reason, SEA_AI_TARGET);
    /* B1: placements through A1 and B1: one per length (2, 3, 4) with weights 3, 2, 1 */
    ck_assert_uint_eq(ai->heat[1], 3 + 2 + 1);
    ck_assert_uint_eq(ai->heat[SEA_W], 3 + 2 + 1);
    /* C1 (lengths 3 and 4) and D1 (only the 4) are never shot before B1: the
     * heat keeps only cells touching the hits. */
    ck_assert_uint_eq(ai->heat[2], 0);
    ck_assert_uint_eq(ai->heat[3], 0);
    ck_assert_uint_eq(ai->heat[SEA_W + 1], 0); /* B2: diagonal, never part of this ship */
    ck_assert_int_eq(ai->ties, 2);
    ck_assert(cell == 1 || cell == SEA_W);
    free(ai);
}
END_TEST

/* No 2-cell ship is left and a miss closes A2: B1 and C1 lie on exactly the
 * same placements (3 and 4 cells), yet the shot must be B1, never a gap. */
START_TEST(best_target_no_gap) {
    const char *rows[SEA_H] = {"x.........", "o.........", "..........", "..........",
                               "..........", "..........", "..........", "..........",
                               "oooooooooo", "##oo##oo##"};
    SeaBoard b = sea_rows_board(rows);
    for (uint64_t seed = 0; seed < 30; seed++)
        ck_assert_int_eq(choose(SEA_HUNTER_SAMPLER, &b, seed), 1);
}
END_TEST

/* A hit next to another floating ship's hits: placements touching them
 * without covering them do not count (ships never touch). */
START_TEST(best_target_avoids_other_ships) {
    const char *rows[SEA_H] = {"..........", "..........", "..x.......", "..........",
                               "..x.......", "..x.......", "..........", "..........",
                               "..........", ".........."};
    SeaBoard b = sea_rows_board(rows);
    /* group 0 is the single hit C3; C4 touches the line C5-C6, so only C2, B3, D3 remain */
    for (uint64_t seed = 0; seed < 20; seed++) {
        int c = choose(SEA_HUNTER_SAMPLER, &b, seed);
        ck_assert_msg(c == 1 * SEA_W + 2 || c == 2 * SEA_W + 1 || c == 2 * SEA_W + 3,
                      "seed %llu: %d", (unsigned long long)seed, c);
    }
}
END_TEST

/* ---- several groups of floating hits (hand-made boards) -------------------- */

/* Hits at A3 and C3, misses above and below A3: a ship through A3 runs right,
 * over B3 into C3 (it cannot stop at B3: it would touch C3's ship), so B3 is
 * the one shot that finishes a ship. Both hunters take it. */
START_TEST(both_fill_the_gap_between_two_groups) {
    const char *rows[SEA_H] = {"..........", "o.........", "x.x.......", "o.........",
                               "..........", "..........", "..........", "..........",
                               "..........", ".........."};
    SeaBoard b = sea_rows_board(rows);
    for (uint64_t seed = 0; seed < 20; seed++) {
        ck_assert_int_eq(choose(SEA_HUNTER_SOURCE, &b, seed), 2 * SEA_W + 1);
        ck_assert_int_eq(choose(SEA_HUNTER_SAMPLER, &b, seed), 2 * SEA_W + 1);
    }
}
END_TEST

/* The first group in row-major order, A1 shut in by misses, fits no ship of
 * two cells or more; the hunters finish the next group, F6, before hunting. */
START_TEST(both_pass_over_a_group_no_ship_fits) {
    const char *rows[SEA_H] = {"xo........", "o.........", "..........", "..........",
                               "..........", ".....x....", "..........", "..........",
                               "..........", ".........."};
    SeaBoard b = sea_rows_board(rows);
    for (uint64_t seed = 0; seed < 20; seed++)
        for (int h = 0; h < SEA_HUNTER_COUNT; h++) {
            int c = choose((SeaHunter)h, &b, seed);
            ck_assert_msg(c == 4 * SEA_W + 5 || c == 5 * SEA_W + 6 || c == 6 * SEA_W + 5 ||
                              c == 5 * SEA_W + 4,
                          "%s, seed %llu: shot (%d, %d), not next to F6",
                          sea_hunter_name((SeaHunter)h), (unsigned long long)seed, c % SEA_W,
                          c / SEA_W);
        }
}
END_TEST

START_TEST(best_hunts_open_cells) {
    /* After D4 misses, the sampler never shoots a known or blocked cell. */
    const char *rows[SEA_H] = {"####o.....", "ooooo.....", "..........", "..........",
                               "......o...", "..........", "..........", "..........",
                               "..........", "........o."};
    SeaBoard b = sea_rows_board(rows);
    uint8_t blocked[SEA_CELLS];
    sea_board_blocked(&b, blocked);
    for (uint64_t seed = 0; seed < 10; seed++) {
        int c = choose(SEA_HUNTER_SAMPLER, &b, seed);
        ck_assert(!blocked[c]);
    }
}
END_TEST

START_TEST(errors) {
    const char *all_sunk[SEA_H] = {"####o###oo", "oooooooooo", "###o##o##o", "oooooooooo",
                                   "##o#o#o#oo", "oooooooooo", "#ooooooooo", "..........",
                                   "..........", ".........."};
    SeaBoard b = sea_rows_board(all_sunk);
    SeaAi *ai = malloc(sizeof *ai);
    sea_ai_init(ai, SEA_HUNTER_SOURCE);
    Rng rng;
    rng_init(&rng, 1, RNG_STREAM_OTHER);
    int cell = -1;
    WsError err = {0};
    ck_assert_int_eq(sea_ai_choose(ai, &b, &rng, &cell, &err), WS_ERR_ARG);
    ck_assert_ptr_nonnull(strstr(err.msg, "sunk"));
    const char *bent[SEA_H] = {"##........", ".#........", "..........", "..........",
                               "..........", "..........", "..........", "..........",
                               "..........", ".........."};
    b = sea_rows_board(bent);
    ck_assert_int_eq(sea_ai_choose(ai, &b, &rng, &cell, &err), WS_ERR_PARSE);
    free(ai);
}
END_TEST

/* ---- whole games ---------------------------------------------------------- */

static void play_games(SeaHunter hunter, SeaPlacement how, int games) {
    SeaAi *ai = malloc(sizeof *ai);
    SeaGame *g = malloc(sizeof *g);
    sea_ai_init(ai, hunter);
    ai->samples = 60; /* keep the test quick; the rule is the same */
    for (int i = 0; i < games; i++) {
        uint64_t seed = 1000 + (uint64_t)i;
        sea_game_reset(g, seed, how);
        Rng rng;
        rng_init(&rng, seed, RNG_STREAM_OTHER);
        uint8_t fired[SEA_CELLS] = {0};
        while (!sea_game_is_over(g)) {
            int cell = -1;
            WsError err = {0};
            ck_assert_msg(sea_ai_choose(ai, &g->seen, &rng, &cell, &err) == WS_OK,
                          "seed %llu: %s", (unsigned long long)seed, err.msg);
            ck_assert_msg(!fired[cell], "seed %llu: cell %d shot twice", (unsigned long long)seed,
                          cell);
            fired[cell] = 1;
            ck_assert_int_ne(sea_game_shoot(g, cell), SEA_SHOT_INVALID);
            ck_assert_int_le(g->shots, SEA_CELLS);
        }
        ck_assert_int_ge(g->shots, SEA_FLEET_CELLS);
        ck_assert_int_eq(g->hits, SEA_FLEET_CELLS);
    }
    free(g);
    free(ai);
}

START_TEST(games_seed_random) { play_games(SEA_HUNTER_SOURCE, SEA_PLACE_RANDOM, 40); }
END_TEST
START_TEST(games_seed_edges) { play_games(SEA_HUNTER_SOURCE, SEA_PLACE_EDGES, 20); }
END_TEST
START_TEST(games_best_random) { play_games(SEA_HUNTER_SAMPLER, SEA_PLACE_RANDOM, 15); }
END_TEST
START_TEST(games_best_edges) { play_games(SEA_HUNTER_SAMPLER, SEA_PLACE_EDGES, 10); }
END_TEST

/* The same seed plays the same game: choices depend only on board and rng. */
START_TEST(games_repeat) {
    int shots[2];
    for (int run = 0; run < 2; run++) {
        SeaAi *ai = malloc(sizeof *ai);
        SeaGame *g = malloc(sizeof *g);
        sea_ai_init(ai, SEA_HUNTER_SAMPLER);
        ai->samples = 50;
        sea_game_reset(g, 4242, SEA_PLACE_RANDOM);
        Rng rng;
        rng_init(&rng, 4242, RNG_STREAM_OTHER);
        while (!sea_game_is_over(g)) {
            int cell = -1;
            ck_assert_int_eq(sea_ai_choose(ai, &g->seen, &rng, &cell, NULL), WS_OK);
            sea_game_shoot(g, cell);
        }
        shots[run] = g->shots;
        free(g);
        free(ai);
    }
    ck_assert_int_eq(shots[0], shots[1]);
}
END_TEST

START_TEST(names) {
    ck_assert_str_eq(sea_hunter_name(SEA_HUNTER_SOURCE), "source");
    ck_assert_str_eq(sea_hunter_name(SEA_HUNTER_SAMPLER), "sampler");
    ck_assert_str_eq(sea_hunter_name(SEA_HUNTER_COUNT), "?");
    ck_assert_str_eq(sea_ai_reason_name(SEA_AI_AROUND), "around-hit");
    ck_assert_str_eq(sea_ai_reason_name(SEA_AI_FALLBACK), "fallback");
    ck_assert_str_eq(sea_ai_reason_name(SEA_AI_REASON_COUNT), "?");
}
END_TEST

static Suite *sea_ai_suite(void) {
    Suite *s = suite_create("sea_ai");
    TCase *tc = tcase_create("counts");
    tcase_add_test(tc, counts_golden_empty);
    tcase_add_test(tc, counts_golden_d4);
    tcase_add_test(tc, counts_single_row);
    tcase_add_test(tc, counts_hits_and_sunk);
    tcase_add_test(tc, counts_edge_column);
    suite_add_tcase(s, tc);
    tc = tcase_create("seed");
    tcase_add_test(tc, seed_hunts_maxima);
    tcase_add_test(tc, seed_counts_longest_remaining);
    tcase_add_test(tc, seed_target_around);
    tcase_add_test(tc, seed_target_shortest_fits);
    tcase_add_test(tc, seed_target_line);
    suite_add_tcase(s, tc);
    tc = tcase_create("best");
    tcase_add_test(tc, best_target_weights);
    tcase_add_test(tc, best_target_no_gap);
    tcase_add_test(tc, best_target_avoids_other_ships);
    tcase_add_test(tc, best_hunts_open_cells);
    tcase_add_test(tc, both_fill_the_gap_between_two_groups);
    tcase_add_test(tc, both_pass_over_a_group_no_ship_fits);
    tcase_add_test(tc, errors);
    tcase_add_test(tc, names);
    suite_add_tcase(s, tc);
    tc = tcase_create("games");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, games_seed_random);
    tcase_add_test(tc, games_seed_edges);
    tcase_add_test(tc, games_best_random);
    tcase_add_test(tc, games_best_edges);
    tcase_add_test(tc, games_repeat);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(sea_ai_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
