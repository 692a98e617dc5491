/* Sea rules: board files, board checks, fleet legality and placement, shots and sinking. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sea.h"
#include "sea_rows.h"


static WsStatus check_rows(const char *const rows[SEA_H], SeaLeft *left, WsError *err) {
    SeaBoard b = sea_rows_board(rows);
    return sea_board_check(&b, left, err);
}

/* ---- parsing -------------------------------------------------------------- */

START_TEST(parse_marks) {
    const char *rows[SEA_H] = {"o.x#......", "..........", "..........", "..........",
                               "..........", "..........", "..........", "..........",
                               "..........", ".........."};
    SeaBoard b = sea_rows_board(rows);
    ck_assert_int_eq(b.mark[0], SEA_MISS);
    ck_assert_int_eq(b.mark[1], SEA_UNKNOWN);
    ck_assert_int_eq(b.mark[2], SEA_HIT);
    ck_assert_int_eq(b.mark[3], SEA_SUNK);
    ck_assert_int_eq(sea_mark_char(SEA_SUNK), '#');
    ck_assert_int_eq(sea_mark_char(SEA_MISS), 'o');
}
END_TEST

START_TEST(parse_line_ends) {
    SeaBoard b;
    WsError err = {0};
    char text[256] = "";
    for (int y = 0; y < SEA_H; y++)
        strcat(text, "..........\r\n");
    strcat(text, "\n\n"); /* blank trailing lines are fine */
    ck_assert_msg(sea_board_parse(&b, text, strlen(text), "crlf", &err) == WS_OK, "%s", err.msg);
    /* no final newline */
    text[0] = '\0';
    for (int y = 0; y < SEA_H; y++)
        strcat(text, y + 1 < SEA_H ? "..........\n" : "..........");
    ck_assert_msg(sea_board_parse(&b, text, strlen(text), "nonl", &err) == WS_OK, "%s", err.msg);
}
END_TEST

START_TEST(parse_bad_size) {
    SeaBoard b;
    WsError err = {0};
    char text[256] = "";
    for (int y = 0; y < 9; y++)
        strcat(text, "..........\n");
    ck_assert_int_eq(sea_board_parse(&b, text, strlen(text), "nine", &err), WS_ERR_PARSE);
    ck_assert_ptr_nonnull(strstr(err.msg, "nine"));
    strcat(text, "..........\n..........\n");
    ck_assert_int_eq(sea_board_parse(&b, text, strlen(text), "eleven", &err), WS_ERR_PARSE);
    text[0] = '\0';
    for (int y = 0; y < SEA_H; y++)
        strcat(text, y == 4 ? "...........\n" : "..........\n");
    ck_assert_int_eq(sea_board_parse(&b, text, strlen(text), "wide", &err), WS_ERR_PARSE);
    ck_assert_ptr_nonnull(strstr(err.msg, "line 5"));
    /* an empty line in the middle is a short line */
    text[0] = '\0';
    for (int y = 0; y < SEA_H; y++)
        strcat(text, y == 2 ? "\n" : "..........\n");
    ck_assert_int_eq(sea_board_parse(&b, text, strlen(text), "gap", &err), WS_ERR_PARSE);
}
END_TEST

START_TEST(parse_bad_char) {
    SeaBoard b;
    WsError err = {0};
    char text[256] = "";
    for (int y = 0; y < SEA_H; y++)
        strcat(text, y == 3 ? "...X......\n" : "..........\n");
    ck_assert_int_eq(sea_board_parse(&b, text, strlen(text), "bad", &err), WS_ERR_PARSE);
    ck_assert_ptr_nonnull(strstr(err.msg, "line 4 column 4"));
    ck_assert_ptr_nonnull(strstr(err.msg, "'X'"));
}
END_TEST

/* ---- board checks --------------------------------------------------------- */

