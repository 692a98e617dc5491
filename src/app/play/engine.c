/* engine.c - the engine protocol's client: processes, pipes, lines, faults (engine.h). */
#define _GNU_SOURCE /* pipe2(O_CLOEXEC), F_SETPIPE_SZ, syscall(SYS_pidfd_open) */

#include "engine.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "engine_line.h"
#include "monoclock.h"
#include "procguard.h"
#include "report.h"

/* The line buffer holds one whole line plus what one read may bring after it. */
enum { READ_CHUNK = 64 * 1024, RBUF_CAP = ENGINE_LINE_MAX + 1 + READ_CHUNK, POLL_SLICE_MS = 50 };

/* How long to wait for a process that must be ending: the leader's exit
 * after its output or input closed (it says more than the pipe), and after
 * SIGKILL (only a process stuck in the kernel takes longer: wavesnake then
 * goes on without it, and says so). The one-page request pipe makes POLLOUT
 * mean "the engine has read every byte" (poll_lines' barrier). */
enum { EXIT_GRACE_MS = 200, KILL_WAIT_MS = 1000, REQUEST_PIPE_BYTES = 4096 };

_Static_assert((int)ENGINE_MAX_LIVE == (int)PROCGUARD_GROUPS_MAX,
               "one table of engines (procguard.h)");

typedef enum Phase {
    PHASE_DEAD = 0, /* no process (never started, stopped or faulted) */
    PHASE_HELLO,    /* handshake sent, waiting for ready */
    PHASE_IDLE,     /* ready, no request pending */
    PHASE_WAIT      /* a request is pending */
} Phase;

struct Engine {
    char *cmd;
    EngineKind kind;
    int timeout_ms;
    char word[ENGINE_NAME_MAX + 1]; /* the command's first word, sanitised */
    char name[ENGINE_NAME_MAX + 1]; /* what engine_name returns */

    pid_t pid;    /* leader and process group; 0 when none */
    long quit_ms; /* when `quit` was sent (now_ms), 0 when not: its grace runs from then */
    int slot;     /* index in procguard's table, -1 when none */
    int pidfd;    /* the leader's pidfd, readable once it exited; -1 when none */
    int to_fd, from_fd;
    int err_fd;      /* its stderr's read end; -1 when none (or closed by the engine) */
    bool small_pipe; /* to_fd's pipe is one page: POLLOUT = all read */
    Phase phase;
    int status; /* wait status once reaped */
    bool reaped;

    char *rbuf; /* RBUF_CAP bytes */
    size_t rlen;
    bool heard; /* a byte came on its stdout since the request (or the hello) */

    char *wbuf; /* the queued request, sized per board */
    size_t wcap, woff, wlen;
    bool wdead; /* a write failed: the engine closed its input */

    long t_request; /* ms (monoclock): when the request was made; its deadline runs from here */
    uint64_t t_written_ns; /* monoclock: when its `go` was written (0: not yet) */
    bool go_held;          /* the request's `go` waits until the engine read the rest */

    /* snake: what the engine saw */
    int bw, bh;     /* the board the buffers are sized for (0: none) */
    uint8_t *seen;  /* bw * bh: the walls the engine last saw */
    long last_tick; /* steps of the last request, -1: send a game block */
    uint64_t last_seed;
    SeaBoard sea_sent; /* sea: the board of the pending shot */

    EngineInfo info;
    char warning[ENGINE_WARNING_MAX]; /* the answer's first malformed info line, "" */

    /* What it writes on stderr, as lines: collected in `said` until an
     * answer or a fault hands them over to `said_out` (engine_said). */
    char said[ENGINE_SAID_MAX + 1], said_out[ENGINE_SAID_MAX + 1];
    size_t said_len, said_out_len;
    bool said_dropped; /* earlier lines were dropped for later ones: "...\n" first */
    bool after_end;    /* `end` was sent and no answer came since (a fault then: ended) */
    char eline[ENGINE_SAID_LINE_MAX]; /* the line being read */
    size_t eline_len;
    bool eline_cut; /* it was longer than eline: the rest is dropped */

    /* engine_watch: a thread of the engine's own polls it (see "Watching"
     * below). Everything above belongs to that thread while `busy`. */
    bool watched;
    pthread_t watcher;
    pthread_mutex_t lock;
    pthread_cond_t cond; /* a job for the watcher; its result for the caller */
    bool job;            /* a poll to run: the answer, or the handshake */
    bool busy;           /* the watcher is running it */
    bool cancel;         /* stop the job (a stop, a restart) */
    bool quit;           /* the watcher ends */
    EnginePoll result;   /* the job's outcome, ENGINE_PENDING while none */
    EngineAnswer result_ans;
    WsError result_err;
};

/* ======================================================================== */
/* Interrupting the waits (engine_interrupt)                                */
/* ======================================================================== */

/* Set by a signal handler, read by every thread that waits on an engine:
 * the app's one other mutable global of this file, on purpose (a handler
 * reaches nothing else). interrupt_fd is an eventfd that stays readable
 * once written, so that every wait in poll wakes, whichever thread the
 * signal came to; it is made once, by engine_interrupt_reset, outside any
 * handler. */
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the interrupt flag must be lock-free");
static atomic_int interrupted;
static atomic_int interrupt_fd = -1;
static pthread_mutex_t interrupt_lock = PTHREAD_MUTEX_INITIALIZER;

void engine_interrupt_reset(void) {
    pthread_mutex_lock(&interrupt_lock);
    int fd = atomic_load(&interrupt_fd);
    if (fd < 0) {
        fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
        atomic_store(&interrupt_fd, fd);
    }
    atomic_store(&interrupted, 0);
    uint64_t count = 0;
    if (fd >= 0 && read(fd, &count, sizeof count) < 0) /* drained: not readable any more */
        count = 0;
    pthread_mutex_unlock(&interrupt_lock);
}

void engine_interrupt(void) {
    int saved = errno;
    atomic_store(&interrupted, 1);
    int fd = atomic_load(&interrupt_fd);
    uint64_t one = 1;
    if (fd >= 0 && write(fd, &one, sizeof one) < 0)
        one = 0; /* full (2^64 - 2 writes): readable already */
    errno = saved;
}

bool engine_interrupted(void) { return atomic_load(&interrupted) != 0; }

/* ======================================================================== */
/* Clocks, writes, processes                                                */
/* ======================================================================== */

/* The one clock of every engine timing (monoclock.h), in ms for deadlines. */
static long now_ms(void) { return (long)(monoclock_now_ns() / 1000000u); }

