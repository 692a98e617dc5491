/* test_match.c - a match's tally and statistics (play/match.h) against
 * cases worked out by hand (docs/match.md gives each formula). */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "match.h"

static MatchResult snake(MatchEnd end, int length, long steps) {
    return (MatchResult){end, length, steps};
}

static MatchResult sea(MatchEnd end, long shots) { return (MatchResult){end, 0, shots}; }

/* ---- compare ---------------------------------------------------------------- */

START_TEST(snake_compare_ranks_the_ends) {
    MatchResult won = snake(MATCH_WON, 64, 700), fast = snake(MATCH_WON, 64, 650);
    MatchResult dead = snake(MATCH_DEAD, 60, 300), stalled = snake(MATCH_STALLED, 60, 900);
    ck_assert_int_gt(match_compare(MATCH_SNAKE, &won, &dead), 0);     /* a win beats a death */
    ck_assert_int_lt(match_compare(MATCH_SNAKE, &won, &fast), 0);     /* two wins: fewer steps */
    ck_assert_int_gt(match_compare(MATCH_SNAKE, &dead, &stalled), 0); /* same length: fewer steps */
    stalled.length = 61;
    ck_assert_int_lt(match_compare(MATCH_SNAKE, &dead, &stalled), 0); /* no win: the longer */
    ck_assert_int_eq(match_compare(MATCH_SNAKE, &won, &won), 0);
}
END_TEST

START_TEST(forfeit_always_loses) {
    MatchResult f = snake(MATCH_FORFEIT, 63, 10), dead = snake(MATCH_DEAD, 4, 900);
    ck_assert_int_lt(match_compare(MATCH_SNAKE, &f, &dead), 0);
    ck_assert_int_gt(match_compare(MATCH_SNAKE, &dead, &f), 0);
    MatchResult f2 = snake(MATCH_FORFEIT, 4, 1);
    ck_assert_int_eq(match_compare(MATCH_SNAKE, &f, &f2), 0);
    MatchResult sf = sea(MATCH_FORFEIT, 3), slow = sea(MATCH_WON, 99);
    ck_assert_int_lt(match_compare(MATCH_SEA, &sf, &slow), 0); /* 3 shots and forfeit: lost */
}
END_TEST

START_TEST(sea_compare_fewer_shots) {
    MatchResult a = sea(MATCH_WON, 50), b = sea(MATCH_WON, 55);
    ck_assert_int_gt(match_compare(MATCH_SEA, &a, &b), 0);
    ck_assert_int_lt(match_compare(MATCH_SEA, &b, &a), 0);
    b.count = 50;
    ck_assert_int_eq(match_compare(MATCH_SEA, &a, &b), 0);
}
END_TEST

START_TEST(names_read_back) {
    MatchEnd e = MATCH_DEAD;
    ck_assert_str_eq(match_end_name(MATCH_SEA, MATCH_WON), "sunk");
    ck_assert(match_end_parse(MATCH_SEA, "sunk", &e) && e == MATCH_WON);
    ck_assert(!match_end_parse(MATCH_SEA, "dead", &e));
    ck_assert(match_end_parse(MATCH_SNAKE, "stalled", &e) && e == MATCH_STALLED);
    MatchKind k = MATCH_SNAKE;
    ck_assert(match_kind_parse("sea", &k) && k == MATCH_SEA);
    ck_assert(!match_kind_parse("arena", &k));
}
END_TEST

/* ---- the tally ---------------------------------------------------------------- */

/* Three players over three seeds, counted by hand:
 *   seed 0: A won 700, B won 650, C dead 30     -> B>A, A>C, B>C; A-B diff 50
 *   seed 1: A won 600, B stalled 50, C won 600  -> A>B, A=C, C>B; A-C diff 0
 *   seed 2: A forfeit 10, B won 640, C forfeit 5 -> B>A, A=C, B>C
 * Points: A 1 (vs B) + 2 (vs C: a win, two ties) = 3; B 2 + 2 = 4; C 1 (two
 * ties with A) + 1 (its win over B) = 2. Ranking B, A, C. */
