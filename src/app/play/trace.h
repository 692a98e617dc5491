/* trace.h - snake traces (docs/formats.md#snake-trace): the
 * program's one writer and one reader of the format.
 *
 *   wavesnake-trace 1
 *   game 0 size 8 8 seed 42 policy greedy tail free
 *   walls K x1 y1 ... xK yK      (only when the board starts with walls)
 *   snake 3 0 2 0 1 0 0 0        (head first)
 *   food 5 6
 *   R                            (one line per move: U, R, D or L)
 *   wall X Y                     (a toggle, before the next move)
 *   food 1 2                     (after each eat, the new food)
 *   end won length 64 steps 700  (won | dead | stalled | forfeit)
 *
 * Two ends come from engines (docs/engines.md): `end forfeit` while the game
 * goes on (the engine failed; nothing moved), and a move that is not legal
 * (into a wall, the body, off the board) directly followed by `end dead`:
 * the snake died there without moving. An illegal move followed by anything
 * else is a fault of the trace. The game line names an engine as
 * `policy engine:NAME`; reading one never starts anything.
 *
 * Writer: lines appended to a TraceBuf, a growable text buffer (a headless
 * worker fills one per game and the results are written in game order), or
 * a whole game written from a SnakeHistory (the window's games).
 *
 * Reader: streams the file a line at a time (it never holds more than one
 * line, at most TRACE_MAX_LINE bytes, unless asked to keep a pipe's bytes
 * for the window) and checks everything while it replays
 * each game on the core: the header, every field of the game line and its
 * range, the walls line, the start rule, every move's legality, every food
 * by the PCG32 rule, toggles only on empty cells, the end line's outcome,
 * length and steps, and that nothing follows a game's end but the next
 * game. Any fault, binary garbage and a truncated file included, is one
 * WS_ERR_PARSE message "FILE:LINE: what is wrong"; it never crashes and
 * never reads on past the first fault.
 */
#ifndef WS_TRACE_H
#define WS_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "snake.h"
#include "snake_ai.h"
#include "snake_history.h"
#include "ws_error.h"

/* The longest line the reader accepts (a walls line of a 256x256 board fits). */
enum { TRACE_MAX_LINE = 1 << 20, TRACE_POLICY_MAX = 72 };

/* ======================================================================== */
/* Writer                                                                    */
/* ======================================================================== */

/* Text being built; a failed allocation sets `failed` and stops it growing. */
typedef struct TraceBuf {
    char *data;
    size_t len, cap;
    bool failed;
} TraceBuf;

/* Empties t, keeping its capacity. */
void trace_buf_clear(TraceBuf *t);
void trace_buf_free(TraceBuf *t);

/* The file's first line, "wavesnake-trace 1". */
void trace_write_header(TraceBuf *t);

/* A game's opening lines for g at tick 0: game, walls (if any), snake, food. */
void trace_write_start(TraceBuf *t, const SnakeGame *g, long number, const char *policy);

/* One move line. */
void trace_write_move(TraceBuf *t, Dir d);

/* The food after an eat (nothing when cell is SNAKE_NO_FOOD: the board is full). */
void trace_write_food(TraceBuf *t, int w, int cell);

/* A wall toggle at cell, before the next move. */
void trace_write_wall(TraceBuf *t, int w, int cell);

/* The end line. */
void trace_write_end(TraceBuf *t, SnakeOutcome outcome, int length, long steps);

/* Where player k (1-based) of a race or a match writes its trace: path
 * with ".K" before its extension ("m.trace" -> "m.2.trace", "runs/m" ->
 * "runs/m.2"; a dot that starts the file's name is not an extension). False
 * when that does not fit in size bytes. */
bool trace_player_path(const char *path, int k, char *buf, size_t size);

/* A whole finished game from its history (with its toggles), `policy` as
 * the game line's name. WS_ERR_ARG for a game still being played (a trace
 * game needs its end line); WS_ERR_NOMEM. */
WsStatus trace_write_history(TraceBuf *t, const SnakeHistory *h, const char *policy, WsError *err);

/* ======================================================================== */
/* Reader                                                                    */
/* ======================================================================== */

/* One game as its lines describe it. */
typedef struct TraceGame {
    long number; /* the number on its game line */
    SnakeRules rules;
    uint64_t seed;
    char policy_name[TRACE_POLICY_MAX]; /* as written */
    SnakePolicy policy; /* that policy, or greedy for a name this program does not know */
    bool policy_known;
    int walls;           /* walls at the start */
    uint64_t walls_hash; /* snake_summary_walls_hash of those walls (0: none) */
    long line;           /* the game line's number */
    long offset;         /* the game line's byte offset */
    /* From the end line, once read: */
    SnakeOutcome outcome;
    int length;
    long steps;
    int floor_cells; /* floor cells at the end */
    long end_line;
} TraceGame;

typedef enum TraceEventKind { TRACE_MOVE, TRACE_WALL, TRACE_END } TraceEventKind;

typedef struct TraceEvent {
    TraceEventKind kind;
    Dir dir;  /* TRACE_MOVE */
    bool ate; /* TRACE_MOVE: the move ate (its food line has been checked) */
    int cell; /* TRACE_WALL */
} TraceEvent;

/* A trace to read: the file at path, or, when text is set, that file's
 * bytes read already (a pipe cannot be read twice). */
