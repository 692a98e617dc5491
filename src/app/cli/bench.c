/* Benchmarks. They print figures for people and scripts to compare; they do
 * not judge them (timing on shared machines is noisy, so tests never do).
 *
 * `wavesnake bench snake` plays every policy on every board (8x8, 10x10,
 * 20x20, 30x30 by default; --boards picks others, e.g. 8x8,20x20,64x64) and
 * prints one row per pair: games, wins, mean length, mean steps, decision time
 * mean / p99, wall time and games per second. --markdown writes the same
 * table as Markdown (docs/results.md is made this way), --chart a PNG of the
 * mean steps per board. Game i always uses seed S + i, so every column but
 * the times is the same on every machine and with any --jobs.
 *
 * `wavesnake bench engine` measures what the engine protocol costs per
 * decision (docs/engines.md): the C engine that follows hamilton's cycle
 * (examples/engines/cycle, found next to the binary; or --policy engine:CMD)
 * and hamilton in process play the same games in one run, and it prints
 * both mean decision times and their difference.
 */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench_history.h"
#include "bench_mode_history.h"
#include "chart.h"
#include "fileio.h"
#include "options.h"
#include "parse.h"
#include "report.h"
#include "run_snake.h"
#include "snake_ai.h"
#include "snake_board.h"
#include "stats.h"

/* ======================================================================== */
/* Types                                                                     */
/* ======================================================================== */

typedef struct BenchBoard {
    int w, h;
    long games;           /* default number of games: small boards play many */
    const char *name;     /* a map's file name (--map), or NULL: "WxH" */
    const uint8_t *walls; /* the map's walls (borrowed from the plan), or NULL */
} BenchBoard;

enum { BENCH_MAX_BOARDS = CHART_MAX_GROUPS };

static const BenchBoard SNAKE_BOARDS[] = {{8, 8, 200, NULL, NULL},
                                          {10, 10, 100, NULL, NULL},
                                          {20, 20, 20, NULL, NULL},
                                          {30, 30, 10, NULL, NULL}};

/* bench engine: a small board of many short games and a big one (a
 * hamilton game of 20x20 is some 40,000 decisions). */
static const BenchBoard ENGINE_BOARDS[] = {{8, 8, 50, NULL, NULL}, {20, 20, 2, NULL, NULL}};

/* --map FILE, repeatable: the files, loaded after parsing. */
typedef struct BenchMaps {
    int n;
    const char *paths[BENCH_MAX_BOARDS];
    SnakeBoard boards[BENCH_MAX_BOARDS]; /* owned once loaded */
} BenchMaps;

typedef struct BenchBoards {
    int n;
    BenchBoard list[BENCH_MAX_BOARDS];
} BenchBoards;

typedef struct BenchPolicies {
    int n;
    SnakePolicy list[SNAKE_POLICY_COUNT];
} BenchPolicies;

/* --policy engine:CMD, repeatable: engines play rows of their own. */
enum { BENCH_MAX_ENGINES = 4 };
typedef struct BenchEngines {
    int n;
    PlayerSpec list[BENCH_MAX_ENGINES];
} BenchEngines;

typedef enum BenchKind {
    BENCH_SNAKE = 0,
    BENCH_HISTORY,       /* bench_history.c: time travel in the snake */
    BENCH_ARENA_HISTORY, /* bench_mode_history.c: ... in the arena */
    BENCH_SEA_HISTORY,   /* ... and in the sea */
    BENCH_ENGINE,        /* the engine protocol's cost per decision */
    BENCH_KIND_COUNT
} BenchKind;

typedef struct BenchPlan {
    BenchKind kind;
    uint64_t seed;
    long games; /* 0: each board's default */
    int start_length;
    bool strict;
    int jobs;
    BenchPolicies policies; /* none given: every policy */
    BenchBoards boards;
    const char *markdown; /* NULL: none */
    const char *chart;    /* NULL: none */
    ChartWriter writer;   /* NULL: this build cannot draw charts */
    bool policies_given, boards_given, jobs_given, start_given, samples_given;
    long samples;   /* history: seeks of each kind per game */
    long max_ticks; /* history: record at most this many ticks (0: the whole game) */
    BenchMaps maps;
    BenchEngines engines; /* --policy engine:CMD */
    int engine_timeout_ms;
} BenchPlan;

typedef struct BenchRow {
    SnakePolicy policy;
    const PlayerSpec *engine; /* an engine's row (policy unused), or NULL */
    BenchBoard board;
    SnakeBatch r;
    bool refused; /* the policy cannot play this map's walls */
    char why[sizeof((WsError *)0)->msg];
} BenchRow;

/* ======================================================================== */
/* Command line                                                              */
/* ======================================================================== */

/* The default number of games on a board of `cells` cells. */
static long default_games(long cells) {
    /* A greedy 64x64 game takes over two million moves: big boards play one. */
    return cells <= 100 ? 100 : cells <= 400 ? 20 : cells <= 1024 ? 5 : 1;
}

