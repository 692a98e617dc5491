/* The command line's option parser (optparse) and the tables that use it:
 * value kinds and ranges, enum names, `--x=v` and `--x v`, mode
 * applicability, positional arguments, the usage line, and --help built
 * from the same tables (the play modes' options, the tools, bench). */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "help.h"
#include "mapgen.h"
#include "options.h"
#include "optparse.h"
#include "report.h"
#include "tools.h"

/* ---- a small command of every kind -------------------------------------- */

typedef struct Args {
    const char *file;
    long x;
    bool flag;
    int count;
    long big;
    uint64_t seed;
    bool seed_seen;
    double rate;
    int w, h;
    const char *name;
    int fruit;
} Args;

static const char *const FRUITS[] = {"apple", "pear", "plum"};
static const char *fruit_name(int v) { return v >= 0 && v < 3 ? FRUITS[v] : "?"; }
static const OptNames FRUIT_NAMES = {"fruit", 3, fruit_name, NULL, NULL};

/* clang-format off */
static const OptSpec ARGS_POS[] = {
    {.name = "FILE", .kind = OPT_TEXT, .at = offsetof(Args, file)},
    {.name = "X", .kind = OPT_LONG, .lo = -5, .hi = 5, .label = "start x", .at = offsetof(Args, x)},
};
static const OptSpec ARGS_OPTS[] = {
    {.name = "--flag", .kind = OPT_FLAG, .at = offsetof(Args, flag)},
    {.name = "--count", .kind = OPT_INT, .meta = "N", .lo = 1, .hi = 10, .at = offsetof(Args, count),
     .help = "how many, {range}"},
    {.name = "--big", .kind = OPT_LONG, .meta = "N", .lo = 0, .hi = 100000000L,
     .at = offsetof(Args, big), .modes = 2},
    {.name = "--seed", .kind = OPT_U64, .meta = "S", .at = offsetof(Args, seed),
     .seen = OPT_SEEN(Args, seed_seen)},
    {.name = "--rate", .kind = OPT_DOUBLE, .meta = "R", .lo = 1, .hi = 100,
     .at = offsetof(Args, rate)},
    {.name = "--size", .kind = OPT_SIZE, .meta = "WxH", .lo = 2, .hi = 64, .at = offsetof(Args, w),
     .at2 = offsetof(Args, h)},
    {.name = "--name", .kind = OPT_TEXT, .meta = "TEXT", .at = offsetof(Args, name)},
    {.name = "--fruit", .kind = OPT_ENUM, .names = &FRUIT_NAMES, .at = offsetof(Args, fruit),
     .help = "one of {names}"},
};
static const OptCommand CMD = {.name = "demo", .label = "demo", .mode = 1, .args = ARGS_POS,
                               .nargs = 2, .nargs_min = 1, .opts = ARGS_OPTS, .nopts = 8};
/* clang-format on */

/* Parsed values borrow argv, so the words live here, beyond each parse. */
static char word_store[16][64];

/* A NULL-terminated word list as a writable argv; returns argc. */
static int to_argv(const char *const *words, char store[16][64], char *argv[16]) {
    int argc = 0;
    for (; words[argc] != NULL; argc++) {
        ck_assert_int_lt(argc, 16);
        snprintf(store[argc], 64, "%s", words[argc]);
        argv[argc] = store[argc];
    }
    return argc;
}

static WsStatus parse(Args *a, WsError *err, const char *const *words) {
    char *argv[16];
    int argc = to_argv(words, word_store, argv);
    memset(a, 0, sizeof *a);
    memset(err, 0, sizeof *err);
    return optparse_parse(&CMD, argc, argv, a, err);
}

#define PARSE(a, err, ...) parse(a, err, (const char *const[]){__VA_ARGS__, NULL})

/* err.msg must contain `part`. */
#define ck_assert_msg_has(err, part)                                                               \
    ck_assert_msg(strstr((err).msg, (part)) != NULL, "message '%s' lacks '%s'", (err).msg, (part))

START_TEST(both_value_forms) {
    Args a;
    WsError err;
    ck_assert_int_eq(PARSE(&a, &err, "f.txt", "--count=7", "--size", "3x4", "--name=n"), WS_OK);
    ck_assert_str_eq(a.file, "f.txt");
    ck_assert_int_eq(a.count, 7);
    ck_assert_int_eq(a.w, 3);
    ck_assert_int_eq(a.h, 4);
    ck_assert_str_eq(a.name, "n");
    ck_assert_int_eq(PARSE(&a, &err, "--count", "7", "f.txt", "--rate=2.5", "--flag"), WS_OK);
    ck_assert_int_eq(a.count, 7);
    ck_assert(a.flag);
    ck_assert_double_eq(a.rate, 2.5);
}
END_TEST

