/* Fuzzes the snake trace reader (trace.h), as `wavesnake replay FILE` and the
 * window's replay use it: the input is written to a file whose name holds an
 * escape byte (a message must quote it), the whole file is indexed and
 * checked (trace_index_build), and when it holds games, the default one is
 * loaded into a history (trace_load_game) and rebuilt at its first, middle
 * and last tick (snake_history_seek), and the first game is read again event
 * by event with the streaming reader. A replayed game is checked against its
 * end line by the reader itself; here every position must also lie on the
 * board. */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"

#include <unistd.h>

#include "snake_history.h"
#include "trace.h"

static char workdir[] = "/tmp/ws-fuzz-trace-XXXXXX";
static char path[sizeof workdir + 32];

static void remove_workdir(void) {
    unlink(path);
    rmdir(workdir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    if (mkdtemp(workdir) == NULL) {
        perror("fuzz_trace: temporary directory");
        abort();
    }
    snprintf(path, sizeof path, "%s/fuzz\x1b.trace", workdir);
    atexit(remove_workdir);
    return 0;
}

/* Rebuilds tick t of h and checks that the head and the food are on the board. */
static void seek(SnakeHistory *h, long t) {
    SnakeGame g = {0};
    WsError err = {0};
    WsStatus st = snake_game_init(&g, &h->rules, h->seed, &err);
    if (st == WS_OK)
        st = snake_history_seek(h, t, &g, NULL, NULL, &err);
    fuzz_check_error(st, &err, "snake_history_seek");
    if (st == WS_OK) {
        int cells = h->rules.w * h->rules.h, head = snake_head(&g.snake);
        if (head < 0 || head >= cells || g.food >= cells || g.snake.len < 1 ||
            g.snake.len > cells) {
            fprintf(stderr, "fuzz_trace: tick %ld rebuilt off the board\n", t);
            abort();
        }
    }
    snake_game_deinit(&g);
}

/* The streaming reader on the first game: every event, then the next game line. */
static void stream(void) {
    TraceReader r;
    WsError err = {0};
    WsStatus st = trace_open(&r, path, &err);
    fuzz_check_error(st, &err, "trace_open");
    if (st != WS_OK)
        return;
    bool found = false;
    st = trace_next_game(&r, NULL, &found, &err);
    fuzz_check_error(st, &err, "trace_next_game");
    if (st == WS_OK && found) {
        TraceEvent ev = {0};
        do
            st = trace_next_event(&r, NULL, &ev, &err);
        while (st == WS_OK && ev.kind != TRACE_END);
        fuzz_check_error(st, &err, "trace_next_event");
        if (st == WS_OK) {
            st = trace_next_game(&r, NULL, &found, &err);
            fuzz_check_error(st, &err, "trace_next_game");
        }
    }
    trace_close(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
        perror(path);
        abort();
    }
    TraceIndex idx = {0};
    WsError err = {0};
    WsStatus st = trace_index_build(&idx, path, NULL, &err);
    fuzz_check_error(st, &err, "trace_index_build");
    if (st == WS_OK) {
        long i = trace_index_default(&idx);
        SnakeHistory h;
        snake_history_init(&h);
        TraceSource src = {path, NULL};
        st = trace_load_game(&src, &idx, i, &h, &err);
        fuzz_check_error(st, &err, "trace_load_game");
        if (st == WS_OK) {
            seek(&h, 0);
            seek(&h, h.ticks / 2);
            seek(&h, h.ticks);
        }
        snake_history_deinit(&h);
        trace_index_free(&idx);
    }
    stream();
    return 0;
}
