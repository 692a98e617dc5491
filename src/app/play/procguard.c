/* procguard.c - engines' groups and temporary files, safe from fatal signals
 * and escapes (procguard.h).
 *
 * Everything a signal handler runs here is a system call or plain memory:
 * kill, waitpid, open, read, write, link, rename, unlink, getdents64,
 * nanosleep, sigaction, raise. Nothing allocates, locks or uses stdio. */
#define _GNU_SOURCE /* PR_SET_CHILD_SUBREAPER, syscall, F_DUPFD, O_DIRECTORY */

#include "procguard.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ws_error.h"

extern char **environ;

/* A note names a quoted path: up to 4 bytes per byte of it, and the words. */
enum { NOTE_CAP = 4 * PROCGUARD_PATH_MAX + 128 };

/* ======================================================================== */
/* The tables                                                               */
/* ======================================================================== */

/* Running engines: their process group id (= the leader's pid), 0 = free. */
static volatile sig_atomic_t groups[PROCGUARD_GROUPS_MAX];

typedef struct GuardFile {
    volatile sig_atomic_t used;   /* set last when added, cleared first when removed */
    char tmp[PROCGUARD_PATH_MAX]; /* the temporary file */
    char keep[PROCGUARD_PATH_MAX];
    char note_keep[NOTE_CAP]; /* "; WHAT so far kept as 'KEEP'\n" */
    char note_tmp[NOTE_CAP];  /* the same naming tmp, when keep exists already */
} GuardFile;
static GuardFile files[PROCGUARD_FILES_MAX];

/* Table edits, spawns and sweeps: a sweep never sees a child forked but not
 * yet in the table. */
static pthread_mutex_t guard_lock = PTHREAD_MUTEX_INITIALIZER;

static const int GUARDED[] = {SIGHUP,    SIGINT,  SIGQUIT, SIGILL,  SIGTRAP,   SIGABRT,
                              SIGBUS,    SIGFPE,  SIGUSR1, SIGSEGV, SIGUSR2,   SIGPIPE,
                              SIGALRM,   SIGTERM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF,
#ifdef SIGSTKFLT
                              SIGSTKFLT,
#endif
#ifdef SIGIO
                              SIGIO,
#endif
#ifdef SIGPWR
                              SIGPWR,
#endif
                              SIGSYS};
enum { GUARDED_COUNT = sizeof GUARDED / sizeof GUARDED[0] };
static struct sigaction previous[GUARDED_COUNT]; /* what was there when the guard was armed */
static atomic_flag cleaning = ATOMIC_FLAG_INIT;  /* the first cleanup runs, the others wait */
static volatile sig_atomic_t cleaned;

/* ======================================================================== */
/* Helpers a signal handler may call                                        */
/* ======================================================================== */

static long now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void nap_ms(long ms) {
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static bool is_crash(int sig) {
    return sig == SIGILL || sig == SIGTRAP || sig == SIGABRT || sig == SIGBUS || sig == SIGFPE ||
           sig == SIGSEGV || sig == SIGSYS;
}

static bool has_handler(const struct sigaction *sa) {
    if (sa->sa_flags & SA_SIGINFO)
        return sa->sa_sigaction != NULL;
    return sa->sa_handler != SIG_DFL && sa->sa_handler != SIG_IGN;
}

/* Appends s to buf[*n..cap) without passing its end. */
static void append(char *buf, size_t cap, size_t *n, const char *s) {
    while (*s != '\0' && *n + 1 < cap)
        buf[(*n)++] = *s++;
    buf[*n] = '\0';
}

static void append_int(char *buf, size_t cap, size_t *n, long v) {
    char digits[24];
    int d = 0;
    unsigned long x = v < 0 ? (unsigned long)-v : (unsigned long)v;
    do {
        digits[d++] = (char)('0' + x % 10);
        x /= 10;
    } while (x > 0);
    if (v < 0)
        digits[d++] = '-';
    char rev[24];
    for (int i = 0; i < d; i++)
        rev[i] = digits[d - 1 - i];
    rev[d] = '\0';
    append(buf, cap, n, rev);
}

/* Whether pid is a running engine's leader or in a running engine's group. */
static bool is_engine_process(pid_t pid) {
    pid_t pgid = getpgid(pid);
    for (int i = 0; i < PROCGUARD_GROUPS_MAX; i++) {
        pid_t g = (pid_t)groups[i];
        if (g > 0 && (g == pid || g == pgid))
            return true;
    }
    return false;
}

/* The numbers in a /proc children file: "12 34 56 ". */
static void each_pid_in(int fd, void (*fn)(pid_t, void *), void *arg) {
    char buf[512];
    long pid = 0;
    bool in_number = false;
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) > 0) {
        for (ssize_t i = 0; i < n; i++) {
            if (buf[i] >= '0' && buf[i] <= '9') {
                pid = pid * 10 + (buf[i] - '0');
                in_number = true;
            } else if (in_number) {
                fn((pid_t)pid, arg);
                pid = 0;
                in_number = false;
            }
        }
    }
    if (in_number)
        fn((pid_t)pid, arg);
}

