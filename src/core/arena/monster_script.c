#include "monster_script.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ======================================================================== */
/* Lines and tokens                                                          */
/* ======================================================================== */

enum {
    SCRIPT_MAX_TOKENS = 8,
    SCRIPT_MAX_LINE = 256,
    SCRIPT_MAX_VALUE = 1000000000 /* LIFE and HIT: large, yet no sum of two overflows an int */
};

typedef struct Line {
    char buf[SCRIPT_MAX_LINE + 1];
    char *tok[SCRIPT_MAX_TOKENS];
    int count; /* tokens; SCRIPT_MAX_TOKENS means "too many" */
} Line;

static void split(Line *l) {
    l->count = 0;
    char *p = l->buf;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\0')
            return;
        if (l->count == SCRIPT_MAX_TOKENS)
            return;
        l->tok[l->count++] = p;
        while (*p != '\0' && *p != ' ' && *p != '\t')
            p++;
        if (*p != '\0')
            *p++ = '\0';
    }
}

static bool parse_int(const char *s, long lo, long hi, int *out) {
    if (*s == '\0' || *s == '+')
        return false;
    errno = 0;
    char *end = NULL;
    long v = strtol(s, &end, 10);
    if (errno != 0 || *end != '\0' || v < lo || v > hi)
        return false;
    *out = (int)v;
    return true;
}

static WsStatus check_cell(int x, int y, int w, int h, const uint8_t *blocked, const char *name,
                           int line, const char *who, int *cell, WsError *err) {
    if (x < 0 || y < 0 || x >= w || y >= h)
        return ws_fail(err, WS_ERR_PARSE, "%s: line %d: %s (%d, %d) is outside the %dx%d map", name,
                       line, who, x, y, w, h);
    if (blocked[y * w + x])
        return ws_fail(err, WS_ERR_PARSE, "%s: line %d: %s (%d, %d) is on a wall", name, line, who,
                       x, y);
    *cell = y * w + x;
    return WS_OK;
}

/* ======================================================================== */
/* The parser                                                                */
/* ======================================================================== */

WsStatus monster_script_parse(MonScript *s, const char *text, size_t len, const char *file, int w,
                              int h, const uint8_t *blocked, WsError *err) {
    memset(s, 0, sizeof *s);
    char name[WS_QUOTE_SIZE], tok[WS_QUOTE_SIZE]; /* the file name and a token, quoted */
    ws_quote(name, sizeof name, file);
    int lines = 1;
    for (size_t i = 0; i < len; i++)
        lines += text[i] == '\n';
    s->turns = malloc((size_t)lines * sizeof *s->turns);
    if (s->turns == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "%s: out of memory", name);
    Line l;
    bool have_enemy = false;
    WsStatus st = WS_OK;
    size_t pos = 0;
    for (int line = 1; pos < len && st == WS_OK; line++) {
        size_t end = pos;
        while (end < len && text[end] != '\n')
            end++;
        size_t n = end - pos;
        if (n > 0 && text[pos + n - 1] == '\r')
            n--;
        if (n > SCRIPT_MAX_LINE) {
            st = ws_fail(err, WS_ERR_PARSE, "%s: line %d is longer than %d characters", name, line,
                         SCRIPT_MAX_LINE);
            break;
        }
        memcpy(l.buf, text + pos, n);
        l.buf[n] = '\0';
        pos = end + 1;
        for (size_t i = 0; i < n; i++)
            if ((unsigned char)l.buf[i] < 0x20 && l.buf[i] != '\t') {
                st = ws_fail(err, WS_ERR_PARSE, "%s: line %d: control character", name, line);
                break;
            }
        if (st != WS_OK)
            break;
        split(&l);
        if (l.count == 0)
            continue;
        if (!have_enemy) {
            int x, y, life;
            MonState state;
            if (strcmp(l.tok[0], "enemy") != 0 || l.count != 5) {
                st = ws_fail(err, WS_ERR_PARSE,
                             "%s: line %d: expected 'enemy X Y STATE LIFE' first", name, line);
            } else if (!parse_int(l.tok[1], INT_MIN, INT_MAX, &x) ||
                       !parse_int(l.tok[2], INT_MIN, INT_MAX, &y)) {
                st = ws_fail(err, WS_ERR_PARSE, "%s: line %d: enemy X and Y must be integers", name,
                             line);
            } else if (!monster_state_parse(l.tok[3], &state)) {
                char states[SCRIPT_MAX_LINE];
                monster_state_list(states, sizeof states);
                st = ws_fail(err, WS_ERR_PARSE, "%s: line %d: unknown state '%s' (%s)", name, line,
                             ws_quote(tok, sizeof tok, l.tok[3]), states);
            } else if (!parse_int(l.tok[4], 1, SCRIPT_MAX_VALUE, &life)) {
                st = ws_fail(err, WS_ERR_PARSE, "%s: line %d: LIFE '%s' must be an integer 1..%d",
                             name, line, ws_quote(tok, sizeof tok, l.tok[4]), SCRIPT_MAX_VALUE);
            } else {
                st = check_cell(x, y, w, h, blocked, name, line, "enemy", &s->enemy_cell, err);
                s->state = state;
                s->life = life;
                have_enemy = true;
            }
            continue;
        }
        int hx, hy, hit, hidden;
        if (strcmp(l.tok[0], "turn") != 0 || l.count != 5) {
            st = ws_fail(err, WS_ERR_PARSE, "%s: line %d: expected 'turn HX HY HIT HIDDEN'", name,
                         line);
        } else if (!parse_int(l.tok[1], INT_MIN, INT_MAX, &hx) ||
                   !parse_int(l.tok[2], INT_MIN, INT_MAX, &hy)) {
            st = ws_fail(err, WS_ERR_PARSE, "%s: line %d: hero X and Y must be integers", name,
                         line);
        } else if (!parse_int(l.tok[3], 0, SCRIPT_MAX_VALUE, &hit)) {
            st = ws_fail(err, WS_ERR_PARSE, "%s: line %d: HIT '%s' must be an integer 0..%d", name,
                         line, ws_quote(tok, sizeof tok, l.tok[3]), SCRIPT_MAX_VALUE);
        } else if (!parse_int(l.tok[4], 0, 1, &hidden)) {
            st = ws_fail(err, WS_ERR_PARSE, "%s: line %d: HIDDEN '%s' must be 0 or 1", name, line,
                         ws_quote(tok, sizeof tok, l.tok[4]));
        } else {
            TeachTurn *t = &s->turns[s->count];
            st = check_cell(hx, hy, w, h, blocked, name, line, "hero", &t->hero_cell, err);
            t->hit = hit;
            t->hidden = hidden != 0;
            s->count++;
        }
    }
    if (st == WS_OK && !have_enemy)
        st = ws_fail(err, WS_ERR_PARSE, "%s: no 'enemy X Y STATE LIFE' line", name);
    if (st != WS_OK)
        monster_script_deinit(s);
    return st;
}

void monster_script_deinit(MonScript *s) {
    free(s->turns);
    memset(s, 0, sizeof *s);
}
