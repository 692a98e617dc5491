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
 * reader itself, each game replayed and checked.
 *
 * The shards of a match (`wavesnake match --shard K/N --json`) merge the
 * same way into what one run of the match prints: merge_match.c reads them,
 * with the identity, the game checks and the sums of this file (merge.h). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "merge.h"
#include "options.h"
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
    .summary = "the summary one snake run or match prints, from the JSON\n"
               "lines or traces of its shards (--shard K/N)"};
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

/* The fields of a run's identity (merge.h), one table: each field's name in
 * messages, how it is compared and shown, and where it lives in Ident. */
typedef enum FieldKind { FK_TEXT, FK_U64, FK_INT, FK_LONG, FK_TAIL, FK_SIZE, FK_WALLS } FieldKind;

typedef struct FieldDef {
    const char *name;
    FieldKind kind;
    size_t at, size; /* offsetof and sizeof the member in Ident */
} FieldDef;

#define FIELD(f, name, kind, member)                                                               \
    [f] = {name, kind, offsetof(Ident, member), sizeof(((Ident *)0)->member)}
static const FieldDef FIELDS[F_COUNT] = {
    FIELD(F_KIND, "kind", FK_TEXT, kind),
    FIELD(F_SEED, "seed", FK_U64, seed),
    FIELD(F_SIZE, "size", FK_SIZE, size),
    FIELD(F_POLICY, "policy", FK_TEXT, policy),
    FIELD(F_PLAYERS, "players", FK_TEXT, players),
    FIELD(F_TAIL, "tail rule", FK_TAIL, strict_tail),
    FIELD(F_WALLS, "walls", FK_WALLS, walls),
    FIELD(F_START, "start_length", FK_INT, start_length),
    FIELD(F_PLACEMENT, "placement", FK_TEXT, placement),
    FIELD(F_SPRT, "sprt", FK_TEXT, sprt),
    FIELD(F_GAMES, "games_total", FK_LONG, games_total),
    FIELD(F_SHARDS, "number of shards", FK_LONG, shard_n),
    FIELD(F_VERSION, "version", FK_TEXT, version),
};
#undef FIELD

static const void *field_at(const Ident *id, Field f) {
    return (const unsigned char *)id + FIELDS[f].at;
}

/* Whether two idents say field f alike. */
static bool field_same(const Ident *a, const Ident *b, Field f) {
    const void *x = field_at(a, f), *y = field_at(b, f);
    switch (FIELDS[f].kind) {
    case FK_TEXT:
        return strcmp(x, y) == 0;
    case FK_SIZE:
        return a->size.w == b->size.w && a->size.h == b->size.h;
    case FK_WALLS:
        return a->walls.count == b->walls.count && a->walls.hash == b->walls.hash;
    case FK_U64:
    case FK_INT:
    case FK_LONG:
    case FK_TAIL:
        return memcmp(x, y, FIELDS[f].size) == 0;
    }
    return false;
}

/* Field f of id as a message shows it. */
static void field_show(const Ident *id, Field f, char *buf, size_t size) {
    const void *x = field_at(id, f);
    switch (FIELDS[f].kind) {
    case FK_TEXT:
        snprintf(buf, size, "%s", (const char *)x);
        break;
    case FK_U64:
        snprintf(buf, size, "%llu", (unsigned long long)*(const uint64_t *)x);
        break;
    case FK_INT:
        snprintf(buf, size, "%d", *(const int *)x);
        break;
    case FK_LONG:
        snprintf(buf, size, "%ld", *(const long *)x);
        break;
    case FK_TAIL:
        snprintf(buf, size, "%s", *(const bool *)x ? "strict" : "free");
        break;
    case FK_SIZE:
        snprintf(buf, size, "%dx%d", id->size.w, id->size.h);
        break;
    case FK_WALLS:
        snprintf(buf, size, "%d (hash %016llx)", id->walls.count,
                 (unsigned long long)id->walls.hash);
        break;
    }
}

static const char *cur_name(const Merge *m, char *buf, size_t size) {
    return ws_quote(buf, size, m->files[m->cur].path);
}

