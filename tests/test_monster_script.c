/* The fsm script parser: every malformed line is an error naming the file
 * and the line; blank lines and CRLF are fine. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ascii_map.h"
#include "monster_script.h"

typedef struct BadScript {
    const char *text;
    const char *needle;
} BadScript;

static const BadScript BAD[] = {
    {"", "no 'enemy"},
    {"\n\n", "no 'enemy"},
    {"turn 1 1 0 0\n", "line 1"},
    {"enemy 1 1 dance 5\n", "unknown state 'dance'"},
    {"enemy 0 0 sleep 5\n", "on a wall"},
    {"enemy 20 1 sleep 5\n", "outside"},
    {"enemy -1 1 sleep 5\n", "outside"},
    {"enemy 1x 1 sleep 5\n", "integers"},
    {"enemy 1 1 sleep 0\n", "LIFE"},
    {"enemy 1 1 sleep x\n", "LIFE"},
    {"enemy 1 1 sleep 5 6\n", "expected 'enemy"},
    {"enemy 1 1 sleep 5\nturn 1 1 0\n", "line 2"},
    {"enemy 1 1 sleep 5\nturn 1 1 0 2\n", "HIDDEN"},
    {"enemy 1 1 sleep 5\nturn 1 1 -1 0\n", "HIT"},
    {"enemy 1 1 sleep 5\nturn 1 1 1000000001 0\n",
     "HIT '1000000001' must be an integer 0..1000000000"},
    {"enemy 1 1 sleep 1000000001\n", "LIFE '1000000001' must be an integer 1..1000000000"},
    {"enemy 1 1 sleep 5\nturn 99 1 0 0\n", "hero (99, 1) is outside"},
    {"enemy 1 1 sleep 5\n\nturn 4 3 0 0\n", "line 3: hero (4, 3) is on a wall"},
    {"enemy 1 1 sleep 5\nwalk 1 1 0 0\n", "expected 'turn"},
    {"enemy 1 1 sleep 5\nenemy 1 1 sleep 5\n", "expected 'turn"},
};

START_TEST(bad_scripts_are_errors) {
    TextMap map;
    ck_assert_int_eq(ascii_map_parse(&map, ASCII_MAP_ROOM, ASCII_MAP_ROOM_ROWS), WS_OK);
    uint8_t blocked[64];
    textmap_to_blocked(&map, blocked);
    const BadScript *b = &BAD[_i];
    MonScript s;
    WsError err = {0};
    WsStatus st = monster_script_parse(&s, b->text, strlen(b->text), "bad.script", map.w, map.h,
                                       blocked, &err);
    ck_assert_msg(st == WS_ERR_PARSE, "'%s' parsed", b->text);
    ck_assert_msg(strstr(err.msg, b->needle) != NULL, "'%s': message '%s' lacks '%s'", b->text,
                  err.msg, b->needle);
    ck_assert_msg(strncmp(err.msg, "bad.script", 10) == 0, "message names the file: %s", err.msg);
    ck_assert_ptr_null(s.turns);
    textmap_deinit(&map);
}
END_TEST

START_TEST(script_blank_lines_and_crlf) {
    TextMap map;
    ck_assert_int_eq(ascii_map_parse(&map, ASCII_MAP_ROOM, ASCII_MAP_ROOM_ROWS), WS_OK);
    uint8_t blocked[64];
    textmap_to_blocked(&map, blocked);
    const char *text = "\nenemy 1 1 guard 7\r\n\n  turn 2 1 3 1 \r\n\n";
    MonScript s;
    ck_assert_int_eq(monster_script_parse(&s, text, strlen(text), "t", map.w, map.h, blocked, NULL),
                     WS_OK);
    ck_assert_int_eq(s.count, 1);
    ck_assert_int_eq(s.state, MON_GUARD);
    ck_assert_int_eq(s.life, 7);
    ck_assert_int_eq(s.enemy_cell, 1 * 7 + 1);
    ck_assert_int_eq(s.turns[0].hero_cell, 1 * 7 + 2);
    ck_assert_int_eq(s.turns[0].hit, 3);
    ck_assert(s.turns[0].hidden);
    monster_script_deinit(&s);
    textmap_deinit(&map);
}
END_TEST

static Suite *monster_script_suite(void) {
    Suite *s = suite_create("monster_script");
    TCase *tc = tcase_create("scripts");
    tcase_add_loop_test(tc, bad_scripts_are_errors, 0, (int)(sizeof BAD / sizeof BAD[0]));
    tcase_add_test(tc, script_blank_lines_and_crlf);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(monster_script_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
