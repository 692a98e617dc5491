/* Fuzzes the sea board reader and what reads its boards (`counts`, `shot`):
 * the impossible-board check, the placement counts of every ship length, and
 * both hunters' next shot. A legal board must get a legal shot: an unknown
 * cell (unless no ship can still be afloat there). */
#include "fuzz.h"

#include "rng.h"
#include "sea.h"
#include "sea_ai.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    SeaBoard board;
    SeaLeft left;
    WsError err = {0};
    WsStatus st = sea_board_parse(&board, (const char *)data, size, "fuzz\x1b.board", &err);
    fuzz_check_error(st, &err, "sea_board_parse");
    if (st != WS_OK)
        return 0;
    st = sea_board_check(&board, &left, &err);
    fuzz_check_error(st, &err, "sea_board_check");
    if (st != WS_OK)
        return 0;
    uint32_t counts[SEA_CELLS];
    for (int len = 0; len <= SEA_W; len++) /* counts --length takes 1..10; 0: all sunk */
        sea_counts(&board, len, counts);
    SeaAi *ai = malloc(sizeof *ai);
    if (ai == NULL)
        return 0;
    for (int hunter = 0; hunter < SEA_HUNTER_COUNT; hunter++) {
        sea_ai_init(ai, (SeaHunter)hunter);
        Rng rng;
        rng_init(&rng, size, RNG_STREAM_OTHER);
        int cell = -1;
        st = sea_ai_choose(ai, &board, &rng, &cell, &err);
        fuzz_check_error(st, &err, "sea_ai_choose");
        if (st == WS_OK && (cell < 0 || cell >= SEA_CELLS || board.mark[cell] != SEA_UNKNOWN)) {
            fprintf(stderr, "the %s hunter shot at %d, not an unknown cell\n",
                    sea_hunter_name((SeaHunter)hunter), cell);
            abort();
        }
    }
    free(ai);
    return 0;
}
