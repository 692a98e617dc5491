/* fuzz.h - what the libFuzzer harnesses share (docs/reliability.md).
 *
 * A harness defines LLVMFuzzerTestOneInput and no main. Besides "no crash,
 * no sanitizer report, no leak", every harness checks the one promise bad
 * input gets from every reader: a failure is a one-line message of
 * printable ASCII (ws_error.h), whatever bytes the input held. A broken
 * promise aborts, so libFuzzer records the input like a crash.
 */
#ifndef WS_FUZZ_H
#define WS_FUZZ_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "textmap.h"
#include "ws_error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* tests/data/level.txt, the golden vectors' 16x7 level. */
static const char FUZZ_LEVEL[] = "################\n"
                                 "#......#.......#\n"
                                 "#......#.......#\n"
                                 "#......#.......#\n"
                                 "#......#.......#\n"
                                 "#..............#\n"
                                 "################\n";

/* Aborts (a finding) unless st is WS_OK or err holds a non-empty line of printable ASCII. */
static inline void fuzz_check_error(WsStatus st, const WsError *err, const char *where) {
    if (st == WS_OK)
        return;
    const char *m = err->msg;
    size_t n = strlen(m);
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)m[i] < 0x20 || (unsigned char)m[i] > 0x7e) {
            fprintf(stderr, "%s: byte 0x%02x at %zu of the message\n", where, (unsigned char)m[i],
                    i);
            abort();
        }
    if (n == 0 || err->status != st) {
        fprintf(stderr, "%s: failed (%d) without a message\n", where, (int)st);
        abort();
    }
}

/* Parses the input as a text map (the file name holds an escape byte, which a
 * message must quote) and checks the error; true when *map is a map. */
static inline bool fuzz_textmap(const uint8_t *data, size_t size, TextMap *map) {
    WsError err = {0};
    WsStatus st = textmap_parse(map, (const char *)data, size, "fuzz\x1b.txt", &err);
    fuzz_check_error(st, &err, "textmap_parse");
    return st == WS_OK;
}

#endif
