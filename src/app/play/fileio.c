#define _XOPEN_SOURCE 700 /* realpath, fchmod, O_CLOEXEC */
#include "fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "procguard.h"

/* The longest file name (one path component) the temporary file's may be:
 * Linux's NAME_MAX, the limit of its common file systems. */
enum { FILEIO_NAME_MAX = 255 };

WsStatus fileio_read(const char *path, const char *what, size_t max_bytes, char **out, size_t *len,
                     WsError *err) {
    *out = NULL;
    *len = 0;
    char name[WS_QUOTE_SIZE]; /* the path as messages show it */
    ws_quote(name, sizeof name, path);
    struct stat st;
    if (stat(path, &st) != 0)
        return ws_fail(err, WS_ERR_IO, "%s file '%s': %s", what, name, strerror(errno));
    if (S_ISDIR(st.st_mode))
        return ws_fail(err, WS_ERR_IO, "%s file '%s' is a directory", what, name);
    FILE *f = fopen(path, "rbe"); /* "e": close-on-exec */
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
                status = ws_fail(err, WS_ERR_PARSE, "%s file '%s' is larger than %zu bytes", what,
                                 name, max_bytes);
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

/* ======================================================================== */
/* Writing: a temporary file, renamed when complete                         */
/* ======================================================================== */

static WsStatus out_fail(FileioOut *out, WsStatus st, const char *cause, WsError *err) {
    char name[WS_QUOTE_SIZE];
    ws_quote(name, sizeof name, out->path);
    return ws_fail(err, st, "%s: cannot write '%s': %s", out->what, name, cause);
}

/* A pipe whose reader is gone raises SIGPIPE at the next write, which would
 * stop the run without a word. While an output written in place on a pipe or
 * a socket is open, the thread that opened it (the main thread: every
 * FileioOut is opened there) blocks SIGPIPE: the write fails with EPIPE, and
 * the commit says so in one line, exit 2 (docs/reliability.md). When the last
 * such output is done, a SIGPIPE left pending is taken and the mask is as it
 * was. When standard output is itself a pipe nothing is blocked: `| head -1`
 * must still stop the run at once by SIGPIPE (as documented), and a blocked
 * SIGPIPE would let it play on to the end. */
static int pipe_outs;         /* outputs on a pipe open now */
static bool pipe_was_blocked; /* SIGPIPE was blocked before the first */

/* Standard output as it was before an output claimed it
 * (fileio_claim_stdout): the descriptor, the output's name and option;
 * -1 and NULL while nothing has. */
static int stdout_kept = -1;
static char *stdout_owner;
static const char *stdout_owner_what;

WsStatus fileio_claim_stdout(const char *path, const char *what, WsError *err) {
    struct stat ps, os;
    if (path == NULL || stat(path, &ps) != 0 || fstat(STDOUT_FILENO, &os) != 0 ||
        ps.st_dev != os.st_dev || ps.st_ino != os.st_ino ||
        !(S_ISREG(os.st_mode) || S_ISFIFO(os.st_mode) || S_ISSOCK(os.st_mode)))
        return WS_OK;
    char q[WS_QUOTE_SIZE];
    if (stdout_kept >= 0)
        return ws_fail(err, WS_ERR_ARG,
                       "%s '%s' and %s are both standard output: their bytes would mix",
                       what, ws_quote(q, sizeof q, path), stdout_owner_what);
    fflush(stdout);
    int keep = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    char *owner = strdup(path);
    if (keep < 0 || owner == NULL || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        int e = errno;
        if (keep >= 0)
            close(keep);
        free(owner);
        return ws_fail(err, owner == NULL ? WS_ERR_NOMEM : WS_ERR_IO,
                       "%s '%s': cannot take standard output: %s", what,
                       ws_quote(q, sizeof q, path), strerror(e));
    }
    stdout_kept = keep;
    stdout_owner = owner;
    stdout_owner_what = what;
    return WS_OK;
}

bool fileio_is_stdout(const char *path) {
    return stdout_kept >= 0 && path != NULL && strcmp(path, stdout_owner) == 0;
}

static void pipe_quiet_begin(void) {
    if (pipe_outs++ > 0)
        return;
    sigset_t set, old;
    sigemptyset(&set);
    sigaddset(&set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &set, &old);
    pipe_was_blocked = sigismember(&old, SIGPIPE) == 1;
}

static void pipe_quiet_end(void) {
    if (--pipe_outs > 0 || pipe_was_blocked)
        return;
    sigset_t set, pending;
    sigemptyset(&set);
    sigaddset(&set, SIGPIPE);
    const struct timespec zero = {0, 0};
    while (sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE) == 1)
        if (sigtimedwait(&set, NULL, &zero) < 0)
            break;
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

static void out_free(FileioOut *out) {
    if (out->on_pipe)
        pipe_quiet_end();
    out->on_pipe = false;
    procguard_remove_file(out->guard - 1);
    out->guard = 0;
    free(out->path);
    free(out->tmp);
    out->path = out->tmp = NULL;
    out->f = NULL;
}

static bool mode_is_pipe(mode_t mode) { return S_ISFIFO(mode) || S_ISSOCK(mode); }

/* Wraps fd, just opened for out, in out->f. A negative fd is an open that
 * failed (errno says why); on any failure the descriptor is closed, the
 * temporary file removed and the error returned. */
static WsStatus out_stream(FileioOut *out, int fd, WsError *err) {
    if (fd >= 0) {
        out->f = fdopen(fd, "wb");
        if (out->f == NULL) {
            int e = errno;
            close(fd);
            if (out->tmp != NULL)
                remove(out->tmp);
            errno = e;
        }
    }
    if (out->f == NULL)
        return out_fail(out, WS_ERR_IO, strerror(errno), err);
    return WS_OK;
}

/* A symbolic link stays one: out->path becomes the file it names, the one
 * replaced. Anything else, or a link realpath cannot resolve, is left. */
static void follow_link(FileioOut *out) {
    struct stat lst;
    if (lstat(out->path, &lst) != 0 || !S_ISLNK(lst.st_mode))
        return;
    char *real = realpath(out->path, NULL);
    if (real != NULL) {
        free(out->path);
        out->path = real;
    }
}

/* Opens out->path itself: a pipe, a terminal, /dev/stdout, a dangling link.
 * On a pipe or socket SIGPIPE is blocked until out is freed, unless standard
 * output is a pipe too. Returns the descriptor, or -1 with errno set. */
static int open_in_place(FileioOut *out) {
    int fd = open(out->path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    struct stat fst, out_st;
    bool stdout_pipe = fstat(STDOUT_FILENO, &out_st) == 0 && mode_is_pipe(out_st.st_mode);
    if (fd >= 0 && !stdout_pipe && fstat(fd, &fst) == 0 && mode_is_pipe(fst.st_mode)) {
        out->on_pipe = true;
        pipe_quiet_begin();
    }
    return fd;
}

/* Creates ".NAME.PID-N.tmp" beside out->path (out->tmp), with the
 * permissions of `old` when the target exists (NULL when it does not), and
 * opens it (out_stream). The temporary file is in the same file system, so
 * the rename is atomic, and created with O_EXCL, so that two writers never
 * share one; the mode 0666 goes through the umask like any fopen(path, "w"). */
static WsStatus open_temp(FileioOut *out, const struct stat *old, WsError *err) {
    const char *path = out->path;
    const char *slash = strrchr(path, '/');
    size_t dir_len = slash != NULL ? (size_t)(slash - path) + 1 : 0;
    if (strlen(path + dir_len) > FILEIO_NAME_MAX) /* refused now, not after the run */
        return out_fail(out, WS_ERR_IO, strerror(ENAMETOOLONG), err);
    size_t cap = strlen(path) + 48;
    out->tmp = malloc(cap);
    if (out->tmp == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "%s: out of memory", out->what);
    int fd = -1;
    for (int n = 0; n < 1000 && fd < 0; n++) {
        /* NAME cut so that the temporary name is no longer than the
         * longest file name: a target of that length is written too. */
        char suffix[48];
        int slen = snprintf(suffix, sizeof suffix, ".%ld-%d.tmp", (long)getpid(), n);
        int keep = FILEIO_NAME_MAX - 1 - slen;
        snprintf(out->tmp, cap, "%.*s.%.*s%s", (int)dir_len, path, keep, path + dir_len, suffix);
        fd = open(out->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd >= 0 && old != NULL) /* the new file keeps the old one's permissions */
        (void)fchmod(fd, old->st_mode & 07777);
    if (fd >= 0) /* removed if a signal stops the run (procguard.h) */
        out->guard = procguard_add_file(out->tmp, NULL, out->what) + 1;
    return out_stream(out, fd, err);
}

/* Opens out->path (set) one of three ways: the claimed standard output, a
 * target that is not a regular file in place, or a temporary file beside a
 * regular one. On failure the caller frees out. */
static WsStatus out_open_path(FileioOut *out, WsError *err) {
    if (out->path[0] == '\0')
        return out_fail(out, WS_ERR_IO, "no file name", err);
    struct stat st;
    bool exists = stat(out->path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode))
        return out_fail(out, WS_ERR_IO, "it is a directory", err);
    /* Standard output, claimed: written in place, SIGPIPE as for stdout.
     * /dev/stdout names stderr now, so the link is not followed. */
    if (fileio_is_stdout(out->path))
        return out_stream(out, fcntl(stdout_kept, F_DUPFD_CLOEXEC, 3), err);
    if (exists)
        follow_link(out);
    struct stat lst; /* a dangling link is written in place too */
    if (exists ? !S_ISREG(st.st_mode) : lstat(out->path, &lst) == 0)
        return out_stream(out, open_in_place(out), err);
    return open_temp(out, exists ? &st : NULL, err);
}

WsStatus fileio_out_open(FileioOut *out, const char *path, const char *what, WsError *err) {
    *out = (FileioOut){.what = what != NULL ? what : "output"};
    out->path = strdup(path != NULL ? path : "");
    if (out->path == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "%s: out of memory", out->what);
    WsStatus s = out_open_path(out, err);
    if (s != WS_OK)
        out_free(out);
    return s;
}

void fileio_out_keep_on_signal(FileioOut *out) {
    if (out->tmp == NULL || out->guard == 0)
        return;
    size_t n = strlen(out->path) + sizeof ".partial";
    char *keep = malloc(n);
    if (keep == NULL)
        return; /* then it is removed, as any other */
    snprintf(keep, n, "%s.partial", out->path);
    procguard_remove_file(out->guard - 1);
    out->guard = procguard_add_file(out->tmp, keep, out->what) + 1;
    free(keep);
}

WsStatus fileio_out_commit(FileioOut *out, WsError *err) {
    if (out->f == NULL) {
        out_free(out);
        return WS_OK;
    }
    const char *cause = NULL;
    errno = 0;
    if (fflush(out->f) != 0 || ferror(out->f))
        cause = errno != 0 ? strerror(errno) : "write error";
    /* fsync before the rename: otherwise a crash could leave the new name on
     * an empty file. A pipe or terminal cannot sync (EINVAL): nothing lost. */
    if (cause == NULL && out->tmp != NULL && fsync(fileno(out->f)) != 0 && errno != EINVAL)
        cause = strerror(errno);
    int close_errno = 0;
    if (fclose(out->f) != 0)
        close_errno = errno;
    out->f = NULL;
    if (cause == NULL && close_errno != 0)
        cause = strerror(close_errno);
    if (cause == NULL && out->tmp != NULL && rename(out->tmp, out->path) != 0)
        cause = strerror(errno);
    WsStatus st = WS_OK;
    if (cause != NULL) {
        st = out_fail(out, WS_ERR_IO, cause, err);
        if (out->tmp != NULL)
            remove(out->tmp);
    }
    out_free(out);
    return st;
}

void fileio_out_abort(FileioOut *out) {
    if (out->f != NULL)
        fclose(out->f);
    if (out->tmp != NULL && out->f != NULL)
        remove(out->tmp);
    out_free(out);
}

bool fileio_same_file(const char *out_path, const char *in_path) {
    if (out_path == NULL || in_path == NULL)
        return false;
    struct stat a, b;
    if (stat(out_path, &a) == 0 && stat(in_path, &b) == 0)
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
    return strcmp(out_path, in_path) == 0;
}
