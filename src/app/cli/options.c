#include "options.h"

#include <string.h>

#include "cli.h"

static const char *const MODE_NAMES[APP_MODE_COUNT] = {"snake", "arena", "sea"};

const char *app_mode_name(AppMode mode) {
    return mode >= 0 && mode < APP_MODE_COUNT ? MODE_NAMES[mode] : "?";
}

bool app_mode_parse(const char *name, AppMode *out) {
    for (int m = 0; m < APP_MODE_COUNT; m++) {
        if (strcmp(name, MODE_NAMES[m]) == 0) {
            *out = (AppMode)m;
            return true;
        }
    }
    return false;
}

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
    opts->ticks = 1000;
    opts->monsters = -1;
    opts->hunter = "best";
    opts->placement = "random";
}

static const struct {
    const char *name;
    unsigned bit;
} OVERLAY_NAMES[] = {
    {"wave", OVERLAY_WAVE},       {"path", OVERLAY_PATH}, {"virtual", OVERLAY_VIRTUAL},
    {"grid", OVERLAY_GRID},       {"numbers", OVERLAY_NUMBERS},
    {"heatmap", OVERLAY_HEATMAP}, {"help", OVERLAY_HELP}, {"hud", OVERLAY_HUD},
};

bool options_parse_overlays(const char *text, unsigned *out) {
    unsigned bits = 0;
    if (text == NULL)
        return false;
    if (strcmp(text, "all") == 0) {
        *out = OVERLAY_WAVE | OVERLAY_PATH | OVERLAY_VIRTUAL | OVERLAY_GRID | OVERLAY_NUMBERS |
               OVERLAY_HEATMAP | OVERLAY_HUD;
        return true;
    }
    if (strcmp(text, "none") == 0) {
        *out = 0;
        return true;
    }
    const char *p = text;
    while (*p) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        bool found = false;
        for (size_t i = 0; i < sizeof OVERLAY_NAMES / sizeof OVERLAY_NAMES[0]; i++) {
            if (strlen(OVERLAY_NAMES[i].name) == n && strncmp(OVERLAY_NAMES[i].name, p, n) == 0) {
                bits |= OVERLAY_NAMES[i].bit;
                found = true;
            }
        }
        if (!found) {
            cli_usage_error("--overlay: unknown overlay '%.*s' (use wave, path, virtual, grid, "
                            "numbers, heatmap, help, hud, all or none)",
                            (int)n, p);
            return false;
        }
        p += n;
        if (*p == ',')
            p++;
    }
    *out = bits;
    return true;
}

/* Which modes accept an option: a bit per AppMode. */
enum { M_SNAKE = 1 << APP_MODE_SNAKE, M_ARENA = 1 << APP_MODE_ARENA, M_SEA = 1 << APP_MODE_SEA };
enum { M_ALL = M_SNAKE | M_ARENA | M_SEA };

typedef enum OptId {
    OPT_HEADLESS, OPT_JSON, OPT_STATS, OPT_STRICT_TAIL, OPT_NAIVE, OPT_SEED, OPT_GAMES, OPT_JOBS,
    OPT_SCREENSHOT, OPT_FRAMES, OPT_OVERLAY, OPT_WINDOW, OPT_SPEED, OPT_SIZE, OPT_START_LENGTH,
    OPT_POLICY, OPT_TRACE, OPT_MAP, OPT_GENERATE, OPT_TICKS, OPT_MONSTERS, OPT_HUNTER,
    OPT_PLACEMENT, OPT_ARENA_MAP
} OptId;

static const struct {
    const char *name;
    OptId id;
    bool has_value;
    int modes;
} OPTIONS[] = {
    {"--headless", OPT_HEADLESS, false, M_ALL},
    {"--json", OPT_JSON, false, M_ALL},
    {"--stats", OPT_STATS, false, M_ALL},
    {"--strict-tail", OPT_STRICT_TAIL, false, M_SNAKE},
    {"--naive", OPT_NAIVE, false, M_ARENA},
    {"--seed", OPT_SEED, true, M_ALL},
    {"--games", OPT_GAMES, true, M_SNAKE | M_SEA},
    {"--jobs", OPT_JOBS, true, M_SNAKE | M_SEA},
    {"--screenshot", OPT_SCREENSHOT, true, M_ALL},
    {"--frames", OPT_FRAMES, true, M_ALL},
    {"--overlay", OPT_OVERLAY, true, M_ALL},
    {"--window", OPT_WINDOW, true, M_ALL},
    {"--speed", OPT_SPEED, true, M_ALL},
    {"--size", OPT_SIZE, true, M_SNAKE},
    {"--start-length", OPT_START_LENGTH, true, M_SNAKE},
    {"--policy", OPT_POLICY, true, M_SNAKE},
    {"--trace", OPT_TRACE, true, M_SNAKE},
    {"--map", OPT_MAP, true, M_ARENA},
    {"--generate", OPT_GENERATE, true, M_ARENA},
    {"--ticks", OPT_TICKS, true, M_ARENA},
    {"--monsters", OPT_MONSTERS, true, M_ARENA},
    {"--arena-map", OPT_ARENA_MAP, true, M_ARENA},
    {"--hunter", OPT_HUNTER, true, M_SEA},
    {"--placement", OPT_PLACEMENT, true, M_SEA},
};

