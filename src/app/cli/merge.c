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
 * One run has one identity: the run seed, --games, the board's size, the
 * policy, the tail rule, the start length, the walls by content (their
 * hash), the shard count and the program's version. Every shard's summary
 * object says all of it, a trace's game lines most of it; shards that differ
 * in any field both say, or overlap (a game twice, a shard twice), are
 * refused with one line naming the two files and the field. Every number is
 * checked against the board (a length beyond the floor, a won game short of
 * it, steps beyond the stall rule, negative or non-finite times).
 *
 * Bad input is one line (`FILE:LINE: what`, or naming the files) and exit 2.
 * When every file is a finished shard (it ends with its summary), games
 * missing from 0..games_total-1 are refused: a shard is missing. A file
 * without a summary is a run stopped early: its games merge, and games
 * missing are a note on stderr.
 *
 * Lines are read by the trace reader's line reader (trace.h): at most 1 MiB
 * a line, a final '\r' dropped, blank lines skipped; traces by the trace
 * reader itself, each game replayed and checked. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "snake.h"
#include "snake_summary.h"
#include "tools.h"
#include "trace.h"

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
    int cells; /* the floor the game's line names; 0 from a trace (the run's) */
    long steps;
    double decision_us; /* mean per decision; < 0 when unknown (a trace) */
    int file;           /* index into Merge.files */
} Game;

/* The fields of a run's identity, each set by the first file that says it. */
typedef enum Field {
    F_SEED,
    F_SIZE,
    F_POLICY,
    F_TAIL,
    F_WALLS,
    F_START,
    F_GAMES,
    F_SHARDS,
    F_VERSION,
    F_COUNT
} Field;

static const char *const FIELD_NAME[F_COUNT] = {
    "seed",         "size",        "policy",           "tail rule", "walls",
    "start_length", "games_total", "number of shards", "version"};

typedef struct Ident {
    bool has[F_COUNT];
    uint64_t seed;
    int w, h;
    char policy[TRACE_POLICY_MAX];
    bool strict_tail;
    int walls;
    uint64_t walls_hash;
    int start_length;
    long games_total;
    long shard_n;
    char version[32];
} Ident;

/* What one file said: its games' count, its shard, its summary. */
typedef struct FileInfo {
    const char *path;
    bool summary; /* it ends with a summary object (a finished shard) */
    long games, summary_games;
    long shard_k, shard_n; /* from the summary; shard_n 0: unknown */
} FileInfo;

typedef struct Merge {
    Game *games;
    long n, cap;
    Ident run;
    int from[F_COUNT]; /* the file that set each field */
    FileInfo *files;
    int nfiles;
    int cur;        /* the file being read */
    int walls_from; /* the file that gave a wall count without a hash, or -1 */
    double p99, wall_s;
    long jobs;
    long line;
    WsError *err;
} Merge;

static const char *cur_name(const Merge *m, char *buf, size_t size) {
    return ws_quote(buf, size, m->files[m->cur].path);
}

static WsStatus bad(Merge *m, const char *what) {
    char name[WS_QUOTE_SIZE];
    return ws_fail(m->err, WS_ERR_PARSE, "%s:%ld: %s", cur_name(m, name, sizeof name), m->line,
                   what);
}

/* Refuses two files that name one field differently. */
static WsStatus differ(Merge *m, Field f, const char *was, const char *now) {
    char a[40], b[40], va[40], vb[40];
    return ws_fail(m->err, WS_ERR_PARSE, "merge: '%s' and '%s' are not one run: %s %s vs %s",
                   ws_quote(a, sizeof a, m->files[m->from[f]].path),
                   ws_quote(b, sizeof b, m->files[m->cur].path), FIELD_NAME[f],
                   ws_quote(va, sizeof va, was), ws_quote(vb, sizeof vb, now));
}