/* --boards 8x8,10x10: replaces the default boards; each gets a default
 * number of games by its size. */
static WsStatus parse_boards(const OptSpec *spec, const char *text, void *field, WsError *err) {
    BenchBoards *boards = field;
    boards->n = 0;
    const char *p = text;
    while (*p != '\0') {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        char item[32], q[WS_QUOTE_SIZE];
        if (n == 0 || n >= sizeof item)
            return ws_fail(err, WS_ERR_ARG, "%s: expected WxH[,WxH...], got '%s'", spec->name,
                           ws_quote(q, sizeof q, text));
        memcpy(item, p, n);
        item[n] = '\0';
        if (boards->n == BENCH_MAX_BOARDS)
            return ws_fail(err, WS_ERR_ARG, "%s: at most %d boards", spec->name, BENCH_MAX_BOARDS);
        BenchBoard *b = &boards->list[boards->n];
        WsStatus st = parse_size(item, (int)spec->lo, (int)spec->hi, spec->name, &b->w, &b->h, err);
        if (st != WS_OK)
            return st;
        b->games = default_games((long)b->w * b->h);
        boards->n++;
        p += n;
        if (*p == ',' && *++p == '\0') /* "8x8,": an empty last board, as ",8x8" */
            return ws_fail(err, WS_ERR_ARG, "%s: expected WxH[,WxH...], got '%s'", spec->name,
                           ws_quote(q, sizeof q, text));
    }
    if (boards->n == 0)
        return ws_fail(err, WS_ERR_ARG, "%s: expected WxH[,WxH...]", spec->name);
    return WS_OK;
}

/* --map FILE, repeatable. */
static WsStatus parse_map(const OptSpec *spec, const char *value, void *field, WsError *err) {
    BenchMaps *maps = field;
    if (maps->n == BENCH_MAX_BOARDS)
        return ws_fail(err, WS_ERR_ARG, "%s: at most %d maps", spec->name, BENCH_MAX_BOARDS);
    maps->paths[maps->n++] = value;
    return WS_OK;
}

/* --policy P, repeatable: adds P once. */
static WsStatus parse_policy(const OptSpec *spec, const char *value, void *field, WsError *err) {
    BenchPolicies *policies = field;
    if (player_spec_is_engine(value)) {
        BenchPlan *plan = (BenchPlan *)(void *)((char *)field - spec->at);
        if (plan->engines.n == BENCH_MAX_ENGINES)
            return ws_fail(err, WS_ERR_ARG, "%s: at most %d engines", spec->name,
                           BENCH_MAX_ENGINES);
        return player_spec_parse_engine(value, spec->name, &plan->engines.list[plan->engines.n++],
                                        err);
    }
    int p = 0;
    WsStatus st = optparse_name(spec, value, &p, err);
    if (st != WS_OK)
        return st;
    for (int k = 0; k < policies->n; k++)
        if (policies->list[k] == (SnakePolicy)p)
            return WS_OK;
    policies->list[policies->n++] = (SnakePolicy)p;
    return WS_OK;
}

static const char *kind_name(int v) {
    return v == BENCH_SNAKE           ? "snake"
           : v == BENCH_HISTORY       ? "history"
           : v == BENCH_ARENA_HISTORY ? "arena-history"
           : v == BENCH_SEA_HISTORY   ? "sea-history"
           : v == BENCH_ENGINE        ? "engine"
                                      : "?";
}
static const OptNames KIND_NAMES = {"benchmark", BENCH_KIND_COUNT, kind_name, NULL, NULL};
_Static_assert(sizeof(BenchKind) == sizeof(int), "BenchKind is filled as an int");

#define AT(field) offsetof(BenchPlan, field)

/* clang-format off */
static const OptSpec BENCH_ARGS[] = {
    {.name = "BENCHMARK", .kind = OPT_ENUM, .names = &KIND_NAMES, .label = "bench",
     .at = AT(kind)},
};
/* clang-format on */

