/* options.h - the options of the three play modes (snake, arena, sea).
 *
 * One parser serves every mode so that shared flags (--seed, --headless,
 * --json, --screenshot ...) behave the same everywhere; a flag that does not
 * belong to the chosen mode is reported as an error rather than ignored.
 * Mode-specific names (--hunter, --placement) are kept as strings and checked
 * by the mode that owns them.
 */
#ifndef WS_OPTIONS_H
#define WS_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "snake.h"
#include "snake_ai.h"

typedef enum AppMode { APP_MODE_SNAKE = 0, APP_MODE_ARENA, APP_MODE_SEA, APP_MODE_COUNT } AppMode;

/* Overlay bits for --overlay and the window's toggles. */
enum {
    OVERLAY_WAVE = 1u << 0,    /* W: BFS wave from the head */
    OVERLAY_PATH = 1u << 1,    /* P: planned path (food, tail or cycle) */
    OVERLAY_VIRTUAL = 1u << 2, /* V: virtual snake after the simulated eat */
    OVERLAY_GRID = 1u << 3,    /* G: grid lines */
    OVERLAY_NUMBERS = 1u << 4, /* D: numbers in the overlay */
    OVERLAY_HEATMAP = 1u << 5, /* H: heatmap (arena maps, sea counts) */
    OVERLAY_HELP = 1u << 6,    /* F1 / ?: key help */
    OVERLAY_HUD = 1u << 7      /* the text panel */
};
enum { OVERLAY_DEFAULT = OVERLAY_WAVE | OVERLAY_PATH | OVERLAY_VIRTUAL | OVERLAY_HEATMAP |
                         OVERLAY_HUD };

typedef struct AppOptions {
    AppMode mode;
    bool headless;
    bool json;
    bool stats;          /* print frame-time statistics after a windowed/offscreen run */
    uint64_t seed;
    bool seed_given;
    long games;          /* headless games (snake, sea) */
    int jobs;            /* worker threads for headless games */
    const char *screenshot; /* offscreen PNG path, or NULL */
    long frames;         /* frames to render (screenshot, smoke tests); 0 = run until quit */
    unsigned overlays;   /* OVERLAY_* bits */
    int window_w, window_h;
    double speed;        /* simulation ticks per second; 0 = unlimited */

    /* snake */
    SnakeRules rules;
    SnakePolicy policy;
    const char *trace;   /* trace file path, or NULL */

    /* arena */
    const char *map;     /* map file, or NULL for the default / generated map */
    int gen_w, gen_h;    /* --generate WxH; 0 when not given */
    long ticks;
    int monsters;        /* -1: the map's own monsters */
    bool naive;
    const char *arena_map; /* --arena-map: hero|gold|potion|safety|desire (checked by the view) */

    /* sea */
    const char *hunter;    /* "seed" | "best" (checked by the sea mode) */
    const char *placement; /* "random" | "edges" */
} AppOptions;

/* Fills opts with every default (snake, 20x20, length 4, greedy, seed from
 * the clock, ...). */
void options_defaults(AppOptions *opts, AppMode mode, uint64_t clock_seed);

/* Parses argv[first..argc) as options of opts->mode. Prints a one-line error
 * and returns false on bad input. */
bool options_parse(AppOptions *opts, int argc, char **argv, int first);

/* Parses a comma-separated overlay list ("wave,path,grid", "all", "none"). */
bool options_parse_overlays(const char *text, unsigned *out);

const char *app_mode_name(AppMode mode);
bool app_mode_parse(const char *name, AppMode *out);

#endif