START_TEST(ranges) {
    Args a;
    WsError err;
    ck_assert_int_eq(PARSE(&a, &err, "f", "--count", "10"), WS_OK);
    ck_assert_int_eq(PARSE(&a, &err, "f", "--count", "11"), WS_ERR_ARG);
    ck_assert_msg_has(err, "--count: 11 is outside 1..10");
    ck_assert_int_eq(PARSE(&a, &err, "f", "--count", "0"), WS_ERR_ARG);
    ck_assert_int_eq(PARSE(&a, &err, "f", "--count", "ten"), WS_ERR_ARG);
    ck_assert_msg_has(err, "not a whole number");
    ck_assert_int_eq(PARSE(&a, &err, "f", "--size", "65x2"), WS_ERR_ARG);
    ck_assert_msg_has(err, "outside 2..64");
    ck_assert_int_eq(PARSE(&a, &err, "f", "--size", "8"), WS_ERR_ARG);
    ck_assert_msg_has(err, "WIDTHxHEIGHT");
    ck_assert_int_eq(PARSE(&a, &err, "f", "--rate", "0.5"), WS_ERR_ARG);
    ck_assert_int_eq(PARSE(&a, &err, "f", "--seed", "-1"), WS_ERR_ARG);
    ck_assert_msg_has(err, "non-negative");
    /* strtoull skips a blank and takes the sign after it: " -1" was 2^64 - 1 */
    ck_assert_int_eq(PARSE(&a, &err, "f", "--seed", " -1"), WS_ERR_ARG);
    ck_assert_msg_has(err, "--seed: ' -1' is not a non-negative whole number");
    ck_assert_int_eq(PARSE(&a, &err, "f", "--seed", " 5"), WS_ERR_ARG);
    ck_assert_int_eq(PARSE(&a, &err, "f", "--count", " 5"), WS_ERR_ARG);
    ck_assert_msg_has(err, "--count: ' 5' is not a whole number");
    ck_assert_int_eq(PARSE(&a, &err, "f", "--rate", " 5"), WS_ERR_ARG);
    ck_assert_msg_has(err, "--rate: ' 5' is not a number");
    ck_assert_int_eq(PARSE(&a, &err, "f", "--name="), WS_ERR_ARG);
    ck_assert_msg_has(err, "--name needs a non-empty value");
}
END_TEST

START_TEST(enum_names) {
    Args a;
    WsError err;
    ck_assert_int_eq(PARSE(&a, &err, "f", "--fruit", "plum"), WS_OK);
    ck_assert_int_eq(a.fruit, 2);
    ck_assert_int_eq(PARSE(&a, &err, "f", "--fruit=kiwi"), WS_ERR_ARG);
    ck_assert_str_eq(err.msg, "--fruit: unknown fruit 'kiwi' (try: apple, pear, plum)");
}
END_TEST

START_TEST(flags_values_and_unknowns) {
    Args a;
    WsError err;
    ck_assert_int_eq(PARSE(&a, &err, "f", "--flag=yes"), WS_ERR_ARG);
    ck_assert_str_eq(err.msg, "--flag takes no value");
    ck_assert_int_eq(PARSE(&a, &err, "f", "--count"), WS_ERR_ARG);
    ck_assert_str_eq(err.msg, "--count needs a value");
    ck_assert_int_eq(PARSE(&a, &err, "f", "--bogus=1"), WS_ERR_ARG);
    ck_assert_msg_has(err, "unknown option '--bogus' for demo");
    ck_assert_int_eq(PARSE(&a, &err, "f", "-q"), WS_ERR_ARG);
    ck_assert_msg_has(err, "unknown option '-q'");
    ck_assert_int_eq(PARSE(&a, &err, "f", "--big", "5"), WS_ERR_ARG);
    ck_assert_str_eq(err.msg, "option --big does not apply to demo (see --help)");
}
END_TEST

START_TEST(seen_is_set_only_when_given) {
    Args a;
    WsError err;
    ck_assert_int_eq(PARSE(&a, &err, "f"), WS_OK);
    ck_assert(!a.seed_seen);
    ck_assert_int_eq(PARSE(&a, &err, "f", "--seed", "18446744073709551615"), WS_OK);
    ck_assert(a.seed_seen);
    ck_assert_uint_eq(a.seed, UINT64_MAX);
}
END_TEST

