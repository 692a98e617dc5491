/* The play modes' options: their defaults, their one table and its names. */
#include "options.h"

#include <limits.h>
#include <stddef.h>
#include <string.h>
#include <sys/stat.h>

#include "fileio.h"
#include "mapgen.h"
#include "names.h"
#include "parse.h"

/* ======================================================================== */
/* Names                                                                     */
/* ======================================================================== */

static const char *const MODE_NAMES[APP_MODE_COUNT] = {"snake", "arena", "sea"};

static const char *const SHOWN_NAMES[ARENA_SHOWN_COUNT] = {"hero", "gold", "potion", "safety",
                                                           "desire"};

/* Indexed by bit position: OVERLAY_NAMES[k] names the bit 1u << k. */
static const char *const OVERLAY_NAMES[OVERLAY_BITS] = {"wave",    "path",    "virtual", "grid",
                                                        "numbers", "heatmap", "help",    "hud"};

const char *app_mode_name(AppMode mode) { return names_of(MODE_NAMES, APP_MODE_COUNT, (int)mode); }

bool app_mode_parse(const char *name, AppMode *out) {
    int m = 0;
    if (!names_parse(MODE_NAMES, APP_MODE_COUNT, name, &m))
        return false;
    *out = (AppMode)m;
    return true;
}

size_t app_mode_list(char *buf, size_t size) {
    return names_list(MODE_NAMES, APP_MODE_COUNT, buf, size);
}

const char *arena_shown_name(ArenaShown shown) {
    return names_of(SHOWN_NAMES, ARENA_SHOWN_COUNT, (int)shown);
}

/* OptNames adapters: the parser asks for names by int. */
static const char *shown_name(int v) { return arena_shown_name((ArenaShown)v); }
static const char *policy_name(int v) { return snake_policy_name((SnakePolicy)v); }
static const char *hunter_name(int v) { return sea_hunter_name((SeaHunter)v); }
static const char *placement_name(int v) { return sea_placement_name((SeaPlacement)v); }

const OptNames OPTIONS_POLICY_NAMES = {"policy", SNAKE_POLICY_COUNT, policy_name, NULL,
                                       "engine:CMD"};
const OptNames OPTIONS_HUNTER_NAMES = {"hunter", SEA_HUNTER_COUNT, hunter_name,
                                       SEA_HUNTER_OLD_NAMES, "engine:CMD"};
const OptNames OPTIONS_BUILTIN_HUNTER_NAMES = {"hunter", SEA_HUNTER_COUNT, hunter_name,
                                               SEA_HUNTER_OLD_NAMES, NULL};
static const OptNames PLACEMENT_NAMES = {"placement", SEA_PLACE_COUNT, placement_name, NULL, NULL};
static const OptNames SHOWN = {"layer", ARENA_SHOWN_COUNT, shown_name, NULL, NULL};

/* OPT_ENUM stores an int: every enum it fills must be int-sized. */
_Static_assert(sizeof(SnakePolicy) == sizeof(int), "SnakePolicy is filled as an int");
_Static_assert(sizeof(SeaHunter) == sizeof(int), "SeaHunter is filled as an int");
_Static_assert(sizeof(SeaPlacement) == sizeof(int), "SeaPlacement is filled as an int");
_Static_assert(sizeof(ArenaShown) == sizeof(int), "ArenaShown is filled as an int");

/* ======================================================================== */
/* Values that need more than a kind                                         */
/* ======================================================================== */

/* Every overlay `all` names (not the help, which covers the board). */
#define OVERLAYS_ALL                                                                               \
    (OVERLAY_WAVE | OVERLAY_PATH | OVERLAY_VIRTUAL | OVERLAY_GRID | OVERLAY_NUMBERS |             \
     OVERLAY_HEATMAP | OVERLAY_HUD)

/* A comma-separated list of overlay names, `all` and `none` among them
 * (`all,help`: every overlay and the help). */
WsStatus options_parse_overlays(const char *text, unsigned *out, WsError *err) {
    unsigned bits = 0;
    const char *p = text;
    /* every item named: none empty, at the end ("wave,") or alone ("") either */
    bool more = true;
    while (more) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        more = comma != NULL;
        char item[16] = "";
        int bit = -1;
        if (n < sizeof item) {
            memcpy(item, p, n);
            item[n] = '\0';
        }
        if (strcmp(item, "all") == 0) {
            bits |= OVERLAYS_ALL;
        } else if (strcmp(item, "none") == 0) {
            /* nothing more */
        } else if (names_parse(OVERLAY_NAMES, OVERLAY_BITS, item, &bit)) {
            bits |= 1u << bit;
        } else {
            char list[96], q[WS_QUOTE_SIZE];
            names_list(OVERLAY_NAMES, OVERLAY_BITS, list, sizeof list);
            return ws_fail(err, WS_ERR_ARG, "--overlay: unknown overlay '%s' (use %s, all or none)",
                           ws_quote_len(q, sizeof q, p, n), list);
        }
        p += n + (more ? 1 : 0);
    }
    *out = bits;
    return WS_OK;
}

/* --overlay LIST: the listed overlays; the HUD always stays. */
static WsStatus parse_overlay(const OptSpec *spec, const char *value, void *field, WsError *err) {
    (void)spec;
    unsigned *bits = field;
    WsStatus st = options_parse_overlays(value, bits, err);
    if (st == WS_OK)
        *bits |= OVERLAY_HUD;
    return st;
}

/* --speed T: ticks per second in lo..hi, or "max" / "unlimited" (stored as 0). */
static WsStatus parse_speed(const OptSpec *spec, const char *value, void *field, WsError *err) {
    double *speed = field;
    if (strcmp(value, "max") == 0 || strcmp(value, "unlimited") == 0) {
        *speed = 0.0;
        return WS_OK;
    }
    if (parse_double(value, (double)spec->lo, (double)spec->hi, spec->name, speed, NULL) != WS_OK)
        return ws_fail(err, WS_ERR_ARG,
                       "%s: '%s' is not a speed: use %ld..%ld ticks per second, "
                       "or max",
                       spec->name, value, spec->lo, spec->hi);
    return WS_OK;
}

/* Whether name ends in ext, ignoring case. */
static bool ends_with(const char *name, const char *ext) {
    size_t n = strlen(name), e = strlen(ext);
    if (n < e)
        return false;
    for (size_t i = 0; i < e; i++) {
        char c = name[n - e + i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != ext[i])
            return false;
    }
    return true;
}