/* Takes the fields `id` says (id->has) into the run, or refuses a difference. */
static WsStatus take_ident(Merge *m, const Ident *id) {
    for (int f = 0; f < F_COUNT; f++) {
        if (!id->has[f])
            continue;
        Ident *r = &m->run;
        if (f == F_WALLS && !r->has[f] && m->walls_from >= 0 && id->walls != r->walls) {
            char was[16], now[16]; /* an older shard said the count alone */
            snprintf(was, sizeof was, "%d", r->walls);
            snprintf(now, sizeof now, "%d", id->walls);
            m->from[F_WALLS] = m->walls_from;
            return differ(m, F_WALLS, was, now);
        }
        if (!r->has[f]) {
            switch ((Field)f) {
            case F_SEED:
                r->seed = id->seed;
                break;
            case F_SIZE:
                r->w = id->w;
                r->h = id->h;
                break;
            case F_POLICY:
                memcpy(r->policy, id->policy, sizeof r->policy);
                break;
            case F_TAIL:
                r->strict_tail = id->strict_tail;
                break;
            case F_WALLS:
                r->walls = id->walls;
                r->walls_hash = id->walls_hash;
                break;
            case F_START:
                r->start_length = id->start_length;
                break;
            case F_GAMES:
                r->games_total = id->games_total;
                break;
            case F_SHARDS:
                r->shard_n = id->shard_n;
                break;
            case F_VERSION:
                memcpy(r->version, id->version, sizeof r->version);
                break;
            case F_COUNT:
                break;
            }
            r->has[f] = true;
            m->from[f] = m->cur;
            continue;
        }
        char was[80], now[80];
        bool same = true;
        switch ((Field)f) {
        case F_SEED:
            same = r->seed == id->seed;
            snprintf(was, sizeof was, "%llu", (unsigned long long)r->seed);
            snprintf(now, sizeof now, "%llu", (unsigned long long)id->seed);
            break;
        case F_SIZE:
            same = r->w == id->w && r->h == id->h;
            snprintf(was, sizeof was, "%dx%d", r->w, r->h);
            snprintf(now, sizeof now, "%dx%d", id->w, id->h);
            break;
        case F_POLICY:
            same = strcmp(r->policy, id->policy) == 0;
            snprintf(was, sizeof was, "%s", r->policy);
            snprintf(now, sizeof now, "%s", id->policy);
            break;
        case F_TAIL:
            same = r->strict_tail == id->strict_tail;
            snprintf(was, sizeof was, "%s", r->strict_tail ? "strict" : "free");
            snprintf(now, sizeof now, "%s", id->strict_tail ? "strict" : "free");
            break;
        case F_WALLS:
            same = r->walls == id->walls && r->walls_hash == id->walls_hash;
            snprintf(was, sizeof was, "%d (hash %016llx)", r->walls,
                     (unsigned long long)r->walls_hash);
            snprintf(now, sizeof now, "%d (hash %016llx)", id->walls,
                     (unsigned long long)id->walls_hash);
            break;
        case F_START:
            same = r->start_length == id->start_length;
            snprintf(was, sizeof was, "%d", r->start_length);
            snprintf(now, sizeof now, "%d", id->start_length);
            break;
        case F_GAMES:
            same = r->games_total == id->games_total;
            snprintf(was, sizeof was, "%ld", r->games_total);
            snprintf(now, sizeof now, "%ld", id->games_total);
            break;
        case F_SHARDS:
            same = r->shard_n == id->shard_n;
            snprintf(was, sizeof was, "%ld", r->shard_n);
            snprintf(now, sizeof now, "%ld", id->shard_n);
            break;
        case F_VERSION:
            same = strcmp(r->version, id->version) == 0;
            snprintf(was, sizeof was, "%s", r->version);
            snprintf(now, sizeof now, "%s", id->version);
            break;
        case F_COUNT:
            break;
        }
        if (!same)
            return differ(m, (Field)f, was, now);
    }
    return WS_OK;
}

