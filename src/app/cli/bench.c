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
 */
#include "bench.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "cli.h"
#include "run_snake.h"
#include "snake_ai.h"

typedef struct BenchBoard {
    int w, h;
    long games; /* default number of games: small boards play many */
} BenchBoard;

enum { BENCH_MAX_BOARDS = CHART_MAX_GROUPS };

static const BenchBoard SNAKE_BOARDS[] = {{8, 8, 200}, {10, 10, 100}, {20, 20, 20}, {30, 30, 10}};

typedef struct BenchPlan {
    uint64_t seed;
    long games; /* 0: each board's default */
    int start_length;
    bool strict;
    int jobs;
    int npolicies;
    SnakePolicy policies[SNAKE_POLICY_COUNT];
    int nboards;
    BenchBoard boards[BENCH_MAX_BOARDS];
    const char *markdown; /* NULL: none */
    const char *chart;    /* NULL: none */
    ChartWriter writer;      /* NULL: this build cannot draw charts */
} BenchPlan;

typedef struct BenchRow {
    SnakePolicy policy;
    BenchBoard board;
    SnakeBatch r;
} BenchRow;

/* Parses "8x8,10x10" into plan->boards; every board gets n default games. */
static bool parse_boards(const char *text, BenchPlan *plan) {
    plan->nboards = 0;
    const char *p = text;
    while (*p != '\0') {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        char item[32];
        if (n == 0 || n >= sizeof item) {
            cli_usage_error("--boards: expected WxH[,WxH...], got '%s'", text);
            return false;
        }
        memcpy(item, p, n);
        item[n] = '\0';
        if (plan->nboards == BENCH_MAX_BOARDS) {
            cli_usage_error("--boards: at most %d boards", BENCH_MAX_BOARDS);
            return false;
        }
        BenchBoard *b = &plan->boards[plan->nboards];
        if (!cli_parse_size(item, SNAKE_MIN_SIDE, SNAKE_MAX_SIDE, "--boards", &b->w, &b->h))
            return false;
        /* A greedy 64x64 game takes over two million moves: big boards play one. */
        long cells = (long)b->w * b->h;
        b->games = cells <= 100 ? 100 : cells <= 400 ? 20 : cells <= 1024 ? 5 : 1;
        plan->nboards++;
        p += n;
        if (*p == ',')
            p++;
    }
    if (plan->nboards == 0) {
        cli_usage_error("--boards: expected WxH[,WxH...]");
        return false;
    }
    return true;
}

static bool parse_args(int argc, char **argv, ChartWriter chart_writer, BenchPlan *plan) {
    memset(plan, 0, sizeof *plan);
    plan->writer = chart_writer;
    plan->seed = 1;
    plan->start_length = 4;
    plan->jobs = 1;
    plan->nboards = (int)(sizeof SNAKE_BOARDS / sizeof SNAKE_BOARDS[0]);
    memcpy(plan->boards, SNAKE_BOARDS, sizeof SNAKE_BOARDS);
    for (int i = 0; i < argc; i++) {
        const char *v = NULL;
        if (cli_take_value(argc, argv, &i, "--games", &v)) {
            if (v == NULL || !cli_parse_long(v, 1, 1000000, "--games", &plan->games))
                return false;
        } else if (cli_take_value(argc, argv, &i, "--seed", &v)) {
            if (v == NULL || !cli_parse_u64(v, "--seed", &plan->seed))
                return false;
        } else if (cli_take_value(argc, argv, &i, "--start-length", &v)) {
            if (v == NULL ||
                !cli_parse_int(v, 1, SNAKE_MAX_SIDE, "--start-length", &plan->start_length))
                return false;
        } else if (cli_take_value(argc, argv, &i, "--jobs", &v)) {
            if (v == NULL || !cli_parse_int(v, 1, 64, "--jobs", &plan->jobs))
                return false;
        } else if (cli_take_value(argc, argv, &i, "--boards", &v)) {
            if (v == NULL || !parse_boards(v, plan))
                return false;
        } else if (cli_take_value(argc, argv, &i, "--markdown", &v)) {
            if (v == NULL)
                return false;
            plan->markdown = v;
        } else if (cli_take_value(argc, argv, &i, "--chart", &v)) {
            if (v == NULL)
                return false;
            if (plan->writer == NULL) {
                cli_usage_error("--chart %s: this build has no SDL, so it cannot draw charts", v);
                return false;
            }
            plan->chart = v;
        } else if (cli_take_value(argc, argv, &i, "--policy", &v)) {
            SnakePolicy p;
            if (v == NULL)
                return false;
            if (!snake_policy_parse(v, &p)) {
                cli_usage_error("--policy: unknown policy '%s' (try: %s)", v, snake_policy_list());
                return false;
            }
            bool dup = false;
            for (int k = 0; k < plan->npolicies; k++)
                dup = dup || plan->policies[k] == p;
            if (!dup)
                plan->policies[plan->npolicies++] = p;
        } else if (strcmp(argv[i], "--strict-tail") == 0) {
            plan->strict = true;
        } else {
            cli_usage_error("bench snake: unknown argument '%s'", argv[i]);
            return false;
        }
    }
    if (plan->npolicies == 0) /* every policy, in enum order */
        for (int p = 0; p < SNAKE_POLICY_COUNT; p++)
            plan->policies[plan->npolicies++] = (SnakePolicy)p;
    for (int b = 0; b < plan->nboards; b++) {
        SnakeRules rules = {plan->boards[b].w, plan->boards[b].h, plan->start_length,
                            plan->strict};
        WsError err = {0};
        if (snake_rules_check(&rules, &err) != WS_OK) {
            cli_usage_error("bench snake: %s", err.msg);
            return false;
        }
        for (int k = 0; k < plan->npolicies; k++)
            if (snake_policy_check(plan->policies[k], rules.w, rules.h, &err) != WS_OK) {
                cli_usage_error("bench snake: %s", err.msg);
                return false;
            }
    }
    return true;
}

