/* Text map parsing: ragged rows, blank tails, line ends, bad bytes, limits. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "textmap.h"

static WsStatus parse(TextMap *m, const char *text, WsError *err) {
    return textmap_parse(m, text, strlen(text), "t.txt", err);
}

START_TEST(ragged_rows_are_padded_with_walls) {
    TextMap m;
    ck_assert_int_eq(parse(&m, "#..#\n#.\n#...@#\n", NULL), WS_OK);
    ck_assert_int_eq(m.w, 6);
    ck_assert_int_eq(m.h, 3);
    ck_assert_mem_eq(m.cells, "#..###" "#.####" "#...@#", 18);
    ck_assert(textmap_is_wall(&m, 5, 0));
    ck_assert(!textmap_is_wall(&m, 1, 1));
    ck_assert(textmap_is_wall(&m, 3, 1));
    ck_assert_int_eq(textmap_at(&m, 4, 2), '@');
    textmap_deinit(&m);
}
END_TEST

START_TEST(trailing_blank_lines_ignored_and_crlf) {
    TextMap m;
    ck_assert_int_eq(parse(&m, "#.#\r\n...\r\n\r\n\n\n", NULL), WS_OK);
    ck_assert_int_eq(m.w, 3);
    ck_assert_int_eq(m.h, 2);
    ck_assert_mem_eq(m.cells, "#.#...", 6);
    textmap_deinit(&m);
}
END_TEST

START_TEST(no_final_newline) {
    TextMap m;
    ck_assert_int_eq(parse(&m, "..\n.#", NULL), WS_OK);
    ck_assert_int_eq(m.h, 2);
    ck_assert_int_eq(textmap_at(&m, 1, 1), '#');
    textmap_deinit(&m);
}
END_TEST

START_TEST(inner_blank_line_is_a_wall_row) {
    TextMap m;
    ck_assert_int_eq(parse(&m, "..\n\n..\n", NULL), WS_OK);
    ck_assert_int_eq(m.h, 3);
    ck_assert(textmap_is_wall(&m, 0, 1) && textmap_is_wall(&m, 1, 1));
    textmap_deinit(&m);
}
END_TEST

START_TEST(rejects_empty_and_blank) {
    TextMap m;
    WsError err = {0};
    ck_assert_int_eq(parse(&m, "", &err), WS_ERR_PARSE);
    ck_assert_ptr_nonnull(strstr(err.msg, "empty"));
    ck_assert_int_eq(parse(&m, "\n\n\n", &err), WS_ERR_PARSE);
    ck_assert_ptr_null(m.cells);
}
END_TEST

START_TEST(rejects_control_and_non_ascii) {
    TextMap m;
    WsError err = {0};
    ck_assert_int_eq(parse(&m, "..\n.\t.\n", &err), WS_ERR_PARSE);
    ck_assert_ptr_nonnull(strstr(err.msg, "t.txt:2: "));
    ck_assert_int_eq(parse(&m, "..\xc3\xa9\n", &err), WS_ERR_PARSE);
    ck_assert_int_eq(parse(&m, "..\r..\n", &err), WS_ERR_PARSE); /* a lone CR */
    ck_assert_int_eq(textmap_parse(&m, "a\0b", 3, "t", &err), WS_ERR_PARSE);
}
END_TEST

START_TEST(size_limits) {
    TextMap m;
    WsError err = {0};
    char *wide = malloc(TEXTMAP_MAX_SIDE + 3);
    memset(wide, '.', TEXTMAP_MAX_SIDE + 1);
    wide[TEXTMAP_MAX_SIDE + 1] = '\n';
    wide[TEXTMAP_MAX_SIDE + 2] = '\0';
    ck_assert_int_eq(parse(&m, wide, &err), WS_ERR_PARSE); /* 513 wide */
    wide[TEXTMAP_MAX_SIDE] = '\n';
    wide[TEXTMAP_MAX_SIDE + 1] = '\0';
    ck_assert_int_eq(parse(&m, wide, &err), WS_OK); /* 512 wide */
    ck_assert_int_eq(m.w, TEXTMAP_MAX_SIDE);
    textmap_deinit(&m);
    free(wide);
    size_t rows = TEXTMAP_MAX_SIDE + 1;
    char *tall = malloc(rows * 2 + 1);
    for (size_t i = 0; i < rows; i++) {
        tall[2 * i] = '.';
        tall[2 * i + 1] = '\n';
    }
    tall[rows * 2] = '\0';
    ck_assert_int_eq(parse(&m, tall, &err), WS_ERR_PARSE); /* 513 rows */
    tall[(rows - 1) * 2] = '\0';
    ck_assert_int_eq(parse(&m, tall, &err), WS_OK); /* 512 rows */
    textmap_deinit(&m);
    free(tall);
}
END_TEST

START_TEST(blocked_cells) {
    TextMap m;
    ck_assert_int_eq(parse(&m, "#.z\n$@#\n", NULL), WS_OK);
    unsigned char blocked[6];
    textmap_to_blocked(&m, blocked);
    static const unsigned char expected[6] = {1, 0, 0, 0, 0, 1};
    ck_assert_mem_eq(blocked, expected, 6);
    textmap_deinit(&m);
}
END_TEST

static Suite *textmap_suite(void) {
    Suite *s = suite_create("textmap");
    TCase *tc = tcase_create("parse");
    tcase_add_test(tc, ragged_rows_are_padded_with_walls);
    tcase_add_test(tc, trailing_blank_lines_ignored_and_crlf);
    tcase_add_test(tc, no_final_newline);
    tcase_add_test(tc, inner_blank_line_is_a_wall_row);
    tcase_add_test(tc, blocked_cells);
    suite_add_tcase(s, tc);
    tc = tcase_create("reject");
    tcase_add_test(tc, rejects_empty_and_blank);
    tcase_add_test(tc, rejects_control_and_non_ascii);
    tcase_add_test(tc, size_limits);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(textmap_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