static void sleep_ms(int ms) {
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* write(2) without SIGPIPE: blocked in this thread for the call, and the one
 * the write raised (if none was pending before) consumed. */
static ssize_t write_nosig(int fd, const void *buf, size_t len) {
    sigset_t pipe_set, old, pending;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    sigpending(&pending);
    bool was_pending = sigismember(&pending, SIGPIPE) == 1;
    pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
    ssize_t n = write(fd, buf, len);
    int saved = errno;
    if (n < 0 && errno == EPIPE && !was_pending) {
        struct timespec zero = {0, 0};
        while (sigtimedwait(&pipe_set, NULL, &zero) < 0 && errno == EINTR) {
        }
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    errno = saved;
    return n;
}

/* Reaps the leader if it has exited (without waiting); true once reaped.
 * A leader someone else reaped (a sweep after it was killed) counts as
 * reaped, its status unknown (0). */
static bool try_reap(Engine *e) {
    if (e->reaped || e->pid <= 0)
        return e->reaped;
    int st = 0;
    pid_t r = waitpid(e->pid, &st, WNOHANG);
    if (r == e->pid || (r < 0 && errno == ECHILD)) {
        e->status = r == e->pid ? st : 0;
        e->reaped = true;
    }
    return e->reaped;
}

/* Waits up to ms for the leader to exit and reaps it; true once reaped. The
 * pidfd wakes the wait at the exit; without one (an old kernel) it looks
 * every 5 ms. */
static bool reap_within(Engine *e, long ms) {
    long end = now_ms() + ms;
    while (!try_reap(e)) {
        long left = end - now_ms();
        if (left <= 0)
            return false;
        if (e->pidfd >= 0) {
            struct pollfd pf = {e->pidfd, POLLIN, 0};
            if (poll(&pf, 1, (int)left) < 0 && errno != EINTR)
                sleep_ms(5);
        } else {
            sleep_ms(left < 5 ? (int)left : 5);
        }
    }
    return true;
}

/* "exited with status 3" / "killed by signal 11 (SEGV)"; the shell's
 * 127 and 126 say what they mean (engines start through sh -c). */
static void describe_exit(const Engine *e, char *buf, size_t size) {
    int code = WEXITSTATUS(e->status);
    if (WIFEXITED(e->status) && code > 128 && code < 128 + 65)
        snprintf(buf, size, "exited with status %d (signal %d, %s)", code, code - 128,
                 procguard_signal_name(code - 128)); /* the shell's way of saying it */
    else if (WIFEXITED(e->status) && (code == 126 || code == 127))
        snprintf(buf, size, "exited with status %d (%s)", code,
                 code == 127 ? "the shell found no such command"
                             : "the shell could not run it: not executable?");
    else if (WIFEXITED(e->status))
        snprintf(buf, size, "exited with status %d", code);
    else if (WIFSIGNALED(e->status))
        snprintf(buf, size, "killed by signal %d (%s)", WTERMSIG(e->status),
                 procguard_signal_name(WTERMSIG(e->status)));
    else
        snprintf(buf, size, "ended");
}

static void close_fd(int *fd) {
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

/* Keeps one whole stderr line (without its "\n") in `said`: the latest
 * lines win, since the last ones say why an engine failed (a traceback
 * after a tick of debug prints). Past ENGINE_SAID_MAX the oldest lines
 * are dropped, and hand_over_said puts a line "..." before the rest. */
static void keep_said_line(Engine *e, const char *line, size_t n, bool cut) {
    size_t need = n + (cut ? 3 : 0) + 1;
    if (e->said_len + need > ENGINE_SAID_MAX) {
        e->said_dropped = true;
        size_t room = ENGINE_SAID_MAX - 4; /* the "...\n" hand_over_said adds */
        size_t from = 0;
        while (from < e->said_len && e->said_len - from + need > room) {
            const char *nl = memchr(e->said + from, '\n', e->said_len - from);
            from = nl != NULL ? (size_t)(nl - e->said) + 1 : e->said_len;
        }
        memmove(e->said, e->said + from, e->said_len - from);
        e->said_len -= from;
    }
    memcpy(e->said + e->said_len, line, n);
    e->said_len += n;
    if (cut) {
        memcpy(e->said + e->said_len, "...", 3);
        e->said_len += 3;
    }
    e->said[e->said_len++] = '\n';
}

/* Reads what the engine wrote on stderr (never waits): whole lines go into
 * `said` (cut at ENGINE_SAID_LINE_MAX bytes; past ENGINE_SAID_MAX the
 * oldest are dropped, keep_said_line), a partial one waits for its end.
 * Closed at the engine's end of the pipe. */
static void read_stderr(Engine *e) {
    char buf[4096];
    while (e->err_fd >= 0) {
        ssize_t n = read(e->err_fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
                close(e->err_fd);
                e->err_fd = -1;
            }
            return;
        }
        for (ssize_t i = 0; i < n; i++) {
            if (buf[i] != '\n') {
                if (e->eline_len < sizeof e->eline)
                    e->eline[e->eline_len++] = buf[i];
                else
                    e->eline_cut = true;
                continue;
            }
            keep_said_line(e, e->eline, e->eline_len, e->eline_cut);
            e->eline_len = 0;
            e->eline_cut = false;
        }
    }
}

/* An answer or a fault takes the lines said so far (engine_said). */
static void hand_over_said(Engine *e) {
    size_t at = 0;
    if (e->said_dropped) {
        memcpy(e->said_out, "...\n", 4);
        at = 4;
    }
    memcpy(e->said_out + at, e->said, e->said_len);
    e->said_out_len = at + e->said_len;
    e->said_out[e->said_out_len] = '\0';
    e->said_len = 0;
    e->said_dropped = false;
}

/* Ends the process group now, and the leader even when it left its group
 * (setpgid into wavesnake's own); reaps the leader, waiting at most
 * KILL_WAIT_MS (then says so and goes on); then sweeps what the group's
 * processes started that escaped it (procguard_sweep). The group stays in
 * procguard's table until its leader is reaped, so that no other thread's
 * sweep takes the leader's status; the handler may then SIGKILL a group id
 * that is free for a few microseconds, never one reused that fast. */
static void kill_group(Engine *e) {
    if (e->pid > 0) {
        pid_t g = e->pid;
        kill(-g, SIGKILL);
        if (!e->reaped &&
            !(e->pidfd >= 0 && syscall(SYS_pidfd_send_signal, e->pidfd, SIGKILL, NULL, 0) == 0))
            kill(g, SIGKILL);
        if (!reap_within(e, KILL_WAIT_MS)) {
            report_warn("engine '%s': process %ld did not end within %d ms of SIGKILL; going on "
                        "without it",
                        e->name, (long)g, KILL_WAIT_MS);
            e->status = 0;
            e->reaped = true;
        }
        procguard_forget(e->slot);
        e->slot = -1;
        procguard_sweep(g);
    }
    close_fd(&e->to_fd);
    close_fd(&e->from_fd);
    read_stderr(e); /* its last words (a traceback) are in the pipe still */
    close_fd(&e->err_fd);
    close_fd(&e->pidfd);
    e->pid = 0;
    e->phase = PHASE_DEAD;
}

/* A fault: one line naming the engine, the process ended. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static EnginePoll
fault(Engine *e, WsError *err, const char *fmt, ...) {
    char what[192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    kill_group(e);
    hand_over_said(e);
    ws_fail(err, WS_ERR_ARG, "engine '%s': %s", e->name, what);
    return ENGINE_FAULT;
}

/* ======================================================================== */
/* Start and stop                                                           */
/* ======================================================================== */

static void first_word(Engine *e) {
    const char *p = e->cmd;
    while (*p == ' ' || *p == '\t' || *p == '\n')
        p++;
    size_t n = 0;
    while (p[n] != '\0' && p[n] != ' ' && p[n] != '\t' && p[n] != '\n' && n < ENGINE_NAME_MAX) {
        unsigned char c = (unsigned char)p[n];
        e->word[n] = c > 0x20 && c < 0x7f ? (char)c : '_';
        n++;
    }
    e->word[n] = '\0';
}

static EnginePoll poll_lines(Engine *e, int wait_ms, EngineAnswer *ans, WsError *err);
static EnginePoll watched_result(Engine *e, int wait_ms, EngineAnswer *ans, WsError *err);
static Phase phase_of(const Engine *e);
static void park(Engine *e);
static void start_job(Engine *e);
static void unwatch(Engine *e);

/* Whether cmd is one simple command that `exec` can replace the shell with:
 * no operator, subshell, substitution or line break, and a first word that
 * is no assignment or reserved word. Then the shell does not outlive its
 * engine to report how it died ("Segmentation fault" on stderr would be a
 * second line next to the fault's one); a compound command keeps its shell,
 * in the same process group, so it is stopped all the same. */
static bool is_simple_command(const char *cmd) {
    if (strpbrk(cmd, ";&|()`\n{}!") != NULL)
        return false;
    const char *p = cmd + strspn(cmd, " \t");
    size_t n = strcspn(p, " \t");
    if (n == 0 || memchr(p, '=', n) != NULL)
        return false;
    static const char *const RESERVED[] = {"if", "for", "while", "until", "case", "exec"};
    for (size_t i = 0; i < sizeof RESERVED / sizeof RESERVED[0]; i++)
        if (strlen(RESERVED[i]) == n && memcmp(p, RESERVED[i], n) == 0)
            return false;
    return true;
}

/* The pipes of a start: the engine's stdin, stdout and stderr, each a read
 * and a write end (-1 when not made). */
enum { PIPE_IN_R, PIPE_IN_W, PIPE_OUT_R, PIPE_OUT_W, PIPE_ERR_R, PIPE_ERR_W, PIPE_ENDS };

static void close_all_ends(int p[PIPE_ENDS]) {
    for (int i = 0; i < PIPE_ENDS; i++)
        close_fd(&p[i]);
}

static WsStatus spawn(Engine *e, WsError *err) {
    /* "exec CMD" for a simple command (is_simple_command), CMD otherwise. */
    bool simple = is_simple_command(e->cmd);
    char *script = malloc(strlen(e->cmd) + sizeof "exec ");
    if (script == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "engine '%s': out of memory", e->name);
    snprintf(script, strlen(e->cmd) + sizeof "exec ", "%s%s", simple ? "exec " : "", e->cmd);
    int p[PIPE_ENDS] = {-1, -1, -1, -1, -1, -1};
    if (pipe2(p + PIPE_IN_R, O_CLOEXEC) != 0 || pipe2(p + PIPE_OUT_R, O_CLOEXEC) != 0) {
        int errno_pipe = errno;
        close_all_ends(p);
        free(script);
        /* Out of descriptors: say the limit, the user's to raise (docs/engines.md#faults). */
        struct rlimit rl;
        if (errno_pipe == EMFILE && getrlimit(RLIMIT_NOFILE, &rl) == 0 &&
            rl.rlim_cur != RLIM_INFINITY)
            return ws_fail(err, WS_ERR_ARG,
                           "engine '%s': cannot make a pipe: %s (ulimit -n is %llu; an engine "
                           "takes up to 6 while it starts)",
                           e->name, strerror(errno_pipe), (unsigned long long)rl.rlim_cur);
        return ws_fail(err, WS_ERR_ARG, "engine '%s': cannot make a pipe: %s", e->name,
                       strerror(errno_pipe));
    }
    /* Its stderr: read by wavesnake, kept per tick and said with the game
     * and the tick (docs/engines.md); without a pipe, wavesnake's own. */
    if (pipe2(p + PIPE_ERR_R, O_CLOEXEC) != 0)
        p[PIPE_ERR_R] = p[PIPE_ERR_W] = -1;
    e->small_pipe = fcntl(p[PIPE_IN_W], F_SETPIPE_SZ, REQUEST_PIPE_BYTES) == REQUEST_PIPE_BYTES;
    pid_t pid;
    int slot;
    int rc = procguard_spawn(script, p[PIPE_IN_R], p[PIPE_OUT_W], p[PIPE_ERR_W], &pid, &slot);
    free(script);
    close_fd(&p[PIPE_IN_R]); /* the child's ends */
    close_fd(&p[PIPE_OUT_W]);
    close_fd(&p[PIPE_ERR_W]);
    if (rc != 0) {
        close_all_ends(p);
        if (rc == ENOSPC)
            return ws_fail(err, WS_ERR_ARG, "engine '%s': more than %d engines at once", e->name,
                           ENGINE_MAX_LIVE);
        return ws_fail(err, WS_ERR_ARG, "engine '%s': cannot start /bin/sh: %s", e->name,
                       strerror(rc));
    }
    e->pid = pid;
    e->slot = slot;
    e->reaped = false;
    e->pidfd = (int)syscall(SYS_pidfd_open, pid, 0); /* close-on-exec; -1 on old kernels */
    e->to_fd = p[PIPE_IN_W];
    e->from_fd = p[PIPE_OUT_R];
    e->err_fd = p[PIPE_ERR_R];
    if (e->err_fd >= 0)
        fcntl(e->err_fd, F_SETFL, fcntl(e->err_fd, F_GETFL) | O_NONBLOCK);
    e->said_len = e->eline_len = 0;
    e->eline_cut = false;
    e->said_dropped = false;
    fcntl(e->to_fd, F_SETFL, fcntl(e->to_fd, F_GETFL) | O_NONBLOCK);
    fcntl(e->from_fd, F_SETFL, fcntl(e->from_fd, F_GETFL) | O_NONBLOCK);
    return WS_OK;
}

static void queue(Engine *e, const char *s, size_t n);

/* Spawns and says hello; the answer is read by engine_poll_ready. */
static WsStatus hello_begin(Engine *e, WsError *err) {
    snprintf(e->name, sizeof e->name, "%s", e->word);
    e->rlen = 0;
    e->woff = e->wlen = 0;
    e->wdead = false;
    e->go_held = false;
    e->last_tick = -1;
    WsStatus st = spawn(e, err);
    if (st != WS_OK)
        return st;
    const char *msg = e->kind == ENGINE_SNAKE ? "wavesnake 1 snake\n" : "wavesnake 1 sea\n";
    queue(e, msg, strlen(msg));
    e->phase = PHASE_HELLO;
    e->t_request = now_ms();
    e->heard = false;
    e->after_end = false;
    return WS_OK;
}

/* Waits for ready (the name comes first, if any): the blocking path. */
static WsStatus hello_wait(Engine *e, WsError *err) {
    EnginePoll r;
    do
        r = engine_poll_ready(e, ENGINE_READY_MS, err);
    while (r == ENGINE_PENDING);
    if (r == ENGINE_FAULT) {
        err->status = WS_ERR_ARG;
        return WS_ERR_ARG;
    }
    return WS_OK;
}

EnginePoll engine_poll_ready(Engine *e, int wait_ms, WsError *err) {
    if (e->watched)
        return watched_result(e, wait_ms, NULL, err);
    switch (e->phase) {
    case PHASE_HELLO:
        return poll_lines(e, wait_ms, NULL, err);
    case PHASE_IDLE:
    case PHASE_WAIT:
        return ENGINE_ANSWERED;
    case PHASE_DEAD:
    default:
        ws_fail(err, WS_ERR_ARG, "engine '%s': not running", e->name);
        return ENGINE_FAULT;
    }
}

bool engine_ready(const Engine *e) {
    Phase ph = phase_of(e);
    return ph == PHASE_IDLE || ph == PHASE_WAIT;
}

WsStatus engine_launch(Engine **out, const char *cmd, EngineKind kind, int timeout_ms,
                       WsError *err) {
    *out = NULL;
    Engine *e = calloc(1, sizeof *e);
    if (e == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "engine: out of memory");
    e->cmd = strdup(cmd);
    e->rbuf = malloc(RBUF_CAP);
    e->wcap = 4096;
    e->wbuf = malloc(e->wcap);
    e->to_fd = e->from_fd = e->err_fd = e->pidfd = -1;
    e->slot = -1;
    e->kind = kind;
    e->timeout_ms = timeout_ms > 0 ? timeout_ms : ENGINE_TIMEOUT_DEFAULT;
    if (e->cmd == NULL || e->rbuf == NULL || e->wbuf == NULL) {
        engine_stop(e);
        return ws_fail(err, WS_ERR_NOMEM, "engine: out of memory");
    }
    first_word(e);
    if (e->word[0] == '\0') {
        engine_stop(e);
        return ws_fail(err, WS_ERR_ARG, "engine: empty command");
    }
    if (kind == ENGINE_SEA && engine_info_init(&e->info, SEA_W, SEA_H, err) != WS_OK) {
        engine_stop(e);
        return WS_ERR_NOMEM;
    }
    WsStatus st = hello_begin(e, err);
    if (st != WS_OK) {
        engine_stop(e);
        return st;
    }
    *out = e;
    return WS_OK;
}

/* Each kept stderr line, quoted, one warning a line. An engine that never
 * got ready says why there most of the time ("can't open file"), so
 * engine_start prints them before the caller's one line. */
void engine_report_said(const Engine *e, const char *where) {
    engine_report_said_as(e, e->name, where);
}

void engine_report_said_as(const Engine *e, const char *name, const char *where) {
    const char *s = e->said_out, *end = s + e->said_out_len;
    while (s < end) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t n = nl != NULL ? (size_t)(nl - s) : (size_t)(end - s);
        char q[ENGINE_SAID_LINE_MAX * 4 + 8];
        report_warn("engine '%s' [%s]: %s", name, where, ws_quote_len(q, sizeof q, s, n));
        s += n + 1;
    }
}

WsStatus engine_start(Engine **out, const char *cmd, EngineKind kind, int timeout_ms,
                      WsError *err) {
    WsStatus st = engine_launch(out, cmd, kind, timeout_ms, err);
    if (st != WS_OK)
        return st;
    st = hello_wait(*out, err);
    if (st != WS_OK) {
        engine_report_said(*out, "start");
        engine_stop(*out);
        *out = NULL;
    }
    return st;
}

/* `quit` and EOF, once: the start of its grace second. */
static void send_quit(Engine *e) {
    if (e->pid <= 0 || e->quit_ms != 0)
        return;
    if (e->to_fd >= 0 && !e->wdead) {
        e->woff = e->wlen = 0; /* an unsent request is moot */
        (void)write_nosig(e->to_fd, "quit\n", 5);
    }
    close_fd(&e->to_fd);
    e->quit_ms = now_ms();
}

/* Polite stop: quit, EOF, up to 1 s from the quit, then the whole group
 * killed anyway. */
static void stop_process(Engine *e) {
    if (e->pid > 0) {
        send_quit(e);
        long left = e->quit_ms + ENGINE_QUIT_MS - now_ms();
        reap_within(e, left > 0 ? left : 0);
    }
    e->quit_ms = 0;
    kill_group(e); /* its children too, even when the leader is gone */
}

void engine_quit(Engine *e) {
    if (e == NULL)
        return;
    park(e);
    send_quit(e);
}

WsStatus engine_relaunch(Engine *e, WsError *err) {
    park(e);
    stop_process(e);
    WsStatus st = hello_begin(e, err);
    if (st == WS_OK)
        start_job(e); /* the handshake */
    return st;
}

WsStatus engine_restart(Engine *e, WsError *err) {
    WsStatus st = engine_relaunch(e, err);
    return st != WS_OK ? st : hello_wait(e, err);
}

void engine_stop(Engine *e) {
    if (e == NULL)
        return;
    unwatch(e);
    stop_process(e);
    engine_info_deinit(&e->info);
    free(e->seen);
    free(e->wbuf);
    free(e->rbuf);
    free(e->cmd);
    free(e);
}

void engine_stop_keep(Engine *e) {
    if (e == NULL)
        return;
    unwatch(e);
    stop_process(e); /* reads its stderr once it has ended */
    hand_over_said(e);
}

const char *engine_name(const Engine *e) { return e->name; }

const char *engine_said(const Engine *e, size_t *len) {
    if (len != NULL)
        *len = e->said_out_len;
    return e->said_out;
}
long engine_pgid(const Engine *e) { return e->pid > 0 ? (long)e->pid : 0; }
bool engine_alive(const Engine *e) { return phase_of(e) != PHASE_DEAD; }

/* ======================================================================== */
/* Requests                                                                 */
/* ======================================================================== */

/* Appends to the request buffer; the caller sized it (ensure_wbuf). */
static void queue(Engine *e, const char *s, size_t n) {
    if (e->woff > 0 && e->wlen + n > e->wcap) {
        memmove(e->wbuf, e->wbuf + e->woff, e->wlen - e->woff);
        e->wlen -= e->woff;
        e->woff = 0;
    }
    if (e->wlen + n > e->wcap)
        return; /* cannot happen: requests are sized; dropping beats overflowing */
    memcpy(e->wbuf + e->wlen, s, n);
    e->wlen += n;
}

static void queuef(Engine *e, char *tmp, size_t size, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static void queuef(Engine *e, char *tmp, size_t size, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, size, fmt, ap);
    va_end(ap);
    if (n > 0)
        queue(e, tmp, (size_t)n < size ? (size_t)n : size - 1);
}

/* Appends " X Y" for cell c of a w-wide board. A snake line has two numbers
 * per body cell: vsnprintf for each was half of a 20x20 decision's protocol
 * cost (perf, bench engine), digits by hand are a few ns. */
static void queue_xy(Engine *e, int c, int w) {
    char tmp[24];
    size_t n = 0;
    int v[2] = {c % w, c / w};
    for (int k = 0; k < 2; k++) {
        char digits[12];
        int d = 0, x = v[k]; /* 0..SNAKE_MAX_SIDE - 1: never negative */
        do {
            digits[d++] = (char)('0' + x % 10);
            x /= 10;
        } while (x > 0);
        tmp[n++] = ' ';
        while (d > 0)
            tmp[n++] = digits[--d];
    }
    queue(e, tmp, n);
}

/* Writes what the pipe takes now. The decision time starts as the write of
 * `go` (the request's last line, held until the engine read the rest)
 * starts: the engine cannot answer before it, and a reader woken by the
 * write may run on this core before write(2) returns, answer and all (a
 * clock read after the write would miss that time). */
static void flush(Engine *e) {
    while (e->woff < e->wlen && !e->wdead) {
        uint64_t t0 = monoclock_now_ns();
        ssize_t n = write_nosig(e->to_fd, e->wbuf + e->woff, e->wlen - e->woff);
        if (n > 0) {
            e->woff += (size_t)n;
            if (e->woff == e->wlen && e->phase == PHASE_WAIT && !e->go_held && e->t_written_ns == 0)
                e->t_written_ns = t0;
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
                e->wdead = true;
            break;
        }
    }
    if (e->woff == e->wlen)
        e->woff = e->wlen = 0;
}

/* Sizes every per-board buffer: the longest request is a game block with
 * every cell a wall and every cell a toggle, at most 12 bytes per number. */
static WsStatus ensure_board(Engine *e, int w, int h, WsError *err) {
    size_t cells = (size_t)w * (size_t)h;
    size_t need = 256 + cells * (2 * 12 + 2 * 12 + 8 + 2 * 12);
    if (need > e->wcap) {
        char *nb = realloc(e->wbuf, need);
        if (nb == NULL)
            return ws_fail(err, WS_ERR_NOMEM, "engine '%s': out of memory", e->name);
        e->wbuf = nb;
        e->wcap = need;
    }
    if (e->bw == w && e->bh == h)
        return WS_OK;
    uint8_t *seen = calloc(cells, 1);
    if (seen == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "engine '%s': out of memory", e->name);
    free(e->seen);
    e->seen = seen;
    engine_info_deinit(&e->info);
    WsStatus st = engine_info_init(&e->info, w, h, err);
    if (st != WS_OK)
        return st;
    e->bw = w;
    e->bh = h;
    e->last_tick = -1;
    return WS_OK;
}

static WsStatus can_request(Engine *e, WsError *err) {
    Phase ph = phase_of(e);
    if (ph == PHASE_DEAD)
        return ws_fail(err, WS_ERR_ARG, "engine '%s': not running", e->name);
    if (ph == PHASE_WAIT)
        return ws_fail(err, WS_ERR_ARG, "engine '%s': an answer is still pending", e->name);
    if (ph == PHASE_HELLO) /* launched, engine_poll_ready not yet ANSWERED */
        return ws_fail(err, WS_ERR_ARG, "engine '%s': not ready yet", e->name);
    return WS_OK;
}

/* Reads what the engine has written so far, without waiting; true at EOF. */
static bool read_available(Engine *e) {
    for (;;) {
        size_t room = RBUF_CAP - e->rlen;
        if (room == 0)
            return false;
        ssize_t n = read(e->from_fd, e->rbuf + e->rlen, room < READ_CHUNK ? room : READ_CHUNK);
        if (n > 0) {
            e->rlen += (size_t)n;
            e->heard = true;
        } else if (n == 0)
            return true;
        else if (errno != EINTR)
            return false;
    }
}

/* The request is queued without its `go`: poll_lines sends that once the
 * engine has read the rest (engine.h, "Answers in turn"). */
static void keep_pipe_small(Engine *e);

static void begin_wait(Engine *e) {
    if (e->small_pipe)
        keep_pipe_small(e); /* the engine may have resized it since */
    engine_info_clear(&e->info);
    e->warning[0] = '\0';
    e->go_held = true;
    e->phase = PHASE_WAIT;
    e->t_request = now_ms();
    e->heard = false;
    e->t_written_ns = 0;
    flush(e);
    start_job(e); /* watched: the watcher sends `go` and reads the answer */
}

WsStatus engine_snake_request(Engine *e, const SnakeGame *g, WsError *err) {
    WsStatus st = can_request(e, err);
    if (st != WS_OK)
        return st;
    int w = g->rules.w, h = g->rules.h, cells = w * h;
    st = ensure_board(e, w, h, err);
    if (st != WS_OK)
        return st;
    char tmp[96];
    if (e->last_tick < 0 || g->steps != e->last_tick + 1 || g->seed != e->last_seed) {
        queuef(e, tmp, sizeof tmp, "game %d %d tail %s seed %llu\n", w, h,
               g->rules.strict_tail ? "strict" : "free", (unsigned long long)g->seed);
        if (g->wall_count > 0) {
            queuef(e, tmp, sizeof tmp, "walls %d", g->wall_count);
            for (int c = 0; c < cells; c++)
                if (g->walls[c])
                    queue_xy(e, c, w);
            queue(e, "\n", 1);
        }
        memcpy(e->seen, g->walls, (size_t)cells);
    }
    queuef(e, tmp, sizeof tmp, "tick %ld\n", g->steps);
    if (g->food == SNAKE_NO_FOOD)
        queue(e, "food none\n", 10);
    else
        queuef(e, tmp, sizeof tmp, "food %d %d\n", g->food % w, g->food / w);
    const Snake *s = &g->snake;
    queuef(e, tmp, sizeof tmp, "snake %d", s->len);
    for (int i = 0; i < s->len; i++)
        queue_xy(e, snake_at(s, i), w);
    queue(e, "\n", 1);
    if (memcmp(e->seen, g->walls, (size_t)cells) != 0) {
        for (int c = 0; c < cells; c++) {
            if ((e->seen[c] != 0) != (g->walls[c] != 0)) {
                queuef(e, tmp, sizeof tmp, "wall %d %d\n", c % w, c / w);
                e->seen[c] = g->walls[c] != 0;
            }
        }
    }
    e->last_tick = g->steps;
    e->last_seed = g->seed;
    begin_wait(e);
    return WS_OK;
}

void engine_snake_end(Engine *e, const SnakeGame *g, bool forfeit) {
    if (phase_of(e) != PHASE_IDLE)
        return;
    const char *how = forfeit ? "forfeit" : snake_outcome_name(g->outcome);
    char tmp[128];
    queuef(e, tmp, sizeof tmp, "end %s length %d steps %ld\n", how, g->snake.len, g->steps);
    flush(e);
    e->last_tick = -1;
    e->after_end = true;
}

void engine_forget(Engine *e) { e->last_tick = -1; }

WsStatus engine_sea_request(Engine *e, const SeaGame *g, WsError *err) {
    WsStatus st = can_request(e, err);
    if (st != WS_OK)
        return st;
    st = ensure_board(e, SEA_W, SEA_H, err);
    if (st != WS_OK)
        return st;
    char tmp[64];
    if (e->last_tick < 0 || g->shots != e->last_tick + 1 || g->seed != e->last_seed)
        queuef(e, tmp, sizeof tmp, "game seed %llu\n", (unsigned long long)g->seed);
    queue(e, "board", 5);
    for (int y = 0; y < SEA_H; y++) {
        char row[SEA_W + 1];
        row[0] = ' ';
        for (int x = 0; x < SEA_W; x++)
            row[x + 1] = sea_mark_char((SeaMark)g->seen.mark[y * SEA_W + x]);
        queue(e, row, sizeof row);
    }
    queue(e, "\n", 1);
    e->sea_sent = g->seen;
    e->last_tick = g->shots;
    e->last_seed = g->seed;
    begin_wait(e);
    return WS_OK;
}

void engine_sea_end(Engine *e, const SeaGame *g) {
    if (phase_of(e) != PHASE_IDLE)
        return;
    char tmp[64];
    queuef(e, tmp, sizeof tmp, "end shots %d\n", g->shots);
    flush(e);
    e->last_tick = -1;
    e->after_end = true;
}

/* ======================================================================== */
/* Lines                                                                    */
/* ======================================================================== */

/* A malformed `info` line: an annotation, never a reason to lose the game.
 * The line is dropped (engine_info_line leaves no part of it) and the
 * answer carries the first such warning of its lines. */
static EnginePoll warn_info(Engine *e, const char *bad, const char *s, size_t n) {
    if (e->warning[0] == '\0') {
        char q[WS_QUOTE_SIZE];
        snprintf(e->warning, sizeof e->warning, "%s: \"%s\"", bad, ws_quote_len(q, 40, s, n));
    }
    return ENGINE_PENDING;
}

/* Appended to a line the protocol does not know, the fault of a first
 * engine's debug print (docs/engines.md, "Faults"). */
#define STDOUT_HINT "; stdout is for protocol lines, debug prints go to stderr"

/* What an unknown answer line's fault adds: the answer this engine's game
 * takes when the line starts with a word of the protocol in any case
 * (`move R` to a sea engine, `MOVE R`), else where debug prints go. */
static const char *unknown_hint(const Engine *e, const char *w, size_t wl) {
    static const char *const WORDS[] = {"move", "shot"};
    for (size_t i = 0; i < sizeof WORDS / sizeof WORDS[0]; i++)
        if (wl == strlen(WORDS[i]) && strncasecmp(w, WORDS[i], wl) == 0)
            return e->kind == ENGINE_SNAKE ? "; a snake engine answers move U|R|D|L"
                                           : "; a sea engine answers shot X Y";
    return STDOUT_HINT;
}

/* A line of the handshake: `name NAME` (kept, spaces as '_'), then
 * `ready`, which ANSWERS; anything else is a fault. */
static EnginePoll on_hello_line(Engine *e, const char *s, size_t n, WsError *err) {
    size_t at = 0;
    const char *w;
    size_t wl;
    engine_line_word(s, n, &at, &w, &wl);
    if (engine_word_is(w, wl, "ready") && at == n) {
        e->phase = PHASE_IDLE;
        return ENGINE_ANSWERED;
    }
    if (engine_word_is(w, wl, "name") && at < n) {
        size_t len = n - at;
        if (len > ENGINE_NAME_MAX)
            len = ENGINE_NAME_MAX;
        for (size_t i = 0; i < len; i++)
            e->name[i] = s[at + i] == ' ' ? '_' : s[at + i];
        e->name[len] = '\0';
        return ENGINE_PENDING;
    }
    char q[WS_QUOTE_SIZE];
    return fault(e, err, "said \"%s\" before ready%s", ws_quote_len(q, 40, s, n), STDOUT_HINT);
}

/* The rest of a snake answer `move D` from `at`: ans->move, or a fault. */
static EnginePoll take_move(Engine *e, const char *s, size_t n, size_t at, EngineAnswer *ans,
                            WsError *err) {
    const char *d;
    size_t dl;
    Dir dir = DIR_NONE;
    if (engine_line_word(s, n, &at, &d, &dl) && dl == 1 && at == n && d[0] >= 'A' && d[0] <= 'Z')
        dir = dir_from_char(d[0]);
    char q[WS_QUOTE_SIZE];
    if (dir == DIR_NONE)
        return fault(e, err, "a bad move (U, R, D or L): \"%s\"", ws_quote_len(q, 40, s, n));
    ans->move = dir;
    ans->shot = -1;
    return ENGINE_ANSWERED;
}

/* The rest of a sea answer `shot X Y` from `at`: ans->shot, or a fault when
 * the cell is off the board or was known when the shot was asked for. */
static EnginePoll take_shot(Engine *e, const char *s, size_t n, size_t at, EngineAnswer *ans,
                            WsError *err) {
    const char *a, *b;
    size_t al, bl;
    long x, y;
    char q[WS_QUOTE_SIZE];
    long big = 1000000000L; /* any number of 10 digits or fewer is read as one */
    if (!engine_line_word(s, n, &at, &a, &al) || !engine_line_word(s, n, &at, &b, &bl) || at != n ||
        !engine_word_int(a, al, -big, big, &x) || !engine_word_int(b, bl, -big, big, &y))
        return fault(e, err, "a bad shot (shot X Y, two numbers 0..9): \"%s\"",
                     ws_quote_len(q, 40, s, n));
    if (x < 0 || x >= SEA_W || y < 0 || y >= SEA_H)
        return fault(e, err, "a shot off the board: \"%s\"", ws_quote_len(q, 40, s, n));
    int cell = (int)(y * SEA_W + x);
    if (e->sea_sent.mark[cell] != SEA_UNKNOWN) {
        char name[4];
        sea_cell_name(cell, name);
        return fault(e, err, "a shot at %ld %ld (%s), a cell already known", x, y, name);
    }
    ans->move = DIR_NONE;
    ans->shot = cell;
    return ENGINE_ANSWERED;
}

/* Ends the wait on an answer (ans->move or ans->shot set): its decision
 * time, its info and warning, and what the engine said on stderr before it. */
static EnginePoll answered(Engine *e, EngineAnswer *ans) {
    uint64_t now = monoclock_now_ns();
    ans->wait_ns = e->t_written_ns != 0 && now > e->t_written_ns ? now - e->t_written_ns : 0;
    ans->info = &e->info;
    ans->warning = e->warning[0] != '\0' ? e->warning : NULL;
    read_stderr(e); /* what it said on stderr before this answer */
    hand_over_said(e);
    e->phase = PHASE_IDLE;
    e->after_end = false;
    return ENGINE_ANSWERED;
}

/* A line after `go`: an `info` line (kept), or the answer of the engine's
 * kind, which ANSWERS; anything else is a fault. */
static EnginePoll on_answer_line(Engine *e, const char *s, size_t n, EngineAnswer *ans,
                                 WsError *err) {
    size_t at = 0;
    const char *w;
    size_t wl;
    engine_line_word(s, n, &at, &w, &wl);
    if (engine_word_is(w, wl, "info")) {
        const char *bad = engine_info_line(&e->info, s, n);
        return bad != NULL ? warn_info(e, bad, s, n) : ENGINE_PENDING;
    }
    char q[WS_QUOTE_SIZE];
    EnginePoll r;
    if (e->kind == ENGINE_SNAKE && engine_word_is(w, wl, "move"))
        r = take_move(e, s, n, at, ans, err);
    else if (e->kind == ENGINE_SEA && engine_word_is(w, wl, "shot"))
        r = take_shot(e, s, n, at, ans, err);
    else
        return fault(e, err, "an unknown line: \"%s\"%s", ws_quote_len(q, 40, s, n),
                     unknown_hint(e, w, wl));
    return r == ENGINE_ANSWERED ? answered(e, ans) : r;
}

/* One complete line of the engine (without its "\n"). Returns PENDING to
 * read on, ANSWERED, or FAULT. */
static EnginePoll on_line(Engine *e, const char *s, size_t n, EngineAnswer *ans, WsError *err) {
    char q[WS_QUOTE_SIZE];
    /* Out of turn before anything else: a malformed info line written
     * after the last answer is as out of turn as a well-formed one, never
     * a warning carried by the next answer (it would depend on when it
     * was read: release_go faults on it). */
    if (e->phase == PHASE_WAIT && e->go_held)
        return fault(e, err, "wrote \"%s\" before go", ws_quote_len(q, 40, s, n));
    const char *bad = engine_line_shape(s, n);
    if (bad != NULL && e->phase == PHASE_WAIT && engine_line_is_info(s, n))
        return warn_info(e, bad, s, n);
    if (bad != NULL)
        return fault(e, err, "%s: \"%s\"", bad, ws_quote_len(q, 40, s, n));
    if (e->phase == PHASE_HELLO)
        return on_hello_line(e, s, n, err);
    if (e->phase != PHASE_WAIT || e->go_held)
        return fault(e, err, "wrote \"%s\" before go", ws_quote_len(q, 40, s, n));
    return on_answer_line(e, s, n, ans, err);
}

/* Takes every complete line out of rbuf; stops at an answer or a fault. */
static EnginePoll take_lines(Engine *e, EngineAnswer *ans, WsError *err) {
    size_t start = 0;
    EnginePoll r = ENGINE_PENDING;
    while (r == ENGINE_PENDING) {
        char *nl = memchr(e->rbuf + start, '\n', e->rlen - start);
        if (nl == NULL)
            break;
        size_t n = (size_t)(nl - (e->rbuf + start));
        if (n > ENGINE_LINE_MAX)
            return fault(e, err, "a line longer than 1 MiB");
        r = on_line(e, e->rbuf + start, n, ans, err);
        if (r == ENGINE_FAULT)
            return r;
        start += n + 1;
    }
    memmove(e->rbuf, e->rbuf + start, e->rlen - start);
    e->rlen -= start;
    if (e->rlen > ENGINE_LINE_MAX)
        return fault(e, err, "a line longer than 1 MiB");
    return r;
}

/* The engine's end as a fault: its leader's exit when it has exited or does
 * so within EXIT_GRACE_MS (that says more than a pipe: "killed by signal 11
 * (SEGV)"), else `running`, e.g. "closed its input". */
static EnginePoll ended(Engine *e, const char *running, WsError *err) {
    reap_within(e, EXIT_GRACE_MS);
    char how[96];
    if (e->reaped)
        describe_exit(e, how, sizeof how);
    else
        snprintf(how, sizeof how, "%s", running);
    /* A first engine's slip: a loop that ends at `end` (docs/engines.md, "Faults"). */
    bool quit_at_end =
        e->after_end && e->reaped && WIFEXITED(e->status) && WEXITSTATUS(e->status) == 0;
    return fault(e, err, "%s%s%s", how, e->phase == PHASE_HELLO ? " before ready" : "",
                 quit_at_end ? "; it stopped after `end`: an engine plays game after game "
                               "until `quit`"
                             : "");
}

/* The barrier before `go`. Once the engine has read every byte of the
 * request but `go` (nothing left unread in the pipe), whatever it wrote
 * before reading them is in its output pipe already: an engine that answers
 * one line at a time wrote it after its last answer, out of turn, and that
 * is a fault, however late the line came. Otherwise `go` is sent. */
static EnginePoll release_go(Engine *e, WsError *err) {
    int unread = 0;
    if (ioctl(e->to_fd, FIONREAD, &unread) != 0 || unread > 0)
        return ENGINE_PENDING;
    (void)read_available(e); /* an end of output shows in the poll */
    if (e->rlen > 0) {
        char q[WS_QUOTE_SIZE];
        const char *nl = memchr(e->rbuf, '\n', e->rlen);
        size_t n = nl != NULL ? (size_t)(nl - e->rbuf) : e->rlen;
        return fault(e, err, "wrote \"%s\" before go", ws_quote_len(q, 40, e->rbuf, n));
    }
    e->go_held = false;
    queue(e, "go\n", 3);
    flush(e);
    return ENGINE_PENDING;
}

/* The request pipe is shared with the engine, which may resize it
 * (F_SETPIPE_SZ on its stdin): POLLOUT then means "room", not "all read",
 * and the wait for the barrier would spin. Made one page again, or, when
 * that cannot be (more than a page unread), looked at every 1 ms as on a
 * kernel that never gave one page. */
static void keep_pipe_small(Engine *e) {
    if (fcntl(e->to_fd, F_GETPIPE_SZ) == REQUEST_PIPE_BYTES)
        return;
    e->small_pipe = fcntl(e->to_fd, F_SETPIPE_SZ, REQUEST_PIPE_BYTES) == REQUEST_PIPE_BYTES;
}

/* Does what needs no wait: writes what the request pipe takes, takes the
 * complete lines read so far and, at the barrier, sends `go` (then all of
 * it once more). PENDING when only a wait can bring more. */
static EnginePoll advance(Engine *e, EngineAnswer *ans, WsError *err) {
    for (;;) {
        flush(e);
        /* A request the engine cannot read is a fault: it would answer blind. */
        if (e->wdead)
            return ended(e, "closed its input", err);
        EnginePoll r = take_lines(e, ans, err);
        if (r != ENGINE_PENDING || !e->go_held || e->wlen != 0)
            return r;
        r = release_go(e, err);
        if (r != ENGINE_PENDING || e->go_held)
            return r;
        /* go is out: read at once */
    }
}

/* What wait_events watches, in pf's order: the engine's output, its input
 * (the request pipe), its leader's exit, its stderr and the interrupt. */
enum { PF_OUTPUT, PF_INPUT, PF_LEADER, PF_STDERR, PF_INTERRUPT, PF_COUNT };

/* Polls what the engine may do next for `left` ms at most, fewer when
 * something must be looked at by hand; returns poll's result, pf its events. */
static int wait_events(Engine *e, long left, struct pollfd pf[PF_COUNT]) {
    bool want_out = e->wlen > e->woff || (e->go_held && e->small_pipe);
    /* An answer's wait wakes on an interrupt (engine_interrupt); a
     * handshake's is bounded anyway. */
    bool answer_wait = e->phase == PHASE_WAIT;
    int ifd = answer_wait ? atomic_load(&interrupt_fd) : -1;
    pf[PF_OUTPUT] = (struct pollfd){e->from_fd, POLLIN, 0};
    pf[PF_INPUT] = (struct pollfd){e->to_fd, (short)(want_out ? POLLOUT : 0), 0};
    pf[PF_LEADER] = (struct pollfd){e->reaped ? -1 : e->pidfd, POLLIN, 0};
    pf[PF_STDERR] = (struct pollfd){e->err_fd, POLLIN, 0};
    pf[PF_INTERRUPT] = (struct pollfd){ifd, POLLIN, 0};
    long slice = left < 0 ? 0 : left;
    if (slice > POLL_SLICE_MS && (e->pidfd < 0 || (answer_wait && ifd < 0)))
        slice = POLL_SLICE_MS; /* look at the leader, or the flag, now and then */
    if (slice > 1 && e->go_held && !e->small_pipe)
        slice = 1; /* no POLLOUT for "all read": look again soon */
    return poll(pf, PF_COUNT, (int)slice);
}

/* Takes what the events of a poll that returned pr > 0 brought (pr <= 0:
 * none): the engine's stderr, its output's lines, and the end of its output
 * or of its leader, which is a fault unless an answer came before it. */
static EnginePoll take_events(Engine *e, const struct pollfd pf[PF_COUNT], int pr,
                              EngineAnswer *ans, WsError *err) {
    if (pr > 0 && (pf[PF_STDERR].revents & (POLLIN | POLLHUP | POLLERR)))
        read_stderr(e); /* a full stderr pipe would stop the engine */
    bool eof = false;
    if (pr > 0 && (pf[PF_OUTPUT].revents & (POLLIN | POLLHUP | POLLERR))) {
        eof = read_available(e);
        EnginePoll r = take_lines(e, ans, err);
        if (r != ENGINE_PENDING)
            return r;
    }
    /* A leader that exited is a fault even when a child it started still
     * holds the pipe open (no EOF would come). What it wrote before it
     * exited counts: an answer may have come after the poll woke (on
     * stderr, say) and before the exit was seen. */
    if (!eof && try_reap(e)) {
        eof = true;
        read_available(e);
        EnginePoll r = take_lines(e, ans, err);
        if (r != ENGINE_PENDING)
            return r;
    }
    if (eof)
        return ended(e, "closed its output", err);
    return ENGINE_PENDING;
}

/* What a timeout adds for the author of a silent engine (docs/engines.md,
 * "Faults"): a last line without its "\n" is quoted; no byte at all since
 * the request asks whether the engine flushes its output (a pipe is block
 * buffered in most languages' standard libraries); "" otherwise. */
static void silence_hint(const Engine *e, char *buf, size_t size) {
    char q[WS_QUOTE_SIZE];
    if (e->rlen > 0)
        snprintf(buf, size, "; its output ends without a newline: \"%s\"",
                 ws_quote_len(q, 40, e->rbuf, e->rlen));
    else if (!e->heard)
        snprintf(buf, size,
                 "; nothing came on its standard output (still thinking, or not flushed after each "
                 "line?)");
    else
        buf[0] = '\0';
}

/* The loop of engine_poll and the handshake. ans may be NULL (handshake). */
static EnginePoll poll_lines(Engine *e, int wait_ms, EngineAnswer *ans, WsError *err) {
    EngineAnswer dummy;
    if (ans == NULL)
        ans = &dummy;
    long limit = e->phase == PHASE_HELLO ? ENGINE_READY_MS : e->timeout_ms;
    long deadline = e->t_request + limit;
    long until = now_ms() + (wait_ms > 0 ? wait_ms : 0);
    if (until > deadline)
        until = deadline;
    for (;;) {
        EnginePoll r = advance(e, ans, err);
        if (r != ENGINE_PENDING)
            return r;
        long now = now_ms();
        /* The request pipe is watched for its end too (POLLERR: nobody reads
         * it) while a request is unread: before `go` that comes first, so
         * that an engine that closed its input and writes on blind always
         * gets the same fault. */
        bool unread = e->wlen > e->woff || e->go_held;
        if (e->go_held && e->small_pipe)
            keep_pipe_small(e);
        /* An answer's wait ends at once when the run was interrupted
         * (engine_interrupt: Ctrl-C); a handshake's is bounded anyway. */
        if (e->phase == PHASE_WAIT && engine_interrupted())
            return ENGINE_PENDING;
        struct pollfd pf[PF_COUNT];
        int pr = wait_events(e, until - now, pf);
        if (pr < 0 && errno != EINTR)
            return fault(e, err, "poll failed: %s", strerror(errno));
        if (pr > 0 && unread && (pf[PF_INPUT].revents & (POLLERR | POLLHUP))) {
            e->wdead = true;
            continue;
        }
        r = take_events(e, pf, pr, ans, err);
        if (r != ENGINE_PENDING)
            return r;
        now = now_ms();
        if (now >= deadline) {
            char hint[WS_QUOTE_SIZE + 64];
            silence_hint(e, hint, sizeof hint);
            if (e->phase == PHASE_HELLO)
                return fault(e, err, "no ready within %d s%s", ENGINE_READY_MS / 1000, hint);
            return fault(e, err, "no answer within %d ms%s", e->timeout_ms, hint);
        }
        if (now >= until)
            return ENGINE_PENDING;
    }
}

EnginePoll engine_poll(Engine *e, int wait_ms, EngineAnswer *ans, WsError *err) {
    if (e->watched)
        return watched_result(e, wait_ms, ans, err);
    if (e->phase != PHASE_WAIT) {
        ws_fail(err, WS_ERR_ARG, "engine '%s': no request pending", e->name);
        return ENGINE_FAULT;
    }
    return poll_lines(e, wait_ms, ans, err);
}

/* ======================================================================== */
/* Watching: answers read as they come                                      */
/* ======================================================================== */

/* A caller that polls with wait 0 once a frame (the window) would read an
 * answer, and send a held `go` or the rest of a long request, only at its
 * next frame: every request would cost frames, and the decision time would
 * run to the frame that looked. A watched engine has a thread of its own
 * that runs the blocking poll (poll_lines, unchanged) on the caller's
 * behalf as soon as a request or a handshake is out, so it writes, reads
 * and stamps each answer the moment the pipe allows, exactly as a headless
 * caller waiting in engine_poll does; the caller only picks the result up.
 * While the watcher runs a job (`busy`) it alone touches the engine; every
 * entry point that changes it first parks the watcher (park). */

enum { WATCH_SLICE_MS = 20 }; /* the most a park waits for the watcher's poll to return */

static void *watch_main(void *arg) {
    Engine *e = arg;
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, NULL); /* signals go to the program's own threads */
    pthread_mutex_lock(&e->lock);
    for (;;) {
        while (!e->quit && !e->job)
            pthread_cond_wait(&e->cond, &e->lock);
        if (e->quit)
            break;
        e->busy = true;
        pthread_mutex_unlock(&e->lock);
        EngineAnswer ans = {0};
        WsError err = {0};
        EnginePoll r = ENGINE_PENDING;
        bool cancel = false;
        while (r == ENGINE_PENDING && !cancel) {
            r = poll_lines(e, WATCH_SLICE_MS, e->phase == PHASE_HELLO ? NULL : &ans, &err);
            pthread_mutex_lock(&e->lock);
            cancel = e->cancel;
            pthread_mutex_unlock(&e->lock);
        }
        pthread_mutex_lock(&e->lock);
        e->busy = e->job = false;
        if (r != ENGINE_PENDING) {
            e->result = r;
            e->result_ans = ans;
            e->result_err = err;
        }
        pthread_cond_broadcast(&e->cond);
    }
    pthread_mutex_unlock(&e->lock);
    return NULL;
}