START_TEST(positionals) {
    Args a;
    WsError err;
    ck_assert_int_eq(PARSE(&a, &err, "--flag"), WS_ERR_ARG);
    ck_assert_msg_has(err, "missing FILE for demo");
    ck_assert_int_eq(PARSE(&a, &err, "f", "-3"), WS_OK); /* a negative number is a value */
    ck_assert_int_eq(a.x, -3);
    ck_assert_int_eq(PARSE(&a, &err, "f", "9"), WS_ERR_ARG);
    ck_assert_msg_has(err, "start x: 9 is outside -5..5");
    ck_assert_int_eq(PARSE(&a, &err, "f", "1", "extra"), WS_ERR_ARG);
    ck_assert_msg_has(err, "unexpected argument 'extra' for demo");
    ck_assert_int_eq(PARSE(&a, &err, "--", "--flag"), WS_OK); /* after --, words are positional */
    ck_assert_str_eq(a.file, "--flag");
    ck_assert(!a.flag);
}
END_TEST

START_TEST(synopsis_and_hint) {
    char buf[256];
    optparse_synopsis(&CMD, buf, sizeof buf);
    ck_assert_str_eq(buf, "demo FILE [X] [--flag] [--count N] [--seed S] [--rate R] [--size WxH] "
                          "[--name TEXT] [--fruit apple|pear|plum]");
    /* A synopsis this long is not repeated in messages. */
    Args a;
    WsError err;
    ck_assert_int_eq(PARSE(&a, &err, "f", "--nope"), WS_ERR_ARG);
    ck_assert_msg_has(err, "(see --help)");
    /* A short one is. */
    static const OptCommand TINY = {
        .name = "tiny", .label = "tiny", .args = ARGS_POS, .nargs = 1, .nargs_min = 1};
    char word[] = "--flee";
    char *argv[] = {word};
    ck_assert_int_eq(optparse_parse(&TINY, 1, argv, &a, &err), WS_ERR_ARG);
    ck_assert_str_eq(err.msg, "unknown option '--flee' for tiny (usage: wavesnake tiny FILE)");
}
END_TEST

/* ---- the play modes' table ------------------------------------------------ */

static WsStatus parse_mode(AppMode mode, AppOptions *o, WsError *err, const char *const *words) {
    char *argv[16];
    int argc = to_argv(words, word_store, argv);
    options_defaults(o, mode, 5);
    memset(err, 0, sizeof *err);
    return options_parse(o, argc, argv, 0, err);
}

#define MODE(mode, o, err, ...) parse_mode(mode, o, err, (const char *const[]){__VA_ARGS__, NULL})

START_TEST(generate_range_is_mapgen_range) {
    AppOptions o;
    WsError err;
    char text[32];
    snprintf(text, sizeof text, "%dx%d", MAPGEN_MAX_SIDE, MAPGEN_MIN_SIDE);
    ck_assert_int_eq(MODE(APP_MODE_ARENA, &o, &err, "--generate", text), WS_OK);
    ck_assert_int_eq(o.gen_w, MAPGEN_MAX_SIDE);
    ck_assert_int_eq(o.gen_h, MAPGEN_MIN_SIDE);
    snprintf(text, sizeof text, "%dx%d", MAPGEN_MAX_SIDE + 1, MAPGEN_MIN_SIDE);
    ck_assert_int_eq(MODE(APP_MODE_ARENA, &o, &err, "--generate", text), WS_ERR_ARG);
    ck_assert_int_eq(MODE(APP_MODE_ARENA, &o, &err, "--generate", "1024x1024"), WS_ERR_ARG);
    snprintf(text, sizeof text, "%dx%d", MAPGEN_MIN_SIDE - 1, MAPGEN_MIN_SIDE);
    ck_assert_int_eq(MODE(APP_MODE_ARENA, &o, &err, "--generate", text), WS_ERR_ARG);
}
END_TEST