/* Calls fn for every child of this process: those of each of its threads
 * (/proc/self/task/TID/children), zombies included. False when /proc cannot
 * tell. System calls only. */
static bool each_child(void (*fn)(pid_t, void *), void *arg) {
    int dir = open("/proc/self/task", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0)
        return false;
    _Alignas(8) char buf[2048];
    bool any = false;
    long n;
    while ((n = syscall(SYS_getdents64, dir, buf, sizeof buf)) > 0) {
        for (long off = 0; off < n;) {
            /* struct linux_dirent64: ino (8), off (8), reclen (2), type (1), name */
            unsigned short reclen;
            memcpy(&reclen, buf + off + 16, sizeof reclen);
            const char *name = buf + off + 19;
            off += reclen;
            if (name[0] < '0' || name[0] > '9')
                continue;
            char path[64];
            size_t k = 0;
            append(path, sizeof path, &k, "/proc/self/task/");
            append(path, sizeof path, &k, name);
            append(path, sizeof path, &k, "/children");
            int fd = open(path, O_RDONLY | O_CLOEXEC);
            if (fd < 0)
                continue;
            any = true;
            each_pid_in(fd, fn, arg);
            close(fd);
        }
    }
    close(dir);
    return any;
}

typedef struct SweepRound {
    bool everything; /* every child (the process is ending), not only escaped ones */
    int seen;        /* children killed (and reaped, if they were dead) */
} SweepRound;

static void sweep_child(pid_t child, void *arg) {
    SweepRound *r = arg;
    if (!r->everything && is_engine_process(child))
        return;
    kill(child, SIGKILL);
    waitpid(child, NULL, WNOHANG);
    r->seen++;
}

/* Kills and reaps children (all of them, or the escaped ones) until a round
 * finds none and `group` (when > 0) is empty, or ms pass. Reaping a child
 * can give this process the orphans it left, hence a round after each. */
static void sweep_for(bool everything, pid_t group, long ms) {
    long end = now_ms() + ms;
    for (;;) {
        SweepRound r = {everything, 0};
        each_child(sweep_child, &r);
        /* A member of the group still there (a zombie counts) may yet leave
         * orphans to this process: wait for the group to empty. */
        bool group_left = group > 0 && kill(-group, SIGKILL) == 0;
        if (r.seen == 0 && !group_left)
            return;
        if (now_ms() >= end)
            return;
        nap_ms(1);
    }
}

static void kill_groups(void) {
    for (int i = 0; i < PROCGUARD_GROUPS_MAX; i++) {
        pid_t g = (pid_t)groups[i];
        if (g > 0) {
            kill(-g, SIGKILL);
            kill(g, SIGKILL); /* a leader that left its own group */
        }
    }
}

static void write_all(const char *s, size_t n) {
    while (n > 0) {
        ssize_t w = write(STDERR_FILENO, s, n);
        if (w <= 0 && errno != EINTR)
            return;
        if (w > 0) {
            s += w;
            n -= (size_t)w;
        }
    }
}

static void say_kept(int sig, const char *tail) {
    char line[NOTE_CAP + 64];
    size_t n = 0;
    append(line, sizeof line, &n, "wavesnake: stopped by signal ");
    append_int(line, sizeof line, &n, sig);
    append(line, sizeof line, &n, " (");
    append(line, sizeof line, &n, procguard_signal_name(sig));
    append(line, sizeof line, &n, ")");
    append(line, sizeof line, &n, tail);
    write_all(line, n);
}