/* Stops the job the watcher runs, if any, and waits until it let go. */
static void park(Engine *e) {
    if (!e->watched)
        return;
    pthread_mutex_lock(&e->lock);
    e->cancel = true;
    while (e->busy)
        pthread_cond_wait(&e->cond, &e->lock);
    e->cancel = e->job = false;
    e->result = ENGINE_PENDING;
    pthread_mutex_unlock(&e->lock);
}

/* Hands the watcher the poll of what is out (an answer, or the handshake). */
static void start_job(Engine *e) {
    if (!e->watched)
        return;
    pthread_mutex_lock(&e->lock);
    e->result = ENGINE_PENDING;
    e->job = true;
    pthread_cond_broadcast(&e->cond);
    pthread_mutex_unlock(&e->lock);
}

/* engine_poll / engine_poll_ready of a watched engine: the watcher's result,
 * waiting at most wait_ms for it. */
static EnginePoll watched_result(Engine *e, int wait_ms, EngineAnswer *ans, WsError *err) {
    pthread_mutex_lock(&e->lock);
    if (e->result == ENGINE_PENDING && !e->job) {
        Phase ph = e->phase;
        pthread_mutex_unlock(&e->lock);
        if (ans == NULL && (ph == PHASE_IDLE || ph == PHASE_WAIT))
            return ENGINE_ANSWERED; /* ready before */
        ws_fail(err, WS_ERR_ARG, "engine '%s': %s", e->name,
                ans == NULL ? "not running" : "no request pending");
        return ENGINE_FAULT;
    }
    if (e->result == ENGINE_PENDING && wait_ms > 0) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += wait_ms / 1000;
        until.tv_nsec += (long)(wait_ms % 1000) * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        while (e->result == ENGINE_PENDING && e->job &&
               pthread_cond_timedwait(&e->cond, &e->lock, &until) == 0)
            ;
    }
    EnginePoll r = e->result;
    if (r != ENGINE_PENDING) {
        if (ans != NULL)
            *ans = e->result_ans;
        if (r == ENGINE_FAULT && err != NULL)
            *err = e->result_err;
        e->result = ENGINE_PENDING;
    }
    pthread_mutex_unlock(&e->lock);
    return r;
}