static WsStatus add_game(Merge *m, const Game *g) {
    Ident id = {0};
    id.has[F_SEED] = true;
    id.seed = g->seed - (uint64_t)g->index; /* wraps like the run's seed + i */
    WsStatus st = take_ident(m, &id);
    if (st != WS_OK)
        return st;
    if (m->n == m->cap) {
        long cap = m->cap ? 2 * m->cap : 1024;
        Game *grown = realloc(m->games, (size_t)cap * sizeof *grown);
        if (grown == NULL)
            return ws_fail(m->err, WS_ERR_NOMEM, "out of memory for %ld games", cap);
        m->games = grown;
        m->cap = cap;
    }
    m->games[m->n] = *g;
    m->games[m->n++].file = m->cur;
    m->files[m->cur].games++;
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

/* A finite number >= 0 (times). */
static bool json_time(const char *line, const char *key, double *out) {
    const char *p = json_at(line, key);
    char *end = NULL;
    if (p == NULL || *p < '0' || *p > '9')
        return false;
    *out = strtod(p, &end);
    return end != p && (*end == ',' || *end == '}') && isfinite(*out) && *out >= 0.0;
}

/* A whole number lo..hi (digits only: no sign, no spaces). */
static bool json_u64(const char *line, const char *key, uint64_t lo, uint64_t hi, uint64_t *out) {
    const char *p = json_at(line, key);
    char *end = NULL;
    if (p == NULL || *p < '0' || *p > '9')
        return false;
    errno = 0;
    unsigned long long v = strtoull(p, &end, 10);
    if (errno == ERANGE || (*end != ',' && *end != '}') || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* A string of printable ASCII without quotes, backslashes or spaces: the
 * names wavesnake writes, safe to print again. */
static bool json_text(const char *line, const char *key, char *buf, size_t size) {
    const char *p = json_at(line, key);
    if (p == NULL || *p != '"')
        return false;
    const char *q = strchr(p + 1, '"');
    if (q == NULL || (size_t)(q - p - 1) >= size || q == p + 1)
        return false;
    for (const char *c = p + 1; c < q; c++)
        if (*c <= ' ' || *c > '~' || *c == '\\')
            return false;
    memcpy(buf, p + 1, (size_t)(q - p - 1));
    buf[q - p - 1] = '\0';
    return true;
}

/* "WxH", each side SNAKE_MIN_SIDE..SNAKE_MAX_SIDE. */
static bool parse_size(const char *text, int *w, int *h) {
    char *end = NULL;
    if (*text < '0' || *text > '9')
        return false;
    long a = strtol(text, &end, 10);
    if (*end != 'x' || end[1] < '0' || end[1] > '9')
        return false;
    long b = strtol(end + 1, &end, 10);
    if (*end != '\0' || a < SNAKE_MIN_SIDE || a > SNAKE_MAX_SIDE || b < SNAKE_MIN_SIDE ||
        b > SNAKE_MAX_SIDE)
        return false;
    *w = (int)a;
    *h = (int)b;
    return true;
}

static WsStatus json_summary(Merge *m, const char *line) {
    FileInfo *fi = &m->files[m->cur];
    if (fi->summary)
        return bad(m, "a second summary object in one file");
    char size[32], tail[16], shard[48];
    Ident id = {0};
    uint64_t seed = 0, jobs = 0, walls = 0, games = 0;
    double p99 = 0.0, wall = 0.0;
    if (!json_text(line, "size", size, sizeof size) || !parse_size(size, &id.w, &id.h) ||
        !json_text(line, "policy", id.policy, sizeof id.policy) ||
        !json_text(line, "tail", tail, sizeof tail) ||
        (strcmp(tail, "free") != 0 && strcmp(tail, "strict") != 0) ||
        !json_u64(line, "seed", 0, UINT64_MAX, &seed) ||
        !json_u64(line, "jobs", 0, 1 << 20, &jobs) ||
        !json_u64(line, "games", 0, LONG_MAX, &games) ||
        !json_time(line, "decision_us_p99", &p99) || !json_time(line, "wall_s", &wall))
        return bad(m, "a summary object without size, policy, tail, seed, games, jobs or times "
                      "(or one out of range)");
    int cells = id.w * id.h;
    if (json_at(line, "walls") != NULL && !json_u64(line, "walls", 0, (uint64_t)cells - 1, &walls))
        return bad(m, "a summary object with a bad walls count");
    id.has[F_SEED] = id.has[F_SIZE] = id.has[F_POLICY] = id.has[F_TAIL] = true;
    id.seed = seed;
    id.strict_tail = strcmp(tail, "strict") == 0;
    id.walls = (int)walls;
    /* The identity fields of this version; older shards lack them. */
    char hash[24];
    uint64_t v = 0;
    if (json_at(line, "walls_hash") != NULL) {
        char *end = NULL;
        if (!json_text(line, "walls_hash", hash, sizeof hash) || strlen(hash) != 16)
            return bad(m, "a summary object with a bad walls_hash");
        id.walls_hash = strtoull(hash, &end, 16);
        if (*end != '\0')
            return bad(m, "a summary object with a bad walls_hash");
        id.has[F_WALLS] = true;
    }
    if (json_at(line, "start_length") != NULL) {
        if (!json_u64(line, "start_length", 1, (uint64_t)cells - 1, &v))
            return bad(m, "a summary object with a bad start_length");
        id.start_length = (int)v;
        id.has[F_START] = true;
    }
    if (json_at(line, "games_total") != NULL) {
        if (!json_u64(line, "games_total", 1, LONG_MAX, &v))
            return bad(m, "a summary object with a bad games_total");
        id.games_total = (long)v;
        id.has[F_GAMES] = true;
    }
    if (json_at(line, "shard") != NULL) {
        long k = -1, n = 0;
        int used = 0;
        if (!json_text(line, "shard", shard, sizeof shard) ||
            sscanf(shard, "%ld/%ld%n", &k, &n, &used) != 2 || shard[used] != '\0' || n < 1 ||
            k < 0 || k >= n)
            return bad(m, "a summary object with a bad shard (K/N)");
        fi->shard_k = k;
        fi->shard_n = n;
        id.shard_n = n;
        id.has[F_SHARDS] = true;
    }
    if (json_at(line, "version") != NULL) {
        if (!json_text(line, "version", id.version, sizeof id.version))
            return bad(m, "a summary object with a bad version");
        id.has[F_VERSION] = true;
    }
    fi->summary = true;
    fi->summary_games = (long)games;
    m->line = 0; /* a difference names the files, not a line */
    WsStatus st = take_ident(m, &id);
    if (st != WS_OK)
        return st;
    if (!id.has[F_WALLS]) { /* an older shard: the count without the hash */
        if (m->walls_from < 0 && !m->run.has[F_WALLS]) {
            m->run.walls = id.walls;
            m->walls_from = m->cur;
        } else if (id.walls != m->run.walls) {
            char was[16], now[16];
            snprintf(was, sizeof was, "%d", m->run.walls);
            snprintf(now, sizeof now, "%d", id.walls);
            m->from[F_WALLS] = m->run.has[F_WALLS] ? m->from[F_WALLS] : m->walls_from;
            return differ(m, F_WALLS, was, now);
        }
    }
    m->p99 = p99 > m->p99 ? p99 : m->p99;
    m->wall_s += wall;
    m->jobs += (long)jobs;
    return WS_OK;
}

static WsStatus json_line(Merge *m, const char *line) {
    if (strstr(line, "\"summary\":true") != NULL)
        return json_summary(m, line);
    if (m->files[m->cur].summary)
        return bad(m, "a game after the summary object");
    Game g = {0};
    char outcome[16];
    uint64_t index = 0, seed = 0, length = 0, cells = 0, steps = 0;
    if (!json_u64(line, "game", 0, LONG_MAX, &index) ||
        !json_u64(line, "seed", 0, UINT64_MAX, &seed) ||
        !json_text(line, "outcome", outcome, sizeof outcome) ||
        !snake_outcome_parse(outcome, &g.outcome) ||
        !json_u64(line, "length", 1, SNAKE_MAX_SIDE * SNAKE_MAX_SIDE, &length) ||
        !json_u64(line, "cells", 1, SNAKE_MAX_SIDE * SNAKE_MAX_SIDE, &cells) ||
        !json_u64(line, "steps", 0, LONG_MAX, &steps) ||
        !json_time(line, "decision_us_mean", &g.decision_us))
        return bad(m, "not a snake game's JSON line (game, seed, outcome, length, cells, steps, "
                      "decision_us_mean; whole numbers and times >= 0)");
    g.index = (long)index;
    g.seed = seed;
    g.length = (int)length;
    g.cells = (int)cells;
    g.steps = (long)steps;
    return add_game(m, &g);
}

/* ======================================================================== */
/* Traces (docs/formats.md#snake-trace): read and checked by trace.h         */
/* ======================================================================== */

/* TraceGameFn: one replayed game. */
static WsStatus trace_game(void *ctx, const TraceGame *tg, WsError *err) {
    (void)err; /* m->err is the same */
    Merge *m = ctx;
    m->line = tg->end_line;
    Ident id = {0};
    id.has[F_SIZE] = id.has[F_POLICY] = id.has[F_TAIL] = id.has[F_WALLS] = id.has[F_START] = true;
    id.w = tg->rules.w;
    id.h = tg->rules.h;
    snprintf(id.policy, sizeof id.policy, "%s", tg->policy_name);
    id.strict_tail = tg->rules.strict_tail;
    id.walls = tg->walls;
    id.walls_hash = tg->walls_hash;
    id.start_length = tg->rules.start_length;
    WsStatus st = take_ident(m, &id);
    if (st != WS_OK)
        return st;
    if (tg->number < 0)
        return bad(m, "a negative game number");
    Game g = {.index = tg->number,
              .seed = tg->seed,
              .outcome = tg->outcome,
              .length = tg->length,
              .cells = tg->rules.w * tg->rules.h - tg->walls,
              .steps = tg->steps,
              .decision_us = -1.0};
    return add_game(m, &g);
}

/* ======================================================================== */
/* Reading and summing up                                                    */
/* ======================================================================== */

static WsStatus read_file(Merge *m, int file) {
    m->cur = file;
    m->line = 0;
    const char *path = m->files[file].path;
    TraceReader r;
    WsStatus st = trace_open_text(&r, path, m->err);
    if (st != WS_OK)
        return st;
    enum { UNKNOWN, JSON, TRACE } kind = UNKNOWN;
    int rc;
    while ((rc = trace_read_line(&r, m->err)) > 0) {
        m->line = r.line_no;
        const char *line = r.line;
        if (line[strspn(line, " \t")] == '\0')
            continue; /* blank lines, as the trace reader */
        if (kind == UNKNOWN) {
            if (strcmp(line, "wavesnake-trace 1") == 0) {
                kind = TRACE;
                break;
            }
            if (line[0] != '{') {
                st = bad(m, "neither a snake trace ('wavesnake-trace 1') nor JSON lines (--json)");
                break;
            }
            kind = JSON;
        }
        if ((st = json_line(m, line)) != WS_OK)
            break;
    }
    if (rc < 0)
        st = m->err != NULL ? m->err->status : WS_ERR_PARSE;
    trace_close(&r);
    if (st != WS_OK)
        return st;
    if (kind == TRACE)
        return trace_each_game(path, trace_game, m, m->err);
    char name[WS_QUOTE_SIZE];
    if (kind == UNKNOWN)
        return ws_fail(m->err, WS_ERR_PARSE, "%s: empty: no games",
                       ws_quote(name, sizeof name, path));
    const FileInfo *fi = &m->files[file];
    if (fi->summary && fi->summary_games != fi->games)
        return ws_fail(m->err, WS_ERR_PARSE, "'%s': its summary counts %ld games, it holds %ld",
                       ws_quote(name, sizeof name, path), fi->summary_games, fi->games);
    return WS_OK;
}

static int cmp_index(const void *a, const void *b) {
    long x = ((const Game *)a)->index, y = ((const Game *)b)->index;
    return (x > y) - (x < y);
}

/* Whether one game's figures can happen on the run's board: a length within
 * the floor and not below the start, a won game that fills the floor, steps
 * within the stall rule (each eat resets its 4 * w * h ticks). */
static WsStatus check_game(Merge *m, const Game *g) {
    const Ident *r = &m->run;
    int floor_cells = r->w * r->h - r->walls;
    char name[WS_QUOTE_SIZE], why[96] = "";
    long stall = 4L * r->w * r->h;
    int start = r->has[F_START] ? r->start_length : 1;
    if (g->cells != floor_cells)
        snprintf(why, sizeof why, "%d cells, but the board's floor is %d", g->cells, floor_cells);
    else if (g->length < start || g->length > floor_cells)
        snprintf(why, sizeof why, "length %d outside %d..%d", g->length, start, floor_cells);
    else if (g->outcome == SNAKE_WON && g->length != floor_cells)
        snprintf(why, sizeof why, "won with length %d of %d", g->length, floor_cells);
    else if (g->steps > (long)(g->length - start + 2) * stall)
        snprintf(why, sizeof why, "%ld steps, more than the stall rule allows", g->steps);
    else if (g->outcome == SNAKE_PLAYING)
        snprintf(why, sizeof why, "not ended");
    if (why[0] == '\0')
        return WS_OK;
    return ws_fail(m->err, WS_ERR_PARSE, "'%s': game %ld: %s: impossible on a %dx%d board",
                   ws_quote(name, sizeof name, m->files[g->file].path), g->index, why, r->w, r->h);
}

/* Sorts the games, refuses duplicates, impossible games and missing shards,
 * prints the summary. */
static WsStatus sum_up(Merge *m, bool json, FILE *out) {
    if (!m->run.has[F_SIZE])
        return ws_fail(m->err, WS_ERR_PARSE,
                       "merge: the board, policy and tail rule are unknown (JSON lines say them "
                       "only in the summary object): add a finished shard's file or a trace");
    if (m->jobs > INT_MAX)
        return ws_fail(m->err, WS_ERR_PARSE, "merge: the shards' jobs add up to %ld", m->jobs);
    bool all_finished = true;
    for (int i = 0; i < m->nfiles; i++) {
        const FileInfo *fi = &m->files[i];
        all_finished = all_finished && fi->summary;
        for (int j = 0; j < i && fi->shard_n > 0; j++)
            if (m->files[j].shard_n == fi->shard_n && m->files[j].shard_k == fi->shard_k) {
                char a[48], b[48];
                return ws_fail(m->err, WS_ERR_PARSE, "merge: '%s' and '%s' are both shard %ld/%ld",
                               ws_quote(a, sizeof a, m->files[j].path),
                               ws_quote(b, sizeof b, fi->path), fi->shard_k, fi->shard_n);
            }
    }
    if (m->n > 0)
        qsort(m->games, (size_t)m->n, sizeof *m->games, cmp_index);
    long total = m->run.has[F_GAMES] ? m->run.games_total : -1;
    SnakeSummary s = {0};
    double us = 0.0, us_steps = 0.0;
    long missing = 0, first_missing = -1;
    WsStatus st = WS_OK;
    for (long i = 0; i < m->n && st == WS_OK; i++) {
        const Game *g = &m->games[i];
        const FileInfo *fi = &m->files[g->file];
        char a[48], b[48];
        if (i > 0 && g->index == g[-1].index) {
            st = ws_fail(m->err, WS_ERR_PARSE, "merge: game %ld is in '%s' and in '%s'", g->index,
                         ws_quote(a, sizeof a, m->files[g[-1].file].path),
                         ws_quote(b, sizeof b, fi->path));
            break;
        }
        if (total >= 0 && g->index >= total) {
            st = ws_fail(m->err, WS_ERR_PARSE, "merge: '%s' holds game %ld of a %ld-game run",
                         ws_quote(a, sizeof a, fi->path), g->index, total);
            break;
        }
        if (fi->shard_n > 0 && g->index % fi->shard_n != fi->shard_k) {
            st = ws_fail(m->err, WS_ERR_PARSE,
                         "merge: '%s' holds game %ld, not one of shard %ld/%ld",
                         ws_quote(a, sizeof a, fi->path), g->index, fi->shard_k, fi->shard_n);
            break;
        }
        if ((st = check_game(m, g)) != WS_OK)
            break;
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
    long last = m->n > 0 ? m->games[m->n - 1].index : -1;
    if (st == WS_OK && total > last + 1) {
        if (first_missing < 0)
            first_missing = last + 1;
        missing += total - 1 - last;
    }
    if (st == WS_OK && missing > 0 && all_finished && total >= 0) {
        long n = m->run.has[F_SHARDS] ? m->run.shard_n : 1;
        st = ws_fail(m->err, WS_ERR_PARSE,
                     "merge: %ld of the run's %ld games are missing (first: game %ld, shard "
                     "%ld/%ld): add that shard's file",
                     missing, total, first_missing, first_missing % n, n);
    }
    if (st == WS_OK) {
        if (missing > 0)
            fprintf(stderr,
                    "wavesnake: merge: %ld games, %ld missing from games 0..%ld (first: game "
                    "%ld)\n",
                    m->n, missing, total > 0 ? total - 1 : last, first_missing);
        s.seed = m->run.seed;
        s.w = m->run.w;
        s.h = m->run.h;
        s.cells = m->run.w * m->run.h - m->run.walls;
        s.walls = m->run.walls;
        s.policy = m->run.policy;
        s.strict_tail = m->run.strict_tail;
        s.decision_us_mean = us_steps > 0.0 ? us / us_steps : 0.0;
        s.decision_us_p99 = m->p99;
        s.wall_s = m->wall_s;
        s.jobs = (int)m->jobs;
        s.games_total = total >= 0 ? total : m->n;
        s.start_length = m->run.start_length;
        s.walls_hash = m->run.walls_hash;
        s.version = m->run.has[F_VERSION] ? m->run.version : NULL;
        snake_summary_print(out, &s, json);
    }
    snake_summary_free(&s);
    return st;
}

WsStatus merge_files(int nfiles, char *const *paths, bool json, FILE *out, WsError *err) {
    Merge m = {0};
    m.err = err;
    m.walls_from = -1;
    m.files = calloc((size_t)nfiles + 1, sizeof *m.files);
    WsStatus st = m.files == NULL ? ws_fail(err, WS_ERR_NOMEM, "out of memory") : WS_OK;
    for (int i = 0; i < nfiles && st == WS_OK; i++) {
        m.files[m.nfiles].path = paths[i];
        st = read_file(&m, m.nfiles++);
    }
    if (st == WS_OK)
        st = sum_up(&m, json, out);
    free(m.games);
    free(m.files);
    return st;
}

int tool_merge(int argc, char **argv) {
    WsError err = {0};
    MergeArgs args = {0};
    /* The table parses the options and the first file; every word that is
     * not an option is a file. */
    char **words = calloc((size_t)argc + 1, sizeof *words);
    char **files = calloc((size_t)argc + 1, sizeof *files);
    if (words == NULL || files == NULL) {
        free(words);
        free(files);
        return report_status(ws_fail(&err, WS_ERR_NOMEM, "out of memory"), &err);
    }
    int nwords = 0, nfiles = 0;
    for (int i = 0; i < argc; i++) {
        if (argv[i][0] == '-' || nfiles == 0)
            words[nwords++] = argv[i];
        if (argv[i][0] != '-')
            files[nfiles++] = argv[i];
    }
    WsStatus st = optparse_parse(&TOOL_MERGE, nwords, words, &args, &err);
    if (st == WS_OK)
        st = merge_files(nfiles, files, args.json, stdout, &err);
    free(words);
    free(files);
    return report_status(st, &err);
}