/* clang-format off */
static const OptSpec BENCH_OPTS[] = {
    {.name = "--games", .kind = OPT_LONG, .meta = "N", .lo = 1, .hi = 1000000, .at = AT(games),
     .help = "games per policy and board (default: fewer on bigger boards)"},
    {.name = "--seed", .kind = OPT_U64, .meta = "S", .at = AT(seed),
     .help = "game i uses seed S+i (default 1)"},
    {.name = "--policy", .kind = OPT_CUSTOM, .meta = "P", .names = &OPTIONS_POLICY_NAMES,
     .parse = parse_policy, .at = AT(policies), .seen = OPT_SEEN(BenchPlan, policies_given),
     .help = "a policy to play, repeatable: {names} (default: all),\n"
             "or engine:CMD; 'bench engine' compares one of each (default:\n"
             "hamilton and examples/engines/cycle next to the binary)"},
    {.name = "--jobs", .kind = OPT_INT, .meta = "N", .lo = 1, .hi = 64, .at = AT(jobs),
     .seen = OPT_SEEN(BenchPlan, jobs_given),
     .help = "play games on N threads ({range}; identical figures)"},
    {.name = "--boards", .kind = OPT_CUSTOM, .meta = "WxH,...", .lo = SNAKE_MIN_SIDE,
     .hi = SNAKE_MAX_SIDE, .parse = parse_boards, .at = AT(boards),
     .seen = OPT_SEEN(BenchPlan, boards_given),
     .help = "boards, each side {range} (default 8x8,10x10,20x20,30x30;\n"
             "engine: 8x8,20x20; history: every policy given on every board)"},
    {.name = "--start-length", .kind = OPT_INT, .meta = "N", .lo = 1, .hi = SNAKE_MAX_SIDE,
     .at = AT(start_length), .seen = OPT_SEEN(BenchPlan, start_given),
     .help = "start length (default 4)"},
    {.name = "--strict-tail", .kind = OPT_FLAG, .at = AT(strict),
     .help = "the head may not enter the cell the tail is leaving"},
    {.name = "--markdown", .kind = OPT_TEXT, .meta = "FILE", .at = AT(markdown),
     .help = "also write the table as Markdown (docs/results.md)"},
    {.name = "--chart", .kind = OPT_TEXT, .meta = "FILE.png", .at = AT(chart),
     .help = "draw the mean steps per board as a bar chart"},
    {.name = "--map", .kind = OPT_CUSTOM, .meta = "FILE", .parse = parse_map, .at = AT(maps),
     .help = "snake: a text map as a board, repeatable (assets/maps/snake/; only the\n"
             "maps unless --boards is given too); a policy that cannot play its walls\n"
             "gets a 'refused' row"},
    {.name = "--samples", .kind = OPT_LONG, .meta = "N", .lo = 1, .hi = 1000000,
     .at = AT(samples), .seen = OPT_SEEN(BenchPlan, samples_given),
     .help = "history: step-backs timed per game ({range}, default 1000)"},
    {.name = "--ticks", .kind = OPT_LONG, .meta = "N", .lo = 2, .hi = 1000000000L,
     .at = AT(max_ticks), .help = "history: record at most N ticks of each game (default: all)"},
};
/* clang-format on */

#undef AT

/* clang-format off */
const OptCommand BENCH_COMMAND = {
    .name = "bench", .label = "bench", .args = BENCH_ARGS, .nargs = 1, .nargs_min = 0,
    .opts = BENCH_OPTS, .nopts = (int)(sizeof BENCH_OPTS / sizeof BENCH_OPTS[0]),
    .summary = "snake: every policy on every board; history: time travel's step-back\n"
               "latency and memory (8x8, 64x64 greedy, 30x30 perfect); arena-history,\n"
               "sea-history: the same for the arena and the sea; engine: the engine\n"
               "protocol's cost per decision (an engine against the same policy in\n"
               "process, same games); figures, never pass/fail"};
/* clang-format on */

static WsStatus kept_tail(const char *path, char **tail, WsError *err); /* Output, below */

/* Each benchmark takes --seed and the options below that name it; any other
 * would be ignored (a --markdown never written, --games that plays the
 * default), so it is refused, as every setting that would do nothing. */
static WsStatus check_applies(const BenchPlan *plan, WsError *err) {
    enum {
        SNAKE = 1u << BENCH_SNAKE,
        HISTORY = 1u << BENCH_HISTORY,
        ENGINE = 1u << BENCH_ENGINE,
        PLAYS = SNAKE | HISTORY | ENGINE
    };
    const struct {
        const char *name;
        bool given;
        unsigned kinds;
    } opts[] = {
        {"--games", plan->games > 0, SNAKE | ENGINE},
        {"--policy", plan->policies_given, PLAYS},
        {"--jobs", plan->jobs_given, SNAKE | ENGINE},
        {"--boards", plan->boards_given, PLAYS},
        {"--start-length", plan->start_given, PLAYS},
        {"--strict-tail", plan->strict, PLAYS},
        {"--markdown", plan->markdown != NULL, SNAKE},
        {"--chart", plan->chart != NULL, SNAKE},
        {"--map", plan->maps.n > 0, SNAKE},
        {"--samples", plan->samples_given, HISTORY},
        {"--ticks", plan->max_ticks > 0, HISTORY},
    };
    int n = (int)(sizeof opts / sizeof opts[0]);
    for (int k = 0; k < n; k++) {
        if (!opts[k].given || (opts[k].kinds & (1u << plan->kind)))
            continue;
        char takes[160] = "--seed";
        size_t len = strlen(takes);
        for (int j = 0; j < n && len < sizeof takes; j++) /* snprintf cuts, len may pass the end */
            if (opts[j].kinds & (1u << plan->kind))
                len += (size_t)snprintf(takes + len, sizeof takes - len, ", %s", opts[j].name);
        return ws_fail(err, WS_ERR_ARG, "bench %s: %s does not apply (it takes %s)",
                       kind_name((int)plan->kind), opts[k].name, takes);
    }
    return WS_OK;
}