START_TEST(tally_counts_pairs_and_points) {
    MatchTally t;
    match_tally_init(&t, MATCH_SNAKE, 3);
    ck_assert_int_eq(t.pairs, 3);
    MatchResult g[3][3] = {
        {snake(MATCH_WON, 64, 700), snake(MATCH_WON, 64, 650), snake(MATCH_DEAD, 30, 300)},
        {snake(MATCH_WON, 64, 600), snake(MATCH_STALLED, 50, 999), snake(MATCH_WON, 64, 600)},
        {snake(MATCH_FORFEIT, 10, 20), snake(MATCH_WON, 64, 640), snake(MATCH_FORFEIT, 5, 3)},
    };
    for (int i = 0; i < 3; i++)
        match_tally_add(&t, g[i]);
    ck_assert_int_eq(t.games, 3);
    const MatchPair *ab = &t.pair[match_pair_index(3, 0, 1)];
    const MatchPair *ac = &t.pair[match_pair_index(3, 0, 2)];
    const MatchPair *bc = &t.pair[match_pair_index(3, 1, 2)];
    ck_assert(ab->a == 0 && ab->b == 1 && ac->a == 0 && ac->b == 2 && bc->a == 1 && bc->b == 2);
    ck_assert(ab->better == 1 && ab->worse == 2 && ab->ties == 0);
    ck_assert(ac->better == 1 && ac->worse == 0 && ac->ties == 2);
    ck_assert(bc->better == 2 && bc->worse == 1 && bc->ties == 0);
    ck_assert_int_eq(ab->both, 1); /* only seed 0: both won */
    ck_assert(ab->diff_sum == 50.0 && ab->diff_sq == 2500.0);
    ck_assert_int_eq(ac->both, 1);
    ck_assert(ac->diff_sum == 0.0);
    ck_assert_int_eq(t.side[0].ends[MATCH_WON], 2);
    ck_assert_int_eq(t.side[0].ends[MATCH_FORFEIT], 1);
    ck_assert(t.side[1].won_count_sum == 1290.0);
    ck_assert(match_points(&t, 0) == 3.0 && match_points(&t, 1) == 4.0 &&
              match_points(&t, 2) == 2.0);
    int order[MATCH_MAX_PLAYERS];
    match_ranking(&t, order);
    ck_assert(order[0] == 1 && order[1] == 0 && order[2] == 2);
}
END_TEST

/* Equal points keep the command line's order; more points go first. */
START_TEST(ranking_keeps_order_on_ties) {
    MatchTally t;
    match_tally_init(&t, MATCH_SEA, 3);
    MatchResult same[3] = {sea(MATCH_WON, 50), sea(MATCH_WON, 50), sea(MATCH_WON, 50)};
    match_tally_add(&t, same);
    int order[MATCH_MAX_PLAYERS];
    match_ranking(&t, order);
    ck_assert(order[0] == 0 && order[1] == 1 && order[2] == 2);
    MatchResult last_best[3] = {sea(MATCH_WON, 60), sea(MATCH_FORFEIT, 1), sea(MATCH_WON, 40)};
    match_tally_add(&t, last_best);
    match_ranking(&t, order);
    ck_assert(order[0] == 2 && order[1] == 0 && order[2] == 1);
}
END_TEST

/* Names of one kind get "#2", "#3" after the first; a name too long for a
 * trace's policy field gives way to its number. */
START_TEST(players_of_one_name_are_told_apart) {
    char names[4][MATCH_NAME_MAX + 1] = {"engine:csnake", "greedy", "engine:csnake",
                                         "engine:csnake"};
    match_name_players(names, 4);
    ck_assert_str_eq(names[0], "engine:csnake");
    ck_assert_str_eq(names[1], "greedy");
    ck_assert_str_eq(names[2], "engine:csnake#2");
    ck_assert_str_eq(names[3], "engine:csnake#3");
    char longs[2][MATCH_NAME_MAX + 1];
    memset(longs[0], 'x', MATCH_NAME_MAX);
    longs[0][MATCH_NAME_MAX] = '\0';
    memcpy(longs[1], longs[0], sizeof longs[1]);
    match_name_players(longs, 2);
    ck_assert_uint_eq(strlen(longs[1]), MATCH_NAME_MAX);
    ck_assert_str_eq(longs[1] + MATCH_NAME_MAX - 2, "#2");
    ck_assert_int_eq(strncmp(longs[0], longs[1], MATCH_NAME_MAX - 2), 0);
}
END_TEST