bool options_name_engine(const AppOptions *opts) {
    bool race = opts->race_given && (opts->race_player[0].kind == PLAYER_ENGINE ||
                                     opts->race_player[1].kind == PLAYER_ENGINE);
    for (int k = 0; k < opts->match_players; k++)
        race = race || opts->match_player[k].kind == PLAYER_ENGINE;
    bool sea = opts->mode == APP_MODE_SEA;
    return race || (sea ? opts->hunter_player.kind : opts->player.kind) == PLAYER_ENGINE;
}

/* What the parse settles from the options read (not a check: options_check
 * follows). */
static void settle_defaults(AppOptions *opts) {
    if (!opts->start_length_given && opts->rules.start_length > opts->rules.w)
        opts->rules.start_length = opts->rules.w; /* min(4, W): a 2x2 board starts at 2 */
}

/* --window WxH: the window's smallest size is wider than tall, so the two
 * sides have their own lower limits (OPTIONS_WINDOW_MIN_W x MIN_H). */
static WsStatus parse_window(const OptSpec *spec, const char *value, void *field, WsError *err) {
    int w = 0, h = 0;
    /* Any size parses; the limits are then said as window sizes, not as a
     * side's range (320x240 up to 8192x8192, as --help says). */
    WsStatus st = parse_size(value, 0, INT_MAX, spec->name, &w, &h, err);
    if (st != WS_OK && parse_size_shaped(value)) {
        char q[WS_QUOTE_SIZE]; /* WxH, a side beyond any int: not "outside 0..2147483647" */
        return ws_fail(err, WS_ERR_ARG, "%s: %s is larger than the largest window, %ldx%ld",
                       spec->name, ws_quote(q, sizeof q, value), (long)spec->hi, (long)spec->hi);
    }
    if (st != WS_OK)
        return st;
    if (w < OPTIONS_WINDOW_MIN_W || h < OPTIONS_WINDOW_MIN_H)
        return ws_fail(err, WS_ERR_ARG, "%s: %dx%d is smaller than the smallest window, %dx%d",
                       spec->name, w, h, OPTIONS_WINDOW_MIN_W, OPTIONS_WINDOW_MIN_H);
    if (w > spec->hi || h > spec->hi)
        return ws_fail(err, WS_ERR_ARG, "%s: %dx%d is larger than the largest window, %ldx%ld",
                       spec->name, w, h, (long)spec->hi, (long)spec->hi);
    char *base = (char *)field - spec->at; /* the AppOptions, as OPT_SIZE finds it */
    *(int *)field = w;
    *(int *)(void *)(base + spec->at2) = h;
    return WS_OK;
}

/* --shard K/N: 0 <= K < N; fills shard_k and the shard_n after it. */
_Static_assert(offsetof(AppOptions, shard_n) == offsetof(AppOptions, shard_k) + sizeof(long),
               "--shard fills shard_k and shard_n as two longs in a row");
static WsStatus parse_shard(const OptSpec *spec, const char *value, void *field, WsError *err) {
    long *kn = field; /* shard_k, then shard_n */
    const char *slash = strchr(value, '/');
    char kbuf[24];
    size_t klen = slash != NULL ? (size_t)(slash - value) : 0;
    if (slash == NULL || klen == 0 || klen >= sizeof kbuf)
        return ws_fail(err, WS_ERR_ARG, "%s: '%s' is not K/N (e.g. 0/4)", spec->name, value);
    memcpy(kbuf, value, klen);
    kbuf[klen] = '\0';
    long k = 0, n = 0;
    WsStatus st = parse_long(slash + 1, 1, spec->hi, spec->name, &n, err);
    if (st == WS_OK)
        st = parse_long(kbuf, 0, n - 1, spec->name, &k, err);
    if (st != WS_OK)
        return st;
    kn[0] = k;
    kn[1] = n;
    return WS_OK;
}

/* --start-length N: any whole number parses, since its limit is the board's
 * width (check_start_length names it once --size is known too). */
static WsStatus parse_start_length(const OptSpec *spec, const char *value, void *field,
                                   WsError *err) {
    const char *digits = value + (value[0] == '-' || value[0] == '+');
    bool number = *digits != '\0' && digits[strspn(digits, "0123456789")] == '\0';
    long v = 0;
    if (!number) /* parse_long says what is wrong with it */
        return parse_long(value, 1, 1, spec->name, &v, err);
    if (parse_long(value, INT_MIN, INT_MAX, spec->name, &v, NULL) != WS_OK) {
        char q[WS_QUOTE_SIZE];
        return ws_fail(err, WS_ERR_ARG, "%s: %s is outside 1..W (W: the board's width)",
                       spec->name, ws_quote(q, sizeof q, value));
    }
    *(int *)field = (int)v;
    return WS_OK;
}

/* --tick T: a tick is 0 (the start) or more; its upper limit is the game's
 * own last tick, which replay_session_open checks once the file is read. */
static WsStatus parse_tick(const OptSpec *spec, const char *value, void *field, WsError *err) {
    long t = 0;
    if (parse_long(value, 0, LONG_MAX, spec->name, &t, NULL) != WS_OK) {
        char q[WS_QUOTE_SIZE];
        return ws_fail(err, WS_ERR_ARG,
                       "%s: '%s' is not a tick (0 = the start, up to the game's last tick)",
                       spec->name, ws_quote(q, sizeof q, value));
    }
    *(long *)field = t;
    return WS_OK;
}

/* One side of --race, or --policy's value: a built-in policy name or
 * engine:CMD into *player and the built-in policy *policy (greedy for an
 * engine: the overlays that stand in for its own). */
static WsStatus parse_snake_player(const OptSpec *spec, const char *value, SnakePolicy *policy,
                                   PlayerSpec *player, WsError *err) {
    if (player_spec_is_engine(value)) {
        WsStatus st = player_spec_parse_engine(value, spec->name, player, err);
        if (st == WS_OK)
            *policy = player->policy;
        return st;
    }
    int p = 0;
    WsStatus st = optparse_name(spec, value, &p, err);
    if (st != WS_OK)
        return st;
    *policy = (SnakePolicy)p;
    *player = player_spec_snake_ai(*policy);
    return WS_OK;
}

/* The trace names its policy; replay's command line may only bring an
 * engine to show its thoughts (nothing read from a file starts one). */
static WsStatus replay_policy_refused(WsError *err) {
    return ws_fail(err, WS_ERR_ARG,
                   "replay: --policy names an engine (engine:CMD); the trace names its own policy");
}

