/* merge_match.c - `wavesnake merge` of a match's shards (merge.h).
 *
 * Each shard of `wavesnake match --shard K/N --json` wrote one object per
 * game (every player's result) and its summary (player and pair objects,
 * then the match's identity). The games are the evidence: merge reads them
 * from every file, checks each one against the board, sorts them by number
 * and counts them into one tally in game order, as the run would have. The
 * player and pair objects are figures of those games and are read past.
 * With --sprt the test runs over the merged games and stops at the first
 * game whose LLR crosses a bound, where one run would have stopped: the
 * games after it are not counted (a note says how many). So the merged
 * summary is the one run's, to the last digit, but for its measurements
 * (times and jobs, summed or weighted as for snake runs). */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "match_report.h"
#include "merge.h"
#include "options.h"
#include "report.h"
#include "sea.h"

struct MatchGames {
    MatchKind kind;
    int players;      /* from the first game line (or summary) */
    int players_from; /* the file that said it */
    long n, cap;
    long *index;
    uint64_t *seed;
    int *file;
    MatchResult *res; /* n * players */
    double *us;       /* n * players: each game's mean decision time */
    /* from the first summary object */
    bool summary;
    char names[MATCH_MAX_PLAYERS][MATCH_NAME_MAX + 1];
    MatchSprt sprt;
    SeaPlacement placement;
};

/* ======================================================================== */
/* Reading                                                                   */
/* ======================================================================== */

static WsStatus grow(Merge *m, MatchGames *mg) {
    if (mg->n < mg->cap)
        return WS_OK;
    long cap = mg->cap ? 2 * mg->cap : 1024;
    size_t per = (size_t)mg->players;
    long *index = realloc(mg->index, (size_t)cap * sizeof *index);
    if (index != NULL)
        mg->index = index;
    uint64_t *seed = realloc(mg->seed, (size_t)cap * sizeof *seed);
    if (seed != NULL)
        mg->seed = seed;
    int *file = realloc(mg->file, (size_t)cap * sizeof *file);
    if (file != NULL)
        mg->file = file;
    MatchResult *res = realloc(mg->res, (size_t)cap * per * sizeof *res);
    if (res != NULL)
        mg->res = res;
    double *us = realloc(mg->us, (size_t)cap * per * sizeof *us);
    if (us != NULL)
        mg->us = us;
    if (index == NULL || seed == NULL || file == NULL || res == NULL || us == NULL)
        return ws_fail(m->err, WS_ERR_NOMEM, "out of memory for %ld games", cap);
    mg->cap = cap;
    return WS_OK;
}

static MatchGames *games_of(Merge *m) {
    if (m->match == NULL)
        m->match = calloc(1, sizeof *m->match);
    return m->match;
}

/* The match's kind in the identity's words: "snake match", "sea match". */
static void kind_ident(Ident *id, MatchKind kind) {
    id->has[F_KIND] = true;
    snprintf(id->kind, sizeof id->kind, "%s match", match_kind_name(kind));
}

