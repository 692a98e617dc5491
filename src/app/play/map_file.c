/* Reading a text map file (map_file.h). */
#include "map_file.h"

#include <stdlib.h>

#include "fileio.h"

WsStatus map_file_load(const char *path, TextMap *map, char **text, size_t *len, WsError *err) {
    char *bytes = NULL;
    size_t n = 0;
    WsStatus st = fileio_read(path, "map", FILEIO_MAX_BYTES, &bytes, &n, err);
    if (st == WS_OK)
        st = textmap_parse(map, bytes, n, path, err);
    if (st != WS_OK || text == NULL) {
        free(bytes);
        bytes = NULL;
        n = 0;
    }
    if (text != NULL) {
        *text = bytes;
        *len = n;
    }
    return st;
}