typedef struct TraceSource {
    const char *path;     /* the file, and its name in messages */
    const TraceBuf *text; /* NULL: read path */
} TraceSource;

typedef struct TraceReader {
    const char *path; /* borrowed, for messages */
    FILE *f;          /* NULL: reading mem */
    const char *mem;  /* a TraceSource's text (borrowed) */
    size_t mem_len, mem_pos;
    TraceBuf *keep; /* when set, every byte read from f is appended to it */
    char *chunk;    /* read buffer */
    size_t chunk_len, chunk_pos;
    char *line; /* the current line, NUL-terminated */
    size_t line_len, line_cap;
    long line_no;
    long line_offset;  /* where the current line starts */
    long offset;       /* bytes consumed */
    bool pushed;       /* the current line is to be read again */
    bool unterminated; /* the last line read ended at the end of the file, not a newline */
    bool eof_in_game;  /* the file ended inside a game */

    bool in_game;   /* between a game's food line and its end line */
    bool need_food; /* the last move ate: a food line must follow */
    long last_number;
    bool any_game;
    TraceGame game; /* the current game */
    SnakeGame g;    /* its state, replayed on the core */
    bool g_open;
    uint8_t *walls; /* scratch: a walls line */
    int32_t *cells; /* scratch: points of a line */
    size_t scratch_cells;
} TraceReader;

/* Opens path and checks its first line. WS_ERR_IO if it cannot be read,
 * WS_ERR_PARSE if it is not a version-1 trace. On failure r owns nothing. */
WsStatus trace_open(TraceReader *r, const char *path, WsError *err);
WsStatus trace_open_source(TraceReader *r, const TraceSource *src, WsError *err);
void trace_close(TraceReader *r);

/* The trace reader's line reader for other line formats (merge's JSON
 * lines): trace_open_text opens any file (no header check); each
 * trace_read_line puts the next line in r->line (NUL-terminated, a final
 * '\r' dropped, at most TRACE_MAX_LINE bytes, binary bytes refused) and
 * returns 1, 0 at the end of the file, -1 on a fault (err: "FILE:LINE:
 * ..."). Memory stays bounded whatever the file (/dev/zero). */
WsStatus trace_open_text(TraceReader *r, const char *path, WsError *err);
int trace_read_line(TraceReader *r, WsError *err);

/* Reads the next game's opening lines (skipping blank lines before it) and
 * sets up r->game and r->g at tick 0. *found is false at the end of the
 * file. With h, the game is recorded into it as it is read (h is begun; its
 * AI memory is left for snake_history_scan). */
WsStatus trace_next_game(TraceReader *r, SnakeHistory *h, bool *found, WsError *err);

/* Reads, checks and plays the current game's next event (a move with its
 * food line, a wall toggle, or the end line) on r->g, and into h when given.
 * After TRACE_END r->game holds the end line's figures. */
WsStatus trace_next_event(TraceReader *r, SnakeHistory *h, TraceEvent *ev, WsError *err);

/* Reads the current game to its end line (TRACE_END); with h, into h. */
WsStatus trace_finish_game(TraceReader *r, SnakeHistory *h, WsError *err);

/* Goes back to the game line at `offset` (line number `line`), as recorded
 * in a TraceGame, so trace_next_game reads that game next. */
WsStatus trace_rewind_to(TraceReader *r, long offset, long line, WsError *err);

/* Fills err with "FILE:LINE: <message>" for the current line (WS_ERR_PARSE). */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
WsStatus
trace_fail(const TraceReader *r, WsError *err, const char *fmt, ...);

/* ======================================================================== */
/* Index and loading                                                         */
/* ======================================================================== */

/* Reads path game by game, each checked to its end line, and calls fn with
 * each game's summary (fn may fail: the walk stops with its status).
 * WS_ERR_PARSE for a bad line or a file without games. Memory stays bounded
 * whatever the file's size. */
typedef WsStatus (*TraceGameFn)(void *ctx, const TraceGame *game, WsError *err);
WsStatus trace_each_game(const char *path, TraceGameFn fn, void *ctx, WsError *err);

/* Every game of a file, each checked to its end line. */
typedef struct TraceIndex {
    TraceGame *games;
    long count;
    size_t cap;
    WsError cut; /* status WS_OK, or the fault of a file cut off inside a game (a killed
                    run): `count` complete games came before it */
} TraceIndex;

/* Reads and checks the whole file, once. With keep, every byte read is
 * appended to it (the text trace_load_game reads a pipe from). A file cut
 * off inside a game (it ends there, or its last line is cut short) after
 * complete games is indexed up to them, the fault in idx->cut
 * (docs/replay.md). WS_ERR_PARSE for any other fault or a file without
 * complete games. */
WsStatus trace_index_build(TraceIndex *idx, const char *path, TraceBuf *keep, WsError *err);
void trace_index_free(TraceIndex *idx);

/* The position in idx of the game numbered `number`, or -1. */
long trace_index_find(const TraceIndex *idx, long number);

/* The default game (docs/replay.md): the first that did not win, else the first. */
long trace_index_default(const TraceIndex *idx);

/* Reads game idx->games[i] of src again into h (begun, every move and
 * toggle recorded; the AI's memory left for snake_history_scan). */
WsStatus trace_load_game(const TraceSource *src, const TraceIndex *idx, long i, SnakeHistory *h,
                         WsError *err);

#endif
