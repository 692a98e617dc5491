#include "keys.h"

#include "names.h"
#include "options.h"

/* ======================================================================== */
/* Bindings                                                                  */
/* ======================================================================== */

/* Keycodes follow the keyboard layout (SDL_Keycode, not scancodes), so 'W'
 * is the key labelled W on an AZERTY keyboard too. */
static const KeyBinding BINDINGS[] = {
    {SDLK_ESCAPE, ACT_QUIT},
    {SDLK_q, ACT_QUIT},
    {SDLK_SPACE, ACT_PAUSE},
    {SDLK_n, ACT_STEP},
    {SDLK_PERIOD, ACT_STEP},
    {SDLK_KP_PERIOD, ACT_STEP},
    {SDLK_COMMA, ACT_BACK},
    {SDLK_KP_COMMA, ACT_BACK},
    {SDLK_HOME, ACT_FIRST},
    {SDLK_END, ACT_LAST},
    {SDLK_LEFTBRACKET, ACT_PREV_GAME},
    {SDLK_RIGHTBRACKET, ACT_NEXT_GAME},
    {SDLK_PLUS, ACT_FASTER},
    {SDLK_EQUALS, ACT_FASTER}, /* + without Shift on US keyboards */
    {SDLK_KP_PLUS, ACT_FASTER},
    {SDLK_MINUS, ACT_SLOWER},
    {SDLK_KP_MINUS, ACT_SLOWER},
    {SDLK_r, ACT_RESTART},
    {SDLK_TAB, ACT_NEXT},
    {SDLK_1, ACT_MODE_SNAKE},
    {SDLK_KP_1, ACT_MODE_SNAKE},
    {SDLK_2, ACT_MODE_ARENA},
    {SDLK_KP_2, ACT_MODE_ARENA},
    {SDLK_3, ACT_MODE_SEA},
    {SDLK_KP_3, ACT_MODE_SEA},
    {SDLK_w, ACT_TOGGLE_WAVE},
    {SDLK_p, ACT_TOGGLE_PATH},
    {SDLK_v, ACT_TOGGLE_VIRTUAL},
    {SDLK_h, ACT_TOGGLE_HEATMAP},
    {SDLK_g, ACT_TOGGLE_GRID},
    {SDLK_d, ACT_TOGGLE_NUMBERS},
    {SDLK_s, ACT_SCREENSHOT},
    {SDLK_c, ACT_RECORD},
    {SDLK_f, ACT_FULLSCREEN},
    {SDLK_F1, ACT_HELP},
    {SDLK_QUESTION, ACT_HELP},
    {SDLK_UP, ACT_UP},
    {SDLK_RIGHT, ACT_RIGHT},
    {SDLK_DOWN, ACT_DOWN},
    {SDLK_LEFT, ACT_LEFT},
    {SDLK_RETURN, ACT_NEW_GAME},
    {SDLK_KP_ENTER, ACT_NEW_GAME},
    {SDLK_e, ACT_PAUSE_ON_END},
    {SDLK_i, ACT_HUD_STYLE},
    {SDLK_m, ACT_NEXT_MAP},
    {SDLK_a, ACT_TAKE_BACK},
    {SDLK_x, ACT_RACE},
};

const KeyBinding *keys_bindings(int *count) {
    *count = (int)(sizeof BINDINGS / sizeof BINDINGS[0]);
    return BINDINGS;
}

/* The key-mode table: which modes each action means something in. */
enum { K_SNAKE = 1 << APP_MODE_SNAKE, K_ARENA = 1 << APP_MODE_ARENA, K_SEA = 1 << APP_MODE_SEA };
enum { K_ALL = K_SNAKE | K_ARENA | K_SEA };

static const struct {
    unsigned modes;
    const char *key;
} ACTION_INFO[ACT_COUNT] = {
    [ACT_NONE] = {0, ""},
    [ACT_QUIT] = {K_ALL, "Q"},
    [ACT_PAUSE] = {K_ALL, "Space"},
    [ACT_STEP] = {K_ALL, "N"},
    [ACT_BACK] = {K_ALL, ","}, /* time travel: every view has a history (view.h) */
    [ACT_FIRST] = {K_ALL, "Home"},
    [ACT_LAST] = {K_ALL, "End"},
    [ACT_PREV_GAME] = {K_SNAKE, "["}, /* the games of a replayed trace (snake only) */
    [ACT_NEXT_GAME] = {K_SNAKE, "]"},
    [ACT_FASTER] = {K_ALL, "+"},
    [ACT_SLOWER] = {K_ALL, "-"},
    [ACT_RESTART] = {K_ALL, "R"},
    [ACT_NEXT] = {K_ALL, "Tab"},
    [ACT_MODE_SNAKE] = {K_ALL, "1"},
    [ACT_MODE_ARENA] = {K_ALL, "2"},
    [ACT_MODE_SEA] = {K_ALL, "3"},
    [ACT_TOGGLE_WAVE] = {K_SNAKE, "W"},
    [ACT_TOGGLE_PATH] = {K_SNAKE | K_ARENA, "P"},
    [ACT_TOGGLE_VIRTUAL] = {K_SNAKE, "V"},
    [ACT_TOGGLE_HEATMAP] = {K_ARENA | K_SEA, "H"},
    [ACT_TOGGLE_GRID] = {K_ALL, "G"},
    [ACT_TOGGLE_NUMBERS] = {K_ALL, "D"},
    [ACT_SCREENSHOT] = {K_ALL, "S"},
    [ACT_RECORD] = {K_ALL, "C"},
    [ACT_FULLSCREEN] = {K_ALL, "F"},
    [ACT_HELP] = {K_ALL, "F1"},
    [ACT_UP] = {K_SNAKE | K_ARENA, "arrows"}, /* snake: take the wheel; arena: steer the hero */
    [ACT_RIGHT] = {K_SNAKE | K_ARENA, "arrows"},
    [ACT_DOWN] = {K_SNAKE | K_ARENA, "arrows"},
    [ACT_LEFT] = {K_SNAKE | K_ARENA, "arrows"},
    [ACT_NEW_GAME] = {K_ALL, "Enter"},
    [ACT_PAUSE_ON_END] = {K_SNAKE | K_SEA, "E"},
    [ACT_HUD_STYLE] = {K_ALL, "I"},
    [ACT_NEXT_MAP] = {K_ARENA, "M"},
    [ACT_TAKE_BACK] = {K_SNAKE, "A"}, /* the AI drives the snake again */
    [ACT_RACE] = {K_SNAKE, "X"},      /* the race is hosted by the snake view */
};

