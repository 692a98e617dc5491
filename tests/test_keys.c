/* Key bindings (keys.h): SDL keycodes -> actions, without a window. The
 * expected bindings are the ones README.md#keys lists. */
#include <SDL.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keys.h"
#include "options.h"

static const struct {
    SDL_Keycode sym;
    Uint16 mod;
    Action want;
} BINDINGS[] = {
    {SDLK_SPACE, KMOD_NONE, ACT_PAUSE},
    {SDLK_n, KMOD_NONE, ACT_STEP},
    {SDLK_PERIOD, KMOD_NONE, ACT_STEP},
    {SDLK_COMMA, KMOD_NONE, ACT_BACK}, /* docs/replay.md#in-the-window */
    {SDLK_HOME, KMOD_NONE, ACT_FIRST},
    {SDLK_END, KMOD_NONE, ACT_LAST},
    {SDLK_LEFTBRACKET, KMOD_NONE, ACT_PREV_GAME},
    {SDLK_RIGHTBRACKET, KMOD_NONE, ACT_NEXT_GAME},
    {SDLK_COMMA, KMOD_LCTRL, ACT_NONE},
    {SDLK_PLUS, KMOD_NONE, ACT_FASTER},
    {SDLK_EQUALS, KMOD_LSHIFT, ACT_FASTER}, /* '+' on a US keyboard */
    {SDLK_KP_PLUS, KMOD_NONE, ACT_FASTER},
    {SDLK_MINUS, KMOD_NONE, ACT_SLOWER},
    {SDLK_KP_MINUS, KMOD_NONE, ACT_SLOWER},
    {SDLK_r, KMOD_NONE, ACT_RESTART},
    {SDLK_TAB, KMOD_NONE, ACT_NEXT},
    {SDLK_1, KMOD_NONE, ACT_MODE_SNAKE},
    {SDLK_2, KMOD_NONE, ACT_MODE_ARENA},
    {SDLK_3, KMOD_NONE, ACT_MODE_SEA},
    {SDLK_w, KMOD_NONE, ACT_TOGGLE_WAVE},
    {SDLK_w, KMOD_LSHIFT, ACT_TOGGLE_WAVE}, /* capital W too */
    {SDLK_p, KMOD_NONE, ACT_TOGGLE_PATH},
    {SDLK_v, KMOD_NONE, ACT_TOGGLE_VIRTUAL},
    {SDLK_h, KMOD_NONE, ACT_TOGGLE_HEATMAP},
    {SDLK_g, KMOD_NONE, ACT_TOGGLE_GRID},
    {SDLK_d, KMOD_NONE, ACT_TOGGLE_NUMBERS},
    {SDLK_s, KMOD_NONE, ACT_SCREENSHOT},
    {SDLK_c, KMOD_NONE, ACT_RECORD},
    {SDLK_f, KMOD_NONE, ACT_FULLSCREEN},
    {SDLK_F1, KMOD_NONE, ACT_HELP},
    {SDLK_QUESTION, KMOD_NONE, ACT_HELP},
    {SDLK_SLASH, KMOD_RSHIFT, ACT_HELP}, /* '?' as Shift + '/' */
    {SDLK_ESCAPE, KMOD_NONE, ACT_QUIT},
    {SDLK_q, KMOD_NONE, ACT_QUIT},
    {SDLK_UP, KMOD_NONE, ACT_UP},
    {SDLK_RIGHT, KMOD_NONE, ACT_RIGHT},
    {SDLK_DOWN, KMOD_NONE, ACT_DOWN},
    {SDLK_LEFT, KMOD_NONE, ACT_LEFT},
    {SDLK_RETURN, KMOD_NONE, ACT_NEW_GAME},
    {SDLK_KP_ENTER, KMOD_NONE, ACT_NEW_GAME},
    {SDLK_e, KMOD_NONE, ACT_PAUSE_ON_END},
    {SDLK_i, KMOD_NONE, ACT_HUD_STYLE},
    {SDLK_m, KMOD_NONE, ACT_NEXT_MAP},
    {SDLK_a, KMOD_NONE, ACT_TAKE_BACK},
    {SDLK_x, KMOD_NONE, ACT_RACE},
    /* Not bound, or left to the system. */
    {SDLK_SLASH, KMOD_NONE, ACT_NONE},
    {SDLK_j, KMOD_NONE, ACT_NONE},
    {SDLK_w, KMOD_LCTRL, ACT_NONE},
    {SDLK_TAB, KMOD_LALT, ACT_NONE},
    {SDLK_q, KMOD_LGUI, ACT_NONE},
};