WsStatus merge_bad(Merge *m, const char *what) {
    char name[WS_QUOTE_SIZE];
    return ws_fail(m->err, WS_ERR_PARSE, "%s:%ld: %s", cur_name(m, name, sizeof name), m->line,
                   what);
}

/* Refuses two files that name one field differently. */
static WsStatus differ(Merge *m, Field f, const char *was, const char *now) {
    char a[40], b[40], va[96], vb[96];
    if (m->from[f] == m->cur) /* two lines of one file: not "'x' and 'x'" */
        return ws_fail(m->err, WS_ERR_PARSE, "merge: '%s' holds more than one run: %s %s vs %s%s",
                       ws_quote(a, sizeof a, m->files[m->cur].path), FIELDS[f].name,
                       ws_quote(va, sizeof va, was), ws_quote(vb, sizeof vb, now),
                       f == F_SEED ? " (game i of a run plays its seed + i)" : "");
    return ws_fail(m->err, WS_ERR_PARSE, "merge: '%s' and '%s' are not one run: %s %s vs %s",
                   ws_quote(a, sizeof a, m->files[m->from[f]].path),
                   ws_quote(b, sizeof b, m->files[m->cur].path), FIELDS[f].name,
                   ws_quote(va, sizeof va, was), ws_quote(vb, sizeof vb, now));
}

WsStatus merge_take_ident(Merge *m, const Ident *id) {
    Ident *r = &m->run;
    for (int f = 0; f < F_COUNT; f++) {
        if (!id->has[f])
            continue;
        if (f == F_WALLS && !r->has[f] && m->walls_from >= 0 && id->walls.count != r->walls.count) {
            char was[16], now[16]; /* an older shard said the count alone */
            snprintf(was, sizeof was, "%d", r->walls.count);
            snprintf(now, sizeof now, "%d", id->walls.count);
            m->from[F_WALLS] = m->walls_from;
            return differ(m, F_WALLS, was, now);
        }
        if (!r->has[f]) {
            memcpy((unsigned char *)r + FIELDS[f].at, field_at(id, (Field)f), FIELDS[f].size);
            r->has[f] = true;
            m->from[f] = m->cur;
        } else if (!field_same(r, id, (Field)f)) {
            char was[MERGE_PLAYERS_TEXT], now[MERGE_PLAYERS_TEXT];
            field_show(r, (Field)f, was, sizeof was);
            field_show(id, (Field)f, now, sizeof now);
            return differ(m, (Field)f, was, now);
        }
    }
    return WS_OK;
}

WsStatus merge_add(Merge *m, double *sum, double v, const char *what) {
    double total = *sum + v;
    if (!isfinite(total))
        return ws_fail(m->err, WS_ERR_PARSE,
                       "merge: the shards' %s add up beyond any number (%g + %g): a file is "
                       "not what wavesnake writes",
                       what, *sum, v);
    *sum = total;
    return WS_OK;
}

bool merge_game_number_ok(uint64_t index) { return index < (uint64_t)OPTIONS_MANY; }

static WsStatus add_game(Merge *m, const Game *g) {
    Ident id = {0};
    id.has[F_KIND] = id.has[F_SEED] = true;
    snprintf(id.kind, sizeof id.kind, "snake run");
    id.seed = g->seed - (uint64_t)g->index; /* wraps like the run's seed + i */
    WsStatus st = merge_take_ident(m, &id);
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
    Game *games = m->games;
    games[m->n] = *g;
    games[m->n++].file = m->cur;
    m->files[m->cur].games++;
    return WS_OK;
}

/* ======================================================================== */
/* JSON lines (one object per game, then the summary object)                 */
/* ======================================================================== */

const char *merge_json_at(const char *line, const char *key) {
    char pat[48];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(line, pat);
    return p != NULL ? p + strlen(pat) : NULL;
}

/* A finite number starting at p, ending at a ',' or a '}'. */
static bool json_double_at(const char *p, double *out) {
    char *end = NULL;
    if (p == NULL || !(*p == '-' || (*p >= '0' && *p <= '9')))
        return false;
    *out = strtod(p, &end);
    return end != p && (*end == ',' || *end == '}') && isfinite(*out);
}

