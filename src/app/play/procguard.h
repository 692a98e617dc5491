/* procguard.h - nothing wavesnake starts or half-writes outlives it.
 *
 * wavesnake starts programs (engines, docs/engines.md) and writes files under
 * temporary names (fileio.h). This module is the one place that deals with
 * how the program can end without the code around them seeing it: a fatal
 * signal, an exit that skips the usual cleanup, a process an engine started
 * that hides from its engine's process group. Its two tables, the running
 * engines' process groups and the temporary files being written, are the
 * app's mutable globals on purpose: a signal handler can reach nothing else.
 * The tables are written under a mutex and read by the handler lock-free.
 *
 * What it does (docs/reliability.md, "Engines touch nothing but their game"):
 *  - procguard_reserve_stdio, the first thing ws_main does, opens /dev/null
 *    on a closed descriptor 0, 1 or 2, so that no pipe or file opened later
 *    lands there (a pipe on fd 1 would get the run's results).
 *  - procguard_spawn starts `/bin/sh -c SCRIPT` in a process group of its
 *    own with two pipe ends as its stdin and stdout, a third (or
 *    wavesnake's own) as its stderr, and no other descriptor: every descriptor above 2 is closed in the child
 *    before exec, whatever its close-on-exec flag (a library's, one
 *    inherited from whoever started wavesnake). The child asks for SIGKILL
 *    when wavesnake dies (PR_SET_PDEATHSIG). That signal follows the thread
 *    that forked, so every fork happens on one thread that lives as long as
 *    the process, not on a runner's worker that ends with its run.
 *  - wavesnake is a child subreaper (PR_SET_CHILD_SUBREAPER): a process an
 *    engine started that left its process group (setsid, setpgid) becomes
 *    wavesnake's child when its parent dies (a double fork, its engine
 *    killed), and procguard_sweep kills and reaps it.
 *  - From the first engine or temporary file on (procguard_arm), a fatal
 *    signal (HUP INT QUIT ILL TRAP ABRT BUS FPE USR1 SEGV USR2 PIPE ALRM
 *    TERM STKFLT XCPU XFSZ VTALRM PROF IO PWR SYS) kills every engine's
 *    group and leader, sweeps, removes every temporary file (a trace's is
 *    kept instead, under a name printed on stderr: its complete games
 *    replay) and ends the program as the signal would have. A signal that
 *    had a handler when the guard was armed (SDL's SIGINT and SIGTERM,
 *    which close the window; a command that prints its results on Ctrl-C)
 *    is that handler's to act on: the guard calls it and does nothing else,
 *    the program's own end stops the engines. A crash signal (ILL TRAP ABRT
 *    BUS FPE SEGV SYS) is cleaned up first and then handed on (to
 *    AddressSanitizer's report, say). A handler installed later on top of
 *    the guard's should not call it for a signal it handles: the guard
 *    would end the program. A signal ignored when the guard was armed
 *    (nohup) stays ignored.
 *  - At exit (atexit), the same cleanup, silently, for whatever is left.
 *
 * What cannot be guaranteed: SIGKILL (the OOM killer) and SIGSTOP cannot be
 * caught. When wavesnake is SIGKILLed each engine's leader still dies (the
 * kernel's PDEATHSIG), but the processes an engine started do not: nothing
 * of wavesnake runs any more to kill them. Real-time signals are not
 * guarded. Escaped processes are found through /proc/self/task/TID/children
 * (Linux); a process that escapes while its own parent lives on outside any
 * engine's group is found only once that parent dies.
 */
#ifndef WS_PROCGUARD_H
#define WS_PROCGUARD_H

#include <stdbool.h>
#include <sys/types.h>

enum {
    PROCGUARD_GROUPS_MAX = 1024, /* engines running at once */
    PROCGUARD_FILES_MAX = 16,    /* temporary files at once: a match's 8 traces and its plot fit */
    PROCGUARD_PATH_MAX = 1024,   /* a longer temporary path is not guarded */
    PROCGUARD_SWEEP_MS = 1000    /* how long a sweep waits for what it killed */
};

/* Opens /dev/null on each of the descriptors 0, 1 and 2 that is closed:
 * write-only on 0 and read-only on 1 and 2, so that reading or writing them
 * fails as on a closed descriptor ("cannot write the output"), but no later
 * descriptor takes their number. */
void procguard_reserve_stdio(void);

/* Arms the guard, once per process (later calls return at once): the
 * subreaper, the signal handlers, the atexit hook, and SIGCHLD at its
 * default (an ignored SIGCHLD would hide every engine's exit status).
 * procguard_spawn and procguard_add_file call it. */
void procguard_arm(void);

/* Starts `/bin/sh -c script` (above) with child_in as its stdin,
 * child_out as its stdout and child_err as its stderr (-1: wavesnake's
 * stderr), in its own process group, and adds that group to
 * the table. The caller keeps and closes its descriptors. Returns 0 with
 * *pid (the leader, also the group id) and *slot (for procguard_forget),
 * ENOSPC when PROCGUARD_GROUPS_MAX engines run already, or the errno of the
 * failed fork. The child takes no descriptor beyond the ones it inherits
 * (the pipes go onto 0..2 by dup2), so a low `ulimit -n` that let the caller
 * make its pipes lets the shell start. An exec that fails shows as exit
 * status 127. */
int procguard_spawn(const char *script, int child_in, int child_out, int child_err, pid_t *pid,
                    int *slot);

/* Takes an engine out of the table once its group has been killed (slot
 * may be -1). */
void procguard_forget(int slot);

/* Kills and reaps, for up to PROCGUARD_SWEEP_MS, the children of this
 * process that are neither a running engine's leader nor in a running
 * engine's group: processes that escaped an engine that was stopped. When
 * group > 0 (an engine's group that was just killed), it also waits until
 * that group is empty, so that what its members started is found too. */
void procguard_sweep(pid_t group);

/* Guards a temporary file: on a fatal signal it is removed or, when keep is
 * not NULL, renamed to `keep` (left where it is when keep exists) and named
 * on stderr: "wavesnake: stopped by signal 15 (TERM); WHAT so far kept as
 * 'KEEP'". Returns the slot for procguard_remove_file, or -1 when the file
 * is not guarded (PROCGUARD_FILES_MAX files, a path of PROCGUARD_PATH_MAX). */
int procguard_add_file(const char *tmp, const char *keep, const char *what);

/* The file of slot (-1 is fine) is no longer guarded: committed or removed. */
void procguard_remove_file(int slot);

/* What a fatal signal does when nothing handles it, for a handler of a
 * command's own that hands its signal back (a match's second Ctrl-C): every
 * engine's group killed, the temporary files removed or kept (above), then
 * sig at its default action, raised (it ends the program once the handler
 * that called this returns). Async-signal-safe. */
void procguard_end_by_signal(int sig);

/* "SEGV", "TERM", ... for messages ("?" for an unusual one). */
const char *procguard_signal_name(int sig);

#endif