START_TEST(binding) {
    Action got = keys_action(BINDINGS[_i].sym, BINDINGS[_i].mod);
    ck_assert_msg(got == BINDINGS[_i].want, "key '%s' mod 0x%x: got %s, expected %s",
                  SDL_GetKeyName(BINDINGS[_i].sym), BINDINGS[_i].mod, keys_action_name(got),
                  keys_action_name(BINDINGS[_i].want));
}
END_TEST

START_TEST(overlay_bits) {
    ck_assert_uint_eq(keys_overlay_bit(ACT_TOGGLE_WAVE), OVERLAY_WAVE);
    ck_assert_uint_eq(keys_overlay_bit(ACT_TOGGLE_PATH), OVERLAY_PATH);
    ck_assert_uint_eq(keys_overlay_bit(ACT_TOGGLE_VIRTUAL), OVERLAY_VIRTUAL);
    ck_assert_uint_eq(keys_overlay_bit(ACT_TOGGLE_HEATMAP), OVERLAY_HEATMAP);
    ck_assert_uint_eq(keys_overlay_bit(ACT_TOGGLE_GRID), OVERLAY_GRID);
    ck_assert_uint_eq(keys_overlay_bit(ACT_TOGGLE_NUMBERS), OVERLAY_NUMBERS);
    ck_assert_uint_eq(keys_overlay_bit(ACT_HELP), OVERLAY_HELP);
    ck_assert_uint_eq(keys_overlay_bit(ACT_PAUSE), 0);
    ck_assert_uint_eq(keys_overlay_bit(ACT_QUIT), 0);
}
END_TEST

/* Every key README.md lists appears in the help overlay's table. */
START_TEST(help_lists_every_key) {
    static const char *const KEYS[] = {"Space", "N",   ".", "+",  "-",     "R",   "Tab", "1",
                                       "2",     "3",   "W", "P",  "V",     "H",   "G",   "D",
                                       "S",     "C",   "F", "F1", "?",     "Esc", "Q",   ",",
                                       "Home",  "End", "[", "]",  "Enter", "E",   "I"};
    int count = 0;
    const KeyHelp *help = keys_help(&count);
    ck_assert_int_ge(count, 16);
    for (size_t k = 0; k < sizeof KEYS / sizeof KEYS[0]; k++) {
        bool found = false;
        for (int i = 0; i < count && !found; i++) {
            /* Match whole tokens separated by spaces ("N  or  ."). */
            char buf[64];
            snprintf(buf, sizeof buf, " %s ", help[i].keys);
            char want[16];
            snprintf(want, sizeof want, " %s ", KEYS[k]);
            found = strstr(buf, want) != NULL;
        }
        ck_assert_msg(found, "key %s is missing from the help", KEYS[k]);
    }
    for (int i = 0; i < count; i++)
        ck_assert(help[i].text != NULL && help[i].text[0] != '\0');
}
END_TEST

/* The key-mode table (issue 14): an overlay key works only where the mode
 * draws that overlay; the sea has no wave, path or virtual snake, the snake
 * no heatmap, the arena no wave or virtual snake. */
static const struct {
    Action action;
    bool snake, arena, sea;
} MODE_TABLE[] = {
    {ACT_TOGGLE_WAVE, true, false, false},
    {ACT_TOGGLE_PATH, true, true, false},
    {ACT_TOGGLE_VIRTUAL, true, false, false},
    {ACT_TOGGLE_HEATMAP, false, true, true},
    {ACT_TOGGLE_GRID, true, true, true},
    {ACT_TOGGLE_NUMBERS, true, true, true},
    {ACT_UP, true, true, false}, /* snake: take the wheel; arena: steer the hero */
    {ACT_LEFT, true, true, false},
    {ACT_TAKE_BACK, true, false, false},
    {ACT_RACE, true, false, false},
    {ACT_NEXT_MAP, false, true, false},
    {ACT_PAUSE_ON_END, true, false, true},
    {ACT_BACK, true, true, true}, /* every mode has a history */
    {ACT_FIRST, true, true, true},
    {ACT_LAST, true, true, true},
    {ACT_PREV_GAME, true, false, false}, /* a replayed trace's games: snake only */
    {ACT_RESTART, true, true, true},
    {ACT_NEW_GAME, true, true, true},
    {ACT_NEXT, true, true, true},
    {ACT_PAUSE, true, true, true},
    {ACT_HUD_STYLE, true, true, true},
    {ACT_NONE, false, false, false},
};