START_TEST(names_become_enums_once) {
    AppOptions o;
    WsError err;
    ck_assert_int_eq(MODE(APP_MODE_SEA, &o, &err, "--hunter", "seed", "--placement=edges"), WS_OK);
    ck_assert_int_eq(o.hunter, SEA_HUNTER_SOURCE);
    ck_assert_int_eq(o.placement, SEA_PLACE_EDGES);
    ck_assert_int_eq(MODE(APP_MODE_ARENA, &o, &err, "--arena-map", "desire"), WS_OK);
    ck_assert_int_eq(o.layer, ARENA_SHOWN_DESIRE);
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--policy", "perfect"), WS_OK);
    ck_assert_int_eq(o.policy, SNAKE_POLICY_PERFECT);
    ck_assert_int_eq(MODE(APP_MODE_SEA, &o, &err, "--hunter", "clever"), WS_ERR_ARG);
    /* engine:CMD is named where it is taken (docs/engines.md) */
    ck_assert_str_eq(err.msg,
                     "--hunter: unknown hunter 'clever' (try: source, sampler, or engine:CMD)");
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--policy", "engine python3 e.py"), WS_ERR_ARG);
    ck_assert_str_eq(err.msg, "--policy: unknown policy 'engine python3 e.py' (try: greedy, "
                              "hamilton, perfect, or engine:CMD)");
    /* defaults */
    ck_assert_int_eq(MODE(APP_MODE_SEA, &o, &err, "--seed", "3"), WS_OK);
    ck_assert_int_eq(o.hunter, SEA_HUNTER_SAMPLER);
    ck_assert_int_eq(o.placement, SEA_PLACE_RANDOM);
    ck_assert(o.seed_given);
    ck_assert_int_eq(MODE(APP_MODE_ARENA, &o, &err, "--headless", "--ticks", "3"), WS_OK);
    ck_assert_int_eq(o.layer, ARENA_SHOWN_HERO);
    ck_assert(!o.seed_given);
}
END_TEST

/* engine:CMD wherever a policy or a hunter is named (docs/engines.md). */
START_TEST(engines_are_named_like_policies) {
    AppOptions o;
    WsError err;
    char fmt[64];
    ck_assert_int_eq(
        MODE(APP_MODE_SNAKE, &o, &err, "--headless", "--policy", "engine:python3 x.py"), WS_OK);
    ck_assert_int_eq(o.player.kind, PLAYER_ENGINE);
    ck_assert_str_eq(o.player.command, "python3 x.py");
    ck_assert_int_eq(o.policy, SNAKE_POLICY_GREEDY); /* the overlays that stand in */
    ck_assert(options_name_engine(&o));
    ck_assert_int_eq(o.engine_timeout_ms, ENGINE_TIMEOUT_DEFAULT);
    ck_assert_str_eq(player_spec_format(&o.player, false, fmt, sizeof fmt), "engine:python3 x.py");
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--headless", "--policy", "hamilton"), WS_OK);
    ck_assert_int_eq(o.player.kind, PLAYER_AI);
    ck_assert_int_eq(o.player.policy, SNAKE_POLICY_HAMILTON);
    ck_assert(!options_name_engine(&o));
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--headless", "--policy", "engine:"),
                     WS_ERR_ARG);
    ck_assert_str_eq(err.msg, "--policy: engine: needs a command (engine:CMD)");
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--headless", "--policy", "engine: "),
                     WS_ERR_ARG);
    /* --engine-timeout: in range, and only with an engine. */
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--headless", "--policy", "engine:e",
                          "--engine-timeout", "300"),
                     WS_OK);
    ck_assert_int_eq(o.engine_timeout_ms, 300);
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--headless", "--engine-timeout", "300"),
                     WS_ERR_ARG);
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--headless", "--policy", "engine:e",
                          "--engine-timeout", "0"),
                     WS_ERR_ARG);
    /* The sea. */
    ck_assert_int_eq(MODE(APP_MODE_SEA, &o, &err, "--headless", "--hunter", "engine:./h",
                          "--engine-timeout", "50"),
                     WS_OK);
    ck_assert_int_eq(o.hunter_player.kind, PLAYER_ENGINE);
    ck_assert_str_eq(o.hunter_player.command, "./h");
    ck_assert_int_eq(o.hunter, SEA_HUNTER_SAMPLER);
    /* The sea's window drives its engine (view_sea.c). */
    ck_assert_int_eq(MODE(APP_MODE_SEA, &o, &err, "--hunter", "engine:./h"), WS_OK);
    ck_assert_int_eq(o.hunter_player.kind, PLAYER_ENGINE);
    ck_assert_int_eq(MODE(APP_MODE_SEA, &o, &err, "--headless", "--hunter", "best"), WS_OK);
    ck_assert_int_eq(o.hunter_player.kind, PLAYER_AI);
    ck_assert_int_eq(o.hunter_player.hunter, SEA_HUNTER_SAMPLER);
    /* The window runs engines everywhere a headless run does. */
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--policy", "engine:e"), WS_OK);
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--race", "greedy,engine:e"), WS_OK);
    ck_assert_int_eq(MODE(APP_MODE_SEA, &o, &err, "--hunter", "engine:e"), WS_OK);
}
END_TEST

/* --race: an engine's command may hold commas; the split is where a name
 * or another engine follows. */