/* Each guarded file: removed, or (sig > 0 and a keep name) renamed and named. */
static void settle_files(int sig) {
    for (int i = 0; i < PROCGUARD_FILES_MAX; i++) {
        GuardFile *f = &files[i];
        if (!f->used)
            continue;
        f->used = 0;
        if (sig <= 0 || f->keep[0] == '\0') {
            unlink(f->tmp);
            continue;
        }
        /* Never over an existing file: renameat2's RENAME_NOREPLACE, or a
         * hard link where a file system cannot do that. */
        long r = syscall(SYS_renameat2, AT_FDCWD, f->tmp, AT_FDCWD, f->keep, 1 /* NOREPLACE */);
        if (r != 0 && errno != EEXIST && errno != ENOENT) {
            r = link(f->tmp, f->keep);
            if (r == 0)
                unlink(f->tmp);
        }
        if (r == 0)
            say_kept(sig, f->note_keep);
        else if (access(f->tmp, F_OK) == 0)
            say_kept(sig, f->note_tmp);
    }
}

/* What a fatal signal (sig > 0) or the exit (0) leaves to do. Runs once; a
 * second thread's signal waits for the first cleanup to end. */
static void cleanup(int sig) {
    if (atomic_flag_test_and_set(&cleaning)) {
        long end = now_ms() + 2 * PROCGUARD_SWEEP_MS;
        while (!cleaned && now_ms() < end)
            nap_ms(1);
        return;
    }
    kill_groups();
    settle_files(sig);
    sweep_for(true, 0, PROCGUARD_SWEEP_MS);
    cleaned = 1;
}

/* Puts sig's default action back and raises it (async-signal-safe). */
static void raise_default(int sig) {
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    raise(sig);
}

static void on_signal(int sig, siginfo_t *info, void *ctx) {
    int saved = errno;
    int k = 0;
    while (k < GUARDED_COUNT && GUARDED[k] != sig)
        k++;
    const struct sigaction *old = k < GUARDED_COUNT ? &previous[k] : NULL;
    bool handled = old != NULL && has_handler(old);
    if (!handled || is_crash(sig))
        cleanup(sig);
    if (handled) {
        if (old->sa_flags & SA_SIGINFO)
            old->sa_sigaction(sig, info, ctx);
        else
            old->sa_handler(sig);
    } else {
        /* The default action: pending until this handler returns (the
         * signal is blocked meanwhile); a fault's instruction runs again. */
        raise_default(sig);
    }
    errno = saved;
}

static void on_exit_hook(void) { cleanup(0); }

void procguard_end_by_signal(int sig) {
    int saved = errno;
    cleanup(sig);
    raise_default(sig);
    errno = saved;
}

/* ======================================================================== */
/* Arming                                                                   */
/* ======================================================================== */

static pthread_once_t arm_once = PTHREAD_ONCE_INIT;

static void arm(void) {
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    struct sigaction chld;
    if (sigaction(SIGCHLD, NULL, &chld) == 0 &&
        ((!(chld.sa_flags & SA_SIGINFO) && chld.sa_handler == SIG_IGN) ||
         (chld.sa_flags & SA_NOCLDWAIT))) {
        memset(&chld, 0, sizeof chld);
        chld.sa_handler = SIG_DFL;
        sigemptyset(&chld.sa_mask);
        sigaction(SIGCHLD, &chld, NULL);
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO | SA_RESTART | SA_ONSTACK;
    sigemptyset(&sa.sa_mask); /* one cleanup at a time in a thread */
    for (int i = 0; i < GUARDED_COUNT; i++)
        sigaddset(&sa.sa_mask, GUARDED[i]);
    for (int i = 0; i < GUARDED_COUNT; i++) {
        struct sigaction now;
        if (sigaction(GUARDED[i], NULL, &now) != 0)
            continue;
        if (!(now.sa_flags & SA_SIGINFO) && now.sa_handler == SIG_IGN)
            continue; /* nohup: the user asked to survive it */
        previous[i] = now;
        sigaction(GUARDED[i], &sa, NULL);
    }
    atexit(on_exit_hook);
}

void procguard_arm(void) { pthread_once(&arm_once, arm); }

void procguard_reserve_stdio(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        /* Opened the other way round, so that using it fails as before. */
        int got = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
        if (got >= 0 && got != fd) {
            dup2(got, fd);
            close(got);
        }
    }
}

