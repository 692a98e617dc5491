/* ws_main.c - the dispatch behind `wavesnake [MODE] [OPTIONS]` (ws_main.h).
 *
 * `wavesnake [MODE] [OPTIONS]` plays a mode in the window (or headless with
 * --headless), `wavesnake TOOL ARGS` runs a text tool, `wavesnake replay
 * FILE` checks, prints or opens a snake trace, `wavesnake match` plays
 * players against each other on the same seeds, `wavesnake bench` runs the
 * benchmarks. Every entry point returns an exit status (report.h documents
 * them); nothing here exits or keeps state between calls. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "arena_setup.h"
#include "bench.h"
#include "frontend.h"
#include "help.h"
#include "options.h"
#include "procguard.h"
#include "report.h"
#include "run_arena.h"
#include "run_match.h"
#include "run_race.h"
#include "run_replay.h"
#include "run_sea.h"
#include "run_snake.h"
#include "tools.h"
#include "ws_main.h"

#ifndef WS_VERSION
#define WS_VERSION "0.0.0"
#endif

static int run_mode(AppMode mode, int argc, char **argv, int first) {
    AppOptions opts;
    WsError err = {0};
    options_defaults(&opts, mode, (uint64_t)time(NULL));
    WsStatus st = options_parse(&opts, argc, argv, first, &err);
    if (st == WS_OK)
        st = options_claim_stdout(&opts, &err);
    if (st != WS_OK)
        return report_status(st, &err);
    bool headless = opts.headless && opts.screenshot == NULL;
    if (!headless && mode == APP_MODE_ARENA) {
        /* A bad map is the user's to fix first: say so before the display is opened
         * (and before its absence is reported). */
        Arena check;
        char name[256];
        st = arena_setup_open(&opts, opts.seed, &check, name, sizeof name, &err);
        if (st != WS_OK)
            return report_status(st, &err);
        arena_deinit(&check);
    }
    if (!headless)
        return frontend_run(&opts);
    switch (mode) {
    case APP_MODE_SNAKE:
        return opts.race_given ? run_race_headless(&opts) : run_snake_headless(&opts);
    case APP_MODE_SEA:
        return run_sea_headless(&opts);
    case APP_MODE_ARENA:
        return run_arena_headless(&opts);
    case APP_MODE_COUNT:
        break;
    }
    return report_status(
        ws_fail(&err, REPORT_ERR_INTERNAL, "the %s mode has no headless run", app_mode_name(mode)),
        &err);
}

static int dispatch(int argc, char **argv) {
    if (argc < 2)
        return run_mode(APP_MODE_SNAKE, argc, argv, 1);
    const char *cmd = argv[1];
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0 ||
            (i == 1 && strcmp(argv[i], "help") == 0)) {
            help_print(stdout, WS_VERSION);
            return REPORT_EXIT_OK;
        }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        printf("wavesnake %s\n", WS_VERSION);
        return REPORT_EXIT_OK;
    }
    AppMode mode;
    if (app_mode_parse(cmd, &mode))
        return run_mode(mode, argc, argv, 2);
    const Tool *tool = tools_find(cmd);
    if (tool != NULL)
        return tool->run(argc - 2, argv + 2);
    if (strcmp(cmd, "match") == 0)
        return run_match_main(argc - 2, argv + 2);
    /* `replay` checks and prints on its own; it opens a game with the window's entry point. */
    if (strcmp(cmd, OPTIONS_REPLAY_COMMAND.name) == 0)
        return run_replay_main(argc - 2, argv + 2, frontend_replay);
    /* The benchmark draws its --chart with the window's renderer, when this build has one. */
    if (strcmp(cmd, BENCH_COMMAND.name) == 0)
        return bench_main(argc - 2, argv + 2, frontend_chart_writer());
    if (cmd[0] == '-')
        return run_mode(APP_MODE_SNAKE, argc, argv, 1);
    char modes[64];
    app_mode_list(modes, sizeof modes);
    WsError err = {0};
    char q[WS_QUOTE_SIZE];
    return report_status(ws_fail(&err, WS_ERR_ARG,
                                 "unknown mode or tool '%s' (modes: %s; see --help)",
                                 ws_quote(q, sizeof q, cmd), modes),
                         &err);
}

int ws_main(int argc, char **argv) {
    /* Before anything opens a descriptor: a closed stdin, stdout or stderr
     * gets /dev/null, so that no pipe to an engine lands on fd 1 and takes
     * the run's results (procguard.h). The signal handlers come later, with
     * the first engine or temporary file (procguard_arm): installed here,
     * they would keep SDL from turning SIGINT and SIGTERM into a window's
     * quit. */
    procguard_reserve_stdio();
    /* Every entry point's output is checked here, once: a failed write to
     * stdout (a full disk) is an error, never a silent exit 0. */
    return report_finish(dispatch(argc, argv));
}