START_TEST(race_sides_may_be_engines) {
    AppOptions o;
    WsError err;
    char fmt[64];
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--headless", "--race", "greedy,engine:a,b c"),
                     WS_OK);
    ck_assert_int_eq(o.race_player[0].kind, PLAYER_AI);
    ck_assert_int_eq(o.race_player[1].kind, PLAYER_ENGINE);
    ck_assert_str_eq(o.race_player[1].command, "a,b c");
    ck_assert(options_name_engine(&o));
    ck_assert_int_eq(
        MODE(APP_MODE_SNAKE, &o, &err, "--headless", "--race", "engine:cmd a,b,perfect"), WS_OK);
    ck_assert_int_eq(o.race_player[0].kind, PLAYER_ENGINE);
    ck_assert_uint_eq(player_spec_command_len(&o.race_player[0]), 7);
    ck_assert_str_eq(player_spec_format(&o.race_player[0], false, fmt, sizeof fmt),
                     "engine:cmd a,b");
    ck_assert_int_eq(o.race[1], SNAKE_POLICY_PERFECT);
    ck_assert_int_eq(o.race[0], SNAKE_POLICY_GREEDY);
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--headless", "--race", "engine:x,engine:y z"),
                     WS_OK);
    ck_assert_str_eq(player_spec_format(&o.race_player[0], false, fmt, sizeof fmt), "engine:x");
    ck_assert_str_eq(o.race_player[1].command, "y z");
    ck_assert_int_eq(
        MODE(APP_MODE_SNAKE, &o, &err, "--headless", "--race", "greedy,perfect,hamilton"),
        WS_ERR_ARG);
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--headless", "--race", "engine:,greedy"),
                     WS_ERR_ARG);
    ck_assert_str_eq(err.msg, "--race: engine: needs a command (engine:CMD)");
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--headless", "--race", "greedy,fast"),
                     WS_ERR_ARG);
}
END_TEST

START_TEST(modes_accept_their_own_options) {
    AppOptions o;
    WsError err;
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--hunter", "best"), WS_ERR_ARG);
    ck_assert_str_eq(err.msg, "option --hunter does not apply to the snake mode (see --help)");
    ck_assert_int_eq(MODE(APP_MODE_ARENA, &o, &err, "--games", "3"), WS_ERR_ARG);
    ck_assert_int_eq(MODE(APP_MODE_SEA, &o, &err, "--headless", "--games", "3", "--jobs=2"), WS_OK);
    ck_assert_int_eq(o.games, 3);
    ck_assert_int_eq(o.jobs, 2);
    /* A headless run's own options with the window (or --screenshot) would
     * do nothing: a --trace never written, games never played. */
    ck_assert_int_eq(MODE(APP_MODE_SEA, &o, &err, "--games", "3"), WS_ERR_ARG);
    ck_assert_str_eq(err.msg, "--games is for --headless runs, without --screenshot; the window "
                              "does not use it");
    ck_assert_int_eq(
        MODE(APP_MODE_SNAKE, &o, &err, "--headless", "--screenshot", "s.png", "--trace", "t"),
        WS_ERR_ARG);
    ck_assert_str_eq(err.msg, "--trace is for --headless runs, without --screenshot; the window "
                              "drawn offscreen does not use it");
    ck_assert_int_eq(MODE(APP_MODE_ARENA, &o, &err, "--ticks", "3"), WS_ERR_ARG);
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--overlay", "wave,grid"), WS_OK);
    ck_assert_uint_eq(o.overlays, OVERLAY_WAVE | OVERLAY_GRID | OVERLAY_HUD);
    /* all and none are names in the list like the others: every overlay
     * and the help (the help said "use ..., all or none" and refused 'all') */
    unsigned all = 0;
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--overlay", "all"), WS_OK);
    all = o.overlays;
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--overlay", "all,help"), WS_OK);
    ck_assert_uint_eq(o.overlays, all | OVERLAY_HELP);
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--overlay", "none,path"), WS_OK);
    ck_assert_uint_eq(o.overlays, OVERLAY_PATH | OVERLAY_HUD);
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--overlay", "wave,bogus"), WS_ERR_ARG);
    ck_assert_msg_has(err, "unknown overlay 'bogus'");
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--speed", "max"), WS_OK);
    ck_assert_double_eq(o.speed, 0.0);
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "stray"), WS_ERR_ARG);
    ck_assert_msg_has(err, "unexpected argument 'stray' for the snake mode");
}
END_TEST

/* ---- options_check: the combinations, once, for every command -------------- */