START_TEST(check_remaining_fleet) {
    /* Sunk: a 4 (A1-D1), a 2 (vertical J1-J2), a 1 (F5); hits are not sunk ships. */
    const char *rows[SEA_H] = {"####o....#", "ooooo....#", "..........", "..........",
                               ".....#....", "..........", "..x.......", "..x.......",
                               "..........", ".........."};
    SeaLeft left;
    WsError err = {0};
    ck_assert_msg(check_rows(rows, &left, &err) == WS_OK, "%s", err.msg);
    ck_assert_int_eq(left.count[4], 0);
    ck_assert_int_eq(left.count[3], 2);
    ck_assert_int_eq(left.count[2], 2);
    ck_assert_int_eq(left.count[1], 3);
    ck_assert_int_eq(left.ships, 7);
    ck_assert_int_eq(sea_left_longest(&left), 3);
    ck_assert_int_eq(sea_left_shortest(&left, 1), 1);
    ck_assert_int_eq(sea_left_shortest(&left, 2), 2);
}
END_TEST

START_TEST(check_too_many_sunk) {
    /* five sunk 1-cell ships; the fleet has four */
    const char *rows[SEA_H] = {"#.#.#.#.#.", "..........", "..........", "..........",
                               "..........", "..........", "..........", "..........",
                               "..........", ".........."};
    WsError err = {0};
    ck_assert_int_eq(check_rows(rows, NULL, &err), WS_ERR_PARSE);
    ck_assert_ptr_nonnull(strstr(err.msg, "5 sunk 1-cell ships"));
    /* two sunk 4-cell ships */
    const char *rows4[SEA_H] = {"####......", "..........", "####......", "..........",
                                "..........", "..........", "..........", "..........",
                                "..........", ".........."};
    ck_assert_int_eq(check_rows(rows4, NULL, &err), WS_ERR_PARSE);
}
END_TEST

START_TEST(check_bad_shapes) {
    WsError err = {0};
    const char *bent[SEA_H] = {"##........", ".#........", "..........", "..........",
                               "..........", "..........", "..........", "..........",
                               "..........", ".........."};
    ck_assert_int_eq(check_rows(bent, NULL, &err), WS_ERR_PARSE);
    ck_assert_ptr_nonnull(strstr(err.msg, "bent"));
    const char *five[SEA_H] = {"..........", "..........", "..#####...", "..........",
                               "..........", "..........", "..........", "..........",
                               "..........", ".........."};
    ck_assert_int_eq(check_rows(five, NULL, &err), WS_ERR_PARSE);
    ck_assert_ptr_nonnull(strstr(err.msg, "5 cells"));
    const char *corner[SEA_H] = {"#.........", ".#........", "..........", "..........",
                                 "..........", "..........", "..........", "..........",
                                 "..........", ".........."};
    ck_assert_int_eq(check_rows(corner, NULL, &err), WS_ERR_PARSE);
    ck_assert_ptr_nonnull(strstr(err.msg, "touch"));
    const char *hit_by_sunk[SEA_H] = {"#x........", "..........", "..........", "..........",
                                      "..........", "..........", "..........", "..........",
                                      "..........", ".........."};
    ck_assert_int_eq(check_rows(hit_by_sunk, NULL, &err), WS_ERR_PARSE);
    const char *bent_hits[SEA_H] = {"..........", ".xx.......", ".x........", "..........",
                                    "..........", "..........", "..........", "..........",
                                    "..........", ".........."};
    ck_assert_int_eq(check_rows(bent_hits, NULL, &err), WS_ERR_PARSE);
    /* four floating hits in a line: the only 4-cell ship would be sunk already */
    const char *four_hits[SEA_H] = {"..........", ".xxxx.....", "..........", "..........",
                                    "..........", "..........", "..........", "..........",
                                    "..........", ".........."};
    ck_assert_int_eq(check_rows(four_hits, NULL, &err), WS_ERR_PARSE);
}
END_TEST