/* --policy P or engine:CMD: fills policy and the PlayerSpec `player`
 * (replay: engine:CMD alone, whatever else the word is). */
static WsStatus parse_policy(const OptSpec *spec, const char *value, void *field, WsError *err) {
    AppOptions *o = (AppOptions *)(void *)((char *)field - spec->at);
    if (o->replay_parsing && !player_spec_is_engine(value))
        return replay_policy_refused(err);
    return parse_snake_player(spec, value, &o->policy, &o->player, err);
}

/* --hunter H or engine:CMD: fills hunter and the PlayerSpec hunter_player. */
static WsStatus parse_hunter(const OptSpec *spec, const char *value, void *field, WsError *err) {
    AppOptions *o = (AppOptions *)(void *)((char *)field - spec->at);
    if (player_spec_is_engine(value)) {
        WsStatus st = player_spec_parse_engine(value, spec->name, &o->hunter_player, err);
        if (st == WS_OK)
            o->hunter = o->hunter_player.hunter;
        return st;
    }
    int h = 0;
    WsStatus st = optparse_name(spec, value, &h, err);
    if (st != WS_OK)
        return st;
    o->hunter = (SeaHunter)h;
    o->hunter_player = player_spec_sea_ai(o->hunter);
    return WS_OK;
}

/* Whether text, up to the next comma or its end, is a built-in policy's name. */
static bool names_policy(const char *text) {
    size_t n = strcspn(text, ",");
    for (int p = 0; p < SNAKE_POLICY_COUNT; p++) {
        const char *name = snake_policy_name((SnakePolicy)p);
        if (strlen(name) == n && strncmp(text, name, n) == 0)
            return true;
    }
    return false;
}

/* Whether a player starts right after this comma: a policy's name (up to
 * the next comma or the end) or "engine:". An engine's command may hold
 * other commas (docs/engines.md). */
static bool side_starts(const char *comma) {
    return names_policy(comma + 1) || player_spec_is_engine(comma + 1);
}

/* How many players a comma-separated list names: 1 + the commas a player
 * starts after. */
static int count_sides(const char *value) {
    int sides = 1;
    for (const char *c = strchr(value, ','); c != NULL; c = strchr(c + 1, ','))
        sides += side_starts(c);
    return sides;
}

/* Where --race's value splits into its two sides, or NULL. Without an
 * engine: at its one comma. An engine's command may hold commas: a first
 * side that is an engine ends at the last comma that a built-in name or
 * another "engine:" follows; a first side that is a name ends at the first
 * comma. */
static const char *race_split(const char *value) {
    const char *comma = strchr(value, ',');
    if (strstr(value, PLAYER_ENGINE_PREFIX) == NULL || !player_spec_is_engine(value))
        return comma;
    const char *best = NULL;
    for (const char *c = comma; c != NULL; c = strchr(c + 1, ','))
        if (side_starts(c))
            best = c;
    return best != NULL ? best : comma;
}

/* --race P1,P2: exactly two sides, each checked like --policy's value.
 * Three or more are refused with the command that plays them. */
static WsStatus parse_race(const OptSpec *spec, const char *value, void *field, WsError *err) {
    AppOptions *o = (AppOptions *)(void *)((char *)field - spec->at);
    char q[WS_QUOTE_SIZE];
    if (count_sides(value) > 2)
        return ws_fail(err, WS_ERR_ARG,
                       "--race: expected two policies as P1,P2, got more in '%s': a race has "
                       "two sides; 'wavesnake match P1 P2 P3 ...' plays three or more",
                       ws_quote(q, sizeof q, value));
    const char *comma = race_split(value);
    bool engines = strstr(value, PLAYER_ENGINE_PREFIX) != NULL;
    if (comma == NULL || comma == value || comma[1] == '\0' ||
        (!engines && strchr(comma + 1, ',') != NULL))
        return ws_fail(err, WS_ERR_ARG,
                       "--race: expected two policies as P1,P2 (e.g. greedy,perfect or "
                       "greedy,engine:CMD), got '%s'",
                       ws_quote(q, sizeof q, value));
    char first[4096];
    size_t n = (size_t)(comma - value);
    if (n >= sizeof first)
        return ws_fail(err, WS_ERR_ARG, "--race: the first side is longer than %zu bytes",
                       sizeof first - 1);
    memcpy(first, value, n);
    first[n] = '\0';
    PlayerSpec side[2];
    SnakePolicy p[2];
    WsStatus st = parse_snake_player(spec, first, &p[0], &side[0], err);
    if (st == WS_OK)
        st = parse_snake_player(spec, comma + 1, &p[1], &side[1], err);
    if (st != WS_OK)
        return st;
    if (side[0].kind == PLAYER_ENGINE) {
        /* The command was read from the copy in `first`: borrow it from argv
         * instead, up to the comma (specs are copied with the options). */
        side[0].command = value + strlen(PLAYER_ENGINE_PREFIX);
        side[0].command_len = n - strlen(PLAYER_ENGINE_PREFIX);
    }
    for (int k = 0; k < 2; k++) {
        o->race[k] = p[k];
        o->race_player[k] = side[k];
    }
    return WS_OK;
}

/* A match's PLAYER (the last positional argument, once per word): a snake
 * policy or a sea hunter by the command's mode, or engine:CMD. */
static WsStatus parse_match_player(const OptSpec *spec, const char *value, void *field,
                                   WsError *err) {
    AppOptions *o = (AppOptions *)(void *)((char *)field - spec->at);
    if (o->match_players >= MATCH_MAX_PLAYERS)
        return ws_fail(err, WS_ERR_ARG, "match: at most %d players", MATCH_MAX_PLAYERS);
    PlayerSpec *p = &o->match_player[o->match_players];
    WsStatus st = WS_OK;
    if (player_spec_is_engine(value)) {
        st = player_spec_parse_engine(value, "match", p, err);
    } else {
        int v = 0;
        st = optparse_name(spec, value, &v, err);
        *p = o->mode == APP_MODE_SEA ? player_spec_sea_ai((SeaHunter)v)
                                     : player_spec_snake_ai((SnakePolicy)v);
    }
    if (st == WS_OK)
        o->match_players++;
    return st;
}

