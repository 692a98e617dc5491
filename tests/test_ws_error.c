/* ws_fail and ws_quote: messages are one line of printable ASCII whatever
 * the input held (docs/conventions.md#errors-and-exit-statuses: bad input
 * gets a clear one-line error). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ws_error.h"

/* Every byte of s is printable ASCII. */
static int printable(const char *s) {
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7e)
            return 0;
    return 1;
}

START_TEST(quote_escapes_what_a_terminal_would_obey) {
    char buf[WS_QUOTE_SIZE];
    ck_assert_str_eq(ws_quote(buf, sizeof buf, "level.txt"), "level.txt");
    ck_assert_str_eq(ws_quote(buf, sizeof buf, "\xfe"), "\\xfe");
    ck_assert_str_eq(ws_quote(buf, sizeof buf, "a\x1b[2Jb"), "a\\x1b[2Jb");
    ck_assert_str_eq(ws_quote(buf, sizeof buf, "tab\there\n"), "tab\\x09here\\x0a");
    ck_assert_str_eq(ws_quote(buf, sizeof buf, "del\x7f"), "del\\x7f");
    ck_assert_str_eq(ws_quote(buf, sizeof buf, "back\\slash"), "back\\\\slash");
    ck_assert_str_eq(ws_quote(buf, sizeof buf, "\xc3\xa9t\xc3\xa9"), "\\xc3\\xa9t\\xc3\\xa9");
    ck_assert_str_eq(ws_quote(buf, sizeof buf, ""), "");
    ck_assert_str_eq(ws_quote(buf, sizeof buf, NULL), "");
    ck_assert_str_eq(ws_quote_len(buf, sizeof buf, "--seedling", 6), "--seed");
    ck_assert_str_eq(ws_quote_len(buf, sizeof buf, "a\0b", 3), "a\\x00b");
}
END_TEST

START_TEST(quote_cuts_between_escapes) {
    char buf[12];
    /* 11 characters fit: the text, or a cut prefix and "...". */
    ck_assert_str_eq(ws_quote(buf, sizeof buf, "abcdefghijk"), "abcdefghijk");
    ck_assert_str_eq(ws_quote(buf, sizeof buf, "abcdefghijkl"), "abcdefgh...");
    ck_assert_str_eq(ws_quote(buf, sizeof buf, "ab\xfe\xfe\xfe"), "ab\\xfe...");
    char tiny[3];
    ck_assert_str_eq(ws_quote(tiny, sizeof tiny, "abcdef"), "..");
    char one[1];
    ck_assert_str_eq(ws_quote(one, sizeof one, "abc"), "");
    char big[256];
    char raw[200];
    memset(raw, 0x9b, sizeof raw - 1); /* 0x9b: the one-byte CSI of 8-bit terminals */
    raw[sizeof raw - 1] = '\0';
    ws_quote(big, sizeof big, raw);
    ck_assert(printable(big));
    ck_assert_uint_lt(strlen(big), sizeof big);
    ck_assert_str_eq(big + strlen(big) - 3, "...");
}
END_TEST

START_TEST(fail_never_lets_a_raw_byte_through) {
    WsError err = {0};
    ck_assert_int_eq(ws_fail(&err, WS_ERR_PARSE, "LIFE '%s' is bad", "\xfe\x1b]0;pwned\x07"),
                     WS_ERR_PARSE);
    ck_assert_int_eq(err.status, WS_ERR_PARSE);
    ck_assert_str_eq(err.msg, "LIFE '\\xfe\\x1b]0;pwned\\x07' is bad");
    /* Text ws_quote escaped already passes unchanged (its backslashes stay single). */
    char q[WS_QUOTE_SIZE];
    ws_fail(&err, WS_ERR_ARG, "'%s'", ws_quote(q, sizeof q, "a\\b\xfe"));
    ck_assert_str_eq(err.msg, "'a\\\\b\\xfe'");
    /* A long message stays within msg and printable. */
    char raw[400];
    memset(raw, '\x1b', sizeof raw - 1);
    raw[sizeof raw - 1] = '\0';
    ws_fail(&err, WS_ERR_PARSE, "x %s", raw);
    ck_assert(printable(err.msg));
    ck_assert_uint_lt(strlen(err.msg), sizeof err.msg);
    ck_assert_int_eq(ws_fail(NULL, WS_ERR_IO, "%s", "no buffer"), WS_ERR_IO);
}
END_TEST

static Suite *ws_error_suite(void) {
    Suite *s = suite_create("ws_error");
    TCase *tc = tcase_create("escape");
    tcase_add_test(tc, quote_escapes_what_a_terminal_would_obey);
    tcase_add_test(tc, quote_cuts_between_escapes);
    tcase_add_test(tc, fail_never_lets_a_raw_byte_through);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(ws_error_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