START_TEST(blocked_cells) {
    const char *rows[SEA_H] = {"#.........", "..........", ".....o....", "..........",
                               "..........", "..........", "....x.....", "..........",
                               "..........", "........##"};
    SeaBoard b = sea_rows_board(rows);
    uint8_t blocked[SEA_CELLS];
    sea_board_blocked(&b, blocked);
    int n = 0;
    for (int c = 0; c < SEA_CELLS; c++)
        n += blocked[c];
    /* A1 + its 3 neighbours, the miss F3, I10-J10 + their 4 neighbours (H9 I9 J9 H10) */
    ck_assert_int_eq(n, 4 + 1 + 6);
    ck_assert_int_eq(blocked[1], 1);      /* B1, next to A1 */
    ck_assert_int_eq(blocked[11], 1);     /* B2, diagonal */
    ck_assert_int_eq(blocked[2], 0);      /* C1 */
    ck_assert_int_eq(blocked[6 * 10 + 4], 0); /* a hit is not blocked */
    ck_assert_int_eq(blocked[8 * 10 + 7], 1); /* H9 */
}
END_TEST

/* ---- fleet ---------------------------------------------------------------- */

static int ship_cells(const SeaFleet *f) {
    int n = 0;
    for (int c = 0; c < SEA_CELLS; c++)
        n += f->owner[c] != SEA_NO_SHIP;
    return n;
}

START_TEST(fleet_random_is_legal) {
    SeaFleet f;
    for (uint64_t seed = 0; seed < 500; seed++) {
        Rng rng;
        rng_init(&rng, seed, RNG_STREAM_PLACE);
        sea_fleet_place(&f, SEA_PLACE_RANDOM, &rng);
        ck_assert_msg(sea_fleet_is_legal(&f), "seed %llu", (unsigned long long)seed);
        ck_assert_int_eq(ship_cells(&f), SEA_FLEET_CELLS);
    }
}
END_TEST

START_TEST(fleet_edges_is_legal) {
    SeaFleet f;
    for (uint64_t seed = 0; seed < 500; seed++) {
        Rng rng;
        rng_init(&rng, seed, RNG_STREAM_PLACE);
        sea_fleet_place(&f, SEA_PLACE_EDGES, &rng);
        ck_assert_msg(sea_fleet_is_legal(&f), "seed %llu", (unsigned long long)seed);
        for (int i = 0; i < SEA_SHIP_COUNT; i++) {
            const SeaShip *s = &f.ship[i];
            if (s->len < 2)
                continue;
            bool border = s->vertical ? (s->x == 0 || s->x == SEA_W - 1)
                                      : (s->y == 0 || s->y == SEA_H - 1);
            ck_assert_msg(border, "seed %llu ship %d not on the border", (unsigned long long)seed,
                          i);
        }
    }
}
END_TEST

START_TEST(fleet_illegal_detected) {
    SeaFleet f;
    Rng rng;
    rng_init(&rng, 5, RNG_STREAM_PLACE);
    sea_fleet_place(&f, SEA_PLACE_RANDOM, &rng);
    ck_assert(sea_fleet_is_legal(&f));
    /* Hand-built fleet: the 4 at A1-D1, then a 3 at E2 touches it at a corner. */
    SeaFleet g;
    memset(g.owner, SEA_NO_SHIP, sizeof g.owner);
    const SeaShip ships[SEA_SHIP_COUNT] = {{0, 0, 4, false}, {4, 1, 3, false}, {0, 4, 3, false},
                                           {0, 6, 2, false}, {3, 6, 2, false}, {6, 6, 2, false},
                                           {0, 9, 1, false}, {2, 9, 1, false}, {4, 9, 1, false},
                                           {6, 9, 1, false}};
    for (int i = 0; i < SEA_SHIP_COUNT; i++) {
        g.ship[i] = ships[i];
        for (int k = 0; k < ships[i].len; k++)
            g.owner[ships[i].y * SEA_W + ships[i].x + k] = (int8_t)i;
    }
    ck_assert(!sea_fleet_is_legal(&g));
    /* Move the 3 one cell right: it no longer touches, the fleet is legal. */
    for (int k = 0; k < 3; k++)
        g.owner[1 * SEA_W + 4 + k] = SEA_NO_SHIP;
    g.ship[1].x = 5;
    for (int k = 0; k < 3; k++)
        g.owner[1 * SEA_W + 5 + k] = 1;
    ck_assert(sea_fleet_is_legal(&g));
    /* A ship that leaves the board */
    g.ship[9].x = 10;
    ck_assert(!sea_fleet_is_legal(&g));
}
END_TEST

