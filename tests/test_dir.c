/* The one direction order (up, right, down, left) and its helpers. */
#include <check.h>
#include <stdlib.h>

#include "dir.h"
#include "grid.h"

START_TEST(order_is_up_right_down_left) {
    ck_assert_int_eq(DIR_UP, 0);
    ck_assert_int_eq(DIR_RIGHT, 1);
    ck_assert_int_eq(DIR_DOWN, 2);
    ck_assert_int_eq(DIR_LEFT, 3);
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    for (int d = 0; d < DIR_COUNT; d++) {
        ck_assert_int_eq(DIR_DX[d], dx[d]);
        ck_assert_int_eq(DIR_DY[d], dy[d]);
    }
}
END_TEST

START_TEST(opposites) {
    ck_assert_int_eq(dir_opposite(DIR_UP), DIR_DOWN);
    ck_assert_int_eq(dir_opposite(DIR_RIGHT), DIR_LEFT);
    ck_assert_int_eq(dir_opposite(DIR_DOWN), DIR_UP);
    ck_assert_int_eq(dir_opposite(DIR_LEFT), DIR_RIGHT);
    ck_assert_int_eq(dir_opposite(DIR_NONE), DIR_NONE);
}
END_TEST

START_TEST(trace_letters_round_trip) {
    ck_assert_int_eq(dir_to_char(DIR_UP), 'U');
    ck_assert_int_eq(dir_to_char(DIR_LEFT), 'L');
    for (int d = 0; d < DIR_COUNT; d++)
        ck_assert_int_eq(dir_from_char(dir_to_char((Dir)d)), d);
    ck_assert_int_eq(dir_from_char('r'), DIR_RIGHT);
    ck_assert_int_eq(dir_from_char('x'), DIR_NONE);
    ck_assert_int_eq(dir_to_char(DIR_NONE), '?');
}
END_TEST

START_TEST(neighbors_and_edges) {
    /* 3x2 grid: cell 0 is (0,0); cell 5 is (2,1). */
    ck_assert_int_eq(grid_neighbor(3, 2, 0, DIR_UP), -1);
    ck_assert_int_eq(grid_neighbor(3, 2, 0, DIR_LEFT), -1);
    ck_assert_int_eq(grid_neighbor(3, 2, 0, DIR_RIGHT), 1);
    ck_assert_int_eq(grid_neighbor(3, 2, 0, DIR_DOWN), 3);
    ck_assert_int_eq(grid_neighbor(3, 2, 5, DIR_RIGHT), -1);
    ck_assert_int_eq(grid_neighbor(3, 2, 5, DIR_DOWN), -1);
    ck_assert_int_eq(grid_neighbor(3, 2, 2, DIR_RIGHT), -1); /* no wrap to the next row */
    ck_assert_int_eq(grid_dir_between(3, 1, 4), DIR_DOWN);
    ck_assert_int_eq(grid_dir_between(3, 4, 3), DIR_LEFT);
    ck_assert_int_eq(grid_dir_between(3, 2, 3), DIR_NONE); /* (2,0) and (0,1) */
}
END_TEST

static Suite *dir_suite(void) {
    Suite *s = suite_create("dir");
    TCase *tc = tcase_create("order");
    tcase_add_test(tc, order_is_up_right_down_left);
    tcase_add_test(tc, opposites);
    tcase_add_test(tc, trace_letters_round_trip);
    tcase_add_test(tc, neighbors_and_edges);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(dir_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