/* {"match":"game","game":I,"seed":S,"end_0":...,"steps_0"|"shots_0":...}. */
static WsStatus game_line(Merge *m, MatchGames *mg, const char *line) {
    static const char WHAT[] = "not a match game's JSON line (game, seed, then end_K, length_K and "
                               "steps_K or shots_K, decision_us_K for each player K)";
    if (m->files[m->cur].summary)
        return merge_bad(m, "a game after the summary object");
    uint64_t index = 0, seed = 0;
    if (!merge_json_u64(line, "game", 0, UINT64_MAX, &index) ||
        !merge_json_u64(line, "seed", 0, UINT64_MAX, &seed))
        return merge_bad(m, WHAT);
    if (!merge_game_number_ok(index))
        return merge_bad(m, "a game number beyond the most games a run plays");
    MatchKind kind = merge_json_at(line, "shots_0") != NULL ? MATCH_SEA : MATCH_SNAKE;
    int players = 0;
    MatchResult res[MATCH_MAX_PLAYERS];
    double us[MATCH_MAX_PLAYERS];
    for (; players < MATCH_MAX_PLAYERS; players++) {
        char key[24], end[16];
        snprintf(key, sizeof key, "end_%d", players);
        if (merge_json_at(line, key) == NULL)
            break;
        uint64_t count = 0, length = 0;
        MatchResult *r = &res[players];
        bool ok =
            merge_json_text(line, key, end, sizeof end) && match_end_parse(kind, end, &r->end);
        snprintf(key, sizeof key, "%s_%d", kind == MATCH_SEA ? "shots" : "steps", players);
        ok = ok && merge_json_u64(line, key, 0, LONG_MAX, &count);
        snprintf(key, sizeof key, "length_%d", players);
        ok = ok && (kind == MATCH_SEA ||
                    merge_json_u64(line, key, 1, SNAKE_MAX_SIDE * SNAKE_MAX_SIDE, &length));
        snprintf(key, sizeof key, "decision_us_%d", players);
        ok = ok && merge_json_time(line, key, &us[players]);
        if (!ok)
            return merge_bad(m, WHAT);
        r->count = (long)count;
        r->length = (int)length;
    }
    if (players < 2)
        return merge_bad(m, WHAT);
    /* The kind first: a sea game among snake games names both files. */
    Ident id = {0};
    kind_ident(&id, kind);
    id.has[F_SEED] = true;
    id.seed = seed - index; /* wraps like the run's seed + i */
    WsStatus st = merge_take_ident(m, &id);
    if (st != WS_OK)
        return st;
    if (mg->players == 0) {
        mg->players = players;
        mg->kind = kind;
        mg->players_from = m->cur;
    } else if (players != mg->players) {
        char a[40], b[40];
        return ws_fail(m->err, WS_ERR_PARSE,
                       "merge: '%s' and '%s' are not one run: %d players vs %d",
                       ws_quote(a, sizeof a, m->files[mg->players_from].path),
                       ws_quote(b, sizeof b, m->files[m->cur].path), mg->players, players);
    } else if (kind != mg->kind) {
        return merge_bad(m, "a game of another match (another game)");
    }
    st = grow(m, mg);
    if (st != WS_OK)
        return st;
    long n = mg->n++;
    mg->index[n] = (long)index;
    mg->seed[n] = seed;
    mg->file[n] = m->cur;
    memcpy(mg->res + n * players, res, (size_t)players * sizeof *res);
    memcpy(mg->us + n * players, us, (size_t)players * sizeof *us);
    m->files[m->cur].games++;
    return WS_OK;
}

/* The board of a snake match's summary into id (size, tail, start length,
 * walls by count and hash). False when one is missing or out of range. */
static bool board_ident(const char *line, Ident *id) {
    char size[32], tail[16], hash[24];
    uint64_t v = 0, walls = 0;
    char *end = NULL;
    if (!merge_json_text(line, "size", size, sizeof size) ||
        !merge_parse_size(size, &id->size.w, &id->size.h) ||
        !merge_json_text(line, "tail", tail, sizeof tail) ||
        (strcmp(tail, "free") != 0 && strcmp(tail, "strict") != 0))
        return false;
    int cells = id->size.w * id->size.h;
    if (!merge_json_u64(line, "start_length", 1, (uint64_t)cells - 1, &v) ||
        !merge_json_u64(line, "walls", 0, (uint64_t)cells - 1, &walls) ||
        !merge_json_text(line, "walls_hash", hash, sizeof hash) || strlen(hash) != 16)
        return false;
    id->walls.hash = strtoull(hash, &end, 16);
    if (*end != '\0')
        return false;
    id->strict_tail = strcmp(tail, "strict") == 0;
    id->start_length = (int)v;
    id->walls.count = (int)walls;
    id->has[F_SIZE] = id->has[F_TAIL] = id->has[F_START] = id->has[F_WALLS] = true;
    return true;
}

/* The test's parameters into mg->sprt and id's F_SPRT ("none", or the four
 * numbers as the run printed them: %.17g reads back exactly). */
static bool sprt_ident(const char *line, MatchSprt *sprt, Ident *id) {
    memset(sprt, 0, sizeof *sprt);
    id->has[F_SPRT] = true;
    if (strstr(line, "\"sprt\":false") != NULL) {
        snprintf(id->sprt, sizeof id->sprt, "none");
        return true;
    }
    sprt->on = strstr(line, "\"sprt\":true") != NULL;
    if (!sprt->on || !merge_json_number(line, "elo0", &sprt->elo0) ||
        !merge_json_number(line, "elo1", &sprt->elo1) ||
        !merge_json_number(line, "alpha", &sprt->alpha) ||
        !merge_json_number(line, "beta", &sprt->beta) || match_sprt_check(sprt, NULL) != WS_OK)
        return false;
    snprintf(id->sprt, sizeof id->sprt, "%.17g %.17g %.17g %.17g", sprt->elo0, sprt->elo1,
             sprt->alpha, sprt->beta);
    return true;
}

