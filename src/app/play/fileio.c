#include "fileio.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

WsStatus fileio_read(const char *path, const char *what, size_t max_bytes, char **out,
                     size_t *len, WsError *err) {
    *out = NULL;
    *len = 0;
    char name[WS_QUOTE_SIZE]; /* the path as messages show it */
    ws_quote(name, sizeof name, path);
    struct stat st;
    if (stat(path, &st) != 0)
        return ws_fail(err, WS_ERR_IO, "%s file '%s': %s", what, name, strerror(errno));
    if (S_ISDIR(st.st_mode))
        return ws_fail(err, WS_ERR_IO, "%s file '%s' is a directory", what, name);
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return ws_fail(err, WS_ERR_IO, "%s file '%s': %s", what, name, strerror(errno));
    /* Read through a bounded buffer rather than trusting st_size: pipes and
     * /dev files report 0 or lie. The buffer never grows past max_bytes + 1
     * (one byte proves a file too large) and a NUL byte stops the read at
     * once, so a 100 MB binary file, or /dev/urandom, costs a few KB. */
    size_t cap = max_bytes + 1 < 4096 ? max_bytes + 1 : 4096, n = 0;
    char *buf = malloc(cap + 1);
    WsStatus status = WS_OK;
    if (buf == NULL)
        status = ws_fail(err, WS_ERR_NOMEM, "%s file '%s': out of memory", what, name);
    while (status == WS_OK) {
        if (n == cap) {
            if (cap >= max_bytes + 1) {
                status = ws_fail(err, WS_ERR_PARSE, "%s file '%s' is larger than %zu bytes",
                                 what, name, max_bytes);
                break;
            }
            cap = cap < (max_bytes + 1) / 2 ? cap * 2 : max_bytes + 1;
            char *grown = realloc(buf, cap + 1);
            if (grown == NULL) {
                status = ws_fail(err, WS_ERR_NOMEM, "%s file '%s': out of memory", what, name);
                break;
            }
            buf = grown;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        if (memchr(buf + n, '\0', got) != NULL)
            status = ws_fail(err, WS_ERR_PARSE, "%s file '%s' is binary (it holds a NUL byte)",
                             what, name);
        n += got;
        if (got == 0) {
            if (ferror(f))
                status = ws_fail(err, WS_ERR_IO, "%s file '%s': read error", what, name);
            break;
        }
    }
    fclose(f);
    if (status == WS_OK && n > max_bytes)
        status = ws_fail(err, WS_ERR_PARSE, "%s file '%s' is larger than %zu bytes", what, name,
                         max_bytes);
    if (status == WS_OK && n == 0)
        status = ws_fail(err, WS_ERR_PARSE, "%s file '%s' is empty", what, name);
    if (status != WS_OK) {
        free(buf);
        return status;
    }
    buf[n] = '\0';
    *out = buf;
    *len = n;
    return WS_OK;
}
