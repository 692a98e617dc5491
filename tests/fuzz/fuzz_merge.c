/* Fuzzes `wavesnake merge` (merge_files in src/app/cli/merge.c): the input is
 * up to MAX_FILES shard files separated by NUL bytes (which no shard holds),
 * each written under a name with an escape byte (a message must quote it),
 * read as JSON lines or traces, checked and summed up.
 *
 * Besides "no crash, no sanitizer report, no leak, a one-line printable
 * message", every merge that succeeds is checked against the promises of a
 * merge: the summary is one line of printable ASCII whatever the files held
 * (a policy or version read from a shard is printed again; a match's
 * summary is several such lines: its tables), and merging the
 * same files in the other order gives the same bytes (a merge of shards is
 * the summary of their one run, whatever the order; the CLI test cli_merge
 * checks it against a real run). */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"

#include <unistd.h>

#include "tools.h"

enum { MAX_FILES = 3, OUT_MAX = 1 << 15 };

static char workdir[] = "/tmp/ws-fuzz-merge-XXXXXX";
static char paths[MAX_FILES][sizeof workdir + 32];

static void remove_workdir(void) {
    for (int i = 0; i < MAX_FILES; i++)
        unlink(paths[i]);
    rmdir(workdir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    if (mkdtemp(workdir) == NULL) {
        perror("fuzz_merge: temporary directory");
        abort();
    }
    for (int i = 0; i < MAX_FILES; i++)
        snprintf(paths[i], sizeof paths[i], "%s/shard%d\x1b.json", workdir, i);
    atexit(remove_workdir);
    return 0;
}

/* Merges files (in that order) into buf; returns the status. */
static WsStatus merge(char **files, int n, bool json, char *buf, size_t cap) {
    FILE *out = fmemopen(buf, cap, "w");
    if (out == NULL)
        abort();
    WsError err = {0};
    WsStatus st = merge_files(n, files, json, out, &err);
    fuzz_check_error(st, &err, "merge_files");
    if (fclose(out) != 0 && st == WS_OK) {
        fprintf(stderr, "fuzz_merge: a summary longer than %d bytes\n", OUT_MAX);
        abort();
    }
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1)
        return 0;
    bool json = data[0] & 1;
    data++;
    size--;
    int n = 0;
    char *files[MAX_FILES];
    while (n < MAX_FILES) {
        const uint8_t *end = memchr(data, '\0', size);
        size_t len = end != NULL ? (size_t)(end - data) : size;
        FILE *f = fopen(paths[n], "wb");
        if (f == NULL || fwrite(data, 1, len, f) != len || fclose(f) != 0) {
            perror("fuzz_merge: writing a shard");
            abort();
        }
        files[n] = paths[n];
        n++;
        if (end == NULL)
            break;
        data = end + 1;
        size -= len + 1;
    }
    static char a[OUT_MAX], b[OUT_MAX];
    memset(a, 0, sizeof a);
    if (merge(files, n, json, a, sizeof a) != WS_OK)
        return 0;
    size_t len = strlen(a);
    bool match = strncmp(a, "match:", 6) == 0 || strncmp(a, "{\"match\":", 9) == 0;
    if (len == 0 || a[len - 1] != '\n' || (!match && memchr(a, '\n', len) != a + len - 1)) {
        fprintf(stderr, "fuzz_merge: the summary is not one line\n");
        abort();
    }
    for (size_t i = 0; i + 1 < len; i++)
        if (((unsigned char)a[i] < 0x20 && !(match && a[i] == '\n')) ||
            (unsigned char)a[i] > 0x7e) {
            fprintf(stderr, "fuzz_merge: byte 0x%02x in the summary\n", (unsigned char)a[i]);
            abort();
        }
    if (n == 2) { /* a + b == b + a for the summed times: the bytes must agree */
        char *rev[2] = {files[1], files[0]};
        memset(b, 0, sizeof b);
        if (merge(rev, 2, json, b, sizeof b) != WS_OK || strcmp(a, b) != 0) {
            fprintf(stderr, "fuzz_merge: the other order merges differently:\n%s%s", a, b);
            abort();
        }
    }
    return 0;
}