START_TEST(fleet_deterministic) {
    SeaGame a, b;
    sea_game_reset(&a, 77, SEA_PLACE_RANDOM);
    sea_game_reset(&b, 77, SEA_PLACE_RANDOM);
    ck_assert_mem_eq(a.fleet.owner, b.fleet.owner, sizeof a.fleet.owner);
    sea_game_reset(&b, 78, SEA_PLACE_RANDOM);
    ck_assert(memcmp(a.fleet.owner, b.fleet.owner, sizeof a.fleet.owner) != 0);
}
END_TEST

START_TEST(placement_names) {
    ck_assert_str_eq(sea_placement_name(SEA_PLACE_RANDOM), "random");
    ck_assert_str_eq(sea_placement_name(SEA_PLACE_EDGES), "edges");
    ck_assert_str_eq(sea_placement_name(SEA_PLACE_COUNT), "?");
    char name[4];
    sea_cell_name(3 * SEA_W + 3, name);
    ck_assert_str_eq(name, "D4");
    sea_cell_name(99, name);
    ck_assert_str_eq(name, "J10");
}
END_TEST

/* ---- shots and sinking ---------------------------------------------------- */

/* A game whose fleet is replaced by a hand-built one: the 4 at B2-E2 (horizontal),
 * a 1 at J10; the other ships parked far away so the test controls every shot. */
static void game_hand(SeaGame *g) {
    sea_game_reset(g, 1, SEA_PLACE_RANDOM);
    memset(g->fleet.owner, SEA_NO_SHIP, sizeof g->fleet.owner);
    const SeaShip ships[SEA_SHIP_COUNT] = {{1, 1, 4, false}, {0, 4, 3, false}, {4, 4, 3, false},
                                           {0, 6, 2, false}, {3, 6, 2, false}, {6, 6, 2, false},
                                           {0, 8, 1, false}, {2, 8, 1, false}, {4, 8, 1, false},
                                           {9, 9, 1, false}};
    for (int i = 0; i < SEA_SHIP_COUNT; i++) {
        g->fleet.ship[i] = ships[i];
        for (int k = 0; k < ships[i].len; k++)
            g->fleet.owner[ships[i].y * SEA_W + ships[i].x + k] = (int8_t)i;
    }
    ck_assert(sea_fleet_is_legal(&g->fleet));
}

/* A forfeit ends a game the fleet still floats in; no shot lands after it. */
START_TEST(forfeit_ends_the_game) {
    SeaGame g;
    game_hand(&g);
    ck_assert_int_eq(sea_game_shoot(&g, 0), SEA_SHOT_MISS);
    ck_assert(!sea_game_is_over(&g));
    sea_game_forfeit(&g);
    ck_assert(sea_game_is_over(&g));
    ck_assert(g.forfeit);
    ck_assert_int_eq(sea_game_shoot(&g, 1), SEA_SHOT_INVALID);
    ck_assert_int_eq(g.shots, 1);
    sea_game_reset(&g, 1, SEA_PLACE_RANDOM);
    ck_assert(!g.forfeit && !sea_game_is_over(&g));
}
END_TEST