static WsStatus parse_replay(AppOptions *o, WsError *err, const char *const *words) {
    char *argv[16];
    int argc = to_argv(words, word_store, argv);
    memset(err, 0, sizeof *err);
    return options_parse_replay(o, argc, argv, 0, 5, err);
}

#define REPLAY(o, err, ...) parse_replay(o, err, (const char *const[]){__VA_ARGS__, NULL})

START_TEST(combinations_are_checked_for_every_command) {
    AppOptions o;
    WsError err;
    /* A screenshot is a PNG or a JPEG, in a mode and in replay alike. */
    ck_assert_int_eq(MODE(APP_MODE_SEA, &o, &err, "--screenshot", "x.bmp"), WS_ERR_ARG);
    ck_assert_msg_has(err, "--screenshot x.bmp: the file must end in .png or .jpg");
    ck_assert_int_eq(REPLAY(&o, &err, "t.trace", "--screenshot", "x.bmp"), WS_ERR_ARG);
    ck_assert_msg_has(err, "--screenshot x.bmp: the file must end in .png or .jpg");
    ck_assert_int_eq(REPLAY(&o, &err, "t.trace", "--screenshot", "x.PNG"), WS_OK);
    /* --headless shows no frame to record or measure (a mode's --screenshot does). */
    ck_assert_int_eq(MODE(APP_MODE_ARENA, &o, &err, "--headless", "--record", "z.gif"), WS_ERR_ARG);
    ck_assert_msg_has(err, "--record needs the window or --screenshot");
    ck_assert_int_eq(
        MODE(APP_MODE_ARENA, &o, &err, "--headless", "--record", "z.gif", "--screenshot", "a.png"),
        WS_OK);
    ck_assert_int_eq(REPLAY(&o, &err, "t.trace", "--headless", "--record", "z.gif", "--stats"),
                     WS_ERR_ARG);
    ck_assert_msg_has(err, "replay: --record needs the window");
    ck_assert_int_eq(REPLAY(&o, &err, "t.trace", "--headless", "--stats"), WS_ERR_ARG);
    ck_assert_msg_has(err, "replay: --stats measures the window's frames");
    ck_assert_int_eq(REPLAY(&o, &err, "t.trace", "--record", "z.gif", "--stats"), WS_OK);
    /* Each mode's own pairs. */
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--map", "m.txt", "--size", "8x8"), WS_ERR_ARG);
    ck_assert_msg_has(err, "--map and --size cannot be combined");
    ck_assert_int_eq(MODE(APP_MODE_ARENA, &o, &err, "--map", "m.txt", "--generate", "20x20"),
                     WS_ERR_ARG);
    ck_assert_msg_has(err, "--map and --generate cannot be combined");
    ck_assert_int_eq(
        MODE(APP_MODE_SNAKE, &o, &err, "--race", "greedy,perfect", "--headless", "--trace", "t"),
        WS_OK); /* a trace per side */
    ck_assert_int_eq(
        MODE(APP_MODE_SNAKE, &o, &err, "--race", "greedy,perfect", "--headless", "--shard", "0/2"),
        WS_ERR_ARG);
    ck_assert_msg_has(err, "--race plays every heat");
    ck_assert_int_eq(REPLAY(&o, &err, "t.trace", "--headless", "--print"), WS_ERR_ARG);
    ck_assert_msg_has(err, "pick one");
}
END_TEST

/* ---- `wavesnake match`: players as positional words, its own options -------- */

static WsStatus parse_match(MatchKind kind, AppOptions *o, WsError *err, const char *const *words) {
    char *argv[16];
    int argc = to_argv(words, word_store, argv);
    memset(err, 0, sizeof *err);
    return options_parse_match(o, kind, argc, argv, 0, 5, err);
}

#define MATCH(kind, o, err, ...) parse_match(kind, o, err, (const char *const[]){__VA_ARGS__, NULL})