static bool nonempty(const char *v, const char *name) {
    if (*v != '\0')
        return true;
    cli_usage_error("%s needs a non-empty value", name);
    return false;
}

static bool apply(AppOptions *o, OptId id, const char *name, const char *v) {
    switch (id) {
    case OPT_HEADLESS:
        o->headless = true;
        return true;
    case OPT_JSON:
        o->json = true;
        return true;
    case OPT_STATS:
        o->stats = true;
        return true;
    case OPT_STRICT_TAIL:
        o->rules.strict_tail = true;
        return true;
    case OPT_NAIVE:
        o->naive = true;
        return true;
    case OPT_SEED:
        o->seed_given = true;
        return cli_parse_u64(v, name, &o->seed);
    case OPT_GAMES:
        return cli_parse_long(v, 1, 100000000L, name, &o->games);
    case OPT_JOBS:
        return cli_parse_int(v, 1, 256, name, &o->jobs);
    case OPT_SCREENSHOT:
        o->screenshot = v;
        return nonempty(v, name);
    case OPT_FRAMES:
        return cli_parse_long(v, 1, 100000000L, name, &o->frames);
    case OPT_OVERLAY:
        if (!options_parse_overlays(v, &o->overlays))
            return false;
        o->overlays |= OVERLAY_HUD;
        return true;
    case OPT_WINDOW:
        return cli_parse_size(v, 320, 8192, name, &o->window_w, &o->window_h);
    case OPT_SPEED:
        if (strcmp(v, "max") == 0 || strcmp(v, "unlimited") == 0) {
            o->speed = 0.0;
            return true;
        }
        return cli_parse_double(v, 1.0, 1000000.0, name, &o->speed);
    case OPT_SIZE:
        return cli_parse_size(v, SNAKE_MIN_SIDE, SNAKE_MAX_SIDE, name, &o->rules.w, &o->rules.h);
    case OPT_START_LENGTH:
        return cli_parse_int(v, 1, SNAKE_MAX_SIDE, name, &o->rules.start_length);
    case OPT_POLICY:
        if (snake_policy_parse(v, &o->policy))
            return true;
        cli_usage_error("%s: unknown policy '%s' (try: %s)", name, v, snake_policy_list());
        return false;
    case OPT_TRACE:
        o->trace = v;
        return nonempty(v, name);
    case OPT_MAP:
        o->map = v;
        return nonempty(v, name);
    case OPT_GENERATE:
        return cli_parse_size(v, 8, 1024, name, &o->gen_w, &o->gen_h);
    case OPT_TICKS:
        return cli_parse_long(v, 1, 100000000L, name, &o->ticks);
    case OPT_MONSTERS:
        return cli_parse_int(v, 0, 1000000, name, &o->monsters);
    case OPT_ARENA_MAP:
        o->arena_map = v;
        return nonempty(v, name);
    case OPT_HUNTER:
        o->hunter = v;
        return nonempty(v, name);
    case OPT_PLACEMENT:
        o->placement = v;
        return nonempty(v, name);
    }
    return false;
}

bool options_parse(AppOptions *opts, int argc, char **argv, int first) {
    for (int i = first; i < argc; i++) {
        const char *arg = argv[i];
        const char *eq = strchr(arg, '=');
        size_t name_len = eq != NULL ? (size_t)(eq - arg) : strlen(arg);
        size_t k = 0, count = sizeof OPTIONS / sizeof OPTIONS[0];
        while (k < count &&
               !(strlen(OPTIONS[k].name) == name_len && strncmp(OPTIONS[k].name, arg, name_len) == 0))
            k++;
        if (k == count) {
            if (arg[0] == '-')
                cli_usage_error("unknown option '%.*s' for the %s mode (see --help)",
                                (int)name_len, arg, app_mode_name(opts->mode));
            else
                cli_usage_error("unexpected argument '%s' (see --help)", arg);
            return false;
        }
        const char *name = OPTIONS[k].name;
        if (!(OPTIONS[k].modes & (1 << opts->mode))) {
            cli_usage_error("option %s does not apply to the %s mode (see --help)", name,
                            app_mode_name(opts->mode));
            return false;
        }
        const char *value = NULL;
        if (OPTIONS[k].has_value) {
            if (eq != NULL) {
                value = eq + 1;
            } else if (i + 1 < argc) {
                value = argv[++i];
            } else {
                cli_usage_error("%s needs a value", name);
                return false;
            }
        } else if (eq != NULL) {
            cli_usage_error("%s takes no value", name);
            return false;
        }
        if (!apply(opts, OPTIONS[k].id, name, value))
            return false;
    }
    return true;
}
