/* fileio.h - reading a whole input file with the checks bad input needs.
 *
 * The core never touches files; the app loads maps, boards and scripts with
 * fileio_read and hands the text to the core's parsers. Every failure (missing,
 * a directory, empty, binary, too large) becomes a one-line message naming
 * the file.
 */
#ifndef WS_FILEIO_H
#define WS_FILEIO_H

#include <stddef.h>

#include "ws_error.h"

enum { FILEIO_MAX_BYTES = 4 * 1024 * 1024 };

/* Reads `path` into a NUL-terminated heap buffer (*out, freed by the caller)
 * of *len bytes. Rejects files over max_bytes, empty files and files holding
 * a NUL byte. `what` names the file's role in messages ("map", "board"). */
WsStatus fileio_read(const char *path, const char *what, size_t max_bytes, char **out,
                     size_t *len, WsError *err);

#endif