/* --sprt elo0,elo1: two numbers (match_sprt_check says whether they make a test). */
static WsStatus parse_sprt(const OptSpec *spec, const char *value, void *field, WsError *err) {
    MatchSprt *s = field;
    const char *comma = strchr(value, ',');
    char q[WS_QUOTE_SIZE], lo[64];
    size_t n = comma != NULL ? (size_t)(comma - value) : 0;
    if (comma == NULL || n == 0 || n >= sizeof lo ||
        parse_double(comma + 1, -1e9, 1e9, spec->name, &s->elo1, NULL) != WS_OK)
        return ws_fail(err, WS_ERR_ARG, "%s: '%s' is not elo0,elo1 (e.g. 0,5)", spec->name,
                       ws_quote(q, sizeof q, value));
    memcpy(lo, value, n);
    lo[n] = '\0';
    if (parse_double(lo, -1e9, 1e9, spec->name, &s->elo0, NULL) != WS_OK)
        return ws_fail(err, WS_ERR_ARG, "%s: '%s' is not elo0,elo1 (e.g. 0,5)", spec->name,
                       ws_quote(q, sizeof q, value));
    s->on = true;
    return WS_OK;
}

/* --alpha P, --beta P: a probability strictly between 0 and 1. */
static WsStatus parse_probability(const OptSpec *spec, const char *value, void *field,
                                  WsError *err) {
    double p = 0.0;
    char q[WS_QUOTE_SIZE];
    if (parse_double(value, 0.0, 1.0, spec->name, &p, NULL) != WS_OK || p <= 0.0 || p >= 1.0)
        return ws_fail(err, WS_ERR_ARG, "%s: '%s' is not a probability between 0 and 1", spec->name,
                       ws_quote(q, sizeof q, value));
    *(double *)field = p;
    return WS_OK;
}

/* ======================================================================== */
/* The table                                                                 */
/* ======================================================================== */

/* Which modes accept an option: a bit per AppMode. */
enum { M_SNAKE = 1 << APP_MODE_SNAKE, M_ARENA = 1 << APP_MODE_ARENA, M_SEA = 1 << APP_MODE_SEA };
enum { M_ALL = M_SNAKE | M_ARENA | M_SEA };
/* `wavesnake replay` and `wavesnake match` are no modes but share the table:
 * their own bits, after the modes'. */
enum { M_REPLAY = 1 << APP_MODE_COUNT, M_VIEW = M_ALL | M_REPLAY };
enum { M_MATCH_SNAKE = 1 << (APP_MODE_COUNT + 1), M_MATCH_SEA = 1 << (APP_MODE_COUNT + 2) };
enum { M_MATCH = M_MATCH_SNAKE | M_MATCH_SEA };
enum { MANY = OPTIONS_MANY }; /* the most games, frames or ticks a run may ask for */

#define AT(field) offsetof(AppOptions, field)