START_TEST(pair_index_enumerates_in_order) {
    int players = MATCH_MAX_PLAYERS, i = 0;
    for (int a = 0; a < players; a++)
        for (int b = a + 1; b < players; b++)
            ck_assert_int_eq(match_pair_index(players, a, b), i++);
    ck_assert_int_eq(i, MATCH_MAX_PAIRS);
}
END_TEST

/* ---- the statistics -------------------------------------------------------- */

/* W 3, D 2, L 1: score (3 + 1) / 6 = 2/3; the per-seed variance
 * 3/6 (1/3)^2 + 2/6 (1/6)^2 + 1/6 (2/3)^2 = 30/216, so the half-width is
 * 1.959964 * sqrt(30/216 / 6) = 0.2981990. */
START_TEST(score_interval_by_hand) {
    MatchScore s = match_score(3, 2, 1);
    ck_assert_double_eq_tol(s.score, 2.0 / 3.0, 1e-12);
    ck_assert_double_eq_tol((s.hi - s.score), 0.2981990, 1e-7);
    ck_assert_double_eq_tol((s.score - s.lo), 0.2981990, 1e-7);
    MatchScore none = match_score(0, 0, 0);
    ck_assert(none.score == 0.5 && none.lo == 0.0 && none.hi == 1.0);
    MatchScore all = match_score(0, 5, 0); /* every seed a tie: no spread */
    ck_assert(all.score == 0.5 && all.lo == 0.5 && all.hi == 0.5);
    /* W 5, L 1: 5/6 +- 1.959964 * sqrt((5/6)(1/6) / 6) = 0.2982: the top is cut at 1. */
    MatchScore most = match_score(5, 0, 1);
    ck_assert(most.hi == 1.0);
    ck_assert_double_eq_tol(most.lo, 5.0 / 6.0 - 0.2981990, 1e-7);
}
END_TEST

/* W 3, L 1: (3 - 1) / sqrt(2 * 4) = 1/sqrt(2), erf(1/sqrt(2)) = 0.6826895
 * (one sigma), so LOS = Phi(1) = 0.8413447. */
START_TEST(los_by_hand) {
    ck_assert_double_eq_tol(match_los(3, 1), 0.8413447, 1e-7);
    ck_assert_double_eq_tol(match_los(1, 3), 1.0 - 0.8413447, 1e-7);
    ck_assert(match_los(0, 0) == 0.5);
    ck_assert(match_los(7, 7) == 0.5);
}
END_TEST

/* Differences 1, 2, 3, 4: mean 2.5, sd sqrt(5/3) = 1.2909944, t(0.975, 3)
 * = 3.1824463, half-width 3.1824463 * 1.2909944 / 2 = 2.0542603. */
START_TEST(paired_difference_by_hand) {
    MatchPair p = {0};
    for (int d = 1; d <= 4; d++) {
        p.both++;
        p.diff_sum += d;
        p.diff_sq += d * d;
    }
    MatchDiff d = match_diff(&p);
    ck_assert(d.ok && d.n == 4);
    ck_assert_double_eq_tol(d.mean, 2.5, 1e-12);
    ck_assert_double_eq_tol((d.hi - d.mean), 2.0542603, 1e-6);
    ck_assert_double_eq_tol((d.mean - d.lo), 2.0542603, 1e-6);
    MatchPair one = {.both = 1, .diff_sum = -7.0, .diff_sq = 49.0};
    d = match_diff(&one);
    ck_assert(!d.ok && d.mean == -7.0);
    MatchPair none = {0};
    ck_assert(!match_diff(&none).ok);
}
END_TEST

/* t(0.975, df) as R's qt(0.975, df) gives it to 13 decimals: a four-decimal
 * table (12.7062 for df 1) put the JSON's third decimal of an interval off
 * by up to 0.01 on a few seeds. Beyond 1000 degrees of freedom the
 * expansion takes over without a step, and the normal quantile is the
 * limit. */
