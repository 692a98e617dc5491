/* fileio.h - reading a whole input file with the checks bad input needs, and
 * writing an output file so that a failed run never leaves a cut one.
 *
 * The core never touches files; the app loads maps, boards and scripts with
 * fileio_read and hands the text to the core's parsers. Every failure (missing,
 * a directory, empty, binary, too large) becomes a one-line message naming
 * the file.
 *
 * Every file the program writes where the user asked for one (--trace,
 * --screenshot, --record, the S and C keys' files, bench --chart and
 * --markdown, match --plot) goes through FileioOut: it is written under a temporary name in
 * the same folder and renamed over the target only once every byte reached
 * the disk, so the target is either the whole new file or untouched
 * (docs/reliability.md). A target that is not a regular file (a pipe,
 * /dev/stdout, a terminal) is written in place: there is nothing to rename.
 * A symbolic link stays one (the file it names is replaced), and a replaced
 * file keeps its permissions. A run stopped by a fatal signal removes its
 * temporary files (procguard.h); one that asked fileio_out_keep_on_signal
 * keeps what it wrote as NAME.partial instead, and says so. A pipe whose
 * reader is gone is a write error like a full disk (one line, exit 2), not a
 * silent SIGPIPE: SIGPIPE is blocked in the opening thread while an output
 * on a pipe is open (unless standard output is a pipe: then `| head -1`
 * must stop the run at once).
 *
 * An output named /dev/stdout, or the very pipe, socket or file that
 * standard output is (`--trace out.txt > out.txt`), takes standard output
 * when the entry point claims it (fileio_claim_stdout) before it prints
 * anything: the output is written there in place, as one stream, and the
 * run's own lines go to standard error from then on. Without the claim the
 * two would mix (a GIF with text lines in it), or, on a regular file, the
 * rename would replace the file the run's lines go to.
 *
 * Every descriptor opened here is close-on-exec: no program wavesnake
 * starts can write into a file it is writing (docs/reliability.md).
 */
#ifndef WS_FILEIO_H
#define WS_FILEIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "ws_error.h"

enum { FILEIO_MAX_BYTES = 4 * 1024 * 1024 };

/* Reads `path` into a NUL-terminated heap buffer (*out, freed by the caller)
 * of *len bytes. Rejects files over max_bytes, empty files and files holding
 * a NUL byte. `what` names the file's role in messages ("map", "board"). */
WsStatus fileio_read(const char *path, const char *what, size_t max_bytes, char **out, size_t *len,
                     WsError *err);

/* An output file being written: f is where the bytes go. */
typedef struct FileioOut {
    FILE *f;
    char *path; /* the target: as given, or the file a symbolic link names */
    char *tmp;  /* the temporary name beside it; NULL when written in place */
    const char *what;
    int guard; /* procguard's slot + 1 for tmp; 0 when not guarded */
    bool on_pipe; /* written in place on a pipe or socket: SIGPIPE blocked meanwhile */
} FileioOut;

/* Opens a temporary file beside `path` (or `path` itself when it is not a
 * regular file). `what` names the file in messages ("--trace", "the
 * screenshot"); it must outlive out. On failure out->f is NULL and nothing
 * is left on disk. */
WsStatus fileio_out_open(FileioOut *out, const char *path, const char *what, WsError *err);

/* On a fatal signal, the temporary file is kept as "PATH.partial" (or
 * under its own name when that exists) and named on stderr, instead of
 * removed: for a trace, whose complete games `replay` opens. Nothing
 * changes for a file written in place. */
void fileio_out_keep_on_signal(FileioOut *out);

/* Finishes the file: flush, check every earlier write (ferror), fsync, close
 * and rename over the target. On any failure the temporary file is removed,
 * the target is untouched and err names the file and the cause. */
WsStatus fileio_out_commit(FileioOut *out, WsError *err);

/* Gives the file up: closes and removes the temporary file (the target is
 * untouched). Safe on a FileioOut that failed to open or was committed. */
void fileio_out_abort(FileioOut *out);

/* Whether `path` (an output's name, `what` its option) is the run's
 * standard output: the same pipe, socket or regular file as descriptor 1
 * (/dev/stdout is). If so the output takes standard output: from here on
 * descriptor 1 is standard error, so the run's lines go there, and
 * fileio_out_open(path) writes to what standard output was. Devices
 * (/dev/null, a terminal) are left alone. A second output on standard
 * output is refused: the two would mix. Call it once the options are
 * parsed, before anything is printed; NULL is no output. */
WsStatus fileio_claim_stdout(const char *path, const char *what, WsError *err);

/* Whether `path` is the output that claimed standard output. */
bool fileio_is_stdout(const char *path);

/* Whether `out_path` names the same file as `in_path`: the same device and
 * inode when both exist, the same path text otherwise. For refusing an
 * output that would overwrite one of the run's inputs. */
bool fileio_same_file(const char *out_path, const char *in_path);

#endif