bool keys_apply_in_mode(Action action, AppMode mode) {
    if (action <= ACT_NONE || action >= ACT_COUNT || mode < 0 || mode >= APP_MODE_COUNT)
        return false;
    return (ACTION_INFO[action].modes & (1u << mode)) != 0;
}

const char *keys_action_key(Action action) {
    return action > ACT_NONE && action < ACT_COUNT ? ACTION_INFO[action].key : "";
}

Action keys_action(SDL_Keycode sym, Uint16 mod) {
    if (mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI))
        return ACT_NONE;
    /* '?' arrives as Shift + '/' on layouts that have no own keycode for it. */
    if (sym == SDLK_SLASH && (mod & KMOD_SHIFT))
        return ACT_HELP;
    for (size_t i = 0; i < sizeof BINDINGS / sizeof BINDINGS[0]; i++)
        if (BINDINGS[i].sym == sym)
            return BINDINGS[i].action;
    return ACT_NONE;
}

unsigned keys_overlay_bit(Action action) {
    switch (action) {
    case ACT_TOGGLE_WAVE:
        return OVERLAY_WAVE;
    case ACT_TOGGLE_PATH:
        return OVERLAY_PATH;
    case ACT_TOGGLE_VIRTUAL:
        return OVERLAY_VIRTUAL;
    case ACT_TOGGLE_HEATMAP:
        return OVERLAY_HEATMAP;
    case ACT_TOGGLE_GRID:
        return OVERLAY_GRID;
    case ACT_TOGGLE_NUMBERS:
        return OVERLAY_NUMBERS;
    case ACT_HELP:
        return OVERLAY_HELP;
    default:
        return 0;
    }
}

/* ======================================================================== */
/* Help and names                                                            */
/* ======================================================================== */

static const KeyHelp HELP[] = {
    {"Space", "pause / play (at a past tick: the recorded ticks, like a video)"},
    {"N  or  .", "one tick forward (pauses)"},
    {",", "one tick back (pauses)"},
    {"Home  End", "first / latest tick (or click the timeline)"},
    {"[  ]", "previous / next game, paused (replay)"},
    {"+  /  -", "faster / slower (1 tick/s .. unlimited)"},
    {"R  /  Enter", "the same game again / the next game"},
    {"E", "stop at the end of every game (snake, sea)"},
    {"Tab", "next policy (snake) / layer (arena) / view (sea)"},
    {"1  2  3", "mode: snake, arena, sea"},
    {"W  V", "wave, virtual snake (snake)"},
    {"P", "planned path (snake) / step arrows (arena)"},
    {"H", "heatmap (arena, sea)"},
    {"G  D", "grid lines, numbers in the overlay"},
    {"I", "HUD: panel, strip along the bottom, hidden"},
    {"S", "screenshot (PNG in the current folder)"},
    {"C", "record a GIF / stop (current folder)"},
    {"F", "fullscreen"},
    {"F1  or  ?", "this help"},
    {"Esc  or  Q", "quit"},
};

const KeyHelp *keys_help(int *count) {
    *count = (int)(sizeof HELP / sizeof HELP[0]);
    return HELP;
}

static const char *const ACTION_NAMES[ACT_COUNT] = {
    "none",       "quit",         "pause",     "step",     "back",       "first",
    "last",       "prev-game",    "next-game", "faster",   "slower",     "restart",
    "next",       "snake",        "arena",     "sea",      "wave",       "path",
    "virtual",    "heatmap",      "grid",      "numbers",  "screenshot", "record",
    "fullscreen", "help",         "up",        "right",    "down",       "left",
    "new-game",   "pause-on-end", "hud",       "next-map", "autopilot",  "race",
};

const char *keys_action_name(Action action) {
    return names_of(ACTION_NAMES, ACT_COUNT, (int)action);
}