START_TEST(t_quantile) {
    static const struct {
        long df;
        double t;
    } QT[] = {{1, 12.7062047361747}, {2, 4.3026527297495},   {3, 3.1824463052837},
              {10, 2.2281388519863}, {30, 2.0422724563012},  {31, 2.0395134463964},
              {60, 2.0002978220143}, {120, 1.9799304050824}, {1000, 1.9623390808264}};
    for (size_t i = 0; i < sizeof QT / sizeof QT[0]; i++)
        ck_assert_msg(fabs(match_t975(QT[i].df) - QT[i].t) < 1e-12,
                      "t(0.975, %ld) = %.15f, not %.13f", QT[i].df, match_t975(QT[i].df), QT[i].t);
    ck_assert_double_eq_tol(match_t975(1001), match_t975(1000) - 2.3755e-6, 1e-9);
    ck_assert_double_eq_tol(match_t975(100000000L), MATCH_Z95, 1e-7);
    ck_assert(isnan(match_t975(0)));
    for (long df = 1; df < 2000; df++) /* falls towards z */
        ck_assert(match_t975(df + 1) < match_t975(df));
}
END_TEST

START_TEST(elo_scale) {
    ck_assert_double_eq_tol(match_elo_score(0.0), 0.5, 1e-15);
    ck_assert_double_eq_tol(match_elo_score(400.0 * log10(3.0)), 0.75, 1e-12);
    ck_assert_double_eq_tol(match_score_elo(0.75), 400.0 * log10(3.0), 1e-9);
    ck_assert(isinf(match_score_elo(1.0)) && match_score_elo(0.0) < 0.0);
    /* Every seed a tie: +0 (the summary printed "elo -0.0 [-0.0, -0.0]"). */
    ck_assert(match_score_elo(0.5) == 0.0 && !signbit(match_score_elo(0.5)));
}
END_TEST

/* The GSPRT by hand, W 3, D 2, L 1 (frequencies 1/6, 2/6, 3/6 over scores
 * 0, 1/2, 1; mean 2/3).
 * - elo0 0 (s0 = 1/2): theta solves -1/12 / (1 - theta/2) + 1/4 / (1 + theta/2)
 *   = 0, theta = 1, so p0 = (1/3, 1/3, 1/3).
 * - elo1 = 400 log10 2 (s1 = 2/3, the sample's mean): theta = 0, p1 = phat.
 *   LLR = 6 sum phat ln(p1 / p0) = ln(1/2) + 3 ln(3/2) = 0.5232481.
 * - elo1 = 400 log10 3 (s1 = 3/4): clearing the denominators gives
 *   1.125 theta^2 - 2 theta - 2 = 0, theta = (2 - sqrt(13)) / 2.25 (the root
 *   inside (-4, 4/3)), p1_i = phat_i / (1 + theta (a_i - 3/4)). */
START_TEST(sprt_llr_by_hand) {
    MatchSprt s = {true, 0.0, 400.0 * log10(2.0), 0.05, 0.05};
    ck_assert_double_eq_tol(match_sprt_llr(&s, 3, 2, 1), log(0.5) + 3.0 * log(1.5), 1e-9);
    MatchSprt swapped = {true, 400.0 * log10(2.0), 0.0, 0.05, 0.05};
    ck_assert_double_eq_tol(match_sprt_llr(&swapped, 3, 2, 1), -(log(0.5) + 3.0 * log(1.5)), 1e-9);
    s.elo1 = 400.0 * log10(3.0);
    double theta = (2.0 - sqrt(13.0)) / 2.25;
    double phat[3] = {1.0 / 6.0, 2.0 / 6.0, 3.0 / 6.0}, a[3] = {0.0, 0.5, 1.0}, want = 0.0;
    for (int i = 0; i < 3; i++)
        want += phat[i] * log(phat[i] / (1.0 + theta * (a[i] - 0.75)) / (1.0 / 3.0));
    ck_assert_double_eq_tol(match_sprt_llr(&s, 3, 2, 1), 6.0 * want, 1e-9);
    ck_assert_double_eq_tol(6.0 * want, 0.3557772, 1e-7);
}
END_TEST