/* In --help order: the options of every mode, then each mode's own. */
/* clang-format off */
static const OptSpec MODE_OPTIONS[] = {
    {.name = "--headless", .kind = OPT_FLAG, .at = AT(headless), .modes = M_VIEW,
     .help = "no window; play and print results"},
    {.name = "--seed", .kind = OPT_U64, .meta = "S", .at = AT(seed),
     .seen = OPT_SEEN(AppOptions, seed_given), .modes = M_ALL | M_MATCH,
     .help = "run seed (default: from the clock, printed); game i uses S+i"},
    {.name = "--json", .kind = OPT_FLAG, .at = AT(json), .modes = M_VIEW | M_MATCH,
     .help = "JSON lines instead of text (headless)"},
    {.name = "--screenshot", .kind = OPT_TEXT, .meta = "F.png", .at = AT(screenshot),
     .modes = M_VIEW,
     .help = "render offscreen (no display needed) and write a PNG (or a JPEG:\nF.jpg)"},
    {.name = "--record", .kind = OPT_TEXT, .meta = "F.gif", .at = AT(record), .modes = M_VIEW,
     .help = "an animated GIF of the frames shown (window or --screenshot);\n"
             "F may be a pipe or a device instead: /dev/stdout, a fifo ('-' is not)"},
    {.name = "--frames", .kind = OPT_LONG, .meta = "N", .lo = 1, .hi = MANY, .at = AT(frames),
     .modes = M_VIEW, .help = "frames to render (with --screenshot; default 60), or to stop a window"},
    {.name = "--overlay", .kind = OPT_CUSTOM, .meta = "LIST", .parse = parse_overlay,
     .at = AT(overlays), .seen = OPT_SEEN(AppOptions, overlay_given), .modes = M_VIEW,
     .help = "overlays: wave,path,virtual,grid,numbers,heatmap,help,hud,all,none"},
    {.name = "--window", .kind = OPT_CUSTOM, .meta = "WxH", .lo = OPTIONS_WINDOW_MIN_H, .hi = 8192,
     .parse = parse_window, .at = AT(window_w), .at2 = AT(window_h),
     .seen = OPT_SEEN(AppOptions, window_given), .modes = M_VIEW,
     .help = "window / screenshot pixels, 320x240 up to 8192x8192 (default 1280x720)"},
    {.name = "--speed", .kind = OPT_CUSTOM, .meta = "T", .lo = 1, .hi = 1000000,
     .parse = parse_speed, .at = AT(speed), .seen = OPT_SEEN(AppOptions, speed_given),
     .modes = M_VIEW,
     .help = "simulation ticks per second ({range}), or 'max' (default 15)"},
    {.name = "--pause-on-end", .kind = OPT_FLAG, .at = AT(pause_on_end), .modes = M_SNAKE | M_SEA,
     .help = "the window pauses at the end of every game (key E)"},
    {.name = "--stats", .kind = OPT_FLAG, .at = AT(stats), .modes = M_VIEW,
     .help = "print frame-time statistics when the window closes (not with\n--headless)"},

    {.name = "--games", .kind = OPT_LONG, .meta = "N", .lo = 1, .hi = MANY, .at = AT(games),
     .seen = OPT_SEEN(AppOptions, games_given), .modes = M_SNAKE | M_SEA | M_MATCH,
     .help = "headless games to play (default 1)"},
    {.name = "--jobs", .kind = OPT_INT, .meta = "N", .lo = 1, .hi = 256, .at = AT(jobs),
     .seen = OPT_SEEN(AppOptions, jobs_given), .modes = M_SNAKE | M_SEA | M_MATCH,
     .help = "play games on N threads ({range}; identical results)"},
    {.name = "--size", .kind = OPT_SIZE, .meta = "WxH", .lo = SNAKE_MIN_SIDE,
     .hi = SNAKE_MAX_SIDE, .at = AT(rules.w), .at2 = AT(rules.h),
     .seen = OPT_SEEN(AppOptions, size_given), .modes = M_SNAKE | M_MATCH_SNAKE,
     .help = "board size, each side {range} (default 20x20)"},
    {.name = "--map", .kind = OPT_TEXT, .meta = "FILE", .at = AT(map), .modes = M_SNAKE | M_MATCH_SNAKE,
     .help = "a text map is the board: # wall, anything else floor;\n"
             "its size, 2..256 a side (not with --size); assets/maps/snake/"},
    {.name = "--start-length", .kind = OPT_CUSTOM, .meta = "N", .parse = parse_start_length,
     .at = AT(rules.start_length), .seen = OPT_SEEN(AppOptions, start_length_given),
     .modes = M_SNAKE | M_MATCH_SNAKE,
     .help = "start length, 1..W and less than W*H (default 4, or W on boards\nnarrower than 4)"},
    {.name = "--policy", .kind = OPT_CUSTOM, .meta = "P", .names = &OPTIONS_POLICY_NAMES,
     .parse = parse_policy, .at = AT(policy), .seen = OPT_SEEN(AppOptions, policy_given),
     .modes = M_SNAKE | M_REPLAY,
     .help = "greedy (default), hamilton (follow a Hamiltonian cycle),\n"
             "perfect (safe shortcuts off a dynamic cycle; never dies);\n"
             "hamilton and perfect need an even board side;\n"
             "engine:CMD: your own program plays (docs/engines.md)"},
    {.name = "--race", .kind = OPT_CUSTOM, .meta = "P1,P2", .names = &OPTIONS_POLICY_NAMES,
     .parse = parse_race, .at = AT(race), .seen = OPT_SEEN(AppOptions, race_given),
     .modes = M_SNAKE,
     .help = "two policies side by side on one board and seed (window, X);\n"
             "headless: both play --games N seeds, compared in a table;\n"
             "either may be engine:CMD"},
    {.name = "--strict-tail", .kind = OPT_FLAG, .at = AT(rules.strict_tail), .modes = M_SNAKE | M_MATCH_SNAKE,
     .help = "the head may not enter the cell the tail is leaving"},
    {.name = "--trace", .kind = OPT_TEXT, .meta = "FILE", .at = AT(trace), .modes = M_SNAKE | M_MATCH_SNAKE,
     .help = "write a replayable trace of every game"},
    {.name = "--shard", .kind = OPT_CUSTOM, .meta = "K/N", .lo = 1, .hi = MANY,
     .parse = parse_shard, .at = AT(shard_k), .modes = M_SNAKE | M_MATCH,
     .help = "play only the games i with i mod N = K (0 <= K < N) of the\n"
             "run; 'wavesnake merge' sums the shards up"},

    {.name = "--map", .kind = OPT_TEXT, .meta = "FILE", .at = AT(map), .modes = M_ARENA,
     .help = "text map, default assets/maps/arena.txt (# @ z g s $ !)"},
    {.name = "--generate", .kind = OPT_SIZE, .meta = "WxH", .lo = MAPGEN_MIN_SIDE,
     .hi = MAPGEN_MAX_SIDE, .at = AT(gen_w), .at2 = AT(gen_h), .modes = M_ARENA,
     .help = "a seeded rooms-and-doors map instead (each side {range})"},
    {.name = "--ticks", .kind = OPT_LONG, .meta = "N", .lo = 1, .hi = MANY, .at = AT(ticks),
     .seen = OPT_SEEN(AppOptions, ticks_given), .modes = M_ARENA,
     .help = "headless ticks (default 1000)"},
    {.name = "--monsters", .kind = OPT_INT, .meta = "N", .lo = 0, .hi = 1000000,
     .at = AT(monsters), .modes = M_ARENA,
     .help = "spawn N monsters (zombies, goblins, some shamans) on free cells"},
    {.name = "--naive", .kind = OPT_FLAG, .at = AT(naive), .modes = M_ARENA,
     .help = "every monster computes its own maps (baseline for the shared ones)"},
    {.name = "--layer", .alias = "--arena-map", .kind = OPT_ENUM, .meta = "L", .names = &SHOWN,
     .at = AT(layer), .seen = OPT_SEEN(AppOptions, layer_given), .modes = M_ARENA,
     .help = "the layer the window shows (Tab): {names}\n(default hero; --arena-map is its old name)"},

    {.name = "--sprt", .kind = OPT_CUSTOM, .meta = "E0,E1", .parse = parse_sprt, .at = AT(sprt),
     .modes = M_MATCH,
     .help = "a sequential test of the first player against the second: H0 its Elo\n"
             "is E0, H1 E1 (E0 < E1, e.g. 0,5); stops at a bound, prints the LLR\n"
             "(a shard plays all its games: 'merge' runs the test)"},
    {.name = "--alpha", .kind = OPT_CUSTOM, .meta = "P", .parse = parse_probability,
     .at = AT(sprt.alpha), .seen = OPT_SEEN(AppOptions, alpha_given), .modes = M_MATCH,
     .help = "--sprt's chance of accepting H1 when H0 holds (default 0.05)"},
    {.name = "--beta", .kind = OPT_CUSTOM, .meta = "P", .parse = parse_probability,
     .at = AT(sprt.beta), .seen = OPT_SEEN(AppOptions, beta_given), .modes = M_MATCH,
     .help = "--sprt's chance of accepting H0 when H1 holds (default 0.05)"},
    {.name = "--plot", .kind = OPT_TEXT, .meta = "F.svg", .at = AT(plot), .modes = M_MATCH,
     .help = "draw each player's steps in the games won (sea: shots; with no\n"
             "game won, the final lengths) and the paired differences as an\n"
             "SVG picture; F may be a pipe or a device instead: /dev/stdout,\n"
             "a fifo ('-' is not)"},

    {.name = "--game", .kind = OPT_LONG, .meta = "G", .lo = 0, .hi = LONG_MAX,
     .at = AT(replay_game), .seen = OPT_SEEN(AppOptions, replay_game_given), .modes = M_REPLAY,
     .help = "the game numbered G on its game line (default: the first\n"
             "that did not win, else the first)"},
    {.name = "--tick", .kind = OPT_CUSTOM, .meta = "T", .parse = parse_tick,
     .at = AT(replay_tick), .seen = OPT_SEEN(AppOptions, replay_tick_given), .modes = M_REPLAY,
     .help = "the tick to open, 0 = the start (default: 10 before the end)"},
    {.name = "--print", .kind = OPT_FLAG, .at = AT(print), .modes = M_REPLAY,
     .help = "print the board at that tick as text instead of opening it"},

    {.name = "--hunter", .kind = OPT_CUSTOM, .meta = "H", .names = &OPTIONS_HUNTER_NAMES,
     .parse = parse_hunter, .at = AT(hunter), .modes = M_SEA,
     .help = "sampler (default: samples fleets consistent with the board) or\n"
             "source (the source's algorithm); seed and best are old names;\n"
             "engine:CMD: your own program shoots (docs/engines.md)"},
    {.name = "--engine-timeout", .kind = OPT_INT, .meta = "MS", .lo = 1, .hi = 600000,
     .at = AT(engine_timeout_ms), .seen = OPT_SEEN(AppOptions, engine_timeout_given),
     .modes = M_SNAKE | M_SEA | M_REPLAY | M_MATCH,
     .help = "the time an engine has for each answer, {range} ms (default\n"
             "2000); only with an engine:CMD"},
    {.name = "--placement", .kind = OPT_ENUM, .meta = "P", .names = &PLACEMENT_NAMES,
     .at = AT(placement), .modes = M_SEA | M_MATCH_SEA,
     .help = "random (default) or edges (ships of 2+ cells along the border)"},
};
/* clang-format on */

