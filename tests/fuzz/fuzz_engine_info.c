/* Fuzzes what an engine writes about its thoughts: its `info` lines as the
 * client reads them (engine_line_shape, then engine_info_line, one line at
 * a time: src/app/play/engine.c), and the compact form the window keeps per
 * tick and reads back when it travels in time (engine_info_format,
 * engine_info_parse: engine_log.c).
 *
 * The first two bytes are the board (2..17 a side), the rest the engine's
 * output. Besides "no crash, no sanitizer report, no leak", the harness
 * checks the promises of docs/engines.md and engine_info.h:
 * - what a line is refused for is one line of printable ASCII;
 * - what is kept lies on the board (cells inside it, at most W*H of them,
 *   a wave of exactly W*H values from -1 up, text of printable ASCII);
 * - the compact form of whatever was kept fits engine_info_format_max,
 *   reads back to the same info, and formats again to the same bytes (a
 *   tick looked at again shows what it showed live). */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"

#include "engine_info.h"
#include "engine_line.h"

enum { SIDE_MAX = 17 };

static void fail(const char *what) {
    fprintf(stderr, "fuzz_engine_info: %s\n", what);
    abort();
}

/* A reason for refusing a line must be a non-empty printable line. */
static void check_reason(const char *bad) {
    if (bad == NULL)
        return;
    if (bad[0] == '\0')
        fail("an empty reason");
    for (const char *p = bad; *p != '\0'; p++)
        if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e)
            fail("a reason that is not printable ASCII");
}

static void check_cells(const EngineInfo *in, const int32_t *c, int n) {
    if (n < 0 || n > in->cells)
        fail("more cells kept than the board has");
    for (int i = 0; i < n; i++)
        if (c[i] < 0 || c[i] >= in->cells)
            fail("a kept cell off the board");
}

static void check_kept(const EngineInfo *in) {
    check_cells(in, in->path, in->path_len);
    check_cells(in, in->mark, in->mark_len);
    if (in->has_wave)
        for (int i = 0; i < in->cells; i++)
            if (in->wave[i] < -1)
                fail("a wave value under -1");
    size_t n = strnlen(in->text, sizeof in->text);
    if (n > ENGINE_TEXT_MAX)
        fail("a text longer than ENGINE_TEXT_MAX");
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)in->text[i] < 0x20 || (unsigned char)in->text[i] > 0x7e)
            fail("a text byte that is not printable ASCII");
}

static bool same(const EngineInfo *a, const EngineInfo *b) {
    if (a->path_len != b->path_len || a->mark_len != b->mark_len || a->has_wave != b->has_wave ||
        strcmp(a->text, b->text) != 0)
        return false;
    if (memcmp(a->path, b->path, (size_t)a->path_len * sizeof *a->path) != 0 ||
        memcmp(a->mark, b->mark, (size_t)a->mark_len * sizeof *a->mark) != 0)
        return false;
    return !a->has_wave || memcmp(a->wave, b->wave, (size_t)a->cells * sizeof *a->wave) == 0;
}

/* Keeps in in its compact form, reads it back into back and compares. */
static void check_round_trip(const EngineInfo *in, EngineInfo *back, char *buf, char *again,
                             size_t cap) {
    size_t n = engine_info_format(in, buf, cap);
    if (n >= cap || strlen(buf) != n)
        fail("the compact form does not fit engine_info_format_max");
    WsError err = {0};
    WsStatus st = engine_info_parse(back, buf, n, &err);
    fuzz_check_error(st, &err, "engine_info_parse");
    if (st != WS_OK) {
        fprintf(stderr, "fuzz_engine_info: its own form refused (%s):\n%s", err.msg, buf);
        abort();
    }
    if (!same(in, back))
        fail("the compact form reads back to other info");
    if (engine_info_format(back, again, cap) != n || memcmp(buf, again, n) != 0)
        fail("the info read back formats to other bytes");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2)
        return 0;
    int w = 2 + data[0] % (SIDE_MAX - 1), h = 2 + data[1] % (SIDE_MAX - 1);
    const char *text = (const char *)data + 2;
    size_t len = size - 2;

    EngineInfo live, back;
    WsError err = {0};
    if (engine_info_init(&live, w, h, &err) != WS_OK ||
        engine_info_init(&back, w, h, &err) != WS_OK)
        abort();
    size_t cap = engine_info_format_max(w, h);
    char *buf = malloc(cap), *again = malloc(cap);
    if (buf == NULL || again == NULL)
        abort();

    /* As the client reads an answer: line by line, a malformed line dropped. */
    for (size_t start = 0; start < len;) {
        const char *s = text + start;
        const char *nl = memchr(s, '\n', len - start);
        size_t n = nl != NULL ? (size_t)(nl - s) : len - start;
        const char *bad = engine_line_shape(s, n);
        check_reason(bad);
        if (bad == NULL && engine_line_is_info(s, n))
            check_reason(engine_info_line(&live, s, n));
        check_kept(&live);
        start += n + 1;
    }
    check_round_trip(&live, &back, buf, again, cap);

    /* As the window reads a kept tick back: the whole text, or a refusal. */
    WsStatus st = engine_info_parse(&live, text, len, &err);
    fuzz_check_error(st, &err, "engine_info_parse");
    if (st == WS_OK) {
        check_kept(&live);
        check_round_trip(&live, &back, buf, again, cap);
    }

    free(buf);
    free(again);
    engine_info_deinit(&live);
    engine_info_deinit(&back);
    return 0;
}