/* ======================================================================== */
/* Spawning                                                                 */
/* ======================================================================== */

typedef struct SpawnJob {
    const char *script;
    int in_fd, out_fd, err_fd; /* err_fd -1: wavesnake's own stderr */
    pid_t pid;
    int error; /* 0, or the errno of fork */
    bool done;
} SpawnJob;

static pthread_mutex_t job_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t job_cond = PTHREAD_COND_INITIALIZER;
static SpawnJob *job; /* the one waiting for the spawner thread */
static bool spawner_up;
static pthread_once_t spawner_once = PTHREAD_ONCE_INIT;

static void close_from(int first) {
    if (syscall(SYS_close_range, (unsigned)first, ~0U, 0) == 0)
        return;
    struct rlimit rl;
    long max =
        getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < 65536 ? (long)rl.rlim_cur : 65536;
    for (long fd = first; fd < max; fd++)
        close((int)fd);
}

/* The child between fork and exec: system calls only (other threads of the
 * parent may hold locks the child would wait on forever). */
static _Noreturn void child_exec(const SpawnJob *j, pid_t parent) {
    /* Killed when wavesnake dies; if it died already, there is nobody to play for. */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent)
        _exit(127);
    setpgid(0, 0);
    /* The pipes onto 0, 1 and 2. They lie above 2 (procguard_reserve_stdio
     * keeps 0..2 open), so dup2 takes no new descriptor: under a low limit
     * (ulimit -n) a copy would fail where the parent's own pipes fit, and
     * the engine would seem to be a command the shell cannot find. Only a
     * pipe on 0..2, which a later dup2 would overwrite, is copied first. */
    int in = j->in_fd, out = j->out_fd, err = j->err_fd >= 0 ? j->err_fd : 2;
    if (in < 3 || out < 3 || (err < 3 && err != 2)) {
        in = fcntl(j->in_fd, F_DUPFD, 3);
        out = fcntl(j->out_fd, F_DUPFD, 3);
        err = j->err_fd >= 0 ? fcntl(j->err_fd, F_DUPFD, 3) : 2;
    }
    if (in < 0 || out < 0 || err < 0 || dup2(in, 0) != 0 || dup2(out, 1) != 1 ||
        (err != 2 && dup2(err, 2) != 2))
        _exit(127);
    close_from(3);
    /* Handlers (the guard's, SDL's) must not run in the child once signals
     * are unblocked; exec would reset them anyway. A SIGPIPE the parent
     * ignores is the engine's default again. */
    for (int sig = 1; sig < NSIG; sig++) {
        struct sigaction now;
        if (sig == SIGKILL || sig == SIGSTOP || sigaction(sig, NULL, &now) != 0)
            continue;
        if (has_handler(&now) || sig == SIGPIPE) {
            struct sigaction dfl;
            memset(&dfl, 0, sizeof dfl);
            dfl.sa_handler = SIG_DFL;
            sigaction(sig, &dfl, NULL);
        }
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    char *argv[] = {"sh", "-c", (char *)j->script, NULL};
    execve("/bin/sh", argv, environ);
    _exit(127);
}

static void fork_exec(SpawnJob *j) {
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0)
        child_exec(j, parent);
    j->error = pid < 0 ? errno : 0;
    j->pid = pid < 0 ? 0 : pid;
}

/* The thread every engine is forked from: it lives as long as the process,
 * so PR_SET_PDEATHSIG fires only when the process dies. */
static void *spawner_main(void *arg) {
    (void)arg;
    pthread_mutex_lock(&job_lock);
    for (;;) {
        while (job == NULL || job->done)
            pthread_cond_wait(&job_cond, &job_lock);
        fork_exec(job);
        job->done = true;
        pthread_cond_broadcast(&job_cond);
    }
    return NULL;
}

