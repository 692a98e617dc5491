/* The guard against ends nobody sees (procguard.h): closed standard
 * descriptors, temporary files when a signal stops the program, at exit,
 * and a handler that was there first. Each case runs as a program of its
 * own (a forked child with every signal at its default, as wavesnake
 * starts) and the test waits for it with waitpid: no sleeps. Engines and
 * their processes are tested with real engines in test_engine.c. */
#define _GNU_SOURCE /* mkdtemp */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fileio.h"
#include "procguard.h"

static char dir[64];    /* a fresh folder per test */
static char target[96]; /* dir/t.trace */

static void setup(void) {
    snprintf(dir, sizeof dir, "/tmp/ws_procguard.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(target, sizeof target, "%s/t.trace", dir);
}

/* Removes the folder and what is in it. */
static void teardown(void) {
    DIR *d = opendir(dir);
    if (d == NULL)
        return;
    struct dirent *en;
    char path[512];
    while ((en = readdir(d)) != NULL) {
        if (strcmp(en->d_name, ".") == 0 || strcmp(en->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, en->d_name);
        unlink(path);
    }
    closedir(d);
    rmdir(dir);
}

/* The names in the folder, sorted, joined with spaces ("" when empty). */
static const char *listing(void) {
    static char names[512];
    char all[16][256];
    int n = 0;
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    struct dirent *en;
    while ((en = readdir(d)) != NULL && n < 16)
        if (strcmp(en->d_name, ".") != 0 && strcmp(en->d_name, "..") != 0)
            snprintf(all[n++], sizeof all[0], "%s", en->d_name);
    closedir(d);
    qsort(all, (size_t)n, sizeof all[0], (int (*)(const void *, const void *))strcmp);
    names[0] = '\0';
    for (int i = 0; i < n; i++) {
        strcat(names, i > 0 ? " " : "");
        strcat(names, all[i]);
    }
    return names;
}

static const char *err_file(void) {
    static char path[128];
    snprintf(path, sizeof path, "%s/stderr", dir);
    return path;
}

static const char *file_text(const char *path) {
    static char text[256];
    memset(text, 0, sizeof text);
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return NULL;
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    return text;
}

/* Forks a program: in the child (0 returned) every signal below is at its
 * default and stderr goes to dir/stderr; the parent gets its pid and reads
 * one byte from *ready once the child says it is ready. */
static const int SIGNALS[] = {SIGTERM, SIGINT};

static pid_t fork_program(int *ready) {
    int fd[2];
    ck_assert_int_eq(pipe(fd), 0);
    pid_t child = fork();
    ck_assert_int_ge(child, 0);
    if (child == 0) {
        close(fd[0]);
        for (int i = 0; i < 2; i++)
            signal(SIGNALS[i], SIG_DFL);
        int e = open(err_file(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (e < 0 || dup2(e, 2) != 2)
            _exit(90);
        close(e);
        *ready = fd[1];
    } else {
        close(fd[1]);
        *ready = fd[0];
    }
    return child;
}

static void say_ready(int fd) {
    if (write(fd, "r", 1) != 1)
        _exit(91);
}

static void wait_ready(int fd) {
    char c;
    ck_assert_int_eq(read(fd, &c, 1), 1);
    close(fd);
}

/* In the child: the trace under way, one line written and flushed. */
static void open_trace(FileioOut *out, bool keep) {
    WsError err;
    if (fileio_out_open(out, target, "--trace", &err) != WS_OK)
        _exit(92);
    if (keep)
        fileio_out_keep_on_signal(out);
    if (fputs("wavesnake-trace 1\n", out->f) < 0 || fflush(out->f) != 0)
        _exit(93);
}

static int finish(pid_t child) {
    int st;
    ck_assert_int_eq(waitpid(child, &st, 0), child);
    return st;
}

/* ---- standard descriptors -------------------------------------------------- */

/* A program started with stdin and stdout closed: the next pipe must not
 * become its stdout (whatever it printed would go into an engine), and
 * writing its output still fails as it did. */
START_TEST(closed_standard_descriptors_are_reserved) {
    pid_t child = fork();
    ck_assert_int_ge(child, 0);
    if (child == 0) {
        close(0);
        close(1);
        procguard_reserve_stdio();
        int p[2];
        if (pipe(p) != 0 || p[0] < 3 || p[1] < 3)
            _exit(10);
        errno = 0;
        if (write(1, "x", 1) != -1 || errno != EBADF)
            _exit(11);
        char c;
        errno = 0;
        if (read(0, &c, 1) != -1 || errno != EBADF)
            _exit(12);
        _exit(0);
    }
    int st = finish(child);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "status %#x", st);
}
END_TEST

/* Open descriptors are left alone. */
START_TEST(open_standard_descriptors_are_left_alone) {
    int before = fcntl(1, F_GETFL);
    procguard_reserve_stdio();
    ck_assert_int_eq(fcntl(1, F_GETFL), before);
    int p[2];
    ck_assert_int_eq(pipe(p), 0);
    ck_assert_int_ge(p[0], 3);
    close(p[0]);
    close(p[1]);
}
END_TEST

/* ---- temporary files -------------------------------------------------------- */

/* Stopped by SIGTERM or SIGINT while writing an output: no temporary file
 * is left, and the target was never written. */
START_TEST(a_signal_leaves_no_temporary_file) {
    int sig = SIGNALS[_i];
    int ready;
    pid_t child = fork_program(&ready);
    if (child == 0) {
        FileioOut out;
        open_trace(&out, false);
        say_ready(ready);
        for (;;)
            pause();
    }
    wait_ready(ready);
    char while_running[128];
    snprintf(while_running, sizeof while_running, ".t.trace.%ld-0.tmp stderr", (long)child);
    ck_assert_str_eq(listing(), while_running);
    kill(child, sig);
    int st = finish(child);
    ck_assert(WIFSIGNALED(st) && WTERMSIG(st) == sig);
    ck_assert_str_eq(listing(), "stderr");
    ck_assert_str_eq(file_text(err_file()), ""); /* nothing kept, nothing said */
}
END_TEST

/* A trace is kept instead, as NAME.partial, and the one line on stderr says
 * where: its complete games replay. */
START_TEST(a_signal_keeps_a_trace_under_a_name_it_tells) {
    int sig = SIGNALS[_i];
    int ready;
    pid_t child = fork_program(&ready);
    if (child == 0) {
        FileioOut out;
        open_trace(&out, true);
        say_ready(ready);
        for (;;)
            pause();
    }
    wait_ready(ready);
    kill(child, sig);
    int st = finish(child);
    ck_assert(WIFSIGNALED(st) && WTERMSIG(st) == sig);
    ck_assert_str_eq(listing(), "stderr t.trace.partial");
    char kept[128], want[256];
    snprintf(kept, sizeof kept, "%s.partial", target);
    ck_assert_str_eq(file_text(kept), "wavesnake-trace 1\n");
    snprintf(want, sizeof want,
             "wavesnake: stopped by signal %d (%s); --trace so far kept as '%s'\n", sig,
             sig == SIGTERM ? "TERM" : "INT", kept);
    ck_assert_str_eq(file_text(err_file()), want);
}
END_TEST

/* NAME.partial from an earlier run is never overwritten: the temporary
 * file stays where it is, and the line names it. */
START_TEST(a_kept_trace_never_replaces_a_file) {
    char kept[128];
    snprintf(kept, sizeof kept, "%s.partial", target);
    FILE *f = fopen(kept, "w");
    ck_assert_ptr_nonnull(f);
    fputs("an earlier run\n", f);
    fclose(f);
    int ready;
    pid_t child = fork_program(&ready);
    if (child == 0) {
        FileioOut out;
        open_trace(&out, true);
        say_ready(ready);
        for (;;)
            pause();
    }
    wait_ready(ready);
    kill(child, SIGTERM);
    finish(child);
    ck_assert_str_eq(file_text(kept), "an earlier run\n");
    char tmp[128];
    snprintf(tmp, sizeof tmp, "%s/.t.trace.%ld-0.tmp", dir, (long)child);
    ck_assert_str_eq(file_text(tmp), "wavesnake-trace 1\n");
    ck_assert_ptr_nonnull(strstr(file_text(err_file()), tmp));
}
END_TEST

/* A program that exits without committing or giving up its output leaves
 * no temporary file either. */
START_TEST(an_exit_leaves_no_temporary_file) {
    int ready;
    pid_t child = fork_program(&ready);
    if (child == 0) {
        FileioOut out;
        open_trace(&out, true);
        exit(0);
    }
    close(ready);
    int st = finish(child);
    ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    ck_assert_str_eq(listing(), "stderr");
}
END_TEST

static volatile sig_atomic_t stopping;
static void on_term(int sig) { stopping = sig; }

/* A handler that was there before the guard (SDL's, which closes the
 * window) is called, and the file is the program's to finish. */
START_TEST(a_handler_that_was_there_first_finishes_the_file) {
    int ready;
    pid_t child = fork_program(&ready);
    if (child == 0) {
        signal(SIGTERM, on_term);
        FileioOut out;
        open_trace(&out, true);
        raise(SIGTERM);
        WsError err;
        _exit(stopping == SIGTERM && fileio_out_commit(&out, &err) == WS_OK ? 0 : 20);
    }
    close(ready);
    int st = finish(child);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "status %#x", st);
    ck_assert_str_eq(listing(), "stderr t.trace");
}
END_TEST

START_TEST(signal_names) {
    ck_assert_str_eq(procguard_signal_name(SIGSEGV), "SEGV");
    ck_assert_str_eq(procguard_signal_name(SIGPIPE), "PIPE");
    ck_assert_str_eq(procguard_signal_name(0), "?");
}
END_TEST

static Suite *procguard_suite(void) {
    Suite *s = suite_create("procguard");
    TCase *std = tcase_create("stdio");
    tcase_add_test(std, closed_standard_descriptors_are_reserved);
    tcase_add_test(std, open_standard_descriptors_are_left_alone);
    tcase_add_test(std, signal_names);
    suite_add_tcase(s, std);
    TCase *files = tcase_create("files");
    tcase_add_checked_fixture(files, setup, teardown);
    tcase_add_loop_test(files, a_signal_leaves_no_temporary_file, 0, 2);
    tcase_add_loop_test(files, a_signal_keeps_a_trace_under_a_name_it_tells, 0, 2);
    tcase_add_test(files, a_kept_trace_never_replaces_a_file);
    tcase_add_test(files, an_exit_leaves_no_temporary_file);
    tcase_add_test(files, a_handler_that_was_there_first_finishes_the_file);
    suite_add_tcase(s, files);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(procguard_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