/* A sea placement's name read back (sea_placement_name's). */
static bool placement_parse(const char *name, SeaPlacement *out) {
    for (int p = 0; p < SEA_PLACE_COUNT; p++)
        if (strcmp(name, sea_placement_name((SeaPlacement)p)) == 0) {
            *out = (SeaPlacement)p;
            return true;
        }
    return false;
}

/* {"match":"summary",...}: the match's identity and its measurements. */
static WsStatus summary_line(Merge *m, MatchGames *mg, const char *line) {
    FileInfo *fi = &m->files[m->cur];
    if (fi->summary)
        return merge_bad(m, "a second summary object in one file");
    char kind_name[16], stop_name[24];
    MatchKind kind = MATCH_SNAKE;
    MatchStop stop = MATCH_STOP_DONE;
    uint64_t players = 0, seed = 0, games = 0, total = 0, jobs = 0;
    double wall = 0.0;
    Ident id = {0};
    MatchSprt sprt;
    if (!merge_json_text(line, "kind", kind_name, sizeof kind_name) ||
        !match_kind_parse(kind_name, &kind) ||
        !merge_json_u64(line, "players", 2, MATCH_MAX_PLAYERS, &players) ||
        !merge_json_u64(line, "seed", 0, UINT64_MAX, &seed) ||
        !merge_json_u64(line, "games", 0, OPTIONS_MANY, &games) ||
        !merge_json_u64(line, "games_total", 1, OPTIONS_MANY, &total) ||
        !merge_json_shard(line, &fi->shard_k, &fi->shard_n) ||
        !merge_json_text(line, "stop", stop_name, sizeof stop_name) ||
        !match_stop_parse(stop_name, &stop) || !merge_json_u64(line, "jobs", 0, 1 << 20, &jobs) ||
        !merge_json_time(line, "wall_s", &wall) ||
        !merge_json_text(line, "version", id.version, sizeof id.version) ||
        !sprt_ident(line, &sprt, &id))
        return merge_bad(m, "a match summary without kind, players, seed, games, games_total, "
                            "shard, sprt, stop, jobs, wall_s or version (or one out of range)");
    char names[MATCH_MAX_PLAYERS][MATCH_NAME_MAX + 1];
    size_t len = 0;
    for (int k = 0; k < (int)players; k++) {
        char key[16];
        snprintf(key, sizeof key, "name_%d", k);
        if (!merge_json_text(line, key, names[k], sizeof names[k]))
            return merge_bad(m, "a match summary without its players' names (name_K)");
        size_t n = strlen(names[k]); /* one space between two names: they hold none */
        if (len + n + 2 > sizeof id.players)
            return merge_bad(m, "a match summary with names too long");
        if (k > 0)
            id.players[len++] = ' ';
        memcpy(id.players + len, names[k], n + 1);
        len += n;
    }
    if (kind == MATCH_SNAKE
            ? !board_ident(line, &id)
            : !merge_json_text(line, "placement", id.placement, sizeof id.placement) ||
                  !placement_parse(id.placement, &mg->placement))
        return merge_bad(m, kind == MATCH_SNAKE ? "a match summary without its board (size, "
                                                  "tail, start_length, walls, walls_hash)"
                                                : "a match summary without a placement");
    if (mg->players != 0 && (int)players != mg->players) {
        if (fi->games > 0) /* its own games said another number */
            return merge_bad(m, "a summary of another match than its games (players)");
        char a[40], b[40];
        return ws_fail(m->err, WS_ERR_PARSE,
                       "merge: '%s' and '%s' are not one run: %d players vs %d",
                       ws_quote(a, sizeof a, m->files[mg->players_from].path),
                       ws_quote(b, sizeof b, fi->path), mg->players, (int)players);
    }
    kind_ident(&id, kind);
    id.has[F_SEED] = id.has[F_PLAYERS] = id.has[F_GAMES] = id.has[F_SHARDS] = true;
    id.has[F_PLACEMENT] = kind == MATCH_SEA;
    id.has[F_VERSION] = true;
    id.seed = seed;
    id.games_total = (long)total;
    id.shard_n = fi->shard_n;
    fi->summary = true;
    fi->stopped = stop == MATCH_STOP_INTERRUPTED;
    fi->summary_games = (long)games;
    m->line = 0; /* a difference names the files, not a line */
    WsStatus st = merge_take_ident(m, &id);
    if (st != WS_OK)
        return st;
    if (!mg->summary) {
        mg->summary = true;
        mg->sprt = sprt;
        memcpy(mg->names, names, sizeof names);
        if (mg->players == 0) {
            mg->players = (int)players;
            mg->kind = kind;
            mg->players_from = m->cur;
        }
    }
    m->jobs += (long)jobs;
    return merge_add(m, &m->wall_s, wall, "wall_s");
}