static void start_spawner(void) {
    /* Created with every signal blocked: the process's signals go to the
     * threads that handle them, never to this one. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
    pthread_t id;
    spawner_up = pthread_create(&id, &at, spawner_main, NULL) == 0;
    pthread_attr_destroy(&at);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}

int procguard_spawn(const char *script, int child_in, int child_out, int child_err, pid_t *pid,
                    int *slot) {
    procguard_arm();
    pthread_once(&spawner_once, start_spawner);
    *pid = 0;
    *slot = -1;
    pthread_mutex_lock(&guard_lock);
    int free_slot = -1;
    for (int i = 0; i < PROCGUARD_GROUPS_MAX && free_slot < 0; i++)
        if (groups[i] == 0)
            free_slot = i;
    if (free_slot < 0) {
        pthread_mutex_unlock(&guard_lock);
        return ENOSPC;
    }
    SpawnJob j = {script, child_in, child_out, child_err, 0, 0, false};
    if (spawner_up) {
        pthread_mutex_lock(&job_lock);
        job = &j;
        pthread_cond_broadcast(&job_cond);
        while (!j.done)
            pthread_cond_wait(&job_cond, &job_lock);
        job = NULL;
        pthread_mutex_unlock(&job_lock);
    } else {
        fork_exec(&j); /* no thread to be had: the signal then follows this one */
    }
    if (j.error == 0) {
        groups[free_slot] = (sig_atomic_t)j.pid;
        *pid = j.pid;
        *slot = free_slot;
    }
    pthread_mutex_unlock(&guard_lock);
    return j.error;
}

void procguard_forget(int slot) {
    if (slot < 0 || slot >= PROCGUARD_GROUPS_MAX)
        return;
    pthread_mutex_lock(&guard_lock);
    groups[slot] = 0;
    pthread_mutex_unlock(&guard_lock);
}

void procguard_sweep(pid_t group) {
    pthread_mutex_lock(&guard_lock);
    sweep_for(false, group, PROCGUARD_SWEEP_MS);
    pthread_mutex_unlock(&guard_lock);
}

/* ======================================================================== */
/* Files                                                                    */
/* ======================================================================== */

static void make_note(char *note, const char *what, const char *path) {
    char quoted[NOTE_CAP - 64];
    ws_quote_len(quoted, sizeof quoted, path, strlen(path));
    snprintf(note, NOTE_CAP, "; %s so far kept as '%s'\n", what != NULL ? what : "the file",
             quoted);
}

int procguard_add_file(const char *tmp, const char *keep, const char *what) {
    procguard_arm();
    if (tmp == NULL || strlen(tmp) >= PROCGUARD_PATH_MAX ||
        (keep != NULL && strlen(keep) >= PROCGUARD_PATH_MAX))
        return -1;
    pthread_mutex_lock(&guard_lock);
    int slot = -1;
    for (int i = 0; i < PROCGUARD_FILES_MAX && slot < 0; i++)
        if (!files[i].used)
            slot = i;
    if (slot >= 0) {
        GuardFile *f = &files[slot];
        snprintf(f->tmp, sizeof f->tmp, "%s", tmp);
        snprintf(f->keep, sizeof f->keep, "%s", keep != NULL ? keep : "");
        if (keep != NULL) {
            make_note(f->note_keep, what, keep);
            make_note(f->note_tmp, what, tmp);
        }
        atomic_signal_fence(memory_order_seq_cst); /* the strings before the flag */
        f->used = 1;
    }
    pthread_mutex_unlock(&guard_lock);
    return slot;
}

void procguard_remove_file(int slot) {
    if (slot < 0 || slot >= PROCGUARD_FILES_MAX)
        return;
    pthread_mutex_lock(&guard_lock);
    files[slot].used = 0;
    pthread_mutex_unlock(&guard_lock);
}

const char *procguard_signal_name(int sig) {
    switch (sig) {
    case SIGHUP:
        return "HUP";
    case SIGINT:
        return "INT";
    case SIGQUIT:
        return "QUIT";
    case SIGILL:
        return "ILL";
    case SIGTRAP:
        return "TRAP";
    case SIGABRT:
        return "ABRT";
    case SIGBUS:
        return "BUS";
    case SIGFPE:
        return "FPE";
    case SIGKILL:
        return "KILL";
    case SIGUSR1:
        return "USR1";
    case SIGSEGV:
        return "SEGV";
    case SIGUSR2:
        return "USR2";
    case SIGPIPE:
        return "PIPE";
    case SIGALRM:
        return "ALRM";
    case SIGTERM:
        return "TERM";
    case SIGXCPU:
        return "XCPU";
    case SIGXFSZ:
        return "XFSZ";
    case SIGVTALRM:
        return "VTALRM";
    case SIGPROF:
        return "PROF";
    case SIGSYS:
        return "SYS";
    default:
        return "?";
    }
}