START_TEST(match_takes_players_and_its_options) {
    AppOptions o;
    WsError err;
    ck_assert_int_eq(
        MATCH(MATCH_SNAKE, &o, &err, "greedy", "--games", "7", "engine:a,b c", "perfect"), WS_OK);
    ck_assert(o.match && o.headless && o.mode == APP_MODE_SNAKE);
    ck_assert_int_eq(o.match_players, 3);
    ck_assert_int_eq(o.match_player[0].policy, SNAKE_POLICY_GREEDY);
    ck_assert_int_eq(o.match_player[1].kind, PLAYER_ENGINE);
    ck_assert_str_eq(o.match_player[1].command, "a,b c");
    ck_assert_int_eq(o.match_player[2].policy, SNAKE_POLICY_PERFECT);
    ck_assert_int_eq(o.games, 7);
    ck_assert(options_name_engine(&o));
    ck_assert_int_eq(
        MATCH(MATCH_SNAKE, &o, &err, "greedy", "perfect", "--sprt", "-1.5,4", "--beta", "0.1"),
        WS_OK);
    ck_assert(o.sprt.on && o.sprt.elo0 == -1.5 && o.sprt.elo1 == 4.0);
    ck_assert(o.sprt.alpha == 0.05 && o.sprt.beta == 0.1);
    ck_assert_int_eq(MATCH(MATCH_SNAKE, &o, &err, "greedy", "hamilton"), WS_OK);
    ck_assert_int_eq(o.games, OPTIONS_MATCH_GAMES);
    ck_assert(!o.sprt.on);
    ck_assert_int_eq(MATCH(MATCH_SEA, &o, &err, "sampler", "seed", "--placement", "edges"), WS_OK);
    ck_assert(o.mode == APP_MODE_SEA && o.match_players == 2);
    ck_assert_int_eq(o.match_player[1].hunter, SEA_HUNTER_SOURCE); /* "seed": an old name */
    ck_assert_int_eq(MATCH(MATCH_SNAKE, &o, &err, "greedy"), WS_ERR_ARG);
    ck_assert_msg_has(err, "missing PLAYER for match");
    ck_assert_int_eq(MATCH(MATCH_SEA, &o, &err, "sampler", "greedy"), WS_ERR_ARG);
    ck_assert_msg_has(err, "match: unknown hunter 'greedy'");
    ck_assert_int_eq(MATCH(MATCH_SNAKE, &o, &err, "greedy", "perfect", "--hunter", "source"),
                     WS_ERR_ARG);
    ck_assert_msg_has(err, "does not apply to match");
    ck_assert_int_eq(MATCH(MATCH_SNAKE, &o, &err, "greedy", "perfect", "--sprt", "0,5", "--sprt",
                           "0,1", "--alpha", "0"),
                     WS_ERR_ARG);
    ck_assert_msg_has(err, "--alpha: '0' is not a probability");
    char syn[512];
    optparse_synopsis(options_match_command(MATCH_SEA), syn, sizeof syn);
    ck_assert_msg(strncmp(syn, "match sea HUNTER HUNTER... [", 28) == 0, "synopsis '%s'", syn);
}
END_TEST

/* --race names two players: a third is refused with the command that plays it. */
START_TEST(race_refuses_a_third_player) {
    AppOptions o;
    WsError err;
    const char *three[] = {"greedy,perfect,hamilton", "greedy,engine:x a,perfect",
                           "engine:x,engine:y,greedy", "engine:x a,b,greedy,perfect"};
    for (size_t i = 0; i < sizeof three / sizeof three[0]; i++) {
        ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--headless", "--race", three[i]),
                         WS_ERR_ARG);
        ck_assert_msg_has(err, "'wavesnake match P1 P2 P3 ...'");
    }
    /* An engine's command may still hold commas that no player follows. */
    ck_assert_int_eq(MODE(APP_MODE_SNAKE, &o, &err, "--headless", "--race", "engine:x a,b,greedy"),
                     WS_OK);
}
END_TEST

/* The last positional argument may repeat (a command's "PLAYER..."). */
START_TEST(last_positional_repeats) {
    static const OptCommand MANY = {.name = "many",
                                    .label = "many",
                                    .args = ARGS_POS,
                                    .nargs = 2,
                                    .nargs_min = 1,
                                    .last_repeats = true};
    char buf[64];
    optparse_synopsis(&MANY, buf, sizeof buf);
    ck_assert_str_eq(buf, "many FILE [X...]");
    Args a;
    WsError err = {0};
    char w0[] = "f", w1[] = "1", w2[] = "-4", w3[] = "9";
    char *argv[] = {w0, w1, w2, w3};
    memset(&a, 0, sizeof a);
    ck_assert_int_eq(optparse_parse(&MANY, 3, argv, &a, &err), WS_OK);
    ck_assert_int_eq(a.x, -4); /* each word parsed in turn */
    ck_assert_int_eq(optparse_parse(&MANY, 4, argv, &a, &err), WS_ERR_ARG);
    ck_assert_msg_has(err, "start x: 9 is outside -5..5");
}
END_TEST

/* ---- --help from the same tables ------------------------------------------ */

static char *help_text(void) {
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    help_print(f, "9.9.9");
    long len = ftell(f);
    ck_assert_int_gt(len, 0);
    char *buf = calloc((size_t)len + 1, 1);
    ck_assert_ptr_nonnull(buf);
    rewind(f);
    ck_assert_uint_eq(fread(buf, 1, (size_t)len, f), (size_t)len);
    fclose(f);
    return buf;
}

