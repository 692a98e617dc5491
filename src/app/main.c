/* wavesnake - game AIs that play themselves while you watch how they think.
 *
 * main() only dispatches: `wavesnake [MODE] [OPTIONS]` plays a mode in the
 * window (or headless with --headless), `wavesnake TOOL ARGS` runs a text
 * tool, `wavesnake bench` runs the benchmarks. Every entry point returns an
 * exit status: 0 ok, 1 failure, 2 bad input. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "cli.h"
#include "frontend.h"
#include "options.h"
#include "run_sea.h"
#include "run_arena.h"
#include "run_snake.h"
#include "tools.h"
#include "tools_arena.h"
#include "tools_sea.h"

#ifndef WS_VERSION
#define WS_VERSION "0.0.0"
#endif

static const char HELP[] =
    "wavesnake " WS_VERSION " - game AIs that play themselves while you watch how they think\n"
    "\n"
    "Usage:\n"
    "  wavesnake [MODE] [OPTIONS]       play a mode in a window (default: snake)\n"
    "  wavesnake MODE --headless ...    play without a window and print statistics\n"
    "  wavesnake TOOL ARGS              text tools (below)\n"
    "  wavesnake bench [snake] [--games N] [--seed S] [--policy P] [--jobs N]\n"
    "                  [--boards WxH,...] [--start-length N] [--strict-tail]\n"
    "                  [--markdown FILE] [--chart FILE.png]   benchmarks (no pass/fail)\n"
    "\n"
    "Modes:\n"
    "  snake    an AI snake: BFS to the food, a virtual snake checks the eat, else it\n"
    "           follows its tail or wanders (key 1)\n"
    "  arena    zombies and goblins driven by Dijkstra maps and a state machine (key 2)\n"
    "  sea      a sea-battle bot shooting by a placement-count heatmap (key 3)\n"
    "\n"
    "Text tools:\n"
    "  wave MAP X Y                  BFS distances from (X,Y), base-62 digits\n"
    "  path MAP X1 Y1 X2 Y2          BFS path from (X1,Y1) to (X2,Y2)\n"
    "  dmap MAP [--gold V] [--safety]  Dijkstra map from '@' (0) and '$' (V); --safety:\n"
    "                                the flee map (hero map * -6/5, relaxed)\n"
    "  fsm MAP SCRIPT                replay the teaching monster state machine\n"
    "  counts BOARD [--length L]     sea placement counts of an L-cell ship per cell (default:\n"
    "                                the longest remaining ship), ten rows of ten numbers\n"
    "  shot BOARD [--seed S] [--hunter seed|best]\n"
    "                                the sea bot's next shot as X Y, from the board alone\n"
    "                                (default hunter here: seed, the source's algorithm)\n"
    "\n"
    "Options (all modes):\n"
    "  --headless          no window; play and print results\n"
    "  --seed S            run seed (default: from the clock, printed); game i uses S+i\n"
    "  --json              JSON lines instead of text (headless)\n"
    "  --screenshot F.png  render offscreen (no display needed) and write a PNG\n"
    "  --frames N          frames to render (with --screenshot, or to stop a window)\n"
    "  --overlay LIST      overlays: wave,path,virtual,grid,numbers,heatmap,help,hud,all,none\n"
    "  --window WxH        window / screenshot size in pixels (default 1280x720)\n"
    "  --speed T           simulation ticks per second, or 'max' (default 15)\n"
    "  --stats             print frame-time statistics when the window closes\n"
    "Snake options:\n"
    "  --games N           headless games to play (default 1)\n"
    "  --jobs N            play games on N threads (identical results)\n"
    "  --size WxH          board size, each side 2..256 (default 20x20)\n"
    "  --start-length N    start length, 1..W and less than W*H (default 4)\n"
    "  --policy P          greedy (default), hamilton (follow a Hamiltonian cycle),\n"
    "                      perfect (safe shortcuts off a dynamic cycle; never dies);\n"
    "                      hamilton and perfect need an even board side\n"
    "  --strict-tail       the head may not enter the cell the tail is leaving\n"
    "  --trace FILE        write a replayable trace of every game\n"
    "Arena options (summary: ticks, monsters, map_recomputes, tick_us_mean, hero_alive, ...):\n"
    "  --map FILE          text map, default assets/maps/arena.txt (# @ z g s $ !)\n"
    "  --generate WxH      a seeded rooms-and-doors map instead (each side 8..512)\n"
    "  --ticks N           headless ticks (default 1000)\n"
    "  --monsters N        spawn N monsters (zombies, goblins, some shamans) on free cells\n"
    "  --naive             every monster computes its own maps (baseline for the shared ones)\n"
    "  --arena-map M       map shown in the window: hero, gold, potion, safety, desire\n"
    "Sea options (--games, --jobs as above; prints shots per game, mean, median, histogram):\n"
    "  --hunter H          best (default: samples consistent fleets) or seed (the source's)\n"
    "  --placement P       random (default) or edges (ships of 2+ cells along the border)\n"
    "\n"
    "Keys (window): Space pause, N or . single step, + / - speed, R restart,\n"
    "  Tab next policy / map, 1 2 3 mode, W wave, P path, V virtual snake, H heatmap,\n"
    "  G grid, D numbers, S screenshot, F fullscreen, F1 or ? help, Esc or Q quit.\n"
    "\n"
    "Exit status: 0 ok, 1 failure, 2 bad input.\n";

static int print_help(void) {
    fputs(HELP, stdout);
    return CLI_EXIT_OK;
}

typedef int (*ToolFn)(int argc, char **argv);

/* The benchmark draws its --chart with the window's renderer, when this build has one. */
static int run_bench(int argc, char **argv) { return bench_main(argc, argv, frontend_chart_writer()); }