static WsStatus parse_args(int argc, char **argv, ChartWriter chart_writer, BenchPlan *plan,
                           WsError *err) {
    memset(plan, 0, sizeof *plan);
    plan->writer = chart_writer;
    plan->seed = 1;
    plan->start_length = 4;
    plan->jobs = 1;
    plan->samples = 1000;
    plan->boards.n = (int)(sizeof SNAKE_BOARDS / sizeof SNAKE_BOARDS[0]);
    memcpy(plan->boards.list, SNAKE_BOARDS, sizeof SNAKE_BOARDS);
    plan->engine_timeout_ms = ENGINE_TIMEOUT_DEFAULT;
    WsStatus st = optparse_parse(&BENCH_COMMAND, argc, argv, plan, err);
    if (st != WS_OK)
        return st;
    st = check_applies(plan, err);
    if (st != WS_OK)
        return st;
    if (plan->engines.n > 0 && plan->kind != BENCH_ENGINE && plan->kind != BENCH_SNAKE)
        return ws_fail(err, WS_ERR_ARG,
                       "--policy engine:CMD: bench snake and bench engine play engines");
    if (plan->kind == BENCH_ENGINE) {
        if (plan->policies.n > 1 || plan->engines.n > 1)
            return ws_fail(err, WS_ERR_ARG,
                           "bench engine: one policy in process (default hamilton) and one "
                           "engine:CMD");
        if (plan->policies.n == 0)
            plan->policies.list[plan->policies.n++] = SNAKE_POLICY_HAMILTON;
        if (!plan->boards_given) {
            plan->boards.n = (int)(sizeof ENGINE_BOARDS / sizeof ENGINE_BOARDS[0]);
            memcpy(plan->boards.list, ENGINE_BOARDS, sizeof ENGINE_BOARDS);
        }
    }
    if (plan->chart != NULL && !options_picture_name(plan->chart))
        return ws_fail(err, WS_ERR_ARG,
                       "--chart %s: the chart is a picture: name it F.png (or F.jpg)", plan->chart);
    if (plan->chart != NULL && plan->writer == NULL)
        return ws_fail(err, WS_ERR_ARG,
                       "--chart %s: this build has no SDL, so it cannot draw charts", plan->chart);
    if (plan->policies.n == 0 && plan->engines.n == 0) /* every policy, in enum order */
        for (int p = 0; p < SNAKE_POLICY_COUNT; p++)
            plan->policies.list[plan->policies.n++] = (SnakePolicy)p;
    /* No output overwrites an input (docs/reliability.md#nothing-lost). */
    for (int m = 0; m < plan->maps.n; m++)
        if (fileio_same_file(plan->markdown, plan->maps.paths[m]) ||
            fileio_same_file(plan->chart, plan->maps.paths[m]))
            return ws_fail(err, WS_ERR_ARG, "--map %s is also an output: pick another file",
                           plan->maps.paths[m]);
    if (fileio_same_file(plan->markdown, plan->chart))
        return ws_fail(err, WS_ERR_ARG, "--markdown and --chart name the same file %s",
                       plan->chart);
    char *tail = NULL; /* read now too: refused before the run, not after it */
    st = kept_tail(plan->markdown, &tail, err);
    free(tail);
    if (st != WS_OK)
        return st;
    int sized = plan->maps.n > 0 && !plan->boards_given ? 0 : plan->boards.n;
    if (sized + plan->maps.n > BENCH_MAX_BOARDS)
        return ws_fail(err, WS_ERR_ARG, "at most %d boards and maps together", BENCH_MAX_BOARDS);
    plan->boards.n = sized;
    for (int m = 0; m < plan->maps.n; m++) {
        SnakeRules rules = {0, 0, plan->start_length, plan->strict};
        SnakeBoard *sb = &plan->maps.boards[m];
        st = snake_board_open_map(sb, plan->maps.paths[m], &rules, err);
        if (st != WS_OK)
            return st;
        const char *slash = strrchr(plan->maps.paths[m], '/');
        plan->boards.list[plan->boards.n++] =
            (BenchBoard){sb->rules.w, sb->rules.h, default_games(sb->floor_cells),
                         slash ? slash + 1 : plan->maps.paths[m], sb->walls};
    }
    for (int b = 0; b < sized; b++) {
        SnakeRules rules = {plan->boards.list[b].w, plan->boards.list[b].h, plan->start_length,
                            plan->strict};
        WsError why = {0};
        st = snake_rules_check(&rules, &why);
        for (int k = 0; k < plan->policies.n && st == WS_OK; k++)
            st = snake_policy_check(plan->policies.list[k], rules.w, rules.h, &why);
        if (st != WS_OK)
            return ws_fail(err, st, "bench snake: %s", why.msg);
    }
    return WS_OK;
}

/* ======================================================================== */
/* Output                                                                    */
/* ======================================================================== */

static double row_mean(double sum, long games) { return games > 0 ? sum / (double)games : 0.0; }

static double games_per_s(const SnakeBatch *r) {
    return r->wall_s > 0.0 ? (double)r->games / r->wall_s : 0.0;
}