#define MODE_COMMAND(m, word)                                                                      \
    {                                                                                              \
        .name = word, .label = "the " word " mode", .mode = 1u << (m), .opts = MODE_OPTIONS,       \
        .nopts = (int)(sizeof MODE_OPTIONS / sizeof MODE_OPTIONS[0])                               \
    }

static const OptCommand MODE_COMMANDS[APP_MODE_COUNT] = {
    MODE_COMMAND(APP_MODE_SNAKE, "snake"),
    MODE_COMMAND(APP_MODE_ARENA, "arena"),
    MODE_COMMAND(APP_MODE_SEA, "sea"),
};

#undef MODE_COMMAND

/* clang-format off */
static const OptSpec REPLAY_ARGS[] = {
    {.name = "FILE", .kind = OPT_TEXT, .at = AT(replay), .label = "trace file"},
};
/* clang-format on */

const OptCommand OPTIONS_REPLAY_COMMAND = {
    .name = "replay",
    .label = "replay",
    .mode = M_REPLAY,
    .args = REPLAY_ARGS,
    .nargs = 1,
    .nargs_min = 1,
    .opts = MODE_OPTIONS,
    .nopts = (int)(sizeof MODE_OPTIONS / sizeof MODE_OPTIONS[0]),
    .summary = "check a snake trace (--headless), print a tick (--print), or open it"};

/* clang-format off */
static const OptSpec MATCH_ARGS[MATCH_KIND_COUNT][2] = {
    [MATCH_SNAKE] = {
        {.name = "PLAYER", .kind = OPT_CUSTOM, .names = &OPTIONS_POLICY_NAMES,
         .parse = parse_match_player, .at = AT(match_players), .label = "match"},
        {.name = "PLAYER", .kind = OPT_CUSTOM, .names = &OPTIONS_POLICY_NAMES,
         .parse = parse_match_player, .at = AT(match_players), .label = "match"},
    },
    [MATCH_SEA] = {
        {.name = "HUNTER", .kind = OPT_CUSTOM, .names = &OPTIONS_HUNTER_NAMES,
         .parse = parse_match_player, .at = AT(match_players), .label = "match"},
        {.name = "HUNTER", .kind = OPT_CUSTOM, .names = &OPTIONS_HUNTER_NAMES,
         .parse = parse_match_player, .at = AT(match_players), .label = "match"},
    },
};
/* clang-format on */

#define MATCH_COMMAND(kind, word, bit)                                                             \
    {                                                                                              \
        .name = word, .label = word, .mode = bit, .args = MATCH_ARGS[kind], .nargs = 2,            \
        .nargs_min = 2, .last_repeats = true, .opts = MODE_OPTIONS,                                \
        .nopts = (int)(sizeof MODE_OPTIONS / sizeof MODE_OPTIONS[0]),                              \
        .summary = "play every player on the same seeds and say which is better"                   \
    }

static const OptCommand MATCH_COMMANDS[MATCH_KIND_COUNT] = {
    MATCH_COMMAND(MATCH_SNAKE, "match", M_MATCH_SNAKE),
    MATCH_COMMAND(MATCH_SEA, "match sea", M_MATCH_SEA),
};

#undef MATCH_COMMAND
#undef AT

/* ======================================================================== */
/* Public functions                                                          */
/* ======================================================================== */

void options_defaults(AppOptions *opts, AppMode mode, uint64_t clock_seed) {
    memset(opts, 0, sizeof *opts);
    opts->mode = mode;
    opts->seed = clock_seed;
    opts->games = 1;
    opts->jobs = 1;
    opts->overlays = OVERLAY_DEFAULT;
    opts->window_w = 1280;
    opts->window_h = 720;
    opts->speed = 15.0;
    opts->rules.w = 20;
    opts->rules.h = 20;
    opts->rules.start_length = 4;
    opts->rules.strict_tail = false;
    opts->policy = SNAKE_POLICY_GREEDY;
    opts->player = player_spec_snake_ai(SNAKE_POLICY_GREEDY);
    opts->race_player[0] = opts->race_player[1] = opts->player;
    opts->engine_timeout_ms = ENGINE_TIMEOUT_DEFAULT;
    opts->ticks = 1000;
    opts->monsters = -1;
    opts->layer = ARENA_SHOWN_HERO;
    opts->hunter = SEA_HUNTER_SAMPLER;
    opts->hunter_player = player_spec_sea_ai(SEA_HUNTER_SAMPLER);
    opts->placement = SEA_PLACE_RANDOM;
}

const OptCommand *options_command(AppMode mode) {
    return mode >= 0 && mode < APP_MODE_COUNT ? &MODE_COMMANDS[mode] : NULL;
}

WsStatus options_parse_replay(AppOptions *opts, int argc, char **argv, int first,
                              uint64_t clock_seed, WsError *err) {
    options_defaults(opts, APP_MODE_SNAKE, clock_seed);
    opts->replay_parsing = true;
    WsStatus st = optparse_parse(&OPTIONS_REPLAY_COMMAND, argc - first, argv + first, opts, err);
    return st != WS_OK ? st : options_check(opts, err);
}

const OptCommand *options_match_command(MatchKind kind) {
    return kind >= 0 && kind < MATCH_KIND_COUNT ? &MATCH_COMMANDS[kind] : NULL;
}

