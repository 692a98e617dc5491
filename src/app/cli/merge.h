/* merge.h - what `wavesnake merge`'s two readers share (merge.c: snake
 * runs, JSON lines or traces; merge_match.c: matches' JSON lines).
 *
 * A Merge reads the files one after the other and takes each one's
 * identity (Ident) into the run's: the first file that says a field sets
 * it, every later one must say the same, or the merge is refused with one
 * line naming the two files and the field. The fields are one table
 * (FIELDS in merge.c): their names, kinds and places in Ident. Sums of
 * measurements go through merge_add, which refuses a sum no double holds.
 * Internal to src/app/cli.
 */
#ifndef WS_MERGE_H
#define WS_MERGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "match.h"
#include "snake.h"
#include "trace.h"
#include "ws_error.h"

/* The fields of a run's identity. */
typedef enum Field {
    F_KIND, /* what the file holds: "snake run", "snake match", "sea match" */
    F_SEED,
    F_SIZE,
    F_POLICY,
    F_PLAYERS,
    F_TAIL,
    F_WALLS,
    F_START,
    F_PLACEMENT,
    F_SPRT,
    F_GAMES,
    F_SHARDS,
    F_VERSION,
    F_COUNT
} Field;

enum { MERGE_PLAYERS_TEXT = MATCH_MAX_PLAYERS * (MATCH_NAME_MAX + 1) + 1 };

typedef struct Ident {
    bool has[F_COUNT];
    char kind[16];
    uint64_t seed;
    struct {
        int w, h;
    } size;
    char policy[TRACE_POLICY_MAX];
    char players[MERGE_PLAYERS_TEXT]; /* the names, one space between two */
    bool strict_tail;
    struct {
        int count;
        uint64_t hash;
    } walls;
    int start_length;
    char placement[16];
    char sprt[112]; /* "elo0 elo1 alpha beta" as the summary says them, or "none" */
    long games_total;
    long shard_n;
    char version[32];
} Ident;

/* What one file said: its games' count, its shard, its summary. */
typedef struct FileInfo {
    const char *path;
    bool summary; /* it ends with a summary object (a finished shard) */
    bool stopped; /* its summary says Ctrl-C stopped it (its games merge, as a run stopped early) */
    bool lines;   /* JSON lines, which end with a summary (not a trace, which has none) */
    long games, summary_games;
    long shard_k, shard_n; /* from the summary; shard_n 0: unknown */
} FileInfo;

typedef struct MatchGames MatchGames; /* merge_match.c's */

typedef struct Merge {
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
    void *games; /* merge.c's snake games */
    long n, cap;
    MatchGames *match; /* merge_match.c's games */
} Merge;

/* "FILE:LINE: what" for the file being read (WS_ERR_PARSE). */
WsStatus merge_bad(Merge *m, const char *what);

/* Takes the fields `id` says (id->has) into the run, or refuses one that
 * differs from what an earlier file said. */
WsStatus merge_take_ident(Merge *m, const Ident *id);

/* *sum += v, refused (one line naming `what`) when the sum is no longer a
 * finite number: shards' times add up, and 1e308 twice is not a time. */
WsStatus merge_add(Merge *m, double *sum, double v, const char *what);

/* A game number a run can hold: 0..OPTIONS_MANY - 1 (the most --games). */
bool merge_game_number_ok(uint64_t index);

/* Refuses shards that hold one game twice, a shard given twice, a game of
 * another shard or beyond games_total; counts the games missing from
 * 0..games_total-1: refused when every file is a finished shard, else
 * `note` says so and which: each file of JSON lines that ends without its
 * summary (a shard killed) or was stopped by Ctrl-C, after which game, and
 * each shard no file holds (for stderr once the merge succeeds; "" when
 * none is missing; cut to note_size, MERGE_NOTE_MAX fits every file's
 * name). `index` is the sorted game numbers, `file` their files. */
enum { MERGE_NOTE_MAX = 2048 };
WsStatus merge_check_games(Merge *m, long n, const long *index, const int *file, char *note,
                           size_t note_size);

/* Whether a snake game's figures can happen on the run's board (`cells`:
 * the floor its line names): a length within the floor and not below the
 * start, a won game that fills the floor, steps within the stall rule.
 * WS_ERR_PARSE naming the file and the game. */
WsStatus merge_check_snake_game(Merge *m, int file, long index, SnakeOutcome outcome, int cells,
                                int length, long steps);

/* ---- flat JSON objects of our own making ------------------------------- */

/* The text after "key": in line, or NULL. */
const char *merge_json_at(const char *line, const char *key);
/* A finite number >= 0 (times). */
bool merge_json_time(const char *line, const char *key, double *out);
/* A finite number (e.g. an Elo bound). */
bool merge_json_number(const char *line, const char *key, double *out);
/* A whole number lo..hi (digits only: no sign, no spaces). */
bool merge_json_u64(const char *line, const char *key, uint64_t lo, uint64_t hi, uint64_t *out);
/* A string of printable ASCII without quotes, backslashes or spaces. */
bool merge_json_text(const char *line, const char *key, char *buf, size_t size);
/* "K/N", 0 <= K < N <= the most games. */
bool merge_json_shard(const char *line, long *k, long *n);
/* "WxH", each side SNAKE_MIN_SIDE..SNAKE_MAX_SIDE. */
bool merge_parse_size(const char *text, int *w, int *h);

/* ---- matches (merge_match.c) ------------------------------------------- */

/* One line of a match's JSON lines (`{"match":...`). */
WsStatus merge_match_line(Merge *m, const char *line);

/* The match's summary from every file's games (merge_check_games, every
 * result checked against the board, the tally in game order, the test's
 * stop), printed as one run of the match prints it. */
WsStatus merge_match_sum_up(Merge *m, bool json, FILE *out);

void merge_match_free(Merge *m);

#endif
