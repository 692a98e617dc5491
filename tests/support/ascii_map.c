#include "ascii_map.h"

#include <string.h>

size_t ascii_map_join(const char *const *rows, int n, char *buf, size_t size) {
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        size_t r = strlen(rows[i]);
        if (len + r + 2 > size)
            break;
        memcpy(buf + len, rows[i], r);
        len += r;
        buf[len++] = '\n';
    }
    buf[len] = '\0';
    return len;
}

WsStatus ascii_map_parse(TextMap *map, const char *const *rows, int n) {
    char buf[8192];
    size_t len = ascii_map_join(rows, n, buf, sizeof buf);
    return textmap_parse(map, buf, len, "test map", NULL);
}

WsStatus ascii_map_walls(const char *const *rows, int n, unsigned char *walls, size_t size, int *w,
                         int *h) {
    TextMap map;
    WsStatus st = ascii_map_parse(&map, rows, n);
    if (st != WS_OK)
        return st;
    if ((size_t)map.w * (size_t)map.h > size) {
        textmap_deinit(&map);
        return WS_ERR_ARG;
    }
    textmap_to_blocked(&map, walls);
    *w = map.w;
    *h = map.h;
    textmap_deinit(&map);
    return WS_OK;
}

int ascii_map_find(const TextMap *map, char c) {
    for (int i = 0; i < map->w * map->h; i++)
        if (map->cells[i] == c)
            return i;
    return -1;
}

const char *const ASCII_MAP_ROOM[ASCII_MAP_ROOM_ROWS] = {
    "#######", /* */
    "#.....#", /* */
    "#.....#", /* */
    "#...#.#", /* */
    "#######", /* */
};
