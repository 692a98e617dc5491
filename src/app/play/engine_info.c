/* engine_info.c - an engine's `info` lines: read, kept, read back (engine_info.h). */
#include "engine_info.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine_line.h"

/* ======================================================================== */
/* Reading info lines                                                        */
/* ======================================================================== */

/* Reads "x1 y1 x2 y2 ..." as cells of the info's board into out (at most
 * info->cells of them). NULL when fine, else what is wrong, and that kind
 * is dropped (*count 0): no part of a malformed line stays. */
static const char *parse_cells(const EngineInfo *info, const char *s, size_t n, size_t at,
                               int32_t *out, int *count) {
    const char *w;
    size_t wl;
    int k = 0;
    *count = 0;
    while (engine_line_word(s, n, &at, &w, &wl)) {
        long x, y;
        if (!engine_word_int(w, wl, 0, info->w - 1, &x))
            return "a coordinate off the board";
        if (!engine_line_word(s, n, &at, &w, &wl))
            return "an x without its y";
        if (!engine_word_int(w, wl, 0, info->h - 1, &y))
            return "a coordinate off the board";
        if (k >= info->cells)
            return "more cells than the board has";
        out[k++] = (int32_t)(y * info->w + x);
    }
    *count = k;
    return NULL;
}

const char *engine_info_line(EngineInfo *info, const char *s, size_t n) {
    size_t at = 0;
    const char *w;
    size_t wl;
    engine_line_word(s, n, &at, &w, &wl); /* "info" */
    if (!engine_line_word(s, n, &at, &w, &wl))
        return "an info line without a kind";
    if (engine_word_is(w, wl, "path"))
        return parse_cells(info, s, n, at, info->path, &info->path_len);
    if (engine_word_is(w, wl, "cells"))
        return parse_cells(info, s, n, at, info->mark, &info->mark_len);
    if (engine_word_is(w, wl, "text")) {
        size_t len = n - at;
        if (len > ENGINE_TEXT_MAX)
            len = ENGINE_TEXT_MAX;
        while (len > 0 && s[at + len - 1] == ' ')
            len--; /* cut between two words: no trailing space, or its line reads back malformed */
        memcpy(info->text, s + at, len);
        info->text[len] = '\0';
        return NULL;
    }
    if (engine_word_is(w, wl, "wave")) {
        int k = 0;
        info->has_wave = false; /* until the whole line is read: a malformed one is dropped */
        while (engine_line_word(s, n, &at, &w, &wl)) {
            long v;
            if (!engine_word_int(w, wl, -1, INT32_MAX, &v))
                return "a wave value that is not an integer from -1 up";
            if (k >= info->cells)
                return "a wave with more values than the board has cells";
            info->wave[k++] = (int32_t)v;
        }
        if (k != info->cells)
            return "a wave with fewer values than the board has cells";
        info->has_wave = true;
        return NULL;
    }
    return NULL;
}

/* ======================================================================== */
/* The compact form kept per tick                                            */
/* ======================================================================== */

WsStatus engine_info_init(EngineInfo *info, int w, int h, WsError *err) {
    memset(info, 0, sizeof *info);
    size_t cells = (size_t)w * (size_t)h;
    int32_t *mem = malloc(3 * cells * sizeof *mem);
    if (mem == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "engine info: out of memory");
    info->w = w;
    info->h = h;
    info->cells = (int)cells;
    info->path = mem;
    info->mark = mem + cells;
    info->wave = mem + 2 * cells;
    return WS_OK;
}

void engine_info_deinit(EngineInfo *info) {
    free(info->path);
    memset(info, 0, sizeof *info);
}

void engine_info_clear(EngineInfo *info) {
    info->path_len = info->mark_len = 0;
    info->has_wave = false;
    info->text[0] = '\0';
}

size_t engine_info_format_max(int w, int h) {
    size_t cells = (size_t)w * (size_t)h;
    /* path and cells: 2 numbers of <= 4 digits + 2 spaces per cell; wave 11 + 1 */
    return 4 * 16 + 2 * cells * 10 + cells * 12 + ENGINE_TEXT_MAX + 1;
}

static size_t put(char *buf, size_t cap, size_t at, const char *s) {
    size_t n = strlen(s);
    if (at + n < cap) {
        memcpy(buf + at, s, n);
        return at + n;
    }
    return at;
}

static size_t put_cells(char *buf, size_t cap, size_t at, const char *head, const int32_t *c, int n,
                        int w) {
    at = put(buf, cap, at, head);
    char tmp[32];
    for (int i = 0; i < n; i++) {
        snprintf(tmp, sizeof tmp, " %d %d", c[i] % w, c[i] / w);
        at = put(buf, cap, at, tmp);
    }
    return put(buf, cap, at, "\n");
}

size_t engine_info_format(const EngineInfo *info, char *buf, size_t cap) {
    size_t at = 0;
    if (cap == 0)
        return 0;
    if (info->path_len > 0)
        at = put_cells(buf, cap, at, "info path", info->path, info->path_len, info->w);
    if (info->mark_len > 0)
        at = put_cells(buf, cap, at, "info cells", info->mark, info->mark_len, info->w);
    if (info->has_wave) {
        at = put(buf, cap, at, "info wave");
        char tmp[16];
        for (int i = 0; i < info->cells; i++) {
            snprintf(tmp, sizeof tmp, " %d", (int)info->wave[i]);
            at = put(buf, cap, at, tmp);
        }
        at = put(buf, cap, at, "\n");
    }
    if (info->text[0] != '\0') {
        at = put(buf, cap, at, "info text ");
        at = put(buf, cap, at, info->text);
        at = put(buf, cap, at, "\n");
    }
    buf[at] = '\0';
    return at;
}

WsStatus engine_info_parse(EngineInfo *info, const char *text, size_t len, WsError *err) {
    engine_info_clear(info);
    size_t start = 0;
    int line = 1;
    while (start < len) {
        const char *nl = memchr(text + start, '\n', len - start);
        size_t n = nl != NULL ? (size_t)(nl - (text + start)) : len - start;
        const char *s = text + start;
        const char *bad = engine_line_shape(s, n);
        if (bad == NULL && !engine_line_is_info(s, n))
            bad = "not an info line";
        if (bad == NULL)
            bad = engine_info_line(info, s, n);
        if (bad != NULL)
            return ws_fail(err, WS_ERR_PARSE, "engine info line %d: %s", line, bad);
        start += n + 1;
        line++;
    }
    return WS_OK;
}