/* A board's floor cells: every cell but its walls. */
static int board_floor(const BenchBoard *b) {
    int floor = b->w * b->h;
    for (int c = 0; b->walls != NULL && c < b->w * b->h; c++)
        floor -= b->walls[c] != 0;
    return floor;
}

/* A board's name: the map's file name, or WxH. */
static const char *board_name(const BenchBoard *b, char *buf, size_t size) {
    if (b->name != NULL)
        return b->name;
    snprintf(buf, size, "%dx%d", b->w, b->h);
    return buf;
}

/* A row's player: the policy's name, or the engine's ("engine:NAME"). */
static const char *row_name(const BenchRow *row) {
    return row->engine != NULL ? row->r.name : snake_policy_name(row->policy);
}

/* The text table's first two columns, sized before the first row is
 * printed (rows are printed as they finish, so a long run shows progress).
 * Boards are known then: the board column is as wide as the widest name.
 * An engine's name is not: it comes from its handshake, in the row's run.
 * So with engines the policy column has BENCH_ENGINE_COLS, room for
 * "engine:" and a name of 17 characters, and a longer name is cut to fit,
 * ending in "..." (the Markdown table keeps it whole). */
enum { BENCH_POLICY_COLS = 9, BENCH_BOARD_COLS = 11, BENCH_ENGINE_COLS = 24 };

typedef struct BenchCols {
    int policy, board;
} BenchCols;

static BenchCols table_cols(const BenchPlan *plan) {
    BenchCols cols = {plan->engines.n > 0 ? BENCH_ENGINE_COLS : BENCH_POLICY_COLS,
                      BENCH_BOARD_COLS};
    for (int k = 0; k < plan->policies.n; k++) {
        int n = (int)strlen(snake_policy_name(plan->policies.list[k]));
        cols.policy = n > cols.policy ? n : cols.policy;
    }
    for (int b = 0; b < plan->boards.n; b++) {
        char buf[24];
        int n = (int)strlen(board_name(&plan->boards.list[b], buf, sizeof buf));
        cols.board = n > cols.board ? n : cols.board;
    }
    return cols;
}

/* The row's player in at most `cols` characters: cut with "..." when longer. */
static const char *row_label(const BenchRow *row, int cols, char *buf, size_t size) {
    const char *name = row_name(row);
    if ((int)strlen(name) <= cols)
        return name;
    snprintf(buf, size, "%.*s...", cols - 3, name);
    return buf;
}

static void print_row(const BenchRow *row, BenchCols cols) {
    char buf[24], label[BENCH_ENGINE_COLS + 1];
    const char *board = board_name(&row->board, buf, sizeof buf);
    const char *who = row_label(row, cols.policy, label, sizeof label);
    const SnakeBatch *r = &row->r;
    if (row->refused) {
        printf("%-*s %-*s refused: %s\n", cols.policy, who, cols.board, board, row->why);
        fflush(stdout);
        return;
    }
    if (r->forfeit > 0) /* an engine's lost games: said before its row */
        printf("%-*s %-*s %ld game%s forfeit (the engine failed)\n", cols.policy, who, cols.board,
               board, r->forfeit, r->forfeit == 1 ? "" : "s");
    bool timed = r->decisions.count > 0; /* an engine that failed at once made none */
    char mean_us[32], p99_us[32];
    printf(
        "%-*s %-*s %6ld %6ld %6ld %7ld %10.2f %12.1f %12s %10s %9.1f %9.2f\n", cols.policy, who,
        cols.board, board, r->games, r->won, r->dead, r->stalled, row_mean(r->length_sum, r->games),
        row_mean(r->steps_sum, r->games),
        stats_figure(mean_us, sizeof mean_us, timed, 3, stats_mean_us(&r->decisions), "-"),
        stats_figure(p99_us, sizeof p99_us, timed, 2, stats_quantile_us(&r->decisions, 0.99), "-"),
        r->wall_s, games_per_s(r));
    fflush(stdout);
}

/* The command line that made the figures, for the Markdown header. */
static void command_line(char *buf, size_t size, int argc, char **argv) {
    size_t n = (size_t)snprintf(buf, size, "wavesnake bench");
    for (int i = 0; i < argc && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, " %s", argv[i]);
}

/* The chart's path as the Markdown file should link it: relative when both
 * sit in the same directory, as given otherwise. */
static const char *chart_link(const char *markdown, const char *chart) {
    const char *md_slash = strrchr(markdown, '/');
    const char *ch_slash = strrchr(chart, '/');
    size_t md_dir = md_slash ? (size_t)(md_slash - markdown) : 0;
    size_t ch_dir = ch_slash ? (size_t)(ch_slash - chart) : 0;
    if (md_dir == ch_dir && strncmp(markdown, chart, md_dir) == 0)
        return ch_slash ? ch_slash + 1 : chart;
    return chart;
}

/* Everything from this line on in an existing --markdown file is written by
 * hand (figures of longer runs, other programs) and kept when the table is
 * generated again. */
