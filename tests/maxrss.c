/* ws_maxrss OUT CMD [ARGS...]: runs CMD, writes its peak resident set size in
 * kB (getrusage's ru_maxrss) into the file OUT and exits with CMD's status
 * (128 + N when signal N ended it). For the limits tests: a 100 MB input must
 * not cost 100 MB. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: ws_maxrss OUT CMD [ARGS...]\n");
        return 2;
    }
    pid_t pid = fork();
    if (pid < 0) {
        perror("ws_maxrss: fork");
        return 2;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        perror("ws_maxrss: exec");
        _exit(127);
    }
    int status = 0;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0) {
        perror("ws_maxrss: wait4");
        return 2;
    }
    FILE *out = fopen(argv[1], "w");
    if (out == NULL || fprintf(out, "%ld\n", ru.ru_maxrss) < 0 || fclose(out) != 0) {
        perror(argv[1]);
        return 2;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
