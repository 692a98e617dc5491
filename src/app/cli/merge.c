/* `wavesnake merge FILE...`: the summary of one snake run from its shards.
 *
 * A long run can be split with --shard K/N (run_snake.c) over processes or
 * machines; merge reads what the shards wrote, JSON lines (--json) or traces
 * (--trace), in any mix and order, and prints the summary line one run of
 * all those games would print (snake_summary.h, the same printer). The games
 * are results, so every field about them is exact. The measurements cannot
 * be: decision_us_mean is the mean of the games' means weighted by their
 * steps (JSON lines; 0 from traces, which hold no times), decision_us_p99
 * the largest shard's p99 (an upper bound of the whole run's), wall_s and
 * jobs the sums over the shards' summary lines.
 *
 * Bad input (an unreadable file, a line that is not what its format says, a
 * game given twice, shards of different runs) is one line `FILE:LINE: what`
 * and exit 2. Games missing from 0..N-1 (a run stopped early) are merged
 * anyway, with a note on stderr. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "snake.h"
#include "snake_summary.h"
#include "tools.h"

/* ======================================================================== */
/* Command line                                                              */
/* ======================================================================== */

typedef struct MergeArgs {
    const char *first; /* the first FILE (the rest are read from argv) */
    bool json;
} MergeArgs;

/* clang-format off */
static const OptSpec MERGE_ARG[] = {
    {.name = "FILE...", .kind = OPT_TEXT, .at = offsetof(MergeArgs, first)},
};
static const OptSpec MERGE_OPTS[] = {
    {.name = "--json", .kind = OPT_FLAG, .at = offsetof(MergeArgs, json),
     .help = "print the summary as a JSON object"},
};
const OptCommand TOOL_MERGE = {
    .name = "merge", .label = "merge", .args = MERGE_ARG, .nargs = 1, .nargs_min = 1,
    .opts = MERGE_OPTS, .nopts = 1,
    .summary = "the summary one snake run prints, from the JSON lines or\n"
               "traces of its shards (--shard K/N)"};
/* clang-format on */

/* ======================================================================== */
/* What the files hold                                                       */
/* ======================================================================== */

typedef struct Game {
    long index;
    uint64_t seed;
    SnakeOutcome outcome;
    int length;
    long steps;
    double decision_us; /* mean per decision; < 0 when unknown (a trace) */
} Game;

/* The run the games belong to; `known` once a line has said so. */
typedef struct RunInfo {
    bool known;
    int w, h, cells; /* cells: the floor */
    int walls;
    char policy[72]; /* TRACE_POLICY_MAX: "engine:" and an engine's name fit */
    bool strict_tail;
} RunInfo;

typedef struct Merge {
    Game *games;
    long n, cap;
    RunInfo run;
    bool seed_known;
    uint64_t seed;
    double p99, wall_s;
    int jobs;
    const char *file;
    long line;
    WsError *err;
} Merge;

static WsStatus bad(Merge *m, const char *what, const char *detail) {
    return ws_fail(m->err, WS_ERR_PARSE, "%s:%ld: %s%s", m->file, m->line, what, detail);
}

static WsStatus add_game(Merge *m, const Game *g) {
    if (g->seed - (uint64_t)g->index != (m->seed_known ? m->seed : g->seed - (uint64_t)g->index))
        return ws_fail(m->err, WS_ERR_PARSE,
                       "%s:%ld: game %ld has seed %llu, not run seed %llu + %ld: another run",
                       m->file, m->line, g->index, (unsigned long long)g->seed,
                       (unsigned long long)m->seed, g->index);
    m->seed = g->seed - (uint64_t)g->index;
    m->seed_known = true;
    if (m->n == m->cap) {
        long cap = m->cap ? 2 * m->cap : 1024;
        Game *grown = realloc(m->games, (size_t)cap * sizeof *grown);
        if (grown == NULL)
            return ws_fail(m->err, WS_ERR_NOMEM, "out of memory for %ld games", cap);
        m->games = grown;
        m->cap = cap;
    }
    m->games[m->n++] = *g;
    return WS_OK;
}