static const char KEEP_MARK[] = "<!-- written by hand below: bench --markdown keeps it -->";

/* The hand-written tail of an existing file (from KEEP_MARK on) into *tail,
 * or NULL when it has none. Only a regular file has one: a pipe or
 * /dev/stdout (written in place) is never read, or `--markdown /dev/stdout |
 * cat` would wait forever on its own pipe. A file that cannot be read (too
 * large, binary, not readable) is refused: replacing it would lose a tail
 * that could not be looked for. */
static WsStatus kept_tail(const char *path, char **tail, WsError *err) {
    char *text = NULL;
    size_t len = 0;
    struct stat st;
    *tail = NULL;
    if (path == NULL || fileio_is_stdout(path) || stat(path, &st) != 0 || !S_ISREG(st.st_mode) ||
        st.st_size == 0)
        return WS_OK; /* standard output has no tail to keep: the shell emptied it */
    WsError why = {0};
    if (fileio_read(path, "markdown", FILEIO_MAX_BYTES, &text, &len, &why) != WS_OK)
        return ws_fail(err, WS_ERR_IO, "--markdown: %s: refused, not replaced", why.msg);
    char *mark = strstr(text, KEEP_MARK);
    if (mark != NULL)
        memmove(text, mark, strlen(mark) + 1);
    else {
        free(text);
        text = NULL;
    }
    *tail = text;
    return WS_OK;
}

static WsStatus write_markdown(const BenchPlan *plan, const BenchRow *rows, int nrows, int argc,
                               char **argv, WsError *err) {
    char *tail = NULL;
    WsStatus st = kept_tail(plan->markdown, &tail, err);
    if (st != WS_OK)
        return st;
    /* Through a temporary file: a failed write keeps the old file, and its
     * kept tail, whole. */
    FileioOut out;
    st = fileio_out_open(&out, plan->markdown, "--markdown", err);
    if (st != WS_OK) {
        free(tail);
        return st;
    }
    FILE *f = out.f;
    char cmd[512];
    command_line(cmd, sizeof cmd, argc, argv);
    fprintf(f, "# Snake benchmark results\n\n");
    fprintf(f,
            "Generated by `%s` (seed %llu, game i uses seed %llu + i; start length %d; "
            "%s tail; %d job%s). Every column but the decision times and games/s is the same "
            "on every machine; those are wall-clock figures of the machine that ran it.\n\n",
            cmd, (unsigned long long)plan->seed, (unsigned long long)plan->seed, plan->start_length,
            plan->strict ? "strict" : "free", plan->jobs, plan->jobs == 1 ? "" : "s");
    fprintf(f, "| policy | board | games | won | dead | stalled | mean length | mean steps "
               "| decision µs mean | decision µs p99 | games/s |\n");
    fprintf(f, "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (int i = 0; i < nrows; i++) {
        const SnakeBatch *r = &rows[i].r;
        char buf[24];
        const char *board = board_name(&rows[i].board, buf, sizeof buf);
        if (rows[i].refused) {
            fprintf(f, "| %s | %s | refused: %s ||||||||\n", row_name(&rows[i]), board,
                    rows[i].why);
            continue;
        }
        bool timed = r->decisions.count > 0;
        char mean_us[32], p99_us[32];
        fprintf(f, "| %s | %s | %ld | %ld | %ld | %ld | %.2f / %d | %.1f | %s | %s | %.2f |\n",
                row_name(&rows[i]), board, r->games, r->won, r->dead, r->stalled,
                row_mean(r->length_sum, r->games), board_floor(&rows[i].board),
                row_mean(r->steps_sum, r->games),
                stats_figure(mean_us, sizeof mean_us, timed, 3, stats_mean_us(&r->decisions), "-"),
                stats_figure(p99_us, sizeof p99_us, timed, 2,
                             stats_quantile_us(&r->decisions, 0.99), "-"),
                games_per_s(r));
    }
    if (plan->chart != NULL)
        fprintf(f, "\n![Mean steps per game, by board and policy](%s)\n",
                chart_link(plan->markdown, plan->chart));
    fprintf(f, "\nSee docs/perfect.md for the algorithms and the figures of other snake AIs.\n");
    if (tail != NULL)
        fprintf(f, "\n%s", tail);
    free(tail);
    return fileio_out_commit(&out, err);
}

static WsStatus write_chart(const BenchPlan *plan, const BenchRow *rows, WsError *err) {
    Chart chart = {0};
    char groups[BENCH_MAX_BOARDS][24];
    char title[96];
    snprintf(title, sizeof title, "Mean steps per game (start length %d, %s tail)",
             plan->start_length, plan->strict ? "strict" : "free");
    chart.title = title;
    chart.y_label = "steps (log scale)";
    chart.log_scale = true;
    chart.ngroups = plan->boards.n;
    for (int b = 0; b < plan->boards.n; b++)
        chart.groups[b] = board_name(&plan->boards.list[b], groups[b], sizeof groups[b]);
    chart.nseries = plan->policies.n + plan->engines.n;
    for (int k = 0; k < chart.nseries; k++) {
        chart.series[k].name = row_name(&rows[k * plan->boards.n]);
        for (int b = 0; b < plan->boards.n; b++) {
            const SnakeBatch *r = &rows[k * plan->boards.n + b].r;
            chart.series[k].values[b] = row_mean(r->steps_sum, r->games);
        }
    }
    return plan->writer(&chart, plan->chart, err);
}

