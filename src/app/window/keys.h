/* keys.h - the window's key bindings: an SDL key press -> an Action.
 *
 * keys_action is a pure function (a table lookup, no SDL calls, no state) so
 * the bindings are unit-tested without a window, and the help overlay lists
 * them from the same table (keys_help) so the two can never disagree.
 * The front end handles the global actions itself (quit, pause, speed,
 * overlays, mode, screenshot, recording, fullscreen, help, time travel)
 * and passes every action to the current view as well, which uses what
 * concerns it (restart, Tab, arrows, [ and ]).
 */
#ifndef WS_KEYS_H
#define WS_KEYS_H

#include <SDL.h>
#include <stdbool.h>

#include "options.h"

typedef enum Action {
    ACT_NONE = 0,
    ACT_QUIT,           /* Esc, Q */
    ACT_PAUSE,          /* Space: pause / resume */
    ACT_STEP,           /* N or '.': one tick forward, pauses */
    ACT_BACK,           /* ',': one tick back, pauses */
    ACT_FIRST,          /* Home: the first tick kept */
    ACT_LAST,           /* End: the latest tick */
    ACT_PREV_GAME,      /* [: the previous game of a replayed trace */
    ACT_NEXT_GAME,      /* ]: the next game of a replayed trace */
    ACT_FASTER,         /* + (also = and keypad +) */
    ACT_SLOWER,         /* - (also keypad -) */
    ACT_RESTART,        /* R: the same game again (same seed) */
    ACT_NEXT,           /* Tab: next policy (snake) / next map (arena) */
    ACT_MODE_SNAKE,     /* 1 */
    ACT_MODE_ARENA,     /* 2 */
    ACT_MODE_SEA,       /* 3 */
    ACT_TOGGLE_WAVE,    /* W */
    ACT_TOGGLE_PATH,    /* P */
    ACT_TOGGLE_VIRTUAL, /* V */
    ACT_TOGGLE_HEATMAP, /* H */
    ACT_TOGGLE_GRID,    /* G */
    ACT_TOGGLE_NUMBERS, /* D */
    ACT_SCREENSHOT,     /* S */
    ACT_RECORD,         /* C: start / stop a GIF recording */
    ACT_FULLSCREEN,     /* F */
    ACT_HELP,           /* F1 or ? */
    ACT_UP,             /* arrow keys: steer (snake: take the wheel; arena: the hero) */
    ACT_RIGHT,
    ACT_DOWN,
    ACT_LEFT,
    ACT_NEW_GAME,     /* Enter: the next game (next seed) */
    ACT_PAUSE_ON_END, /* E: stop at the end of every game, or not */
    ACT_HUD_STYLE,    /* I: the HUD as a panel, a strip, or hidden */
    ACT_NEXT_MAP,     /* M: the next map file in assets/maps/ (arena) */
    ACT_TAKE_BACK,      /* A: the AI drives again (snake) */
    ACT_RACE,           /* X: race two policies side by side (snake) */
    ACT_COUNT
} Action;

/* The action bound to key `sym` with modifiers `mod` (SDL_Keymod bits), or
 * ACT_NONE. Ctrl/Alt/GUI combinations are left to the system (ACT_NONE), so
 * that e.g. Alt+Tab never changes the policy. '?' is Shift+/ on US layouts
 * and its own keycode elsewhere; both are accepted. */
Action keys_action(SDL_Keycode sym, Uint16 mod);

/* Whether `action` means something in `mode` (the key-mode table). The front
 * end does nothing for an action that does not, and says so in a notice:
 * e.g. W (wave) in the sea, H (heatmap) in the snake. ACT_NONE never applies. */
bool keys_apply_in_mode(Action action, AppMode mode);

/* The key of an action as the help prints it ("W", "Enter", "arrows"). */
const char *keys_action_key(Action action);
/* One entry of the binding table: a key and its action. */
typedef struct KeyBinding {
    SDL_Keycode sym;
    Action action;
} KeyBinding;

/* The binding table keys_action reads (each key at most once; *count gets
 * its length), for tests. */
const KeyBinding *keys_bindings(int *count);

/* If `action` toggles an overlay, the OVERLAY_* bit (options.h) it flips; else 0. */
unsigned keys_overlay_bit(Action action);

/* One line of the help overlay: the keys as printed and what they do. */
typedef struct KeyHelp {
    const char *keys;
    const char *text;
} KeyHelp;

/* The help table (every binding above, in the order shown); *count gets its length. */
const KeyHelp *keys_help(int *count);

/* A short name for an action ("pause", "wave", ...), for logs and tests. */
const char *keys_action_name(Action action);

#endif