WsStatus options_parse_match(AppOptions *opts, MatchKind kind, int argc, char **argv, int first,
                             uint64_t clock_seed, WsError *err) {
    options_defaults(opts, kind == MATCH_SEA ? APP_MODE_SEA : APP_MODE_SNAKE, clock_seed);
    opts->match = true;
    opts->headless = true;
    opts->games = OPTIONS_MATCH_GAMES;
    opts->sprt.alpha = opts->sprt.beta = 0.05;
    WsStatus st =
        optparse_parse(options_match_command(kind), argc - first, argv + first, opts, err);
    if (st != WS_OK)
        return st;
    settle_defaults(opts);
    return options_check(opts, err);
}

WsStatus options_parse(AppOptions *opts, int argc, char **argv, int first, WsError *err) {
    WsStatus st =
        optparse_parse(options_command(opts->mode), argc - first, argv + first, opts, err);
    if (st != WS_OK)
        return st;
    settle_defaults(opts);
    return options_check(opts, err);
}

WsStatus options_claim_stdout(const AppOptions *opts, WsError *err) {
    /* A match's or a race's --trace T is written as T.1, T.2: never stdout. */
    const char *trace = opts->match || opts->race_given ? NULL : opts->trace;
    WsStatus st = fileio_claim_stdout(trace, "--trace", err);
    if (st == WS_OK)
        st = fileio_claim_stdout(opts->screenshot, "--screenshot", err);
    if (st == WS_OK)
        st = fileio_claim_stdout(opts->record, "--record", err);
    if (st == WS_OK)
        st = fileio_claim_stdout(opts->plot, "--plot", err);
    return st;
}

/* --engine-timeout without an engine would be a setting that does nothing. */
static WsStatus check_engine_timeout(const AppOptions *opts, WsError *err) {
    if (opts->engine_timeout_given && !options_name_engine(opts))
        return ws_fail(err, WS_ERR_ARG, "--engine-timeout goes with an engine: %s engine:CMD",
                       opts->match_players > 0      ? "a player"
                       : opts->mode == APP_MODE_SEA ? "--hunter"
                                                    : "--policy");
    return WS_OK;
}

/* A PNG's or a JPEG's name. */
static bool picture_suffix(const char *path) {
    return ends_with(path, ".png") || ends_with(path, ".jpg") || ends_with(path, ".jpeg");
}

/* What `-` gets from --record and --plot: the usual "standard output" is
 * no name here (a file named - is refused as one that does not say GIF or
 * SVG), and the way to it is /dev/stdout. */
static const char STDOUT_BY_NAME[] =
    "'-' is not standard output here: name /dev/stdout (a pipe or a device that exists)";

