/* Fuzzes the command line of every mode and tool in-process: the input is
 * split into argv and handed to ws_main, the program's own dispatch.
 *
 * Input: argv words separated by '\n' (at most MAX_WORDS, "wavesnake" is
 * prepended), then optionally a NUL byte and the contents of a file, written
 * to "in" in the harness's working directory, so that the fuzzer can pair
 * command lines with file contents. That directory (a fresh temporary one)
 * also holds the golden map, script and boards: level.txt, chase.script,
 * empty.board, d4.board.
 *
 * What is skipped, and why:
 * - a word with '/': every file the program may read or write (--trace,
 *   bench --markdown) stays inside the temporary directory;
 * - runs that would take long by design: a play mode whose options parse is
 *   run only when small (a few games on a small board, --size or --map, one
 *   sea game, a few arena ticks; `replay` reads at most the input) and
 *   seeded (--seed: the clock's seed would make a run unrepeatable), a
 *   bench whose options parse is not run at all (its errors are);
 * - the window: this harness links the front end without SDL
 *   (src/app/nosdl), so a window or --screenshot run reports "no window";
 * - engines: a run that names one (engine:CMD) would start a program the
 *   input names; only its parse errors run;
 * - `match`: as a play mode's run, small (at most MAX_MATCH_PLAYERS players
 *   of the small games above) and seeded.
 */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"

#include <stdalign.h>
#include <stdbool.h>
#include <unistd.h>

#include "bench.h"
#include "options.h"
#include "textmap.h"
#include "ws_main.h"

enum {
    MAX_WORDS = 16,
    MAX_GAMES = 3,
    MAX_SEA_GAMES = 1,
    MAX_CELLS = 144,
    MAX_TICKS = 40,
    MAX_GEN_CELLS = 1600,
    MAX_MONSTERS = 40,
    MAX_JOBS = 3,
    MAX_MATCH_PLAYERS = 3,
    DRY_BYTES = 1 << 16
};

/* The golden test data (tests/data), written into the working directory:
 * FUZZ_LEVEL (fuzz.h) and these. */
static const char CHASE[] = "enemy 8 3 sleep 16\n"
                            "turn 4 4 0 0\n"
                            "turn 5 4 0 0\n"
                            "turn 6 4 0 0\n"
                            "turn 6 4 0 0\n"
                            "turn 6 4 0 1\n"
                            "turn 6 4 0 1\n"
                            "turn 6 4 0 1\n"
                            "turn 6 4 0 1\n"
                            "turn 6 4 0 1\n"
                            "turn 6 4 0 0\n"
                            "turn 6 4 0 0\n"
                            "turn 6 4 13 0\n"
                            "turn 6 4 0 0\n"
                            "turn 6 4 0 0\n"
                            "turn 6 4 0 0\n";
static const char EMPTY[] = "..........\n..........\n..........\n..........\n..........\n"
                            "..........\n..........\n..........\n..........\n..........\n";
static const char D4[] = "..........\n..........\n..........\n...o......\n..........\n"
                         "..........\n..........\n..........\n..........\n..........\n";

static void write_file(const char *name, const void *data, size_t len) {
    FILE *f = fopen(name, "wb");
    if (f == NULL || fwrite(data, 1, len, f) != len) {
        perror(name);
        abort();
    }
    fclose(f);
}

static char workdir[] = "/tmp/ws-fuzz-cli-XXXXXX";