/* ======================================================================== */
/* Entry point                                                               */
/* ======================================================================== */

/* Plays every row, printing each as it is done, then writes the files. */
static WsStatus bench_snake(const BenchPlan *plan, int argc, char **argv, WsError *err) {
    int nplayers = plan->policies.n + plan->engines.n;
    int nrows = nplayers * plan->boards.n;
    BenchRow *rows = calloc((size_t)nrows, sizeof *rows);
    if (rows == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory");
    printf("snake benchmark: seed %llu, start length %d, tail %s, %d job%s\n",
           (unsigned long long)plan->seed, plan->start_length, plan->strict ? "strict" : "free",
           plan->jobs, plan->jobs == 1 ? "" : "s");
    BenchCols cols = table_cols(plan);
    printf("%-*s %-*s %6s %6s %6s %7s %10s %12s %12s %10s %9s %9s\n", cols.policy, "policy",
           cols.board, "board", "games", "won", "dead", "stalled", "mean_len", "mean_steps",
           "decision_us", "p99_us", "wall_s", "games/s");
    WsStatus st = WS_OK;
    for (int k = 0; k < nplayers && st == WS_OK; k++) {
        for (int b = 0; b < plan->boards.n && st == WS_OK; b++) {
            BenchRow *row = &rows[k * plan->boards.n + b];
            bool engine = k >= plan->policies.n;
            row->policy = engine ? SNAKE_POLICY_GREEDY : plan->policies.list[k];
            row->engine = engine ? &plan->engines.list[k - plan->policies.n] : NULL;
            row->board = plan->boards.list[b];
            SnakeRules rules = {row->board.w, row->board.h, plan->start_length, plan->strict};
            long n = plan->games > 0 ? plan->games : row->board.games;
            WsError why = {0};
            /* An engine plays every board (or loses its games). */
            row->refused = !engine && snake_policy_check_walls(row->policy, rules.w, rules.h,
                                                               row->board.walls, &why) != WS_OK;
            if (row->refused)
                snprintf(row->why, sizeof row->why, "%s", why.msg);
            else if (engine)
                st = run_snake_batch_player(&rules, row->board.walls, row->engine,
                                            plan->engine_timeout_ms, plan->seed, n, plan->jobs,
                                            &row->r, err);
            else
                st = run_snake_batch(&rules, row->board.walls, row->policy, plan->seed, n,
                                     plan->jobs, &row->r, err);
            if (st == WS_OK)
                print_row(row, cols);
        }
    }
    if (st == WS_OK && plan->chart != NULL)
        st = write_chart(plan, rows, err);
    if (st == WS_OK && plan->markdown != NULL)
        st = write_markdown(plan, rows, nrows, argc, argv, err);
    free(rows);
    return st;
}

/* `bench history`: the default cases, or every policy given on every board given. */
static WsStatus bench_history(const BenchPlan *plan, WsError *err) {
    BenchHistoryPlan hp = {.seed = plan->seed,
                           .start_length = plan->start_length,
                           .strict = plan->strict,
                           .samples = plan->samples,
                           .max_ticks = plan->max_ticks};
    if (!plan->policies_given && !plan->boards_given) {
        bench_history_default_cases(&hp);
    } else {
        for (int k = 0; k < plan->policies.n; k++)
            for (int b = 0; b < plan->boards.n; b++)
                hp.cases[hp.ncases++] = (BenchHistoryCase){
                    plan->boards.list[b].w, plan->boards.list[b].h, plan->policies.list[k]};
    }
    return bench_history_run(&hp, err);
}

/* The example C engine built next to the binary: DIR/examples/engines/cycle
 * for a binary DIR/wavesnake (the build tree's layout). */
static WsStatus default_engine(char *buf, size_t size, WsError *err) {
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return ws_fail(err, WS_ERR_ARG,
                       "bench engine: cannot find the binary's folder: name the engine with "
                       "--policy engine:CMD");
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash != NULL)
        *slash = '\0';
    int len = snprintf(buf, size, "%s/examples/engines/cycle", exe);
    if (len < 0 || (size_t)len >= size || access(buf, X_OK) != 0)
        return ws_fail(err, WS_ERR_ARG,
                       "bench engine: no example engine at '%s' (build it: cmake --build; or "
                       "name one with --policy engine:CMD)",
                       buf);
    return WS_OK;
}

/* `bench engine`: the same games played by a policy in process and by an
 * engine; the difference of their mean decision times is what the protocol
 * costs (pipes, two context switches, formatting and parsing a tick). */
