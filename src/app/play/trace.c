/* Snake traces: the writer, the streaming reader that checks every line, the index. */
#include "trace.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "snake_summary.h"

/* ======================================================================== */
/* Writer                                                                    */
/* ======================================================================== */

static const char HEADER[] = "wavesnake-trace 1";

void trace_buf_clear(TraceBuf *t) {
    t->len = 0;
    t->failed = false;
}

void trace_buf_free(TraceBuf *t) {
    free(t->data);
    memset(t, 0, sizeof *t);
}

/* Makes room for `need` more bytes, doubling from 4096; false (and the
 * buffer marked failed) when memory runs out. */
static bool buf_grow(TraceBuf *t, size_t need) {
    size_t cap = t->cap ? t->cap : 4096;
    while (cap - t->len < need)
        cap *= 2;
    char *grown = realloc(t->data, cap);
    if (grown == NULL) {
        t->failed = true;
        return false;
    }
    t->data = grown;
    t->cap = cap;
    return true;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
buf_printf(TraceBuf *t, const char *fmt, ...) {
    if (t->failed)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        size_t room = t->cap - t->len;
        int n = vsnprintf(t->data ? t->data + t->len : NULL, t->data ? room : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            t->failed = true;
            return;
        }
        if (t->data != NULL && (size_t)n < room) {
            t->len += (size_t)n;
            return;
        }
        if (!buf_grow(t, (size_t)n + 1)) /* the text and vsnprintf's NUL */
            return;
    }
}

/* Appends n raw bytes (the reader's copy of a pipe). */
static void buf_append(TraceBuf *t, const char *bytes, size_t n) {
    if (t->failed)
        return;
    if (t->cap - t->len < n && !buf_grow(t, n))
        return;
    memcpy(t->data + t->len, bytes, n);
    t->len += n;
}

static void buf_point(TraceBuf *t, int w, int cell) { buf_printf(t, " %d %d", cell % w, cell / w); }

void trace_write_header(TraceBuf *t) { buf_printf(t, "%s\n", HEADER); }

void trace_write_start(TraceBuf *t, const SnakeGame *g, long number, const char *policy) {
    const Snake *s = &g->snake;
    buf_printf(t, "game %ld size %d %d seed %llu policy %s tail %s\n", number, s->w, s->h,
               (unsigned long long)g->seed, policy, g->rules.strict_tail ? "strict" : "free");
    if (g->wall_count > 0) {
        buf_printf(t, "walls %d", g->wall_count);
        for (int c = 0; c < s->cap; c++)
            if (snake_game_is_wall(g, c))
                buf_point(t, s->w, c);
        buf_printf(t, "\n");
    }
    buf_printf(t, "snake");
    for (int i = 0; i < s->len; i++)
        buf_point(t, s->w, snake_at(s, i));
    buf_printf(t, "\n");
    trace_write_food(t, s->w, g->food);
}

void trace_write_move(TraceBuf *t, Dir d) { buf_printf(t, "%c\n", dir_to_char(d)); }

void trace_write_food(TraceBuf *t, int w, int cell) {
    if (cell < 0)
        return;
    buf_printf(t, "food");
    buf_point(t, w, cell);
    buf_printf(t, "\n");
}

void trace_write_wall(TraceBuf *t, int w, int cell) {
    buf_printf(t, "wall");
    buf_point(t, w, cell);
    buf_printf(t, "\n");
}

void trace_write_end(TraceBuf *t, SnakeOutcome outcome, int length, long steps) {
    buf_printf(t, "end %s length %d steps %ld\n", snake_outcome_name(outcome), length, steps);
}

bool trace_player_path(const char *path, int k, char *buf, size_t size) {
    const char *slash = strrchr(path, '/');
    const char *name = slash != NULL ? slash + 1 : path;
    const char *dot = strrchr(name, '.');
    size_t stem = dot != NULL && dot != name ? (size_t)(dot - path) : strlen(path);
    int n = snprintf(buf, size, "%.*s.%d%s", (int)stem, path, k, path + stem);
    return n >= 0 && (size_t)n < size;
}

WsStatus trace_write_history(TraceBuf *t, const SnakeHistory *h, const char *policy, WsError *err) {
    if (!h->started || h->outcome == SNAKE_PLAYING)
        return ws_fail(err, WS_ERR_ARG, "game %ld is still being played: a trace needs its end",
                       h->game);
    SnakeGame g;
    WsStatus st = snake_game_init(&g, &h->rules, h->seed, err);
    if (st == WS_OK)
        st = snake_game_set_walls(&g, h->start_wall_count > 0 ? h->start_walls : NULL, err);
    if (st != WS_OK) {
        snake_game_deinit(&g);
        return st;
    }
    int w = h->rules.w;
    trace_write_start(t, &g, h->game, policy);
    long toggle = 0, eat = 0;
    for (long tick = 0; tick <= h->ticks; tick++) {
        for (; toggle < h->ntoggles && h->toggles[toggle].tick == tick; toggle++)
            trace_write_wall(t, w, h->toggles[toggle].cell);
        if (tick == h->ticks)
            break;
        trace_write_move(t, snake_history_move(h, tick));
        if (eat < h->neats && h->eats[eat].tick == tick)
            trace_write_food(t, w, h->eats[eat++].food);
    }
    trace_write_end(t, h->outcome, h->length, h->ticks);
    snake_game_deinit(&g);
    return t->failed ? ws_fail(err, WS_ERR_NOMEM, "out of memory for a trace") : WS_OK;
}

