/* The `counts` and `shot` text tools: a sea board file in, numbers out.
 *
 * Both read nothing but the board: the remaining fleet is the standard fleet
 * minus the sunk ships on it. `shot` defaults to the source's hunter
 * (docs/sea.md#source-the-sources-algorithm) so that its answer can be
 * checked against `counts`; `--hunter best` asks the stronger one. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "fileio.h"
#include "options.h"
#include "report.h"
#include "rng.h"
#include "sea.h"
#include "sea_ai.h"
#include "tools.h"

enum { BOARD_MAX_BYTES = 4096 }; /* a board is 110 bytes; anything far larger is not one */

/* ======================================================================== */
/* Command lines                                                             */
/* ======================================================================== */

typedef struct SeaArgs {
    const char *board;
    int length;    /* counts: 0 = the longest remaining ship */
    uint64_t seed; /* shot */
    bool seed_given;
    SeaHunter hunter; /* shot */
} SeaArgs;

/* clang-format off */
static const OptSpec BOARD_ARG[] = {
    {.name = "BOARD", .kind = OPT_TEXT, .at = offsetof(SeaArgs, board)},
};
static const OptSpec COUNTS_OPTS[] = {
    {.name = "--length", .kind = OPT_INT, .meta = "L", .lo = 1, .hi = SEA_W,
     .at = offsetof(SeaArgs, length)},
};
static const OptSpec SHOT_OPTS[] = {
    {.name = "--seed", .kind = OPT_U64, .meta = "S", .at = offsetof(SeaArgs, seed),
     .seen = OPT_SEEN(SeaArgs, seed_given)},
    {.name = "--hunter", .kind = OPT_ENUM, .names = &OPTIONS_BUILTIN_HUNTER_NAMES,
     .at = offsetof(SeaArgs, hunter)},
};
const OptCommand TOOL_COUNTS = {
    .name = "counts", .label = "counts", .args = BOARD_ARG, .nargs = 1, .nargs_min = 1,
    .opts = COUNTS_OPTS, .nopts = 1,
    .summary = "sea placement counts of an L-cell ship per cell (default:\n"
               "the longest remaining ship), ten rows of ten numbers"};
const OptCommand TOOL_SHOT = {
    .name = "shot", .label = "shot", .args = BOARD_ARG, .nargs = 1, .nargs_min = 1,
    .opts = SHOT_OPTS, .nopts = 2,
    .summary = "the sea bot's next shot as X Y, from the board alone\n"
               "(default hunter here: source, the source's algorithm)"};
/* clang-format on */

/* ======================================================================== */
/* Helpers                                                                   */
/* ======================================================================== */

/* Reads, parses and checks a board file. */
static WsStatus load_board(const char *path, SeaBoard *board, SeaLeft *left, WsError *err) {
    char *text = NULL;
    size_t len = 0;
    WsStatus st = fileio_read(path, "board", BOARD_MAX_BYTES, &text, &len, err);
    if (st == WS_OK)
        st = sea_board_parse(board, text, len, path, err);
    free(text);
    if (st != WS_OK)
        return st;
    WsError why = {0};
    char q[WS_QUOTE_SIZE];
    if (sea_board_check(board, left, &why) != WS_OK)
        return ws_fail(err, why.status, "%s: impossible board: %s", ws_quote(q, sizeof q, path),
                       why.msg);
    return WS_OK;
}

/* ======================================================================== */
/* Entry points                                                              */
/* ======================================================================== */

int tool_counts(int argc, char **argv) {
    SeaArgs args = {0};
    SeaBoard board;
    SeaLeft left;
    WsError err = {0};
    WsStatus st = optparse_parse(&TOOL_COUNTS, argc, argv, &args, &err);
    if (st == WS_OK)
        st = load_board(args.board, &board, &left, &err);
    if (st != WS_OK)
        return report_status(st, &err);
    int len = args.length;
    if (len == 0)
        len = sea_left_longest(&left); /* 0 when every ship is sunk: all counts are 0 */
    uint32_t counts[SEA_CELLS];
    sea_counts(&board, len, counts);
    for (int y = 0; y < SEA_H; y++)
        for (int x = 0; x < SEA_W; x++)
            printf("%u%c", (unsigned)counts[y * SEA_W + x], x + 1 < SEA_W ? ' ' : '\n');
    return REPORT_EXIT_OK;
}

/* The next shot into *cell; the board has been checked. */
static WsStatus choose_shot(const SeaArgs *args, const SeaBoard *board, int *cell, WsError *err) {
    SeaAi *ai = malloc(sizeof *ai);
    if (ai == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory");
    sea_ai_init(ai, args->hunter);
    Rng rng;
    rng_init(&rng, args->seed, RNG_STREAM_OTHER);
    WsError why = {0};
    WsStatus st = sea_ai_choose(ai, board, &rng, cell, &why);
    free(ai);
    char q[WS_QUOTE_SIZE];
    if (st != WS_OK)
        return ws_fail(err, st, "%s: %s", ws_quote(q, sizeof q, args->board), why.msg);
    return WS_OK;
}

int tool_shot(int argc, char **argv) {
    SeaArgs args = {0};
    args.seed = (uint64_t)time(NULL);
    args.hunter = SEA_HUNTER_SOURCE;
    SeaBoard board;
    WsError err = {0};
    int cell = -1;
    WsStatus st = optparse_parse(&TOOL_SHOT, argc, argv, &args, &err);
    if (st == WS_OK)
        st = load_board(args.board, &board, NULL, &err);
    if (st == WS_OK && !args.seed_given)
        cli_note_clock_seed(args.seed, "shot");
    if (st == WS_OK)
        st = choose_shot(&args, &board, &cell, &err);
    if (st == WS_OK)
        printf("%d %d\n", cell % SEA_W, cell / SEA_W);
    return report_status(st, &err);
}