START_TEST(key_mode_table) {
    bool want[APP_MODE_COUNT] = {MODE_TABLE[_i].snake, MODE_TABLE[_i].arena, MODE_TABLE[_i].sea};
    for (int m = 0; m < APP_MODE_COUNT; m++)
        ck_assert_msg(keys_apply_in_mode(MODE_TABLE[_i].action, (AppMode)m) == want[m],
                      "%s in the %s mode: expected %s", keys_action_name(MODE_TABLE[_i].action),
                      app_mode_name((AppMode)m), want[m] ? "yes" : "no");
}
END_TEST

/* Every action but ACT_NONE has a key to name in the "does nothing here" notice. */
START_TEST(every_action_has_a_key) {
    for (int a = ACT_NONE + 1; a < ACT_COUNT; a++)
        ck_assert_msg(keys_action_key((Action)a)[0] != '\0', "%s has no key label",
                      keys_action_name((Action)a));
    ck_assert_str_eq(keys_action_key(ACT_TOGGLE_WAVE), "W");
    ck_assert_str_eq(keys_action_key(ACT_NEW_GAME), "Enter");
    ck_assert(!keys_apply_in_mode(ACT_COUNT, APP_MODE_SNAKE));
    ck_assert(!keys_apply_in_mode(ACT_PAUSE, APP_MODE_COUNT));
}
END_TEST

/* No key is bound twice (the second binding would never be reached), and
 * every action has a key. */
START_TEST(bindings_unique) {
    int n = 0;
    const KeyBinding *b = keys_bindings(&n);
    ck_assert_int_gt(n, 0);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            ck_assert_msg(b[i].sym != b[j].sym, "key '%s' is bound twice: %s and %s",
                          SDL_GetKeyName(b[i].sym), keys_action_name(b[i].action),
                          keys_action_name(b[j].action));
    for (int a = ACT_NONE + 1; a < ACT_COUNT; a++) {
        bool bound = false;
        for (int i = 0; i < n && !bound; i++)
            bound = b[i].action == (Action)a;
        ck_assert_msg(bound, "action %s has no key", keys_action_name((Action)a));
    }
}
END_TEST

START_TEST(action_names) {
    ck_assert_str_eq(keys_action_name(ACT_PAUSE), "pause");
    ck_assert_str_eq(keys_action_name(ACT_TOGGLE_WAVE), "wave");
    ck_assert_str_eq(keys_action_name(ACT_RECORD), "record");
    ck_assert_str_eq(keys_action_name(ACT_LEFT), "left");
    ck_assert_str_eq(keys_action_name(ACT_BACK), "back");
    ck_assert_str_eq(keys_action_name(ACT_NEXT_GAME), "next-game");
    ck_assert_str_eq(keys_action_name(ACT_FASTER), "faster");
    ck_assert_str_eq(keys_action_name(ACT_NEW_GAME), "new-game");
    ck_assert_str_eq(keys_action_name(ACT_NEXT_MAP), "next-map");
    ck_assert_str_eq(keys_action_name(ACT_TAKE_BACK), "autopilot");
    ck_assert_str_eq(keys_action_name(ACT_RACE), "race");
    ck_assert_str_eq(keys_action_name(ACT_COUNT), "?");
}
END_TEST

static Suite *keys_suite(void) {
    Suite *s = suite_create("keys");
    TCase *tc = tcase_create("bindings");
    tcase_add_loop_test(tc, binding, 0, (int)(sizeof BINDINGS / sizeof BINDINGS[0]));
    tcase_add_test(tc, overlay_bits);
    tcase_add_test(tc, help_lists_every_key);
    tcase_add_test(tc, bindings_unique);
    tcase_add_test(tc, action_names);
    tcase_add_loop_test(tc, key_mode_table, 0, (int)(sizeof MODE_TABLE / sizeof MODE_TABLE[0]));
    tcase_add_test(tc, every_action_has_a_key);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(keys_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