WsStatus merge_match_line(Merge *m, const char *line) {
    MatchGames *mg = games_of(m);
    if (mg == NULL)
        return ws_fail(m->err, WS_ERR_NOMEM, "out of memory");
    if (strncmp(line, "{\"match\":\"game\",", 16) == 0)
        return game_line(m, mg, line);
    if (strncmp(line, "{\"match\":\"summary\",", 19) == 0)
        return summary_line(m, mg, line);
    if (strncmp(line, "{\"match\":\"player\",", 18) == 0 ||
        strncmp(line, "{\"match\":\"pair\",", 16) == 0)
        return WS_OK; /* figures of the games: counted again from them */
    return merge_bad(m, "an unknown match object (game, player, pair or summary)");
}

/* ======================================================================== */
/* Summing up                                                                */
/* ======================================================================== */

/* A game's number and where it sits in mg's arrays, to sort by number. */
typedef struct GameAt {
    long index, at;
} GameAt;

static int cmp_game(const void *a, const void *b) {
    long x = ((const GameAt *)a)->index, y = ((const GameAt *)b)->index;
    return (x > y) - (x < y);
}

/* Whether one result can happen: a snake's by the board's rules, a sea
 * game's shots within the fleet's cells (20) and the board's (100). */
static WsStatus check_result(Merge *m, const MatchGames *mg, long g, int k) {
    const MatchResult *r = &mg->res[g * mg->players + k];
    if (mg->kind == MATCH_SNAKE) {
        static const SnakeOutcome OUTCOME[MATCH_END_COUNT] = {SNAKE_WON, SNAKE_DEAD, SNAKE_STALLED,
                                                              SNAKE_FORFEIT};
        int floor_cells = m->run.size.w * m->run.size.h - m->run.walls.count;
        return merge_check_snake_game(m, mg->file[g], mg->index[g], OUTCOME[r->end], floor_cells,
                                      r->length, r->count);
    }
    long lo = r->end == MATCH_WON ? SEA_FLEET_CELLS : 0, hi = SEA_CELLS;
    if (r->count >= lo && r->count <= hi)
        return WS_OK;
    char name[WS_QUOTE_SIZE];
    return ws_fail(m->err, WS_ERR_PARSE, "'%s': game %ld: %s with %ld shots: impossible",
                   ws_quote(name, sizeof name, m->files[mg->file[g]].path), mg->index[g],
                   match_end_name(MATCH_SEA, r->end), r->count);
}

/* The MatchInfo one run of the whole match would print. */
static void info_fill(MatchInfo *info, const Merge *m, const MatchGames *mg) {
    const Ident *r = &m->run;
    memset(info, 0, sizeof *info);
    info->kind = mg->kind;
    info->players = mg->players;
    memcpy(info->names, mg->names, sizeof info->names);
    info->seed = r->seed;
    info->games_total = r->games_total;
    info->shard_k = 0;
    info->shard_n = 1;
    info->w = r->size.w;
    info->h = r->size.h;
    info->cells = r->size.w * r->size.h - r->walls.count;
    info->walls = r->walls.count;
    info->start_length = r->start_length;
    info->strict_tail = r->strict_tail;
    info->walls_hash = r->walls.hash;
    info->placement = mg->placement;
    info->sprt = mg->sprt;
    info->version = r->version;
    info->wall_s = m->wall_s;
    info->jobs = m->jobs;
}