/* ======================================================================== */
/* Reader: lines                                                             */
/* ======================================================================== */

enum { CHUNK = 64 * 1024, QUOTE = 24 };

WsStatus trace_fail(const TraceReader *r, WsError *err, const char *fmt, ...) {
    char what[sizeof err->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return ws_fail(err, WS_ERR_PARSE, "%s:%ld: %s", r->path, r->line_no, what);
}

/* The current line for a message: its start, with "..." when cut. */
static const char *quote(const TraceReader *r, char *buf, size_t size) {
    snprintf(buf, size, "%.*s%s", QUOTE, r->line, r->line_len > QUOTE ? "..." : "");
    return buf;
}

/* Reads the next chunk: from the file (a copy kept in r->keep when asked),
 * or from the text in memory. 0 at the end or on a read error. */
static size_t fill_chunk(TraceReader *r) {
    if (r->f == NULL) {
        size_t n = r->mem_len - r->mem_pos < CHUNK ? r->mem_len - r->mem_pos : CHUNK;
        memcpy(r->chunk, r->mem + r->mem_pos, n);
        r->mem_pos += n;
        return n;
    }
    size_t n = fread(r->chunk, 1, CHUNK, r->f);
    if (r->keep != NULL)
        buf_append(r->keep, r->chunk, n);
    return n;
}

/* Reads the next line into r->line. 1: a line; 0: the end of the file;
 * -1: a fault (err). Bytes are checked as they come, so binary data stops
 * the reader at once, and a line is never longer than TRACE_MAX_LINE. */
static int read_line(TraceReader *r, WsError *err) {
    r->line_no++;
    r->line_len = 0;
    r->line_offset = r->offset;
    bool any = false;
    for (;;) {
        if (r->chunk_pos == r->chunk_len) {
            errno = 0;
            size_t n = fill_chunk(r);
            if (n == 0) {
                if (r->f != NULL && ferror(r->f)) {
                    ws_fail(err, WS_ERR_IO, "cannot read '%s': %s", r->path,
                            errno ? strerror(errno) : "read error");
                    return -1;
                }
                if (!any)
                    return 0;
                r->unterminated = true;
                break; /* a last line without its newline */
            }
            r->chunk_len = n;
            r->chunk_pos = 0;
        }
        unsigned char c = (unsigned char)r->chunk[r->chunk_pos++];
        r->offset++;
        any = true;
        if (c == '\n')
            break;
        if ((c < 0x20 && c != '\t' && c != '\r') || c > 0x7e) {
            trace_fail(r, err, "binary data (byte 0x%02x): not a text trace", c);
            return -1;
        }
        if (r->line_len + 1 >= r->line_cap) {
            if (r->line_cap >= TRACE_MAX_LINE) {
                trace_fail(r, err, "line longer than %d bytes", TRACE_MAX_LINE);
                return -1;
            }
            size_t cap = r->line_cap ? 2 * r->line_cap : 256;
            char *grown = realloc(r->line, cap);
            if (grown == NULL) {
                ws_fail(err, WS_ERR_NOMEM, "out of memory reading '%s'", r->path);
                return -1;
            }
            r->line = grown;
            r->line_cap = cap;
        }
        r->line[r->line_len++] = (char)c;
    }
    if (r->line_len > 0 && r->line[r->line_len - 1] == '\r')
        r->line_len--;
    r->line[r->line_len] = '\0';
    if (memchr(r->line, '\r', r->line_len) != NULL) {
        trace_fail(r, err, "a carriage return inside the line: not a text trace");
        return -1;
    }
    return 1;
}

/* ======================================================================== */
/* Reader: tokens                                                            */
/* ======================================================================== */

typedef struct Scan {
    const char *p;
} Scan;

/* The next space-separated token (NULL at the end of the line). */
static const char *scan_token(Scan *s, size_t *len) {
    while (*s->p == ' ' || *s->p == '\t')
        s->p++;
    if (*s->p == '\0')
        return NULL;
    const char *start = s->p;
    while (*s->p != '\0' && *s->p != ' ' && *s->p != '\t')
        s->p++;
    *len = (size_t)(s->p - start);
    return start;
}

static bool scan_word(Scan *s, const char *word) {
    size_t len = 0;
    const char *tok = scan_token(s, &len);
    return tok != NULL && len == strlen(word) && memcmp(tok, word, len) == 0;
}

/* A whole number of decimal digits, at most max. */
static bool scan_number(Scan *s, uint64_t max, uint64_t *out) {
    size_t len = 0;
    const char *tok = scan_token(s, &len);
    if (tok == NULL || len > 20)
        return false;
    uint64_t v = 0;
    for (size_t i = 0; i < len; i++) {
        if (tok[i] < '0' || tok[i] > '9')
            return false;
        uint64_t digit = (uint64_t)(tok[i] - '0');
        if (v > (UINT64_MAX - digit) / 10)
            return false;
        v = v * 10 + digit;
    }
    if (v > max)
        return false;
    *out = v;
    return true;
}

static bool scan_end(Scan *s) {
    size_t len = 0;
    return scan_token(s, &len) == NULL;
}

/* The next x y pair as a cell of the w x h board: 1; no more numbers: 0;
 * a bad number or a point off the board: -1 (*x, *y say which). */
static int scan_point(Scan *s, int w, int h, int *cell, long *x, long *y) {
    Scan look = *s;
    size_t len = 0;
    if (scan_token(&look, &len) == NULL)
        return 0;
    uint64_t vx = 0, vy = 0;
    bool ok = scan_number(s, INT_MAX, &vx);
    ok = scan_number(s, INT_MAX, &vy) && ok;
    *x = ok ? (long)vx : -1;
    *y = ok ? (long)vy : -1;
    if (!ok || vx >= (uint64_t)w || vy >= (uint64_t)h)
        return -1;
    *cell = (int)vy * w + (int)vx;
    return 1;
}

/* ======================================================================== */
/* Reader: lifecycle                                                         */
/* ======================================================================== */

/* The reader's chunk and line buffers; on failure the reader is closed. */
static WsStatus reader_buffers(TraceReader *r, const char *path, WsError *err) {
    r->chunk = malloc(CHUNK);
    r->line_cap = 256;
    r->line = malloc(r->line_cap);
    if (r->chunk == NULL || r->line == NULL) {
        trace_close(r);
        return ws_fail(err, WS_ERR_NOMEM, "out of memory reading '%s'", path);
    }
    return WS_OK;
}

WsStatus trace_open_text(TraceReader *r, const char *path, WsError *err) {
    memset(r, 0, sizeof *r);
    r->path = path;
    r->f = fopen(path, "rbe"); /* "e": close-on-exec */
    if (r->f == NULL)
        return ws_fail(err, WS_ERR_IO, "cannot open '%s': %s", path, strerror(errno));
    return reader_buffers(r, path, err);
}

int trace_read_line(TraceReader *r, WsError *err) { return read_line(r, err); }

WsStatus trace_open(TraceReader *r, const char *path, WsError *err) {
    TraceSource src = {path, NULL};
    return trace_open_source(r, &src, err);
}

WsStatus trace_open_source(TraceReader *r, const TraceSource *src, WsError *err) {
    const char *path = src->path;
    memset(r, 0, sizeof *r);
    r->path = path;
    if (src->text != NULL) {
        r->mem = src->text->data != NULL ? src->text->data : "";
        r->mem_len = src->text->len;
    } else if ((r->f = fopen(path, "rbe")) == NULL) {
        return ws_fail(err, WS_ERR_IO, "cannot open '%s': %s", path, strerror(errno));
    }
    /* The line buffer exists from the start: an empty first line still
     * needs room for its terminator (fuzz_trace found the write to NULL). */
    WsStatus st = reader_buffers(r, path, err);
    if (st != WS_OK)
        return st;
    int rc = read_line(r, err);
    if (rc < 0)
        st = err != NULL ? err->status : WS_ERR_PARSE;
    else if (rc == 0)
        st = trace_fail(r, err, "empty file: a trace starts with '%s'", HEADER);
    else if (strncmp(r->line, "wavesnake-trace ", 16) == 0 && strcmp(r->line, HEADER) != 0)
        st = trace_fail(r, err, "unsupported trace version '%.16s' (this program reads 1)",
                        r->line + 16);
    else if (strcmp(r->line, HEADER) != 0)
        st = trace_fail(r, err, "not a wavesnake trace: the first line must be '%s'", HEADER);
    if (st != WS_OK)
        trace_close(r);
    return st;
}

void trace_close(TraceReader *r) {
    if (r->f != NULL)
        fclose(r->f);
    free(r->chunk);
    free(r->line);
    free(r->walls);
    free(r->cells);
    if (r->g_open)
        snake_game_deinit(&r->g);
    memset(r, 0, sizeof *r);
}

WsStatus trace_rewind_to(TraceReader *r, long offset, long line, WsError *err) {
    if (r->f == NULL && (offset < 0 || (size_t)offset > r->mem_len))
        return ws_fail(err, WS_ERR_IO, "cannot seek in '%s': offset %ld is past its end", r->path,
                       offset);
    if (r->f == NULL)
        r->mem_pos = (size_t)offset;
    else if (fseek(r->f, offset, SEEK_SET) != 0)
        return ws_fail(err, WS_ERR_IO, "cannot seek in '%s': %s", r->path, strerror(errno));
    r->chunk_len = r->chunk_pos = 0;
    r->offset = offset;
    r->line_no = line - 1;
    r->in_game = false;
    r->need_food = false;
    r->any_game = false;
    r->unterminated = false;
    return WS_OK;
}

/* ======================================================================== */
/* Reader: a game's opening lines                                            */
/* ======================================================================== */

static const char GAME_FORM[] = "game G size W H seed S policy P tail free|strict";

/* Sizes the scratch for a board of `cells` cells. */
static bool scratch_fit(TraceReader *r, size_t cells) {
    if (r->scratch_cells >= cells)
        return true;
    uint8_t *walls = realloc(r->walls, cells);
    if (walls == NULL)
        return false;
    r->walls = walls;
    int32_t *pts = realloc(r->cells, cells * sizeof *pts);
    if (pts == NULL)
        return false;
    r->cells = pts;
    r->scratch_cells = cells;
    return true;
}

static WsStatus parse_game_line(TraceReader *r, WsError *err) {
    TraceGame *gm = &r->game;
    memset(gm, 0, sizeof *gm);
    gm->line = r->line_no;
    gm->offset = r->line_offset;
    Scan s = {r->line};
    uint64_t number = 0, w = 0, h = 0, seed = 0;
    size_t len = 0;
    if (!scan_word(&s, "game") || !scan_number(&s, LONG_MAX, &number))
        return trace_fail(r, err, "bad game line (expected '%s')", GAME_FORM);
    if (!scan_word(&s, "size") || !scan_number(&s, INT_MAX, &w) || !scan_number(&s, INT_MAX, &h))
        return trace_fail(r, err, "bad board size (expected '%s')", GAME_FORM);
    if (w < SNAKE_MIN_SIDE || h < SNAKE_MIN_SIDE || w > SNAKE_MAX_SIDE || h > SNAKE_MAX_SIDE)
        return trace_fail(r, err, "board size %llux%llu is outside %d..%d a side",
                          (unsigned long long)w, (unsigned long long)h, SNAKE_MIN_SIDE,
                          SNAKE_MAX_SIDE);
    if (!scan_word(&s, "seed") || !scan_number(&s, UINT64_MAX, &seed))
        return trace_fail(r, err, "bad seed (expected '%s')", GAME_FORM);
    const char *name = NULL;
    if (!scan_word(&s, "policy") || (name = scan_token(&s, &len)) == NULL)
        return trace_fail(r, err, "bad policy (expected '%s')", GAME_FORM);
    if (len >= TRACE_POLICY_MAX)
        return trace_fail(r, err, "policy name longer than %d characters", TRACE_POLICY_MAX - 1);
    memcpy(gm->policy_name, name, len);
    gm->policy_name[len] = '\0';
    const char *tail = NULL;
    if (!scan_word(&s, "tail") || (tail = scan_token(&s, &len)) == NULL)
        return trace_fail(r, err, "bad tail rule (expected '%s')", GAME_FORM);
    bool strict = len == 6 && memcmp(tail, "strict", 6) == 0;
    if (!strict && !(len == 4 && memcmp(tail, "free", 4) == 0))
        return trace_fail(r, err, "tail must be free or strict");
    if (!scan_end(&s))
        return trace_fail(r, err, "unexpected text after the game line (expected '%s')", GAME_FORM);
    if (r->any_game && (long)number <= r->last_number)
        return trace_fail(r, err, "game numbers must increase (game %llu after game %ld)",
                          (unsigned long long)number, r->last_number);
    gm->number = (long)number;
    gm->seed = seed;
    gm->rules.w = (int)w;
    gm->rules.h = (int)h;
    gm->rules.strict_tail = strict;
    gm->policy = SNAKE_POLICY_GREEDY; /* for a name this program does not know */
    for (int p = 0; p < SNAKE_POLICY_COUNT; p++)
        if (strcmp(gm->policy_name, snake_policy_name((SnakePolicy)p)) == 0) {
            gm->policy = (SnakePolicy)p;
            gm->policy_known = true;
        }
    return WS_OK;
}

/* "walls K x1 y1 ... xK yK" into r->walls (K >= 1, cells in row-major order). */
static WsStatus parse_walls_line(TraceReader *r, WsError *err) {
    int w = r->game.rules.w, h = r->game.rules.h, cells = w * h;
    Scan s = {r->line};
    uint64_t k = 0;
    if (!scan_word(&s, "walls") || !scan_number(&s, INT_MAX, &k) || k < 1 || k >= (uint64_t)cells)
        return trace_fail(r, err, "bad walls line (expected 'walls K x1 y1 ... xK yK', K 1..%d)",
                          cells - 1);
    memset(r->walls, 0, (size_t)cells);
    int count = 0, last = -1, cell = 0;
    long x = 0, y = 0;
    int rc;
    while ((rc = scan_point(&s, w, h, &cell, &x, &y)) == 1) {
        if (cell <= last)
            return trace_fail(r, err, "walls are not in row-major order at (%ld, %ld)", x, y);
        r->walls[cell] = 1;
        last = cell;
        count++;
    }
    if (rc < 0)
        return trace_fail(r, err, "wall (%ld, %ld) is not a cell of the %dx%d board", x, y, w, h);
    if ((uint64_t)count != k)
        return trace_fail(r, err, "the walls line has %d cells, not %llu", count,
                          (unsigned long long)k);
    r->game.walls = count;
    return WS_OK;
}

/* "snake x1 y1 ..." (head first): the start body, which sets the start length. */
static WsStatus parse_snake_line(TraceReader *r, int *n, WsError *err) {
    int w = r->game.rules.w, h = r->game.rules.h;
    Scan s = {r->line};
    if (!scan_word(&s, "snake"))
        return trace_fail(r, err, "expected the snake line ('snake x1 y1 ...', head first)");
    int count = 0, cell = 0, rc;
    long x = 0, y = 0;
    while ((rc = scan_point(&s, w, h, &cell, &x, &y)) == 1) {
        if (count == w)
            return trace_fail(r, err, "a start snake is at most %d cells long (the board width)",
                              w);
        r->cells[count++] = cell;
    }
    if (rc < 0)
        return trace_fail(r, err, "snake cell (%ld, %ld) is not a cell of the %dx%d board", x, y, w,
                          h);
    if (count == 0)
        return trace_fail(r, err, "the snake line has no cells");
    *n = count;
    return WS_OK;
}

/* "food X Y" matching the food the placement rule put on r->g. */
static WsStatus check_food_line(TraceReader *r, const char *what, WsError *err) {
    int w = r->game.rules.w, h = r->game.rules.h, food = r->g.food;
    Scan s = {r->line};
    int cell = 0;
    long x = 0, y = 0;
    if (!scan_word(&s, "food") || scan_point(&s, w, h, &cell, &x, &y) != 1 || !scan_end(&s))
        return trace_fail(r, err, "expected the food line %s ('food %d %d')", what, food % w,
                          food / w);
    if (cell != food)
        return trace_fail(r, err,
                          "the food is at (%ld, %ld) but the placement rule puts it at (%d, %d)", x,
                          y, food % w, food / w);
    return WS_OK;
}

/* Reads the next line inside a game; the end of the file there is a fault. */
/* A line of a game is words separated by single spaces, as the writer
 * writes them, whatever its kind: a tab, a leading, trailing or double
 * space is a fault (an empty line is judged by its caller). */
static WsStatus check_spacing(TraceReader *r, WsError *err) {
    const char *l = r->line;
    size_t n = r->line_len;
    if (n > 0 &&
        (l[0] == ' ' || l[n - 1] == ' ' || memchr(l, '\t', n) != NULL || strstr(l, "  ") != NULL))
        return trace_fail(r, err,
                          "words must be separated by single spaces (no tab, no leading, "
                          "trailing or double space)");
    return WS_OK;
}

static WsStatus game_line(TraceReader *r, WsError *err) {
    int rc = read_line(r, err);
    if (rc < 0)
        return err != NULL ? err->status : WS_ERR_PARSE;
    if (rc == 0) {
        r->eof_in_game = true;
        return trace_fail(r, err, "the file ends inside game %ld (no end line)", r->game.number);
    }
    return check_spacing(r, err);
}

/* Sets up r->g for the current game: the board, its walls, the start body. */
static WsStatus start_game(TraceReader *r, bool walls, WsError *err) {
    SnakeRules *rules = &r->game.rules;
    WsError why = {0};
    if (snake_rules_check(rules, &why) != WS_OK)
        return trace_fail(r, err, "%s", why.msg);
    if (r->g_open && memcmp(&r->g.rules, rules, sizeof *rules) != 0) {
        snake_game_deinit(&r->g);
        r->g_open = false;
    }
    if (!r->g_open) {
        WsStatus st = snake_game_init(&r->g, rules, r->game.seed, err);
        if (st != WS_OK)
            return st;
        r->g_open = true;
    }
    snake_game_reset(&r->g, r->game.seed);
    if (snake_game_set_walls(&r->g, walls ? r->walls : NULL, &why) != WS_OK)
        return trace_fail(r, err, "%s", why.msg);
    return WS_OK;
}

WsStatus trace_next_game(TraceReader *r, SnakeHistory *h, bool *found, WsError *err) {
    *found = false;
    int rc;
    do {
        rc = read_line(r, err);
        if (rc < 0)
            return err != NULL ? err->status : WS_ERR_PARSE;
        if (rc == 0)
            return WS_OK;
    } while (r->line_len == 0);
    char q[QUOTE + 8];
    WsStatus sp = check_spacing(r, err);
    if (sp != WS_OK)
        return sp;
    if (strncmp(r->line, "game ", 5) != 0)
        return trace_fail(r, err, "expected a game line, not '%s'", quote(r, q, sizeof q));
    WsStatus st = parse_game_line(r, err);
    if (st != WS_OK)
        return st;
    int w = r->game.rules.w, hh = r->game.rules.h;
    if (!scratch_fit(r, (size_t)w * (size_t)hh))
        return ws_fail(err, WS_ERR_NOMEM, "out of memory reading '%s'", r->path);
    if ((st = game_line(r, err)) != WS_OK)
        return st;
    bool walls = strncmp(r->line, "walls", 5) == 0;
    if (walls) {
        if ((st = parse_walls_line(r, err)) != WS_OK || (st = game_line(r, err)) != WS_OK)
            return st;
    }
    r->game.walls_hash = walls ? snake_summary_walls_hash(r->walls, w, hh) : 0;
    int n = 0;
    if ((st = parse_snake_line(r, &n, err)) != WS_OK)
        return st;
    r->game.rules.start_length = n;
    if ((st = start_game(r, walls, err)) != WS_OK)
        return st;
    const Snake *s = &r->g.snake;
    for (int i = 0; i < n; i++)
        if (r->cells[i] != snake_at(s, i))
            return trace_fail(r, err,
                              "the start rule puts this snake with its head at (%d, %d) and its "
                              "tail at (%d, %d)",
                              snake_head(s) % w, snake_head(s) / w, snake_tail(s) % w,
                              snake_tail(s) / w);
    if ((st = game_line(r, err)) != WS_OK ||
        (st = check_food_line(r, "of the start", err)) != WS_OK)
        return st;
    if (h != NULL &&
        (st = snake_history_begin(h, &r->g, r->game.policy, r->game.number, NULL, err)) != WS_OK)
        return st;
    r->in_game = true;
    r->need_food = false;
    r->any_game = true;
    r->last_number = r->game.number;
    *found = true;
    return WS_OK;
}

/* ======================================================================== */
/* Reader: events                                                            */
/* ======================================================================== */

static Dir move_of(const char *line) {
    if (line[0] == '\0' || line[1] != '\0' || strchr("URDL", line[0]) == NULL)
        return DIR_NONE; /* upper case only, as the format is written */
    return dir_from_char(line[0]);
}

/* Why d is not legal for r->g, for the message. */
static void illegal_why(const TraceReader *r, Dir d, char *buf, size_t size) {
    const SnakeGame *g = &r->g;
    const Snake *s = &g->snake;
    int w = s->w, head = snake_head(s);
    int to = grid_neighbor(w, s->h, head, d);
    if (to < 0)
        snprintf(buf, size, "off the board from (%d, %d)", head % w, head / w);
    else if (snake_game_is_wall(g, to))
        snprintf(buf, size, "(%d, %d) is a wall", to % w, to / w);
    else if (to == snake_tail(s) && s->len > 1)
        snprintf(buf, size, "(%d, %d) is the tail's cell and the tail rule is strict", to % w,
                 to / w);
    else
        snprintf(buf, size, "(%d, %d) is the snake's body", to % w, to / w);
}

static WsStatus event_end(TraceReader *r, SnakeHistory *h, TraceEvent *ev, WsError *err);

/* An illegal move: the snake dies where it stands (a player that moved into
 * a wall or its body, e.g. an engine), which a trace records as the move and
 * then at once the end line; followed by anything else it is a fault. */
static WsStatus event_crash(TraceReader *r, SnakeHistory *h, Dir d, TraceEvent *ev, WsError *err) {
    SnakeGame *g = &r->g;
    char why[80];
    illegal_why(r, d, why, sizeof why);
    long move_line = r->line_no;
    long tick = g->steps;
    WsStatus st = game_line(r, err);
    if (st != WS_OK)
        return st;
    if (strncmp(r->line, "end ", 4) != 0) {
        r->line_no = move_line; /* the fault is the move's */
        return trace_fail(r, err, "illegal move %c at tick %ld: %s", dir_to_char(d), tick, why);
    }
    if (h != NULL) {
        st = snake_history_crash(h, g, err);
        if (st != WS_OK)
            return st;
    } else {
        snake_game_tick(g, d); /* dead, nothing moved */
    }
    return event_end(r, h, ev, err);
}

/* Plays one tick of move d (DIR_NONE: none is legal) into the history when
 * the reader keeps one, else on the game alone. */
static WsStatus play_tick(SnakeHistory *h, SnakeGame *g, Dir d, WsError *err) {
    if (h == NULL) {
        snake_game_tick(g, d);
        return WS_OK;
    }
    return snake_history_play(h, g, NULL, d, DIR_NONE, err);
}

static WsStatus event_move(TraceReader *r, SnakeHistory *h, Dir d, TraceEvent *ev, WsError *err) {
    SnakeGame *g = &r->g;
    if (g->outcome != SNAKE_PLAYING)
        return trace_fail(r, err, "a move after the end of the game (%s at tick %ld)",
                          snake_outcome_name(g->outcome), g->steps);
    if (!snake_game_is_legal(g, d))
        return event_crash(r, h, d, ev, err);
    int len = g->snake.len;
    WsStatus st = play_tick(h, g, d, err);
    if (st != WS_OK)
        return st;
    ev->kind = TRACE_MOVE;
    ev->dir = d;
    ev->ate = g->snake.len > len;
    if (ev->ate && g->food >= 0) {
        st = game_line(r, err);
        if (st == WS_OK)
            st = check_food_line(r, "after the eat", err);
        if (st != WS_OK)
            return st;
    }
    return WS_OK;
}

static WsStatus event_wall(TraceReader *r, SnakeHistory *h, TraceEvent *ev, WsError *err) {
    SnakeGame *g = &r->g;
    int w = g->rules.w, cell = 0;
    long x = 0, y = 0;
    Scan s = {r->line};
    scan_word(&s, "wall");
    if (scan_point(&s, w, g->rules.h, &cell, &x, &y) != 1 || !scan_end(&s))
        return trace_fail(r, err,
                          "bad wall line (expected 'wall X Y' with a cell of the %dx%d "
                          "board)",
                          w, g->rules.h);
    if (g->outcome != SNAKE_PLAYING)
        return trace_fail(r, err, "a wall toggle after the end of the game");
    if (snake_occupies(&g->snake, cell))
        return trace_fail(r, err, "wall toggled on the snake at (%ld, %ld)", x, y);
    if (cell == g->food)
        return trace_fail(r, err, "wall toggled on the food at (%ld, %ld)", x, y);
    bool ok = h != NULL ? snake_history_toggle(h, g, NULL, cell, NULL) == WS_OK
                        : snake_game_toggle_wall(g, cell);
    if (!ok)
        return trace_fail(r, err, "a wall at (%ld, %ld) would leave no room for a start snake", x,
                          y);
    ev->kind = TRACE_WALL;
    ev->cell = cell;
    return WS_OK;
}

static WsStatus event_end(TraceReader *r, SnakeHistory *h, TraceEvent *ev, WsError *err) {
    SnakeGame *g = &r->g;
    Scan s = {r->line};
    size_t len = 0;
    const char *word = NULL;
    uint64_t length = 0, steps = 0;
    if (!scan_word(&s, "end") || (word = scan_token(&s, &len)) == NULL ||
        !scan_word(&s, "length") || !scan_number(&s, INT_MAX, &length) || !scan_word(&s, "steps") ||
        !scan_number(&s, LONG_MAX, &steps) || !scan_end(&s))
        return trace_fail(r, err,
                          "bad end line (expected 'end won|dead|stalled|forfeit length L steps "
                          "N')");
    bool forfeit = len == 7 && memcmp(word, "forfeit", 7) == 0;
    if (forfeit && g->outcome == SNAKE_PLAYING) {
        /* The player (an engine) gave no move here: the game ends where it
         * stands, and the figures below must be those of this tick. */
        if (h != NULL) {
            WsStatus st = snake_history_forfeit(h, g, err);
            if (st != WS_OK)
                return st;
        } else {
            snake_game_forfeit(g);
        }
    }
    if (g->outcome == SNAKE_PLAYING && !snake_game_has_move(g)) {
        /* A wall toggled at this tick left no legal move: dead without a move. */
        WsStatus st = play_tick(h, g, DIR_NONE, err);
        if (st != WS_OK)
            return st;
    }
    if (g->outcome == SNAKE_PLAYING)
        return trace_fail(r, err, "the end line comes while the game goes on (tick %ld, length %d)",
                          g->steps, g->snake.len);
    const char *truth = snake_outcome_name(g->outcome);
    if (len != strlen(truth) || memcmp(word, truth, len) != 0 || length != (uint64_t)g->snake.len ||
        steps != (uint64_t)g->steps)
        return trace_fail(r, err, "the end line disagrees with the game: %s, length %d, steps %ld",
                          truth, g->snake.len, g->steps);
    TraceGame *gm = &r->game;
    gm->outcome = g->outcome;
    gm->length = g->snake.len;
    gm->steps = g->steps;
    gm->floor_cells = g->floor_cells;
    gm->end_line = r->line_no;
    r->in_game = false;
    ev->kind = TRACE_END;
    return WS_OK;
}

WsStatus trace_next_event(TraceReader *r, SnakeHistory *h, TraceEvent *ev, WsError *err) {
    memset(ev, 0, sizeof *ev);
    if (!r->in_game)
        return ws_fail(err, WS_ERR_ARG, "%s: no game is being read", r->path);
    WsStatus st = game_line(r, err);
    if (st != WS_OK)
        return st;
    Dir d = move_of(r->line);
    if (d != DIR_NONE)
        return event_move(r, h, d, ev, err);
    if (strncmp(r->line, "wall ", 5) == 0)
        return event_wall(r, h, ev, err);
    if (strncmp(r->line, "end ", 4) == 0 || strcmp(r->line, "end") == 0)
        return event_end(r, h, ev, err);
    if (strncmp(r->line, "food", 4) == 0)
        return trace_fail(r, err, "a food line where nothing was eaten");
    if (strncmp(r->line, "game ", 5) == 0)
        return trace_fail(r, err, "a game line inside game %ld (its end line is missing)",
                          r->game.number);
    if (r->line_len == 0)
        return trace_fail(r, err, "an empty line inside game %ld", r->game.number);
    char q[QUOTE + 8];
    return trace_fail(r, err, "unknown line '%s' (expected U, R, D, L, wall, food or end)",
                      quote(r, q, sizeof q));
}

WsStatus trace_finish_game(TraceReader *r, SnakeHistory *h, WsError *err) {
    TraceEvent ev = {0};
    while (r->in_game) {
        WsStatus st = trace_next_event(r, h, &ev, err);
        if (st != WS_OK)
            return st;
    }
    return WS_OK;
}

/* ======================================================================== */
/* Index and loading                                                         */
/* ======================================================================== */

/* Walks the games of an open reader (see trace_each_game). *cut: the walk
 * stopped at a file cut off inside a game (its end, or its last line cut
 * short) after `*games` complete ones. */
static WsStatus each_game(TraceReader *r, TraceGameFn fn, void *ctx, long *games, bool *cut,
                          WsError *err) {
    WsStatus st = WS_OK;
    *games = 0;
    *cut = false;
    for (;;) {
        bool found = false;
        st = trace_next_game(r, NULL, &found, err);
        if (st != WS_OK || !found)
            break;
        st = trace_finish_game(r, NULL, err);
        if (st == WS_OK)
            st = fn(ctx, &r->game, err);
        if (st != WS_OK)
            break;
        (*games)++;
    }
    *cut = st == WS_ERR_PARSE && (r->eof_in_game || r->unterminated);
    if (st == WS_OK && *games == 0)
        st = trace_fail(r, err, "no games in the trace");
    return st;
}

WsStatus trace_each_game(const char *path, TraceGameFn fn, void *ctx, WsError *err) {
    TraceReader r;
    WsStatus st = trace_open(&r, path, err);
    if (st != WS_OK)
        return st;
    long games = 0;
    bool cut = false;
    st = each_game(&r, fn, ctx, &games, &cut, err);
    trace_close(&r);
    return st;
}

/* trace_each_game's step for the index: keeps the game's summary. */
static WsStatus index_add(void *ctx, const TraceGame *game, WsError *err) {
    TraceIndex *idx = ctx;
    if ((size_t)idx->count == idx->cap) {
        size_t cap = idx->cap ? 2 * idx->cap : 16;
        TraceGame *grown = realloc(idx->games, cap * sizeof *grown);
        if (grown == NULL)
            return ws_fail(err, WS_ERR_NOMEM, "out of memory indexing a trace");
        idx->games = grown;
        idx->cap = cap;
    }
    idx->games[idx->count++] = *game;
    return WS_OK;
}

WsStatus trace_index_build(TraceIndex *idx, const char *path, TraceBuf *keep, WsError *err) {
    memset(idx, 0, sizeof *idx);
    TraceReader r;
    WsStatus st = trace_open(&r, path, err);
    if (st != WS_OK)
        return st;
    r.keep = keep;
    if (keep != NULL) /* the first line was read before keep was set */
        buf_append(keep, r.chunk, r.chunk_len);
    long games = 0;
    bool cut = false;
    st = each_game(&r, index_add, idx, &games, &cut, err);
    trace_close(&r);
    if (st != WS_OK && cut && games > 0 && err != NULL) {
        idx->cut = *err; /* the complete games open; the cut is told */
        st = WS_OK;
    }
    if (st == WS_OK && keep != NULL && keep->failed)
        st = ws_fail(err, WS_ERR_NOMEM, "out of memory keeping '%s'", path);
    if (st != WS_OK)
        trace_index_free(idx);
    return st;
}

void trace_index_free(TraceIndex *idx) {
    free(idx->games);
    memset(idx, 0, sizeof *idx);
}

long trace_index_find(const TraceIndex *idx, long number) {
    for (long i = 0; i < idx->count; i++)
        if (idx->games[i].number == number)
            return i;
    return -1;
}

long trace_index_default(const TraceIndex *idx) {
    for (long i = 0; i < idx->count; i++)
        if (idx->games[i].outcome != SNAKE_WON)
            return i;
    return 0;
}

WsStatus trace_load_game(const TraceSource *src, const TraceIndex *idx, long i, SnakeHistory *h,
                         WsError *err) {
    const char *path = src->path;
    if (i < 0 || i >= idx->count)
        return ws_fail(err, WS_ERR_ARG, "%s: no game at position %ld", path, i);
    const TraceGame *want = &idx->games[i];
    TraceReader r;
    WsStatus st = trace_open_source(&r, src, err);
    if (st != WS_OK)
        return st;
    bool found = false;
    st = trace_rewind_to(&r, want->offset, want->line, err);
    if (st == WS_OK)
        st = trace_next_game(&r, h, &found, err);
    if (st == WS_OK && (!found || r.game.number != want->number))
        st = ws_fail(err, WS_ERR_IO, "%s changed while it was open (game %ld is gone)", path,
                     want->number);
    if (st == WS_OK)
        st = trace_finish_game(&r, h, err);
    trace_close(&r);
    return st;
}