static WsStatus set_run(Merge *m, const RunInfo *r) {
    if (!m->run.known) {
        int cells = m->run.cells; /* JSON game lines may have said it already */
        m->run = *r;
        m->run.known = true;
        if (m->run.cells <= 0)
            m->run.cells = cells;
        return WS_OK;
    }
    if (r->w != m->run.w || r->h != m->run.h || strcmp(r->policy, m->run.policy) != 0 ||
        r->strict_tail != m->run.strict_tail || r->walls != m->run.walls)
        return ws_fail(m->err, WS_ERR_PARSE,
                       "%s:%ld: %dx%d %s tail %s, but the games before are %dx%d %s tail %s: "
                       "another run",
                       m->file, m->line, r->w, r->h, r->policy, r->strict_tail ? "strict" : "free",
                       m->run.w, m->run.h, m->run.policy, m->run.strict_tail ? "strict" : "free");
    if (r->cells != m->run.cells && r->cells > 0 && m->run.cells > 0)
        return bad(m, "the board's floor differs from the games before: another run", "");
    if (m->run.cells <= 0)
        m->run.cells = r->cells;
    return WS_OK;
}

/* ======================================================================== */
/* JSON lines (one object per game, then the summary object)                 */
/* ======================================================================== */

/* The text after "key": in a flat JSON object of our own making, or NULL. */
static const char *json_at(const char *line, const char *key) {
    char pat[48];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(line, pat);
    return p != NULL ? p + strlen(pat) : NULL;
}

static bool json_num(const char *line, const char *key, double *out) {
    const char *p = json_at(line, key);
    char *end = NULL;
    if (p == NULL)
        return false;
    *out = strtod(p, &end);
    return end != p && (*end == ',' || *end == '}');
}

static bool json_whole(const char *line, const char *key, long long lo, long long hi,
                       long long *out) {
    const char *p = json_at(line, key);
    char *end = NULL;
    if (p == NULL || *p < '0' || *p > '9')
        return false;
    errno = 0;
    unsigned long long v = strtoull(p, &end, 10);
    if (errno == ERANGE || (*end != ',' && *end != '}') || v > (unsigned long long)hi ||
        (long long)v < lo)
        return false;
    *out = (long long)v;
    return true;
}

static bool json_text(const char *line, const char *key, char *buf, size_t size) {
    const char *p = json_at(line, key);
    if (p == NULL || *p != '"')
        return false;
    const char *q = strchr(p + 1, '"');
    if (q == NULL || (size_t)(q - p - 1) >= size)
        return false;
    memcpy(buf, p + 1, (size_t)(q - p - 1));
    buf[q - p - 1] = '\0';
    return true;
}

static WsStatus json_summary(Merge *m, const char *line) {
    char size[32], tail[16];
    RunInfo r = {0};
    long long seed = 0, jobs = 0, walls = 0;
    double p99 = 0.0, wall = 0.0;
    if (!json_text(line, "size", size, sizeof size) || sscanf(size, "%dx%d", &r.w, &r.h) != 2 ||
        !json_text(line, "policy", r.policy, sizeof r.policy) ||
        !json_text(line, "tail", tail, sizeof tail) ||
        !json_whole(line, "seed", 0, (long long)(~0ull >> 1), &seed) ||
        !json_whole(line, "jobs", 0, 1 << 20, &jobs) || !json_num(line, "decision_us_p99", &p99) ||
        !json_num(line, "wall_s", &wall))
        return bad(m, "a summary object without size, policy, tail, seed, jobs or times", "");
    if (json_at(line, "walls") != NULL && !json_whole(line, "walls", 0, 1 << 20, &walls))
        return bad(m, "a summary object with a bad walls count", "");
    r.walls = (int)walls;
    r.strict_tail = strcmp(tail, "strict") == 0;
    WsStatus st = set_run(m, &r);
    if (st != WS_OK)
        return st;
    if (m->seed_known && (uint64_t)seed != m->seed)
        return bad(m, "the summary's seed is not the games' run seed: another run", "");
    m->p99 = p99 > m->p99 ? p99 : m->p99;
    m->wall_s += wall;
    m->jobs += (int)jobs;
    return WS_OK;
}

