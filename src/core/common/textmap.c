#include "textmap.h"

#include <stdlib.h>
#include <string.h>

/* Walks the text once to find the map's size and reject bad bytes, so the
 * second pass can copy without any checks. */
static WsStatus measure(const char *text, size_t len, const char *name, int *out_w,
                        int *out_h, WsError *err) {
    int w = 0, rows = 0, last_nonblank = 0, col = 0, line = 1;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '\n' || (c == '\r' && i + 1 < len && text[i + 1] == '\n')) {
            if (c == '\r')
                i++;
            rows++;
            if (col > 0)
                last_nonblank = rows;
            col = 0;
            line++;
            continue;
        }
        if (c < 0x20 || c > 0x7e)
            return ws_fail(err, WS_ERR_PARSE, "%s:%d: byte 0x%02x is not printable ASCII",
                           name, line, c);
        col++;
        if (col > TEXTMAP_MAX_SIDE)
            return ws_fail(err, WS_ERR_PARSE, "%s:%d: the line is wider than %d cells", name, line,
                           TEXTMAP_MAX_SIDE);
        if (col > w)
            w = col;
    }
    if (col > 0) {
        rows++;
        last_nonblank = rows;
    }
    if (last_nonblank == 0 || w == 0)
        return ws_fail(err, WS_ERR_PARSE, "%s: the map is empty", name);
    if (last_nonblank > TEXTMAP_MAX_SIDE)
        return ws_fail(err, WS_ERR_PARSE, "%s:%d: the map has more than %d rows", name,
                       TEXTMAP_MAX_SIDE + 1, TEXTMAP_MAX_SIDE);
    *out_w = w;
    *out_h = last_nonblank;
    return WS_OK;
}

WsStatus textmap_parse(TextMap *map, const char *text, size_t len, const char *file,
                       WsError *err) {
    char name[WS_QUOTE_SIZE];
    ws_quote(name, sizeof name, file);
    map->w = map->h = 0;
    map->cells = NULL;
    if (text == NULL)
        return ws_fail(err, WS_ERR_ARG, "%s: no text", name);
    int w = 0, h = 0;
    WsStatus st = measure(text, len, name, &w, &h, err);
    if (st != WS_OK)
        return st;
    char *cells = malloc((size_t)w * (size_t)h);
    if (cells == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "%s: out of memory", name);
    memset(cells, '#', (size_t)w * (size_t)h);
    int x = 0, y = 0;
    for (size_t i = 0; i < len && y < h; i++) {
        char c = text[i];
        if (c == '\r')
            continue; /* only ever part of "\r\n" here: measure() rejected a lone one */
        if (c == '\n') {
            y++;
            x = 0;
            continue;
        }
        cells[y * w + x] = c;
        x++;
    }
    map->w = w;
    map->h = h;
    map->cells = cells;
    return WS_OK;
}

void textmap_deinit(TextMap *map) {
    free(map->cells);
    map->cells = NULL;
    map->w = map->h = 0;
}

void textmap_to_blocked(const TextMap *map, unsigned char *blocked) {
    int n = map->w * map->h;
    for (int i = 0; i < n; i++)
        blocked[i] = map->cells[i] == '#' ? 1 : 0;
}