/* An existing pipe or device (`/dev/stdout`): it has no name to read. */
static bool pipe_or_device(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

/* --screenshot writes what its name says: a PNG, or a JPEG. */
static WsStatus check_screenshot(const char *shot, WsError *err) {
    if (shot != NULL && !picture_suffix(shot))
        return ws_fail(err, WS_ERR_ARG, "--screenshot %s: the file must end in .png or .jpg", shot);
    return WS_OK;
}

bool options_picture_name(const char *path) { return picture_suffix(path) || pipe_or_device(path); }

/* --record writes a GIF: its name says so, unless it is a pipe or a device
 * that exists already (`--record /dev/stdout | ...`). A typo that names a
 * text map would otherwise become a GIF. */
static WsStatus check_record(const char *rec, WsError *err) {
    if (rec == NULL || ends_with(rec, ".gif") || pipe_or_device(rec))
        return WS_OK;
    if (strcmp(rec, "-") == 0)
        return ws_fail(err, WS_ERR_ARG, "--record -: %s", STDOUT_BY_NAME);
    return ws_fail(err, WS_ERR_ARG, "--record %s: the file must end in .gif", rec);
}

/* No output overwrites one of the run's inputs, nor another output: a
 * --trace onto its own --map would destroy the map (fileio_same_file
 * compares device and inode when both exist). */
static WsStatus check_outputs(const AppOptions *opts, WsError *err) {
    const struct {
        const char *opt, *path;
    } out[] = {{"--trace", opts->trace},
               {"--screenshot", opts->screenshot},
               {"--record", opts->record},
               {"--plot", opts->plot}},
      in[] = {{"--map", opts->map}, {"the trace to replay", opts->replay}};
    enum { OUTS = sizeof out / sizeof out[0], INS = sizeof in / sizeof in[0] };
    for (int o = 0; o < OUTS; o++) {
        if (out[o].path == NULL)
            continue;
        for (int i = 0; i < INS; i++)
            if (fileio_same_file(out[o].path, in[i].path))
                return ws_fail(err, WS_ERR_ARG,
                               "%s %s is %s, an input of this run: pick another file", out[o].opt,
                               out[o].path, in[i].opt);
        for (int p = o + 1; p < OUTS; p++)
            if (fileio_same_file(out[o].path, out[p].path))
                return ws_fail(err, WS_ERR_ARG, "%s and %s name the same file %s: pick two",
                               out[o].opt, out[p].opt, out[o].path);
    }
    return check_record(opts->record, err);
}

/* The first of the window's own options given, or NULL: with a run that
 * draws nothing they would do nothing, and are refused like
 * --engine-timeout without an engine (--record and --stats have their own
 * messages). */
static const char *window_option(const AppOptions *o) {
    return o->window_given    ? "--window"
           : o->frames > 0    ? "--frames"
           : o->speed_given   ? "--speed"
           : o->overlay_given ? "--overlay"
           : o->pause_on_end  ? "--pause-on-end"
           : o->layer_given   ? "--layer"
                              : NULL;
}

/* `replay FILE`: --headless checks every game and --print prints one tick,
 * so neither shows a frame to record, measure or save. */
static WsStatus check_replay(const AppOptions *opts, WsError *err) {
    if (opts->headless && opts->print)
        return ws_fail(err, WS_ERR_ARG,
                       "replay: --headless checks every game, --print prints one tick: pick one");
    if (opts->headless && (opts->replay_game_given || opts->replay_tick_given))
        return ws_fail(err, WS_ERR_ARG,
                       "replay: --game and --tick choose what --print or the window shows; "
                       "--headless checks every game");
    if (opts->json && !opts->headless)
        return ws_fail(err, WS_ERR_ARG, "replay: --json goes with --headless");
    /* What only the window uses, with a mode that shows none (an engine
     * brought by --policy would be started for nothing). */
    const char *no_window = opts->headless ? "--headless checks every game"
                            : opts->print  ? "--print prints one tick as text"
                                           : NULL;
    char why[64] = "";
    if (no_window != NULL && opts->record != NULL)
        snprintf(why, sizeof why, "--record needs the window or --screenshot");
    else if (no_window != NULL && opts->stats)
        snprintf(why, sizeof why, "--stats measures the window's frames");
    else if (no_window != NULL && window_option(opts) != NULL)
        snprintf(why, sizeof why, "%s is for the window", window_option(opts));
    else if (no_window != NULL && opts->screenshot != NULL)
        snprintf(why, sizeof why, "--screenshot draws the window");
    else if (no_window != NULL && opts->policy_given && opts->player.kind == PLAYER_ENGINE)
        snprintf(why, sizeof why, "--policy engine:CMD shows its thoughts in the window");
    if (why[0] != '\0')
        return ws_fail(err, WS_ERR_ARG, "replay: %s; %s", why, no_window);
    if (opts->policy_given && opts->player.kind != PLAYER_ENGINE)
        return replay_policy_refused(err);
    WsStatus st = check_engine_timeout(opts, err);
    if (st != WS_OK)
        return st;
    return check_screenshot(opts->screenshot, err);
}

/* --start-length against the board it starts on: 1..W and less than W*H, the
 * limit named with the board (a --map board is checked once it is read). */
static WsStatus check_start_length(const AppOptions *opts, WsError *err) {
    const SnakeRules *r = &opts->rules;
    if (opts->mode != APP_MODE_SNAKE || opts->map != NULL || !opts->start_length_given)
        return WS_OK;
    long cells = (long)r->w * r->h;
    int most = cells > r->w ? r->w : r->w - 1;
    if (r->start_length >= 1 && r->start_length <= most)
        return WS_OK;
    return ws_fail(err, WS_ERR_ARG, "--start-length: %d is outside 1..%d (on the %dx%d board)",
                   r->start_length, most, r->w, r->h);
}

/* The first of a headless run's own options given, or NULL: the window
 * (and --screenshot, offscreen) plays one game after another on one thread,
 * writes no trace and prints no lines, so with it they would do nothing. */
static const char *headless_option(const AppOptions *o) {
    return o->games_given   ? "--games"
           : o->jobs_given  ? "--jobs"
           : o->json        ? "--json"
           : o->trace       ? "--trace"
           : o->shard_n > 0 ? "--shard"
           : o->ticks_given ? "--ticks"
                            : NULL;
}

/* A play mode: --headless without --screenshot plays without a window (a
 * --screenshot renders offscreen even with --headless). */
static WsStatus check_mode(const AppOptions *opts, WsError *err) {
    bool headless = opts->headless && opts->screenshot == NULL;
    if (!headless && !opts->match && headless_option(opts) != NULL)
        return ws_fail(err, WS_ERR_ARG,
                       "%s is for --headless runs, without --screenshot; the window%s does not "
                       "use it",
                       headless_option(opts), opts->screenshot != NULL ? " drawn offscreen" : "");
    if (headless && window_option(opts) != NULL)
        return ws_fail(err, WS_ERR_ARG,
                       "%s is for the window (or --screenshot, offscreen); --headless plays "
                       "without one",
                       window_option(opts));
    if (opts->stats && headless)
        return ws_fail(err, WS_ERR_ARG,
                       "--stats measures the window's frames; a --headless run prints its "
                       "own timings");
    WsStatus st = check_screenshot(opts->screenshot, err);
    if (st != WS_OK)
        return st;
    if (headless && opts->record != NULL)
        return ws_fail(err, WS_ERR_ARG,
                       "--record needs the window or --screenshot, not --headless");
    if (opts->mode == APP_MODE_SNAKE && opts->map != NULL && opts->size_given)
        return ws_fail(err, WS_ERR_ARG,
                       "--map and --size cannot be combined (the map sets the board's size)");
    st = check_start_length(opts, err);
    if (st != WS_OK)
        return st;
    if (opts->mode == APP_MODE_SNAKE && headless && opts->race_given && opts->policy_given)
        return ws_fail(err, WS_ERR_ARG,
                       "--race P1,P2 names both players; --policy plays a single snake (in the "
                       "window, the one X races)");
    if (opts->mode == APP_MODE_SNAKE && headless && opts->race_given && opts->shard_n > 0)
        return ws_fail(err, WS_ERR_ARG,
                       "--race plays every heat: --shard splits single runs and matches "
                       "('wavesnake match P1 P2 --shard K/N')");
    if (opts->mode == APP_MODE_ARENA && opts->map != NULL && opts->gen_w > 0)
        return ws_fail(err, WS_ERR_ARG, "--map and --generate cannot be combined");
    st = check_engine_timeout(opts, err);
    if (st != WS_OK)
        return st;
    return WS_OK;
}

/* `wavesnake match`: the test needs its two players and its bounds, the
 * plot is an SVG, and the players can play the board. */
static WsStatus check_match(const AppOptions *opts, WsError *err) {
    if (opts->sprt.on && opts->match_players != 2)
        return ws_fail(err, WS_ERR_ARG,
                       "--sprt tests the first player against the second: name two players, "
                       "not %d",
                       opts->match_players);
    if ((opts->alpha_given || opts->beta_given) && !opts->sprt.on)
        return ws_fail(err, WS_ERR_ARG, "--%s goes with --sprt E0,E1",
                       opts->alpha_given ? "alpha" : "beta");
    if (opts->sprt.on) {
        WsStatus st = match_sprt_check(&opts->sprt, err);
        if (st != WS_OK)
            return st;
    }
    /* As --record: the name says SVG, or it is a pipe or a device that
     * exists already (`--plot /dev/stdout | ...`). */
    if (opts->plot != NULL && strcmp(opts->plot, "-") == 0)
        return ws_fail(err, WS_ERR_ARG, "--plot -: %s", STDOUT_BY_NAME);
    if (opts->plot != NULL && !ends_with(opts->plot, ".svg") && !pipe_or_device(opts->plot))
        return ws_fail(err, WS_ERR_ARG, "--plot %s: the plot is an SVG picture: name it F.svg",
                       opts->plot);
    return check_mode(opts, err);
}

WsStatus options_check(const AppOptions *opts, WsError *err) {
    WsStatus st = opts->replay != NULL ? check_replay(opts, err)
                  : opts->match        ? check_match(opts, err)
                                       : check_mode(opts, err);
    return st != WS_OK ? st : check_outputs(opts, err);
}