static WsStatus json_line(Merge *m, const char *line) {
    if (strstr(line, "\"summary\":true") != NULL)
        return json_summary(m, line);
    Game g = {0};
    char outcome[16];
    long long index = 0, seed = 0, length = 0, cells = 0, steps = 0;
    if (!json_whole(line, "game", 0, (long long)(~0ull >> 1), &index) ||
        !json_whole(line, "seed", 0, (long long)(~0ull >> 1), &seed) ||
        !json_text(line, "outcome", outcome, sizeof outcome) ||
        !snake_outcome_parse(outcome, &g.outcome) ||
        !json_whole(line, "length", 1, 1 << 20, &length) ||
        !json_whole(line, "cells", 1, 1 << 20, &cells) ||
        !json_whole(line, "steps", 0, (long long)(~0ull >> 1), &steps) ||
        !json_num(line, "decision_us_mean", &g.decision_us))
        return bad(m,
                   "not a snake game's JSON line (game, seed, outcome, length, cells, steps, "
                   "decision_us_mean)",
                   "");
    if (m->run.known && m->run.cells > 0 && cells != m->run.cells)
        return bad(m, "the board's cells differ from the games before: another run", "");
    if (!m->run.known)
        m->run.cells = (int)cells;
    g.index = (long)index;
    g.seed = (uint64_t)seed;
    g.length = (int)length;
    g.steps = (long)steps;
    return add_game(m, &g);
}

/* ======================================================================== */
/* Traces (docs/formats.md#snake-trace)                                      */
/* ======================================================================== */

typedef struct TraceState {
    bool in_game;
    bool walls_allowed; /* right after the game line */
    Game game;
    RunInfo run;
} TraceState;

static WsStatus trace_line(Merge *m, TraceState *t, const char *line) {
    if (strncmp(line, "game ", 5) == 0) {
        if (t->in_game)
            return bad(m, "a game line before the previous game's end line", "");
        long index = 0;
        unsigned long long seed = 0;
        char tail[16];
        RunInfo r = {0};
        int used = 0;
        if (sscanf(line, "game %ld size %d %d seed %llu policy %71s tail %15s%n", &index, &r.w,
                   &r.h, &seed, r.policy, tail, &used) != 6 ||
            line[used] != '\0' || index < 0 || r.w < 1 || r.h < 1 || r.w > SNAKE_MAX_SIDE ||
            r.h > SNAKE_MAX_SIDE || (strcmp(tail, "free") != 0 && strcmp(tail, "strict") != 0))
            return bad(m, "not a game line (game G size W H seed S policy P tail T)", "");
        r.strict_tail = strcmp(tail, "strict") == 0;
        r.cells = r.w * r.h;
        t->run = r;
        t->in_game = true;
        t->walls_allowed = true;
        memset(&t->game, 0, sizeof t->game);
        t->game.index = index;
        t->game.seed = (uint64_t)seed;
        t->game.decision_us = -1.0;
        return WS_OK;
    }
    if (!t->in_game)
        return bad(m, "a line outside a game (expected 'game ...')", "");
    if (strncmp(line, "walls ", 6) == 0 && t->walls_allowed) {
        char *end = NULL;
        long k = strtol(line + 6, &end, 10);
        if (end == line + 6 || k < 1 || k >= t->run.cells)
            return bad(m, "a walls line with a bad count", "");
        t->run.walls = (int)k;
        t->run.cells -= (int)k; /* the floor, as a run prints it */
    }
    t->walls_allowed = false;
    if (strncmp(line, "end ", 4) == 0) {
        char outcome[16];
        int used = 0;
        if (sscanf(line, "end %15s length %d steps %ld%n", outcome, &t->game.length, &t->game.steps,
                   &used) != 3 ||
            line[used] != '\0' || !snake_outcome_parse(outcome, &t->game.outcome))
            return bad(m, "not an end line (end OUTCOME length L steps N)", "");
        t->in_game = false;
        WsStatus st = set_run(m, &t->run);
        return st != WS_OK ? st : add_game(m, &t->game);
    }
    return WS_OK; /* the body, food, walls, moves: merge needs only the end */
}

/* ======================================================================== */
/* Reading and summing up                                                    */
/* ======================================================================== */

