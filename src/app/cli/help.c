/* `wavesnake --help`: prose around lines made from the option tables. */
#include "help.h"

#include <string.h>

#include "bench.h"
#include "options.h"
#include "optparse.h"
#include "report.h"
#include "tools.h"

enum {
    HELP_WIDTH = 88,      /* usage lines wrap before this column */
    TOOL_COLUMN = 32,     /* where a tool's description starts */
    SYNOPSIS_INDENT = 18, /* continuation lines of a wrapped usage line */
    ALL_MODES = (1u << APP_MODE_COUNT) - 1
};

/* How each mode's section of options is titled, and what it adds. */
static const struct {
    const char *title;
    const char *note; /* NULL: none */
} SECTIONS[APP_MODE_COUNT] = {
    [APP_MODE_SNAKE] = {"Snake options", NULL},
    [APP_MODE_ARENA] = {"Arena options",
                        "summary: ticks, monsters, map_recomputes, tick_us_mean, hero_alive, ..."},
    [APP_MODE_SEA] = {"Sea options", "prints shots per game, mean, median, histogram"},
};

static const char MODES[] =
    "Modes:\n"
    "  snake    an AI snake: BFS to the food, a virtual snake checks the eat, else it\n"
    "           follows its tail or wanders (key 1)\n"
    "  arena    zombies and goblins driven by Dijkstra maps and a state machine (key 2)\n"
    "  sea      a sea-battle bot shooting by a placement-count heatmap (key 3)\n";

static const char REPLAY[] =
    "  replay FILE --headless [--json]   check every game (moves, walls, food, end lines)\n"
    "  replay FILE --print               print a tick: 'game G tick T length L food X Y',\n"
    "                                    then rows of # wall . empty * food H head o body t tail\n"
    "  replay FILE                       open a game in the window, paused at a tick, with\n"
    "                                    the timeline; [ ] previous / next game; the overlays\n"
    "                                    are the named policy's, moves that differ are marked\n"
    "  A bad trace: one line 'FILE:LINE: what is wrong' and exit status 2.\n";

static const char KEYS[] =
    "Keys (window): Space pause / play (from a past tick: the kept ticks, like a\n"
    "  video), N or . one tick forward, , one tick back, Home / End first / latest\n"
    "  tick (or click and drag the timeline under the board), [ ] previous / next\n"
    "  game (replay), + / - speed, R the same game again, Enter the next game, E stop\n"
    "  at every game's end, Tab next policy / layer / view, 1 2 3 mode, W wave,\n"
    "  P path, V virtual snake, H heatmap, G grid, D numbers, I HUD panel / strip /\n"
    "  hidden, M next arena map file, S screenshot, C record a GIF / stop,\n"
    "  F fullscreen, F1 or ? help, Esc or Q quit. Snake: arrows take the wheel (A or\n"
    "  3 s idle gives it back), X races two policies side by side, left click toggles\n"
    "  a wall. A key that means nothing in a mode says so and changes nothing.\n";

static const char MATCH[] =
    "  Every player plays game i with seed S+i (paired games). Per player: won, dead,\n"
    "  stalled, forfeit (sea: sunk, forfeit); per pair: the head-to-head score with its\n"
    "  95% interval and likelihood of superiority, and the paired difference of steps\n"
    "  over the games both won (sea: shots over the games both sunk) with its 95%\n"
    "  interval; more than two players: the round robin table and a ranking. A forfeit\n"
    "  loses its seed. A progress line on a terminal; Ctrl-C prints the result so far.\n"
    "  --games defaults to 100 here (with --sprt: the most to play). --trace T writes\n"
    "  one trace per player, T with .1, .2, ... before its extension.\n";

/* `wavesnake replay` and `wavesnake match` have their own sections after the modes'. */
enum { REPLAY_SECTION = APP_MODE_COUNT, MATCH_SECTION };

/* The section an option is listed in: -1 for every mode, else the first
 * mode that accepts it (later sections say "as above"), or replay's or
 * match's for their own. */
static int section_of(const OptSpec *spec) {
    unsigned modes = spec->modes & ALL_MODES;
    if (spec->modes == 0 || modes == ALL_MODES)
        return -1;
    for (int m = 0; m < APP_MODE_COUNT; m++)
        if (modes & (1u << m))
            return m;
    return spec->modes & OPTIONS_REPLAY_COMMAND.mode ? REPLAY_SECTION : MATCH_SECTION;
}

static bool in_section(const OptSpec *spec, void *ctx) { return section_of(spec) == *(int *)ctx; }

/* "Sea options (--games, --jobs as above; prints shots ...):" */
static void section_title(FILE *out, const OptCommand *cmd, int m) {
    fprintf(out, "%s", SECTIONS[m].title);
    int above = 0;
    for (int k = 0; k < cmd->nopts; k++) {
        const OptSpec *spec = &cmd->opts[k];
        int first = section_of(spec);
        if (first >= 0 && first < m && (spec->modes & (1u << m)))
            fprintf(out, "%s%s", above++ ? ", " : " (", spec->name);
    }
    if (above > 0)
        fprintf(out, " as above");
    if (SECTIONS[m].note != NULL)
        fprintf(out, "%s%s", above > 0 ? "; " : " (", SECTIONS[m].note);
    fprintf(out, "%s:\n", above > 0 || SECTIONS[m].note != NULL ? ")" : "");
}