bool merge_json_time(const char *line, const char *key, double *out) {
    const char *p = merge_json_at(line, key);
    return p != NULL && *p != '-' && json_double_at(p, out) && *out >= 0.0;
}

bool merge_json_number(const char *line, const char *key, double *out) {
    return json_double_at(merge_json_at(line, key), out);
}

bool merge_json_u64(const char *line, const char *key, uint64_t lo, uint64_t hi, uint64_t *out) {
    const char *p = merge_json_at(line, key);
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

bool merge_json_text(const char *line, const char *key, char *buf, size_t size) {
    const char *p = merge_json_at(line, key);
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

bool merge_json_shard(const char *line, long *k, long *n) {
    char shard[48];
    int used = 0;
    *k = -1;
    *n = 0;
    return merge_json_text(line, "shard", shard, sizeof shard) &&
           sscanf(shard, "%ld/%ld%n", k, n, &used) == 2 && shard[used] == '\0' && *n >= 1 &&
           *n <= OPTIONS_MANY && *k >= 0 && *k < *n;
}

bool merge_parse_size(const char *text, int *w, int *h) {
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
        return merge_bad(m, "a second summary object in one file");
    char size[32], tail[16];
    Ident id = {0};
    uint64_t seed = 0, jobs = 0, walls = 0, games = 0;
    double p99 = 0.0, wall = 0.0;
    if (!merge_json_text(line, "size", size, sizeof size) ||
        !merge_parse_size(size, &id.size.w, &id.size.h) ||
        !merge_json_text(line, "policy", id.policy, sizeof id.policy) ||
        !merge_json_text(line, "tail", tail, sizeof tail) ||
        (strcmp(tail, "free") != 0 && strcmp(tail, "strict") != 0) ||
        !merge_json_u64(line, "seed", 0, UINT64_MAX, &seed) ||
        !merge_json_u64(line, "jobs", 0, 1 << 20, &jobs) ||
        !merge_json_u64(line, "games", 0, OPTIONS_MANY, &games) ||
        !merge_json_time(line, "decision_us_p99", &p99) || !merge_json_time(line, "wall_s", &wall))
        return merge_bad(m, "a summary object without size, policy, tail, seed, games, jobs or "
                            "times (or one out of range)");
    int cells = id.size.w * id.size.h;
    if (merge_json_at(line, "walls") != NULL &&
        !merge_json_u64(line, "walls", 0, (uint64_t)cells - 1, &walls))
        return merge_bad(m, "a summary object with a bad walls count");
    id.has[F_KIND] = id.has[F_SEED] = id.has[F_SIZE] = id.has[F_POLICY] = id.has[F_TAIL] = true;
    snprintf(id.kind, sizeof id.kind, "snake run");
    id.seed = seed;
    id.strict_tail = strcmp(tail, "strict") == 0;
    id.walls.count = (int)walls;
    /* The identity fields of this version; older shards lack them. */
    char hash[24];
    uint64_t v = 0;
    if (merge_json_at(line, "walls_hash") != NULL) {
        char *end = NULL;
        if (!merge_json_text(line, "walls_hash", hash, sizeof hash) || strlen(hash) != 16)
            return merge_bad(m, "a summary object with a bad walls_hash");
        id.walls.hash = strtoull(hash, &end, 16);
        if (*end != '\0')
            return merge_bad(m, "a summary object with a bad walls_hash");
        id.has[F_WALLS] = true;
    }
    if (merge_json_at(line, "start_length") != NULL) {
        if (!merge_json_u64(line, "start_length", 1, (uint64_t)cells - 1, &v))
            return merge_bad(m, "a summary object with a bad start_length");
        id.start_length = (int)v;
        id.has[F_START] = true;
    }
    if (merge_json_at(line, "games_total") != NULL) {
        if (!merge_json_u64(line, "games_total", 1, OPTIONS_MANY, &v))
            return merge_bad(m, "a summary object with a bad games_total");
        id.games_total = (long)v;
        id.has[F_GAMES] = true;
    }
    if (merge_json_at(line, "shard") != NULL) {
        if (!merge_json_shard(line, &fi->shard_k, &fi->shard_n))
            return merge_bad(m, "a summary object with a bad shard (K/N)");
        id.shard_n = fi->shard_n;
        id.has[F_SHARDS] = true;
    }
    if (merge_json_at(line, "version") != NULL) {
        if (!merge_json_text(line, "version", id.version, sizeof id.version))
            return merge_bad(m, "a summary object with a bad version");
        id.has[F_VERSION] = true;
    }
    fi->summary = true;
    fi->summary_games = (long)games;
    m->line = 0; /* a difference names the files, not a line */
    WsStatus st = merge_take_ident(m, &id);
    if (st != WS_OK)
        return st;
    if (!id.has[F_WALLS]) { /* an older shard: the count without the hash */
        if (m->walls_from < 0 && !m->run.has[F_WALLS]) {
            m->run.walls.count = id.walls.count;
            m->walls_from = m->cur;
        } else if (id.walls.count != m->run.walls.count) {
            char was[16], now[16];
            snprintf(was, sizeof was, "%d", m->run.walls.count);
            snprintf(now, sizeof now, "%d", id.walls.count);
            m->from[F_WALLS] = m->run.has[F_WALLS] ? m->from[F_WALLS] : m->walls_from;
            return differ(m, F_WALLS, was, now);
        }
    }
    m->p99 = p99 > m->p99 ? p99 : m->p99;
    m->jobs += (long)jobs;
    return merge_add(m, &m->wall_s, wall, "wall_s");
}

static WsStatus json_line(Merge *m, const char *line) {
    if (strstr(line, "\"summary\":true") != NULL)
        return json_summary(m, line);
    if (m->files[m->cur].summary)
        return merge_bad(m, "a game after the summary object");
    Game g = {0};
    char outcome[16];
    uint64_t index = 0, seed = 0, length = 0, cells = 0, steps = 0;
    if (!merge_json_u64(line, "game", 0, UINT64_MAX, &index) ||
        !merge_json_u64(line, "seed", 0, UINT64_MAX, &seed) ||
        !merge_json_text(line, "outcome", outcome, sizeof outcome) ||
        !snake_outcome_parse(outcome, &g.outcome) ||
        !merge_json_u64(line, "length", 1, SNAKE_MAX_SIDE * SNAKE_MAX_SIDE, &length) ||
        !merge_json_u64(line, "cells", 1, SNAKE_MAX_SIDE * SNAKE_MAX_SIDE, &cells) ||
        !merge_json_u64(line, "steps", 0, LONG_MAX, &steps) ||
        !merge_json_time(line, "decision_us_mean", &g.decision_us))
        return merge_bad(m, "not a snake game's JSON line (game, seed, outcome, length, cells, "
                            "steps, decision_us_mean; whole numbers and times >= 0)");
    if (!merge_game_number_ok(index))
        return merge_bad(m, "a game number beyond the most games a run plays");
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
    id.size.w = tg->rules.w;
    id.size.h = tg->rules.h;
    snprintf(id.policy, sizeof id.policy, "%s", tg->policy_name);
    id.strict_tail = tg->rules.strict_tail;
    id.walls.count = tg->walls;
    id.walls.hash = tg->walls_hash;
    id.start_length = tg->rules.start_length;
    WsStatus st = merge_take_ident(m, &id);
    if (st != WS_OK)
        return st;
    if (tg->number < 0 || !merge_game_number_ok((uint64_t)tg->number))
        return merge_bad(m, "a game number beyond the most games a run plays");
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
/* Reading                                                                   */
/* ======================================================================== */

static WsStatus read_file(Merge *m, int file) {
    m->cur = file;
    m->line = 0;
    const char *path = m->files[file].path;
    TraceReader r;
    WsStatus st = trace_open_text(&r, path, m->err);
    if (st != WS_OK)
        return st;
    enum { UNKNOWN, JSON, MATCH, TRACE } kind = UNKNOWN;
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
                st = merge_bad(m, "neither a snake trace ('wavesnake-trace 1') nor JSON lines "
                                  "(--json)");
                break;
            }
            kind = strncmp(line, "{\"match\":", 9) == 0 ? MATCH : JSON;
        }
        st = kind == MATCH ? merge_match_line(m, line) : json_line(m, line);
        if (st != WS_OK)
            break;
    }
    /* JSON lines are written whole, each with its newline: a last line
     * without one was cut while written (kill -9, a full disk), and a cut
     * number can still read as a number. */
    if ((kind == JSON || kind == MATCH) && (st != WS_OK || rc == 0) && r.unterminated) {
        m->line = r.line_no;
        st = merge_bad(m, "cut short: the last line has no newline (kill -9, a full disk); "
                          "remove it to merge the rest");
    }
    m->files[file].lines = kind == JSON || kind == MATCH;
    /* A trace with its header alone is a shard that had no game to play
     * (--shard K/N with N beyond the games): it adds none, where the trace
     * reader refuses it ("no games in the trace"). */
    bool games_follow = false;
    while (kind == TRACE && !games_follow && rc > 0 && (rc = trace_read_line(&r, m->err)) > 0)
        games_follow = r.line[strspn(r.line, " \t")] != '\0';
    if (rc < 0)
        st = m->err != NULL ? m->err->status : WS_ERR_PARSE;
    trace_close(&r);
    if (st != WS_OK)
        return st;
    if (kind == TRACE)
        return games_follow ? trace_each_game(path, trace_game, m, m->err) : WS_OK;
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

/* ======================================================================== */
/* Summing up                                                                */
/* ======================================================================== */

/* Appends printf's text to note[0..size), cut at its end. */
static void note_add(char *note, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void note_add(char *note, size_t size, const char *fmt, ...) {
    size_t len = strlen(note);
    if (len + 1 >= size)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(note + len, size - len, fmt, ap);
    va_end(ap);
}

static int cmp_long(const void *a, const void *b) {
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

enum { NOTE_SHARDS = 8 }; /* the missing shards a note names, at most */

/* The note of merge_check_games: how many games are missing, then where
 * they went: the files of JSON lines cut short (no summary: a shard
 * killed) or stopped by Ctrl-C, after their last game, and the shards
 * below the last game that no file holds (the first NOTE_SHARDS). Linear
 * in the games and files: no loop runs over the shards a run only names
 * (--shard K/N takes N up to 10^8). */
static void missing_note(const Merge *m, long n, const long *index, const int *file, long missing,
                         long last, long first_missing, char *note, size_t size) {
    char name[WS_QUOTE_SIZE];
    snprintf(note, size,
             "merge: %ld of games 0..%ld are missing (first: game %ld); the figures are those of "
             "the %ld merged",
             missing, last, first_missing, n);
    long *end = malloc((size_t)(m->nfiles > 0 ? m->nfiles : 1) * sizeof *end);
    for (int f = 0; end != NULL && f < m->nfiles; f++)
        end[f] = -1;
    for (long i = 0; end != NULL && i < n; i++) /* index ascends: the file's last game */
        end[file[i]] = index[i];
    for (int f = 0; end != NULL && f < m->nfiles; f++) {
        const FileInfo *fi = &m->files[f];
        if (!fi->lines || (fi->summary && !fi->stopped))
            continue;
        ws_quote(name, sizeof name, fi->path);
        if (end[f] < 0)
            note_add(note, size, "; '%s' holds no game", name);
        else
            note_add(note, size, "; '%s' %s after game %ld", name,
                     fi->stopped ? "was stopped by Ctrl-C" : "ends without its summary (killed?)",
                     end[f]);
    }
    free(end);
    long shards = m->run.has[F_SHARDS] ? m->run.shard_n : 1;
    long *held = shards > 1 && n > 0 ? malloc((size_t)n * sizeof *held) : NULL;
    if (shards <= 1 || (n > 0 && held == NULL))
        return;
    for (long i = 0; i < n; i++) /* the shards the merged games are of, ascending */
        held[i] = index[i] % shards;
    qsort(held, (size_t)n, sizeof *held, cmp_long);
    int named = 0;
    for (long k = 0, h = 0; k < shards && k <= last && named <= NOTE_SHARDS; k++) {
        while (h < n && held[h] < k)
            h++;
        bool has = h < n && held[h] == k;
        for (int f = 0; f < m->nfiles && !has; f++)
            has = m->files[f].shard_n == shards && m->files[f].shard_k == k;
        if (has)
            continue;
        if (named++ < NOTE_SHARDS)
            note_add(note, size, "; no file holds shard %ld/%ld", k, shards);
        else
            note_add(note, size, "; and more");
    }
    free(held);
}

WsStatus merge_check_games(Merge *m, long n, const long *index, const int *file, char *note,
                           size_t note_size) {
    char a[48], b[48];
    note[0] = '\0';
    for (int i = 0; i < m->nfiles; i++) {
        const FileInfo *fi = &m->files[i];
        for (int j = 0; j < i && fi->shard_n > 0; j++)
            if (m->files[j].shard_n == fi->shard_n && m->files[j].shard_k == fi->shard_k)
                return ws_fail(m->err, WS_ERR_PARSE, "merge: '%s' and '%s' are both shard %ld/%ld",
                               ws_quote(a, sizeof a, m->files[j].path),
                               ws_quote(b, sizeof b, fi->path), fi->shard_k, fi->shard_n);
    }
    bool all_finished = true;
    for (int i = 0; i < m->nfiles; i++)
        all_finished = all_finished && m->files[i].summary && !m->files[i].stopped;
    long total = m->run.has[F_GAMES] ? m->run.games_total : -1;
    long missing = 0, first_missing = -1;
    for (long i = 0; i < n; i++) {
        const FileInfo *fi = &m->files[file[i]];
        if (i > 0 && index[i] == index[i - 1])
            return ws_fail(m->err, WS_ERR_PARSE, "merge: game %ld is in '%s' and in '%s'", index[i],
                           ws_quote(a, sizeof a, m->files[file[i - 1]].path),
                           ws_quote(b, sizeof b, fi->path));
        if (total >= 0 && index[i] >= total)
            return ws_fail(m->err, WS_ERR_PARSE, "merge: '%s' holds game %ld of a %ld-game run",
                           ws_quote(a, sizeof a, fi->path), index[i], total);
        if (fi->shard_n > 0 && index[i] % fi->shard_n != fi->shard_k)
            return ws_fail(m->err, WS_ERR_PARSE,
                           "merge: '%s' holds game %ld, not one of shard %ld/%ld",
                           ws_quote(a, sizeof a, fi->path), index[i], fi->shard_k, fi->shard_n);
        /* Game numbers are below OPTIONS_MANY (merge_game_number_ok): no sum overflows. */
        long expect = i > 0 ? index[i - 1] + 1 : 0;
        if (index[i] > expect) {
            if (first_missing < 0)
                first_missing = expect;
            missing += index[i] - expect;
        }
    }
    long last = n > 0 ? index[n - 1] : -1;
    if (total > last + 1) {
        if (first_missing < 0)
            first_missing = last + 1;
        missing += total - 1 - last;
    }
    if (missing > 0 && all_finished && total >= 0) {
        long shards = m->run.has[F_SHARDS] ? m->run.shard_n : 1;
        return ws_fail(m->err, WS_ERR_PARSE,
                       "merge: %ld of the run's %ld games are missing (first: game %ld, shard "
                       "%ld/%ld): add that shard's file",
                       missing, total, first_missing, first_missing % shards, shards);
    }
    if (missing > 0)
        missing_note(m, n, index, file, missing, total > 0 ? total - 1 : last, first_missing, note,
                     note_size);
    return WS_OK;
}

static int cmp_index(const void *a, const void *b) {
    long x = ((const Game *)a)->index, y = ((const Game *)b)->index;
    return (x > y) - (x < y);
}

WsStatus merge_check_snake_game(Merge *m, int file, long index, SnakeOutcome outcome, int cells,
                                int length, long steps) {
    const Ident *r = &m->run;
    int floor_cells = r->size.w * r->size.h - r->walls.count;
    char name[WS_QUOTE_SIZE], why[96] = "";
    long stall = 4L * r->size.w * r->size.h;
    int start = r->has[F_START] ? r->start_length : 1;
    if (cells != floor_cells)
        snprintf(why, sizeof why, "%d cells, but the board's floor is %d", cells, floor_cells);
    else if (length < start || length > floor_cells)
        snprintf(why, sizeof why, "length %d outside %d..%d", length, start, floor_cells);
    else if (outcome == SNAKE_WON && length != floor_cells)
        snprintf(why, sizeof why, "won with length %d of %d", length, floor_cells);
    else if (outcome != SNAKE_WON && length == floor_cells)
        /* The step that fills the floor wins the game (snake_game_tick). */
        snprintf(why, sizeof why, "%s with length %d, the whole floor", snake_outcome_name(outcome),
                 length);
    else if (steps < (long)(length - start))
        /* A step eats one food at most: a snake grows a cell a step at most. */
        snprintf(why, sizeof why, "length %d from %d in %ld steps", length, start, steps);
    else if (steps > (long)(length - start + 2) * stall)
        snprintf(why, sizeof why, "%ld steps, more than the stall rule allows", steps);
    else if (outcome == SNAKE_PLAYING)
        snprintf(why, sizeof why, "not ended");
    if (why[0] == '\0')
        return WS_OK;
    return ws_fail(m->err, WS_ERR_PARSE, "'%s': game %ld: %s: impossible on a %dx%d board",
                   ws_quote(name, sizeof name, m->files[file].path), index, why, r->size.w,
                   r->size.h);
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
    Game *games = m->games;
    if (m->n > 0)
        qsort(games, (size_t)m->n, sizeof *games, cmp_index);
    long *index = malloc(((size_t)m->n + 1) * sizeof *index);
    int *file = malloc(((size_t)m->n + 1) * sizeof *file);
    WsStatus st =
        index == NULL || file == NULL ? ws_fail(m->err, WS_ERR_NOMEM, "out of memory") : WS_OK;
    for (long i = 0; i < m->n && st == WS_OK; i++) {
        index[i] = games[i].index;
        file[i] = games[i].file;
    }
    char note[MERGE_NOTE_MAX] = "";
    if (st == WS_OK)
        st = merge_check_games(m, m->n, index, file, note, sizeof note);
    free(index);
    free(file);
    SnakeSummary s = {0};
    double us = 0.0, us_steps = 0.0;
    for (long i = 0; i < m->n && st == WS_OK; i++) {
        const Game *g = &games[i];
        st =
            merge_check_snake_game(m, g->file, g->index, g->outcome, g->cells, g->length, g->steps);
        if (st != WS_OK)
            break;
        if (g->decision_us >= 0.0) {
            st = merge_add(m, &us, g->decision_us * (double)g->steps, "decision times");
            us_steps += (double)g->steps;
        }
        if (st == WS_OK)
            st = snake_summary_add(&s, g->outcome, g->length, g->steps, m->err);
    }
    if (st == WS_OK) {
        const Ident *r = &m->run;
        s.seed = r->seed;
        s.w = r->size.w;
        s.h = r->size.h;
        s.cells = r->size.w * r->size.h - r->walls.count;
        s.walls = r->walls.count;
        s.policy = r->policy;
        s.strict_tail = r->strict_tail;
        s.decision_us_mean = us_steps > 0.0 ? us / us_steps : 0.0;
        s.decision_us_p99 = m->p99;
        s.timed = us_steps > 0.0; /* JSON games that made moves; traces hold no times */
        s.wall_s = m->wall_s;
        s.jobs = (int)m->jobs;
        /* Traces do not say --games: at least the last game's number + 1,
         * so that games missing below it show in the line too. */
        s.games_total = r->has[F_GAMES] ? r->games_total : m->n > 0 ? games[m->n - 1].index + 1 : 0;
        s.start_length = r->start_length;
        s.walls_hash = r->walls.hash;
        s.version = r->has[F_VERSION] ? r->version : NULL;
        if (note[0] != '\0')
            report_warn("%s", note);
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
        st = m.match != NULL ? merge_match_sum_up(&m, json, out) : sum_up(&m, json, out);
    merge_match_free(&m);
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
