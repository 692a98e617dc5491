/* ascii_map.h - building test boards from string arrays.
 *
 * Tests describe positions as rows of characters, e.g.
 *   {"#######", "#S..#F#", "#######"}
 * ascii_map_join concatenates the rows with newlines so the core's own
 * text-map parser reads them, which keeps tests and tools on one format.
 */
#ifndef WS_ASCII_MAP_H
#define WS_ASCII_MAP_H

#include <stddef.h>

#include "textmap.h"

/* Joins `rows` (n strings) with '\n' into buf (size bytes); returns its length. */
size_t ascii_map_join(const char *const *rows, int n, char *buf, size_t size);

/* Parses rows into map; returns WS_OK or the parser's status. */
WsStatus ascii_map_parse(TextMap *map, const char *const *rows, int n);

/* Parses rows and writes one byte per cell into walls, 1 for '#' and 0 for
 * any other cell, with the map's size in *w and *h. WS_ERR_ARG if the map
 * has more than `size` cells. */
WsStatus ascii_map_walls(const char *const *rows, int n, unsigned char *walls, size_t size, int *w,
                         int *h);

/* Finds the first cell holding c; returns its index or -1. */
int ascii_map_find(const TextMap *map, char c);

/* A 7x5 room shared by the monster and fsm-script tests: walls all round and
 * one inside at (4, 3); the floor is x 1..5, y 1..3. */
enum { ASCII_MAP_ROOM_ROWS = 5 };
extern const char *const ASCII_MAP_ROOM[ASCII_MAP_ROOM_ROWS];

#endif