START_TEST(sprt_symmetry_and_edges) {
    MatchSprt s = {true, -20.0, 20.0, 0.05, 0.05};
    ck_assert_double_eq_tol(match_sprt_llr(&s, 40, 20, 40), 0.0, 1e-9); /* mean 1/2: between */
    ck_assert(match_sprt_llr(&s, 0, 0, 0) == 0.0);
    MatchSprt up = {true, 0.0, 10.0, 0.05, 0.05};
    ck_assert(match_sprt_llr(&up, 5, 0, 0) > 0.0); /* empty counts count as 0.001 */
    ck_assert(match_sprt_llr(&up, 0, 0, 5) < 0.0);
    ck_assert(isfinite(match_sprt_llr(&up, 1000, 0, 0)));
    /* More of the same evidence, more LLR: linear in the games. */
    ck_assert_double_eq_tol(match_sprt_llr(&up, 60, 20, 40), 2.0 * match_sprt_llr(&up, 30, 10, 20),
                            1e-9);
}
END_TEST

START_TEST(sprt_bounds_and_verdict) {
    MatchSprt s = {true, 0.0, 5.0, 0.05, 0.05};
    double lower = 0.0, upper = 0.0;
    match_sprt_bounds(&s, &lower, &upper);
    ck_assert_double_eq_tol(lower, -log(19.0), 1e-12);
    ck_assert_double_eq_tol(upper, log(19.0), 1e-12);
    ck_assert_int_eq(match_sprt_verdict(&s, 2.95), MATCH_H1);
    ck_assert_int_eq(match_sprt_verdict(&s, -2.95), MATCH_H0);
    ck_assert_int_eq(match_sprt_verdict(&s, 2.9), MATCH_GOING);
    MatchSprt uneven = {true, 0.0, 5.0, 0.01, 0.1};
    match_sprt_bounds(&uneven, &lower, &upper);
    ck_assert_double_eq_tol(lower, log(0.1 / 0.99), 1e-12);
    ck_assert_double_eq_tol(upper, log(0.9 / 0.01), 1e-12);
}
END_TEST

START_TEST(sprt_check_refuses_bad_parameters) {
    WsError err = {0};
    MatchSprt ok = {true, 0.0, 5.0, 0.05, 0.05};
    ck_assert_int_eq(match_sprt_check(&ok, &err), WS_OK);
    MatchSprt bad[] = {
        {true, 5.0, 0.0, 0.05, 0.05}, {true, 5.0, 5.0, 0.05, 0.05}, {true, 0.0, 5000.0, 0.05, 0.05},
        {true, 0.0, 5.0, 0.0, 0.05},  {true, 0.0, 5.0, 0.05, 1.0},  {true, 0.0, 5.0, 0.6, 0.5},
        {true, NAN, 5.0, 0.05, 0.05},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err = (WsError){0};
        ck_assert_int_eq(match_sprt_check(&bad[i], &err), WS_ERR_ARG);
        ck_assert(err.msg[0] != '\0');
    }
}
END_TEST

static Suite *match_suite(void) {
    Suite *s = suite_create("match");
    TCase *tc = tcase_create("compare");
    tcase_add_test(tc, snake_compare_ranks_the_ends);
    tcase_add_test(tc, forfeit_always_loses);
    tcase_add_test(tc, sea_compare_fewer_shots);
    tcase_add_test(tc, names_read_back);
    suite_add_tcase(s, tc);
    tc = tcase_create("tally");
    tcase_add_test(tc, tally_counts_pairs_and_points);
    tcase_add_test(tc, ranking_keeps_order_on_ties);
    tcase_add_test(tc, pair_index_enumerates_in_order);
    tcase_add_test(tc, players_of_one_name_are_told_apart);
    suite_add_tcase(s, tc);
    tc = tcase_create("statistics");
    tcase_add_test(tc, score_interval_by_hand);
    tcase_add_test(tc, los_by_hand);
    tcase_add_test(tc, paired_difference_by_hand);
    tcase_add_test(tc, t_quantile);
    tcase_add_test(tc, elo_scale);
    suite_add_tcase(s, tc);
    tc = tcase_create("sprt");
    tcase_add_test(tc, sprt_llr_by_hand);
    tcase_add_test(tc, sprt_symmetry_and_edges);
    tcase_add_test(tc, sprt_bounds_and_verdict);
    tcase_add_test(tc, sprt_check_refuses_bad_parameters);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(match_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