WsStatus merge_match_sum_up(Merge *m, bool json, FILE *out) {
    MatchGames *mg = m->match;
    if (!mg->summary)
        return ws_fail(m->err, WS_ERR_PARSE,
                       "merge: the match's players and board are unknown (JSON lines say them "
                       "only in the summary object): add a finished shard's file");
    if (m->jobs > INT_MAX)
        return ws_fail(m->err, WS_ERR_PARSE, "merge: the shards' jobs add up to %ld", m->jobs);
    GameAt *sorted = malloc(((size_t)mg->n + 1) * sizeof *sorted);
    long *order = malloc(((size_t)mg->n + 1) * sizeof *order);
    long *index = malloc(((size_t)mg->n + 1) * sizeof *index);
    int *file = malloc(((size_t)mg->n + 1) * sizeof *file);
    MatchInfo *info = calloc(1, sizeof *info);
    MatchTally *tally = calloc(1, sizeof *tally);
    WsStatus st = sorted == NULL || order == NULL || index == NULL || file == NULL ||
                          info == NULL || tally == NULL
                      ? ws_fail(m->err, WS_ERR_NOMEM, "out of memory")
                      : WS_OK;
    char note[MERGE_NOTE_MAX] = "";
    if (st == WS_OK) {
        for (long i = 0; i < mg->n; i++)
            sorted[i] = (GameAt){mg->index[i], i};
        qsort(sorted, (size_t)mg->n, sizeof *sorted, cmp_game);
        for (long i = 0; i < mg->n; i++) {
            order[i] = sorted[i].at;
            index[i] = sorted[i].index;
            file[i] = mg->file[order[i]];
        }
        st = merge_check_games(m, mg->n, index, file, note, sizeof note);
    }
    for (long i = 0; i < mg->n && st == WS_OK; i++)
        for (int k = 0; k < mg->players && st == WS_OK; k++)
            st = check_result(m, mg, order[i], k);
    MatchStop stop = MATCH_STOP_DONE;
    long counted = 0;
    double us[MATCH_MAX_PLAYERS] = {0}, decisions[MATCH_MAX_PLAYERS] = {0};
    if (st == WS_OK) {
        info_fill(info, m, mg);
        match_tally_init(tally, mg->kind, mg->players);
        /* In game order, as the run took them, until the test decides. */
        for (; counted < mg->n && stop == MATCH_STOP_DONE && st == WS_OK; counted++) {
            long g = order[counted];
            const MatchResult *res = &mg->res[g * mg->players];
            match_tally_add(tally, res);
            for (int k = 0; k < mg->players && st == WS_OK; k++) {
                double n = (double)res[k].count;
                st = merge_add(m, &us[k], mg->us[g * mg->players + k] * n, "decision times");
                decisions[k] += n;
            }
            if (mg->sprt.on) {
                const MatchPair *p = &tally->pair[0];
                stop = match_stop_of(match_sprt_verdict(
                    &mg->sprt, match_sprt_llr(&mg->sprt, p->better, p->ties, p->worse)));
            }
        }
    }
    if (st == WS_OK) {
        for (int k = 0; k < mg->players; k++) {
            info->decision_us[k] = decisions[k] > 0.0 ? us[k] / decisions[k] : 0.0;
            info->timed[k] = decisions[k] > 0.0;
        }
        for (int i = 0; i < m->nfiles && stop == MATCH_STOP_DONE; i++)
            if (m->files[i].stopped)
                stop = MATCH_STOP_INTERRUPTED;
        if (note[0] != '\0')
            report_warn("%s", note);
        if (counted < mg->n)
            report_warn("merge: the test decided at game %ld; the %ld games after it are "
                        "not counted, as one run would not have played them",
                        index[counted - 1], mg->n - counted);
        match_report_summary(out, info, tally, stop, json);
    }
    free(sorted);
    free(order);
    free(index);
    free(file);
    free(info);
    free(tally);
    return st;
}

void merge_match_free(Merge *m) {
    MatchGames *mg = m->match;
    if (mg == NULL)
        return;
    free(mg->index);
    free(mg->seed);
    free(mg->file);
    free(mg->res);
    free(mg->us);
    free(mg);
    m->match = NULL;
}