static void remove_workdir(void) {
    char cmd[sizeof workdir + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", workdir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", workdir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    if (mkdtemp(workdir) == NULL || chdir(workdir) != 0) {
        perror("fuzz_cli: temporary directory");
        abort();
    }
    atexit(remove_workdir);
    write_file("level.txt", FUZZ_LEVEL, sizeof FUZZ_LEVEL - 1);
    write_file("chase.script", CHASE, sizeof CHASE - 1);
    write_file("empty.board", EMPTY, sizeof EMPTY - 1);
    write_file("d4.board", D4, sizeof D4 - 1);
    return 0;
}

/* The cells of the board a --map file makes (short lines are padded, so
 * not its byte count: a 130-character line under two short ones is 390
 * cells), or 0 when it is no map. */
static long map_cells(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return 0;
    static char text[1 << 16];
    size_t len = fread(text, 1, sizeof text, f);
    fclose(f);
    TextMap map = {0};
    WsError err = {0};
    long cells = 0;
    if (textmap_parse(&map, text, len, path, &err) == WS_OK)
        cells = (long)map.w * map.h;
    textmap_deinit(&map);
    return cells;
}

/* Whether a play mode's run is small enough for a fuzzer (its options parse). */
static bool small_run(const AppOptions *o) {
    switch (o->mode) {
    case APP_MODE_SNAKE: {
        long cells = (long)o->rules.w * o->rules.h;
        if (o->map != NULL)
            cells = map_cells(o->map);
        return o->games <= MAX_GAMES && cells <= MAX_CELLS && o->jobs <= MAX_JOBS;
    }
    case APP_MODE_ARENA:
        return o->ticks <= MAX_TICKS && o->gen_w * o->gen_h <= MAX_GEN_CELLS &&
               o->monsters <= MAX_MONSTERS;
    case APP_MODE_SEA: /* the best hunter's sampling: 1-2 s a game under instrumentation */
        return o->games <= MAX_SEA_GAMES && o->jobs <= MAX_JOBS;
    case APP_MODE_COUNT:
        break;
    }
    return false;
}

/* Whether ws_main may run argv: see the header comment. */
static bool allowed(int argc, char **argv) {
    for (int i = 1; i < argc; i++)
        if (strchr(argv[i], '/') != NULL)
            return false;
    if (argc >= 2 && strcmp(argv[1], BENCH_COMMAND.name) == 0) {
        /* Only bench command lines that fail to parse: BenchPlan is private
         * to bench.c, so the dry run parses into zeroed bytes of ample size
         * (the table's offsets stay far below DRY_BYTES). */
        static alignas(max_align_t) unsigned char dry[DRY_BYTES];
        memset(dry, 0, sizeof dry);
        WsError err = {0};
        return optparse_parse(&BENCH_COMMAND, argc - 2, argv + 2, dry, &err) != WS_OK;
    }
    if (argc >= 2 && strcmp(argv[1], "match") == 0) {
        MatchKind kind = MATCH_SNAKE;
        int first = argc >= 3 && match_kind_parse(argv[2], &kind) ? 3 : 2;
        AppOptions opts;
        WsError err = {0};
        if (options_parse_match(&opts, kind, argc, argv, first, 1, &err) != WS_OK)
            return true; /* the error path */
        return small_run(&opts) && opts.seed_given && !options_name_engine(&opts) &&
               opts.match_players <= MAX_MATCH_PLAYERS;
    }
    AppMode mode = APP_MODE_SNAKE;
    int first = 1;
    if (argc >= 2 && app_mode_parse(argv[1], &mode))
        first = 2;
    else if (argc >= 2 && argv[1][0] != '-')
        return true; /* a text tool, help, or an unknown word: all quick */
    AppOptions opts;
    options_defaults(&opts, mode, 1);
    WsError err = {0};
    if (options_parse(&opts, argc, argv, first, &err) != WS_OK)
        return true; /* the error path */
    /* Without --seed a run takes the clock's: not reproducible. */
    if (options_name_engine(&opts))
        return false;
    return (small_run(&opts) && opts.seed_given) || !(opts.headless && opts.screenshot == NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const uint8_t *nul = memchr(data, '\0', size);
    size_t words_len = nul != NULL ? (size_t)(nul - data) : size;
    if (nul != NULL)
        write_file("in", nul + 1, size - words_len - 1);
    char *text = malloc(words_len + 1);
    if (text == NULL)
        return 0;
    memcpy(text, data, words_len);
    text[words_len] = '\0';
    char *argv[MAX_WORDS + 2];
    int argc = 0;
    argv[argc++] = "wavesnake";
    for (char *p = text; argc <= MAX_WORDS;) {
        argv[argc++] = p;
        char *nl = strchr(p, '\n');
        if (nl == NULL)
            break;
        *nl = '\0';
        p = nl + 1;
    }
    if (words_len == 0)
        argc = 1; /* no words: plain `wavesnake` (the window) */
    argv[argc] = NULL;
    if (allowed(argc, argv)) {
        int status = ws_main(argc, argv);
        if (status < 0 || status > 2) {
            fprintf(stderr, "exit status %d is not 0, 1 or 2\n", status);
            abort();
        }
    }
    free(text);
    return 0;
}
