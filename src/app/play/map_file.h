/* map_file.h - a text map read from its file (docs/formats.md#text-maps).
 *
 * The one loader of map files, shared by everything that takes one: the
 * snake board (--map), the arena (--map, the M key) and the text tools
 * (wave, path, dmap, fsm). It reads the file with fileio_read's checks
 * (missing, a directory, empty, binary, too large: one line naming the
 * file) and parses it with the core's textmap_parse, whose messages say
 * FILE:LINE. What the map may hold beyond that (a snake board's size, the
 * arena's entities) is the caller's to check.
 */
#ifndef WS_MAP_FILE_H
#define WS_MAP_FILE_H

#include <stddef.h>

#include "textmap.h"
#include "ws_error.h"

/* Reads and parses the map file `path` into map (textmap_deinit frees it;
 * on failure it is left zeroed). When text is not NULL the file's bytes are
 * handed back too, NUL-terminated, *len of them, for a caller whose own
 * checks point at a line (freed by the caller; NULL on failure); otherwise
 * they are freed here. */
WsStatus map_file_load(const char *path, TextMap *map, char **text, size_t *len, WsError *err);

#endif