WsStatus engine_watch(Engine *e, WsError *err) {
    if (e->watched)
        return WS_OK;
    if (pthread_mutex_init(&e->lock, NULL) != 0)
        return ws_fail(err, WS_ERR_NOMEM, "engine '%s': cannot make a lock", e->name);
    if (pthread_cond_init(&e->cond, NULL) != 0) {
        pthread_mutex_destroy(&e->lock);
        return ws_fail(err, WS_ERR_NOMEM, "engine '%s': cannot make a condition", e->name);
    }
    e->result = ENGINE_PENDING;
    e->job = e->busy = e->cancel = e->quit = false;
    int rc = pthread_create(&e->watcher, NULL, watch_main, e);
    if (rc != 0) {
        pthread_cond_destroy(&e->cond);
        pthread_mutex_destroy(&e->lock);
        return ws_fail(err, WS_ERR_NOMEM, "engine '%s': cannot start a thread: %s", e->name,
                       strerror(rc));
    }
    e->watched = true;
    if (e->phase == PHASE_HELLO || e->phase == PHASE_WAIT)
        start_job(e); /* what is out already */
    return WS_OK;
}

/* Ends the watcher (engine_stop). */
static void unwatch(Engine *e) {
    if (!e->watched)
        return;
    park(e);
    pthread_mutex_lock(&e->lock);
    e->quit = true;
    pthread_cond_broadcast(&e->cond);
    pthread_mutex_unlock(&e->lock);
    pthread_join(e->watcher, NULL);
    pthread_cond_destroy(&e->cond);
    pthread_mutex_destroy(&e->lock);
    e->watched = false;
}

/* The phase, read under the watcher's lock. */
static Phase phase_of(const Engine *e) {
    if (!e->watched)
        return e->phase;
    Engine *m = (Engine *)e; /* the lock only: nothing else changes */
    pthread_mutex_lock(&m->lock);
    Phase ph = m->phase;
    pthread_mutex_unlock(&m->lock);
    return ph;
}
