/* options.h - the options of the three play modes (snake, arena, sea).
 *
 * One option table (options.c, read by optparse) serves every mode, so
 * shared flags (--seed, --headless, --json, --screenshot ...) behave the
 * same everywhere; a flag that does not belong to the chosen mode is
 * reported as an error rather than ignored. Every value is checked and
 * converted once, here: names (--policy, --hunter, --placement, --layer)
 * arrive in AppOptions as enums, so the runners and the window views never
 * parse them again.
 */
#ifndef WS_OPTIONS_H
#define WS_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "match.h"
#include "monster.h"
#include "optparse.h"
#include "player.h"
#include "sea.h"
#include "sea_ai.h"
#include "snake.h"
#include "snake_ai.h"
#include "ws_error.h"

/* The smallest window (and --window): the HUD and the board still fit. */
enum { OPTIONS_WINDOW_MIN_W = 320, OPTIONS_WINDOW_MIN_H = 240 };

/* The most games, frames or ticks a run may ask for (--games, --frames,
 * --ticks); merge refuses a game number beyond it. */
enum { OPTIONS_MANY = 100000000 };

/* A match's games when --games is not given (docs/match.md). */
enum { OPTIONS_MATCH_GAMES = 100 };

typedef enum AppMode { APP_MODE_SNAKE = 0, APP_MODE_ARENA, APP_MODE_SEA, APP_MODE_COUNT } AppMode;

/* The arena layer the window shows (--layer, Tab): one of the shared maps
 * (same order as MonMap) or the desire map of one monster. */
typedef enum ArenaShown {
    ARENA_SHOWN_HERO = MON_MAP_HERO,
    ARENA_SHOWN_GOLD = MON_MAP_GOLD,
    ARENA_SHOWN_POTION = MON_MAP_POTION,
    ARENA_SHOWN_SAFETY = MON_MAP_SAFETY,
    ARENA_SHOWN_DESIRE,
    ARENA_SHOWN_COUNT
} ArenaShown;

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
enum { OVERLAY_BITS = 8 }; /* the bits above, 1u << 0 .. 1u << 7 */
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
    /* A headless run's own options given (refused with a window: options_check). */
    bool games_given, jobs_given, ticks_given;
    const char *screenshot; /* offscreen PNG path, or NULL */
    const char *record;  /* --record: animated GIF of the frames shown, or NULL */
    long frames;         /* frames to render (screenshot, smoke tests); 0 = run until quit */
    unsigned overlays;   /* OVERLAY_* bits */
    int window_w, window_h;
    double speed;        /* simulation ticks per second; 0 = unlimited */
    bool pause_on_end;   /* --pause-on-end: the window pauses at every game's end (snake, sea) */
    /* The window's own options given (refused without a window: options_check). */
    bool overlay_given, window_given, speed_given, layer_given; /* --frames: frames > 0 */

    /* snake */
    SnakeRules rules;    /* rules.start_length: min(4, W) unless --start-length was given */
    bool size_given;     /* --size was given (it cannot be combined with --map) */
    bool start_length_given;
    SnakePolicy policy;  /* the built-in policy; greedy when --policy names an engine
                            (its overlays stand in for the engine's own) */
    PlayerSpec player;   /* --policy as given: a built-in policy (= policy) or engine:CMD */
    bool policy_given;
    const char *trace;   /* trace file path, or NULL */
    long shard_k, shard_n; /* --shard K/N: only the games i with i mod N = K; N 0: all */
    bool race_given;     /* --race P1,P2: two policies side by side (window), or compared */
    SnakePolicy race[2]; /* the two policies of --race, left / top first (greedy for an engine) */
    PlayerSpec race_player[2]; /* the two sides as given: built-in or engine:CMD */

    /* snake and arena */
    const char *map;     /* --map: map file, or NULL (arena: the default / generated map;
                            snake: a board of --size without walls) */

    /* arena */
    int gen_w, gen_h;    /* --generate WxH; 0 when not given */
    long ticks;
    int monsters;        /* -1: the map's own monsters */
    bool naive;
    ArenaShown layer; /* --layer (or --arena-map): the layer the window shows first */

    /* sea */
    SeaHunter hunter;    /* the built-in hunter; sampler when --hunter names an engine */
    PlayerSpec hunter_player; /* --hunter as given: a built-in hunter or engine:CMD */

    /* engines (docs/engines.md) */
    int engine_timeout_ms; /* --engine-timeout: the time an engine has for each answer */
    bool engine_timeout_given;
    SeaPlacement placement;

    /* replay: `wavesnake replay FILE ...` (mode snake) */
    const char *replay;  /* the trace file; NULL for the play modes */
    bool replay_parsing; /* options_parse_replay: --policy takes engine:CMD alone */
    long replay_game;    /* --game G: the number on a game line */
    bool replay_game_given;
    long replay_tick;    /* --tick T */
    bool replay_tick_given;
    bool print;          /* --print: the board at T as text */

    /* match: `wavesnake match [snake|sea] PLAYER PLAYER...` (docs/match.md); mode is
       snake or sea, and the run is headless */
    bool match;
    int match_players;
    PlayerSpec match_player[MATCH_MAX_PLAYERS]; /* in command-line order (commands borrowed) */
    MatchSprt sprt;      /* --sprt elo0,elo1 (sprt.on), --alpha, --beta (default 0.05) */
    bool alpha_given, beta_given;
    const char *plot;    /* --plot FILE.svg: the distributions drawn, or NULL */
} AppOptions;