START_TEST(shoot_and_sink) {
    SeaGame g;
    game_hand(&g);
    ck_assert_int_eq(sea_game_shoot(&g, 0), SEA_SHOT_MISS);
    ck_assert_int_eq(g.seen.mark[0], SEA_MISS);
    ck_assert_int_eq(sea_game_shoot(&g, 0), SEA_SHOT_INVALID); /* same cell twice */
    ck_assert_int_eq(sea_game_shoot(&g, -1), SEA_SHOT_INVALID);
    ck_assert_int_eq(sea_game_shoot(&g, SEA_CELLS), SEA_SHOT_INVALID);
    ck_assert_int_eq(g.shots, 1);
    for (int x = 1; x <= 3; x++)
        ck_assert_int_eq(sea_game_shoot(&g, SEA_W + x), SEA_SHOT_HIT);
    ck_assert_int_eq(g.seen.mark[SEA_W + 2], SEA_HIT);
    ck_assert_int_eq(sea_game_shoot(&g, SEA_W + 4), SEA_SHOT_SUNK);
    /* The ship is '#', its halo (A1-F1, A2, F2, A3-F3) is water, C5 is untouched. */
    for (int x = 1; x <= 4; x++)
        ck_assert_int_eq(g.seen.mark[SEA_W + x], SEA_SUNK);
    for (int x = 0; x <= 5; x++) {
        ck_assert_int_eq(g.seen.mark[x], SEA_MISS);
        ck_assert_int_eq(g.seen.mark[2 * SEA_W + x], SEA_MISS);
    }
    ck_assert_int_eq(g.seen.mark[SEA_W], SEA_MISS);
    ck_assert_int_eq(g.seen.mark[SEA_W + 5], SEA_MISS);
    ck_assert_int_eq(g.seen.mark[SEA_W + 6], SEA_UNKNOWN);
    ck_assert_int_eq(g.seen.mark[3 * SEA_W], SEA_UNKNOWN);
    ck_assert_int_eq(g.shot[2 * SEA_W], 0); /* halo water is not a shot */
    ck_assert_int_eq(g.shots, 5);
    ck_assert_int_eq(g.hits, 4);
    ck_assert_int_eq(g.sunk, 1);
    ck_assert_int_eq(sea_game_shoot(&g, 2 * SEA_W), SEA_SHOT_INVALID); /* known water */
    /* a 1-cell ship sinks at once; its corner halo stays on the board */
    ck_assert_int_eq(sea_game_shoot(&g, 99), SEA_SHOT_SUNK);
    ck_assert_int_eq(g.seen.mark[98], SEA_MISS);
    ck_assert_int_eq(g.seen.mark[88], SEA_MISS);
    ck_assert_int_eq(g.seen.mark[89], SEA_MISS);
    ck_assert(!sea_game_is_over(&g));
    SeaLeft left;
    WsError err = {0};
    ck_assert_msg(sea_board_check(&g.seen, &left, &err) == WS_OK, "%s", err.msg);
    ck_assert_int_eq(left.count[4], 0);
    ck_assert_int_eq(left.count[1], 3);
}
END_TEST

START_TEST(shoot_everything_ends) {
    SeaGame g;
    sea_game_reset(&g, 9, SEA_PLACE_RANDOM);
    int shots = 0;
    for (int c = 0; c < SEA_CELLS; c++)
        if (sea_game_shoot(&g, c) != SEA_SHOT_INVALID)
            shots++;
    ck_assert(sea_game_is_over(&g));
    ck_assert_int_eq(g.hits, SEA_FLEET_CELLS);
    ck_assert_int_eq(g.shots, shots);
    ck_assert_int_lt(shots, SEA_CELLS); /* halos saved some shots */
}
END_TEST

static Suite *sea_suite(void) {
    Suite *s = suite_create("sea");
    TCase *tc = tcase_create("parse");
    tcase_add_test(tc, parse_marks);
    tcase_add_test(tc, parse_line_ends);
    tcase_add_test(tc, parse_bad_size);
    tcase_add_test(tc, parse_bad_char);
    suite_add_tcase(s, tc);
    tc = tcase_create("check");
    tcase_add_test(tc, check_remaining_fleet);
    tcase_add_test(tc, check_too_many_sunk);
    tcase_add_test(tc, check_bad_shapes);
    tcase_add_test(tc, blocked_cells);
    suite_add_tcase(s, tc);
    tc = tcase_create("fleet");
    tcase_add_test(tc, fleet_random_is_legal);
    tcase_add_test(tc, fleet_edges_is_legal);
    tcase_add_test(tc, fleet_illegal_detected);
    tcase_add_test(tc, fleet_deterministic);
    tcase_add_test(tc, placement_names);
    suite_add_tcase(s, tc);
    tc = tcase_create("game");
    tcase_add_test(tc, shoot_and_sink);
    tcase_add_test(tc, forfeit_ends_the_game);
    tcase_add_test(tc, shoot_everything_ends);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(sea_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