static WsStatus bench_engine(BenchPlan *plan, WsError *err) {
    char path[4200];
    if (plan->engines.n == 0) {
        WsStatus st = default_engine(path, sizeof path, err);
        if (st != WS_OK)
            return st;
        plan->engines.list[plan->engines.n++] = (PlayerSpec){.kind = PLAYER_ENGINE,
                                                             .policy = SNAKE_POLICY_GREEDY,
                                                             .hunter = SEA_HUNTER_SAMPLER,
                                                             .command = path};
    }
    const PlayerSpec *engine = &plan->engines.list[0];
    PlayerSpec builtin = player_spec_snake_ai(plan->policies.list[0]);
    char cmd[160];
    player_spec_format(engine, false, cmd, sizeof cmd);
    printf("engine protocol benchmark: %s against %s in process, seed %llu, start length %d, "
           "tail %s, %d job%s\n",
           cmd, snake_policy_name(builtin.policy), (unsigned long long)plan->seed,
           plan->start_length, plan->strict ? "strict" : "free", plan->jobs,
           plan->jobs == 1 ? "" : "s");
    printf("%-7s %6s %10s %10s %11s %11s %11s %10s %10s\n", "board", "games", "decisions",
           "same_moves", "process_us", "engine_us", "protocol_us", "p99_proc", "p99_eng");
    WsStatus st = WS_OK;
    for (int b = 0; b < plan->boards.n && st == WS_OK; b++) {
        const BenchBoard *bd = &plan->boards.list[b];
        SnakeRules rules = {bd->w, bd->h, plan->start_length, plan->strict};
        long n = plan->games > 0 ? plan->games : bd->games;
        SnakeBatch *r = calloc(2, sizeof *r);
        if (r == NULL)
            return ws_fail(err, WS_ERR_NOMEM, "out of memory");
        /* In process first, then the engine, on the same seeds: the two
         * never share the machine's cores with each other. */
        st = run_snake_batch_player(&rules, NULL, &builtin, plan->engine_timeout_ms, plan->seed, n,
                                    plan->jobs, &r[0], err);
        if (st == WS_OK)
            st = run_snake_batch_player(&rules, NULL, engine, plan->engine_timeout_ms, plan->seed,
                                        n, plan->jobs, &r[1], err);
        if (st == WS_OK) {
            /* The same moves give the same totals (a proxy: traces say it
             * move by move, tests/cli/engine.sh). */
            bool same = r[0].won == r[1].won && r[0].dead == r[1].dead &&
                        r[0].steps_sum == r[1].steps_sum && r[0].length_sum == r[1].length_sum &&
                        r[1].forfeit == 0;
            double us0 = stats_mean_us(&r[0].decisions), us1 = stats_mean_us(&r[1].decisions);
            /* An engine that failed at once timed no decision: "-", not 0. */
            bool t0 = r[0].decisions.count > 0, t1 = r[1].decisions.count > 0;
            char board[24], f[5][32];
            printf("%-7s %6ld %10.0f %10s %11s %11s %11s %10s %10s\n",
                   board_name(bd, board, sizeof board), n, (double)r[1].decisions.count,
                   same ? "yes" : "NO", stats_figure(f[0], sizeof f[0], t0, 3, us0, "-"),
                   stats_figure(f[1], sizeof f[1], t1, 3, us1, "-"),
                   stats_figure(f[2], sizeof f[2], t0 && t1, 3, us1 - us0, "-"),
                   stats_figure(f[3], sizeof f[3], t0, 2, stats_quantile_us(&r[0].decisions, 0.99),
                                "-"),
                   stats_figure(f[4], sizeof f[4], t1, 2, stats_quantile_us(&r[1].decisions, 0.99),
                                "-"));
            fflush(stdout);
        }
        free(r);
    }
    return st;
}

int bench_main(int argc, char **argv, ChartWriter chart_writer) {
    BenchPlan plan;
    WsError err = {0};
    WsStatus st = parse_args(argc, argv, chart_writer, &plan, &err);
    if (st == WS_OK) /* a --chart or --markdown on /dev/stdout takes it (fileio.h) */
        st = fileio_claim_stdout(plan.chart, "--chart", &err);
    if (st == WS_OK)
        st = fileio_claim_stdout(plan.markdown, "--markdown", &err);
    if (st == WS_OK && plan.kind == BENCH_HISTORY)
        st = bench_history(&plan, &err);
    else if (st == WS_OK && plan.kind == BENCH_ARENA_HISTORY)
        st = bench_arena_history(plan.seed, &err);
    else if (st == WS_OK && plan.kind == BENCH_SEA_HISTORY)
        st = bench_sea_history(plan.seed, &err);
    else if (st == WS_OK && plan.kind == BENCH_ENGINE)
        st = bench_engine(&plan, &err);
    else if (st == WS_OK)
        st = bench_snake(&plan, argc, argv, &err);
    for (int m = 0; m < plan.maps.n; m++)
        snake_board_close(&plan.maps.boards[m]);
    return report_status(st, &err);
}