/* The --help line of option `name` (from its indent to the newline), or NULL. */
static const char *help_line(const char *help, const char *name, char *line, size_t size) {
    char key[64];
    snprintf(key, sizeof key, "\n  %s ", name);
    const char *p = strstr(help, key);
    if (p == NULL)
        return NULL;
    const char *end = strchr(p + 1, '\n');
    snprintf(line, size, "%.*s", (int)(end - p - 1), p + 1);
    return line;
}

START_TEST(help_lists_every_option_with_its_range) {
    char *help = help_text();
    char line[256], range[32];
    const OptCommand *cmd = options_command(APP_MODE_SNAKE);
    for (int k = 0; k < cmd->nopts; k++)
        ck_assert_msg(help_line(help, cmd->opts[k].name, line, sizeof line) != NULL,
                      "--help lacks %s", cmd->opts[k].name);
    ck_assert_ptr_nonnull(help_line(help, "--generate", line, sizeof line));
    snprintf(range, sizeof range, "%d..%d", MAPGEN_MIN_SIDE, MAPGEN_MAX_SIDE);
    ck_assert_msg(strstr(line, range) != NULL, "'%s' does not say %s", line, range);
    ck_assert_ptr_nonnull(help_line(help, "--size", line, sizeof line));
    snprintf(range, sizeof range, "%d..%d", SNAKE_MIN_SIDE, SNAKE_MAX_SIDE);
    ck_assert_msg(strstr(line, range) != NULL, "'%s' does not say %s", line, range);
    for (int k = 0; k < BENCH_COMMAND.nopts; k++)
        ck_assert_msg(strstr(help, BENCH_COMMAND.opts[k].name) != NULL, "--help lacks bench %s",
                      BENCH_COMMAND.opts[k].name);
    int ntools = 0;
    const Tool *tools = tools_list(&ntools);
    for (int i = 0; i < ntools; i++) {
        char syn[128];
        optparse_synopsis(tools[i].cmd, syn, sizeof syn);
        ck_assert_msg(strstr(help, syn) != NULL, "--help lacks '%s'", syn);
    }
    ck_assert_ptr_nonnull(strstr(help, "Exit status: 0 ok, 1 failure, 2 bad input."));
    free(help);
}
END_TEST

/* ---- the error convention -------------------------------------------------- */

/* Bad input exits 2; the program's own failures exit 1. */
static const struct {
    WsStatus status;
    int exit;
} EXITS[] = {
    {WS_OK, REPORT_EXIT_OK},           {WS_ERR_ARG, REPORT_EXIT_USAGE},
    {WS_ERR_PARSE, REPORT_EXIT_USAGE}, {WS_ERR_IO, REPORT_EXIT_USAGE},
    {WS_ERR_NOMEM, REPORT_EXIT_FAIL},  {REPORT_ERR_INTERNAL, REPORT_EXIT_FAIL},
};

START_TEST(exit_statuses) {
    ck_assert_int_eq(report_exit_status(EXITS[_i].status), EXITS[_i].exit);
}
END_TEST

static Suite *optparse_suite(void) {
    Suite *s = suite_create("optparse");
    TCase *tc = tcase_create("parser");
    tcase_add_test(tc, both_value_forms);
    tcase_add_test(tc, ranges);
    tcase_add_test(tc, enum_names);
    tcase_add_test(tc, flags_values_and_unknowns);
    tcase_add_test(tc, seen_is_set_only_when_given);
    tcase_add_test(tc, positionals);
    tcase_add_test(tc, synopsis_and_hint);
    tcase_add_test(tc, last_positional_repeats);
    suite_add_tcase(s, tc);
    tc = tcase_create("modes");
    tcase_add_test(tc, generate_range_is_mapgen_range);
    tcase_add_test(tc, names_become_enums_once);
    tcase_add_test(tc, modes_accept_their_own_options);
    tcase_add_test(tc, engines_are_named_like_policies);
    tcase_add_test(tc, race_sides_may_be_engines);
    tcase_add_test(tc, race_refuses_a_third_player);
    tcase_add_test(tc, match_takes_players_and_its_options);
    tcase_add_test(tc, combinations_are_checked_for_every_command);
    suite_add_tcase(s, tc);
    tc = tcase_create("help");
    tcase_add_test(tc, help_lists_every_option_with_its_range);
    tcase_add_loop_test(tc, exit_statuses, 0, (int)(sizeof EXITS / sizeof EXITS[0]));
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(optparse_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