/* "  wavesnake <synopsis>", wrapped before HELP_WIDTH at its " [" groups. */
static void print_synopsis(FILE *out, const OptCommand *cmd) {
    char syn[512];
    optparse_synopsis(cmd, syn, sizeof syn);
    int col = fprintf(out, "  wavesnake ");
    const char *p = syn;
    while (*p) {
        const char *next = strstr(p + 1, " [");
        int len = next != NULL ? (int)(next - p) : (int)strlen(p);
        if (col + len > HELP_WIDTH && p != syn) {
            fprintf(out, "\n%*s", SYNOPSIS_INDENT - 1, "");
            col = SYNOPSIS_INDENT - 1;
        }
        col += fprintf(out, "%.*s", len, p);
        p += len;
    }
    fputc('\n', out);
}

static void print_tools(FILE *out) {
    fprintf(out, "Text tools:\n");
    int count = 0;
    const Tool *tools = tools_list(&count);
    for (int i = 0; i < count; i++) {
        char syn[256];
        size_t n = optparse_synopsis(tools[i].cmd, syn, sizeof syn);
        if (n + 2 < TOOL_COLUMN - 1)
            fprintf(out, "  %-*s", TOOL_COLUMN - 2, syn);
        else
            fprintf(out, "  %s\n%*s", syn, TOOL_COLUMN, "");
        optparse_print_indented(out, tools[i].cmd->summary, TOOL_COLUMN);
        fputc('\n', out);
    }
}

static void print_mode_options(FILE *out) {
    const OptCommand *cmd = options_command(APP_MODE_SNAKE);
    int section = -1;
    fprintf(out, "Options (all modes):\n");
    optparse_help(out, cmd->opts, cmd->nopts, in_section, &section);
    for (section = 0; section < APP_MODE_COUNT; section++) {
        section_title(out, cmd, section);
        optparse_help(out, cmd->opts, cmd->nopts, in_section, &section);
    }
}

/* `wavesnake replay`: its usage, what it does, its own options. */
static void print_replay(FILE *out) {
    const OptCommand *cmd = &OPTIONS_REPLAY_COMMAND;
    fprintf(out, "Replay a snake trace (--trace FILE; the window options above apply):\n");
    print_synopsis(out, cmd);
    fputs(REPLAY, out);
    int section = REPLAY_SECTION;
    optparse_help(out, cmd->opts, cmd->nopts, in_section, &section);
}

/* `wavesnake match`: its usage lines, what it prints, the options above
 * that apply to it, its own. */
static void print_match(FILE *out) {
    fprintf(out, "Compare players on the same seeds (docs/match.md):\n");
    const OptCommand *cmd[MATCH_KIND_COUNT] = {options_match_command(MATCH_SNAKE),
                                               options_match_command(MATCH_SEA)};
    for (int k = 0; k < MATCH_KIND_COUNT; k++)
        print_synopsis(out, cmd[k]);
    fputs(MATCH, out);
    int col = fprintf(out, "  As above:");
    for (int i = 0; i < cmd[0]->nopts; i++) {
        const OptSpec *spec = &cmd[0]->opts[i];
        bool applies = (spec->modes & (cmd[0]->mode | cmd[1]->mode)) != 0;
        if (!applies || section_of(spec) == MATCH_SECTION)
            continue;
        if (col + (int)strlen(spec->name) + 1 > HELP_WIDTH) {
            fprintf(out, "\n ");
            col = 1;
        }
        col += fprintf(out, " %s", spec->name);
    }
    fputc('\n', out);
    int section = MATCH_SECTION;
    optparse_help(out, cmd[0]->opts, cmd[0]->nopts, in_section, &section);
}

void help_print(FILE *out, const char *version) {
    fprintf(out,
            "wavesnake %s - game AIs that play themselves while you watch how they think\n"
            "\n"
            "Usage:\n"
            "  wavesnake [MODE] [OPTIONS]       play a mode in a window (default: snake)\n"
            "  wavesnake MODE --headless ...    play without a window and print statistics\n"
            "  wavesnake replay FILE ...        check, print or open a snake trace (below)\n"
            "  wavesnake match P1 P2 ...        which player is better, on the same seeds (below)\n"
            "  wavesnake TOOL ARGS              text tools (below)\n"
            "  wavesnake bench [OPTIONS]        benchmarks (below; no pass/fail)\n"
            "  wavesnake --help | --version     this text (also -h, help) / the version (-V)\n"
            "\n",
            version);
    fputs(MODES, out);
    fputc('\n', out);
    print_tools(out);
    fputc('\n', out);
    print_mode_options(out);
    fputc('\n', out);
    print_replay(out);
    fputc('\n', out);
    print_match(out);
    fputc('\n', out);
    fprintf(out, "Benchmarks (%s):\n", BENCH_COMMAND.summary);
    print_synopsis(out, &BENCH_COMMAND);
    optparse_help(out, BENCH_COMMAND.opts, BENCH_COMMAND.nopts, NULL, NULL);
    fputc('\n', out);
    fputs(KEYS, out);
    fputc('\n', out);
    fprintf(out, "Exit status: %d ok, %d failure, %d bad input.\n", REPORT_EXIT_OK,
            REPORT_EXIT_FAIL, REPORT_EXIT_USAGE);
}
