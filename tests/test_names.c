/* names_of / names_parse / names_list: the enum <-> name helper every module uses. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "names.h"

static const char *const FRUIT[] = {"apple", "pear", NULL, "plum"};
enum { FRUIT_COUNT = 4 };

START_TEST(name_of_value_and_outside) {
    ck_assert_str_eq(names_of(FRUIT, FRUIT_COUNT, 0), "apple");
    ck_assert_str_eq(names_of(FRUIT, FRUIT_COUNT, 3), "plum");
    ck_assert_str_eq(names_of(FRUIT, FRUIT_COUNT, -1), "?");
    ck_assert_str_eq(names_of(FRUIT, FRUIT_COUNT, 4), "?");
    ck_assert_str_eq(names_of(FRUIT, FRUIT_COUNT, 2), "?"); /* a hole in the table */
}
END_TEST

START_TEST(parse_exact_names_only) {
    int v = -7;
    ck_assert(names_parse(FRUIT, FRUIT_COUNT, "pear", &v));
    ck_assert_int_eq(v, 1);
    ck_assert(names_parse(FRUIT, FRUIT_COUNT, "plum", &v));
    ck_assert_int_eq(v, 3);
    v = -7;
    ck_assert(!names_parse(FRUIT, FRUIT_COUNT, "Pear", &v));
    ck_assert(!names_parse(FRUIT, FRUIT_COUNT, "pea", &v));
    ck_assert(!names_parse(FRUIT, FRUIT_COUNT, "", &v));
    ck_assert(!names_parse(FRUIT, FRUIT_COUNT, NULL, &v));
    ck_assert_int_eq(v, -7); /* untouched on failure */
}
END_TEST

START_TEST(list_joins_and_cuts) {
    char buf[64];
    size_t need = names_list(FRUIT, FRUIT_COUNT, buf, sizeof buf);
    ck_assert_str_eq(buf, "apple, pear, plum");
    ck_assert_uint_eq(need, strlen("apple, pear, plum"));
    char small[8];
    need = names_list(FRUIT, FRUIT_COUNT, small, sizeof small);
    ck_assert_str_eq(small, "apple, ");
    ck_assert_uint_eq(need, strlen("apple, pear, plum"));
    ck_assert_uint_eq(names_list(FRUIT, FRUIT_COUNT, NULL, 0), strlen("apple, pear, plum"));
}
END_TEST

static Suite *names_suite(void) {
    Suite *s = suite_create("names");
    TCase *tc = tcase_create("names");
    tcase_add_test(tc, name_of_value_and_outside);
    tcase_add_test(tc, parse_exact_names_only);
    tcase_add_test(tc, list_joins_and_cuts);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(names_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