/* Fills opts with every default (snake, 20x20, length 4, greedy, seed from
 * the clock, ...). */
void options_defaults(AppOptions *opts, AppMode mode, uint64_t clock_seed);

/* Parses argv[first..argc) as options of opts->mode into opts (which holds
 * the defaults). On bad input returns WS_ERR_ARG with one line in err. */
WsStatus options_parse(AppOptions *opts, int argc, char **argv, int first, WsError *err);

/* Every rule that ties options together, for every command (the modes and
 * `replay`): --stats and --record need frames to measure or record, a
 * --screenshot is a .png or .jpg, --map goes with neither --size nor
 * --generate, replay's --headless / --print / --json / --game / --tick pick
 * one thing to do, --engine-timeout needs an engine, replay's --policy can
 * only name one, engines play --headless (not in the window yet), and a
 * match's --sprt has its two players and its bounds. options_parse,
 * options_parse_replay and options_parse_match call it once every option is
 * read; nothing checks a combination anywhere else. WS_ERR_ARG with one line. */
WsStatus options_check(const AppOptions *opts, WsError *err);

/* The command line of a mode: the option table with the mode's bit (for
 * --help and the tests). */
const OptCommand *options_command(AppMode mode);

/* `wavesnake replay FILE ...`: the same table with the replay bit (the
 * window's options, --headless, --json) and replay's own --game, --tick,
 * --print. */
extern const OptCommand OPTIONS_REPLAY_COMMAND;

/* Fills opts with the snake mode's defaults and parses argv[first..argc) as
 * replay's arguments. WS_ERR_ARG with one line on bad input. */
WsStatus options_parse_replay(AppOptions *opts, int argc, char **argv, int first,
                              uint64_t clock_seed, WsError *err);

/* `wavesnake match [snake|sea] PLAYER PLAYER...`: the snake's and the sea's
 * command lines (the same table with the match bits). */
const OptCommand *options_match_command(MatchKind kind);

/* Fills opts with the defaults of a match of `kind` and parses
 * argv[first..argc) as its players and options. WS_ERR_ARG with one line on
 * bad input (an unknown player, one player, bad --sprt bounds ...). */
WsStatus options_parse_match(AppOptions *opts, MatchKind kind, int argc, char **argv, int first,
                             uint64_t clock_seed, WsError *err);

/* Lets an output the options name (--trace of one player, --screenshot,
 * --record, --plot) take standard output when it names it (/dev/stdout, or
 * the file or pipe standard output is): fileio_claim_stdout. The entry
 * points call it once the options are parsed, before they print. */
WsStatus options_claim_stdout(const AppOptions *opts, WsError *err);

/* A name a picture (PNG or JPEG) may be written under: one ending in .png,
 * .jpg or .jpeg (any case), or an existing pipe or device, which has no name
 * to read (`--chart /dev/stdout`). A typo naming a text file is refused. */
bool options_picture_name(const char *path);

/* Parses a comma-separated overlay list ("wave,path,grid", "all", "none")
 * into OVERLAY_* bits. */
WsStatus options_parse_overlays(const char *text, unsigned *out, WsError *err);

const char *app_mode_name(AppMode mode);
bool app_mode_parse(const char *name, AppMode *out);
/* Writes the modes' names, "snake, arena, sea", into buf (names_list). */
size_t app_mode_list(char *buf, size_t size);

const char *arena_shown_name(ArenaShown shown);

/* Whether any option names an engine (--policy, --race, --hunter, a match's players). */
bool options_name_engine(const AppOptions *opts);

/* The names --policy and --hunter accept, for the other tables that take them. */
extern const OptNames OPTIONS_POLICY_NAMES;
extern const OptNames OPTIONS_HUNTER_NAMES;
extern const OptNames OPTIONS_BUILTIN_HUNTER_NAMES; /* the built-in hunters alone (tools) */

#endif