static const struct {
    const char *name;
    ToolFn run;
} TOOLS[] = {
    {"wave", tool_wave},
    {"path", tool_path},
    {"dmap", tool_dmap},
    {"fsm", tool_fsm},
    {"counts", tool_counts},
    {"shot", tool_shot},
    {"bench", run_bench},
};

static int run_mode(AppMode mode, int argc, char **argv, int first) {
    AppOptions opts;
    options_defaults(&opts, mode, (uint64_t)time(NULL));
    if (!options_parse(&opts, argc, argv, first))
        return CLI_EXIT_USAGE;
    bool headless = opts.headless && opts.screenshot == NULL;
    if (!headless)
        return frontend_run(&opts);
    switch (mode) {
    case APP_MODE_SNAKE:
        return run_snake_headless(&opts);
    case APP_MODE_SEA:
        return run_sea_headless(&opts);
    case APP_MODE_ARENA:
        return run_arena_headless(&opts);
    case APP_MODE_COUNT:
        break;
    }
    return cli_usage_error("the %s mode has no headless run yet", app_mode_name(mode));
}

int main(int argc, char **argv) {
    if (argc < 2)
        return run_mode(APP_MODE_SNAKE, argc, argv, 1);
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0)
        return print_help();
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        printf("wavesnake %s\n", WS_VERSION);
        return CLI_EXIT_OK;
    }
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return print_help();
    AppMode mode;
    if (app_mode_parse(cmd, &mode))
        return run_mode(mode, argc, argv, 2);
    for (size_t i = 0; i < sizeof TOOLS / sizeof TOOLS[0]; i++)
        if (strcmp(cmd, TOOLS[i].name) == 0)
            return TOOLS[i].run(argc - 2, argv + 2);
    if (cmd[0] == '-')
        return run_mode(APP_MODE_SNAKE, argc, argv, 1);
    return cli_usage_error("unknown mode or tool '%s' (modes: snake, arena, sea; see --help)",
                           cmd);
}