static WsStatus read_file(Merge *m, const char *path) {
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return ws_fail(m->err, WS_ERR_IO, "merge: cannot read '%s': %s", path, strerror(errno));
    m->file = path;
    m->line = 0;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    enum { UNKNOWN, JSON, TRACE } kind = UNKNOWN;
    TraceState t = {0};
    WsStatus st = WS_OK;
    while (st == WS_OK && (len = getline(&line, &cap, f)) >= 0) {
        m->line++;
        if (len > 0 && line[len - 1] == '\n')
            line[--len] = '\0';
        if ((size_t)len != strlen(line)) {
            st = bad(m, "a NUL byte: not a text file", "");
            break;
        }
        if (kind == UNKNOWN) {
            if (strcmp(line, "wavesnake-trace 1") == 0) {
                kind = TRACE;
                continue;
            }
            if (line[0] != '{') {
                st = bad(m, "neither a snake trace ('wavesnake-trace 1') nor JSON lines (--json)",
                         "");
                break;
            }
            kind = JSON;
        }
        st = kind == JSON ? json_line(m, line) : trace_line(m, &t, line);
    }
    free(line);
    bool read_error = ferror(f) != 0;
    fclose(f);
    if (st != WS_OK)
        return st;
    if (read_error)
        return ws_fail(m->err, WS_ERR_IO, "merge: reading '%s' failed", path);
    if (kind == UNKNOWN)
        return ws_fail(m->err, WS_ERR_PARSE, "%s: empty: no games", path);
    if (t.in_game)
        return ws_fail(m->err, WS_ERR_PARSE,
                       "%s:%ld: the file ends inside game %ld (no end line): cut it after the "
                       "last end line",
                       path, m->line, t.game.index);
    return WS_OK;
}

static int cmp_index(const void *a, const void *b) {
    long x = ((const Game *)a)->index, y = ((const Game *)b)->index;
    return (x > y) - (x < y);
}

/* Sorts the games, refuses duplicates, notes gaps, prints the summary. */
static WsStatus sum_up(Merge *m, bool json) {
    if (!m->run.known)
        return ws_fail(m->err, WS_ERR_PARSE,
                       "merge: the board, policy and tail rule are unknown (JSON lines say them "
                       "only in the summary object): add a finished shard's file or a trace");
    qsort(m->games, (size_t)m->n, sizeof *m->games, cmp_index);
    SnakeSummary s = {0};
    double us = 0.0, us_steps = 0.0;
    long missing = 0, first_missing = -1;
    WsStatus st = WS_OK;
    for (long i = 0; i < m->n && st == WS_OK; i++) {
        const Game *g = &m->games[i];
        if (i > 0 && g->index == g[-1].index) {
            st = ws_fail(m->err, WS_ERR_PARSE, "merge: game %ld is given twice", g->index);
            break;
        }
        long expect = i > 0 ? g[-1].index + 1 : 0;
        if (g->index > expect) {
            if (first_missing < 0)
                first_missing = expect;
            missing += g->index - expect;
        }
        if (g->decision_us >= 0.0) {
            us += g->decision_us * (double)g->steps;
            us_steps += (double)g->steps;
        }
        st = snake_summary_add(&s, g->outcome, g->length, g->steps, m->err);
    }
    if (st == WS_OK) {
        if (missing > 0)
            fprintf(
                stderr,
                "wavesnake: merge: %ld games, %ld missing from games 0..%ld (first: game %ld)\n",
                m->n, missing, m->games[m->n - 1].index, first_missing);
        s.seed = m->seed;
        s.w = m->run.w;
        s.h = m->run.h;
        s.cells = m->run.cells > 0 ? m->run.cells : m->run.w * m->run.h;
        s.walls = m->run.walls;
        s.policy = m->run.policy;
        s.strict_tail = m->run.strict_tail;
        s.decision_us_mean = us_steps > 0.0 ? us / us_steps : 0.0;
        s.decision_us_p99 = m->p99;
        s.wall_s = m->wall_s;
        s.jobs = m->jobs;
        snake_summary_print(stdout, &s, json);
    }
    snake_summary_free(&s);
    return st;
}

int tool_merge(int argc, char **argv) {
    WsError err = {0};
    MergeArgs args = {0};
    /* The table parses the options and the first file; every word that is
     * not an option is a file. */
    char **words = calloc((size_t)argc + 1, sizeof *words);
    if (words == NULL)
        return report_status(ws_fail(&err, WS_ERR_NOMEM, "out of memory"), &err);
    int nwords = 0, nfiles = 0;
    for (int i = 0; i < argc; i++)
        if (argv[i][0] == '-' || nfiles++ == 0)
            words[nwords++] = argv[i];
    WsStatus st = optparse_parse(&TOOL_MERGE, nwords, words, &args, &err);
    free(words);
    Merge m = {0};
    m.err = &err;
    for (int i = 0; i < argc && st == WS_OK; i++)
        if (argv[i][0] != '-')
            st = read_file(&m, argv[i]);
    if (st == WS_OK)
        st = sum_up(&m, args.json);
    free(m.games);
    return report_status(st, &err);
}