/* ======================================================================== */
/* Output                                                                    */
/* ======================================================================== */

static double row_mean(double sum, long games) { return games > 0 ? sum / (double)games : 0.0; }

static double games_per_s(const SnakeBatch *r) {
    return r->wall_s > 0.0 ? (double)r->games / r->wall_s : 0.0;
}

static void print_row(const BenchRow *row) {
    char board[24];
    snprintf(board, sizeof board, "%dx%d", row->board.w, row->board.h);
    const SnakeBatch *r = &row->r;
    printf("%-9s %-7s %6ld %6ld %10.2f %12.1f %12.3f %10.2f %9.1f %9.2f\n",
           snake_policy_name(row->policy), board, r->games, r->won,
           row_mean(r->length_sum, r->games), row_mean(r->steps_sum, r->games),
           stats_mean_us(&r->decisions), stats_quantile_us(&r->decisions, 0.99), r->wall_s,
           games_per_s(r));
    fflush(stdout);
}

/* The command line that made the figures, for the Markdown header. */
static void command_line(char *buf, size_t size, int argc, char **argv) {
    size_t n = (size_t)snprintf(buf, size, "wavesnake bench snake");
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

static bool write_markdown(const BenchPlan *plan, const BenchRow *rows, int nrows, int argc,
                           char **argv) {
    FILE *f = fopen(plan->markdown, "w");
    if (f == NULL) {
        cli_usage_error("--markdown: cannot write '%s': %s", plan->markdown, strerror(errno));
        return false;
    }
    char cmd[512];
    command_line(cmd, sizeof cmd, argc, argv);
    fprintf(f, "# Snake benchmark results\n\n");
    fprintf(f, "Generated by `%s` (seed %llu, game i uses seed %llu + i; start length %d; "
               "%s tail; %d job%s). Every column but the decision times is the same on every "
               "machine; the times are wall-clock per decision on the machine that ran it.\n\n",
            cmd, (unsigned long long)plan->seed, (unsigned long long)plan->seed,
            plan->start_length, plan->strict ? "strict" : "free", plan->jobs,
            plan->jobs == 1 ? "" : "s");
    fprintf(f, "| policy | board | games | won | mean length | mean steps | decision µs mean "
               "| decision µs p99 | games/s |\n");
    fprintf(f, "|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (int i = 0; i < nrows; i++) {
        const SnakeBatch *r = &rows[i].r;
        fprintf(f, "| %s | %dx%d | %ld | %ld | %.2f / %d | %.1f | %.3f | %.2f | %.2f |\n",
                snake_policy_name(rows[i].policy), rows[i].board.w, rows[i].board.h, r->games,
                r->won, row_mean(r->length_sum, r->games), rows[i].board.w * rows[i].board.h,
                row_mean(r->steps_sum, r->games), stats_mean_us(&r->decisions),
                stats_quantile_us(&r->decisions, 0.99), games_per_s(r));
    }
    if (plan->chart != NULL)
        fprintf(f, "\n![Mean steps per game, by board and policy](%s)\n",
                chart_link(plan->markdown, plan->chart));
    fprintf(f, "\nSee docs/perfect.md for the algorithms and the figures of other snake AIs.\n");
    if (fclose(f) != 0) {
        cli_usage_error("--markdown: writing '%s' failed", plan->markdown);
        return false;
    }
    return true;
}

static bool write_chart(const BenchPlan *plan, const BenchRow *rows) {
    Chart chart = {0};
    char groups[BENCH_MAX_BOARDS][24];
    char title[96];
    snprintf(title, sizeof title, "Mean steps per game (start length %d, %s tail)",
             plan->start_length, plan->strict ? "strict" : "free");
    chart.title = title;
    chart.y_label = "steps (log scale)";
    chart.log_scale = true;
    chart.ngroups = plan->nboards;
    for (int b = 0; b < plan->nboards; b++) {
        snprintf(groups[b], sizeof groups[b], "%dx%d", plan->boards[b].w, plan->boards[b].h);
        chart.groups[b] = groups[b];
    }
    chart.nseries = plan->npolicies;
    for (int k = 0; k < plan->npolicies; k++) {
        chart.series[k].name = snake_policy_name(plan->policies[k]);
        for (int b = 0; b < plan->nboards; b++) {
            const SnakeBatch *r = &rows[k * plan->nboards + b].r;
            chart.series[k].values[b] = row_mean(r->steps_sum, r->games);
        }
    }
    WsError err = {0};
    if (plan->writer(&chart, plan->chart, &err) != WS_OK) {
        fprintf(stderr, "wavesnake: %s\n", err.msg);
        return false;
    }
    return true;
}

/* ======================================================================== */
/* Entry points                                                              */
/* ======================================================================== */

static int bench_snake(int argc, char **argv, ChartWriter chart_writer) {
    BenchPlan plan;
    if (!parse_args(argc, argv, chart_writer, &plan))
        return CLI_EXIT_USAGE;
    int nrows = plan.npolicies * plan.nboards;
    BenchRow *rows = calloc((size_t)nrows, sizeof *rows);
    if (rows == NULL)
        return cli_usage_error("out of memory");
    printf("snake benchmark: seed %llu, start length %d, tail %s, %d job%s\n",
           (unsigned long long)plan.seed, plan.start_length, plan.strict ? "strict" : "free",
           plan.jobs, plan.jobs == 1 ? "" : "s");
    printf("%-9s %-7s %6s %6s %10s %12s %12s %10s %9s %9s\n", "policy", "board", "games", "won",
           "mean_len", "mean_steps", "decision_us", "p99_us", "wall_s", "games/s");
    int status = CLI_EXIT_OK;
    for (int k = 0; k < plan.npolicies && status == CLI_EXIT_OK; k++) {
        for (int b = 0; b < plan.nboards; b++) {
            BenchRow *row = &rows[k * plan.nboards + b];
            row->policy = plan.policies[k];
            row->board = plan.boards[b];
            SnakeRules rules = {row->board.w, row->board.h, plan.start_length, plan.strict};
            long n = plan.games > 0 ? plan.games : row->board.games;
            if (!run_snake_batch(&rules, row->policy, plan.seed, n, plan.jobs, &row->r)) {
                status = CLI_EXIT_FAIL;
                break;
            }
            print_row(row);
        }
    }
    if (status == CLI_EXIT_OK && plan.chart != NULL && !write_chart(&plan, rows))
        status = CLI_EXIT_FAIL;
    if (status == CLI_EXIT_OK && plan.markdown != NULL &&
        !write_markdown(&plan, rows, nrows, argc, argv))
        status = CLI_EXIT_USAGE;
    free(rows);
    return status;
}

int bench_main(int argc, char **argv, ChartWriter chart_writer) {
    if (argc == 0 || argv[0][0] == '-')
        return bench_snake(argc, argv, chart_writer);
    if (strcmp(argv[0], "snake") == 0)
        return bench_snake(argc - 1, argv + 1, chart_writer);
    return cli_usage_error("bench: unknown benchmark '%s' (snake)", argv[0]);
}
