/* The `counts` and `shot` text tools: a sea board file in, numbers out.
 *
 * Both read nothing but the board: the remaining fleet is the standard fleet
 * minus the sunk ships on it. `shot` defaults to the source's hunter (SPEC
 * "Hunter") so that its answer can be checked against `counts`; `--hunter
 * best` asks the stronger one. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "fileio.h"
#include "rng.h"
#include "sea.h"
#include "sea_ai.h"
#include "tools_sea.h"

enum { BOARD_MAX_BYTES = 4096 }; /* a board is 110 bytes; anything far larger is not one */

/* Reads, parses and checks a board file; prints the error and returns false on failure. */
static bool load_board(const char *path, SeaBoard *board, SeaLeft *left) {
    char *text = NULL;
    size_t len = 0;
    WsError err = {0};
    if (fileio_read(path, "board", BOARD_MAX_BYTES, &text, &len, &err) != WS_OK) {
        cli_usage_error("%s", err.msg);
        return false;
    }
    WsStatus st = sea_board_parse(board, text, len, path, &err);
    free(text);
    if (st == WS_OK && sea_board_check(board, left, &err) != WS_OK) {
        cli_usage_error("%s: impossible board: %s", path, err.msg);
        return false;
    }
    if (st != WS_OK) {
        cli_usage_error("%s", err.msg);
        return false;
    }
    return true;
}

int tool_counts(int argc, char **argv) {
    const char *path = NULL, *value = NULL;
    int len = 0;
    for (int i = 0; i < argc; i++) {
        if (cli_take_value(argc, argv, &i, "--length", &value)) {
            if (value == NULL || !cli_parse_int(value, 1, SEA_W, "--length", &len))
                return CLI_EXIT_USAGE;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return cli_usage_error("counts: unknown option '%s' (usage: wavesnake counts BOARD "
                                   "[--length L])",
                                   argv[i]);
        } else if (path == NULL) {
            path = argv[i];
        } else {
            return cli_usage_error("usage: wavesnake counts BOARD [--length L]");
        }
    }
    if (path == NULL)
        return cli_usage_error("usage: wavesnake counts BOARD [--length L]");
    SeaBoard board;
    SeaLeft left;
    if (!load_board(path, &board, &left))
        return CLI_EXIT_USAGE;
    if (len == 0)
        len = sea_left_longest(&left); /* 0 when every ship is sunk: all counts are 0 */
    uint32_t counts[SEA_CELLS];
    sea_counts(&board, len, counts);
    for (int y = 0; y < SEA_H; y++)
        for (int x = 0; x < SEA_W; x++)
            printf("%u%c", (unsigned)counts[y * SEA_W + x], x + 1 < SEA_W ? ' ' : '\n');
    return CLI_EXIT_OK;
}

int tool_shot(int argc, char **argv) {
    const char *path = NULL, *value = NULL;
    uint64_t seed = (uint64_t)time(NULL);
    bool seed_given = false;
    SeaHunter hunter = SEA_HUNTER_SEED;
    for (int i = 0; i < argc; i++) {
        if (cli_take_value(argc, argv, &i, "--seed", &value)) {
            if (value == NULL || !cli_parse_u64(value, "--seed", &seed))
                return CLI_EXIT_USAGE;
            seed_given = true;
        } else if (cli_take_value(argc, argv, &i, "--hunter", &value)) {
            if (value == NULL)
                return CLI_EXIT_USAGE;
            if (!sea_hunter_parse(value, &hunter))
                return cli_usage_error("--hunter: unknown hunter '%s' (try: seed, best)", value);
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return cli_usage_error("shot: unknown option '%s' (usage: wavesnake shot BOARD "
                                   "[--seed S] [--hunter seed|best])",
                                   argv[i]);
        } else if (path == NULL) {
            path = argv[i];
        } else {
            return cli_usage_error("usage: wavesnake shot BOARD [--seed S] [--hunter seed|best]");
        }
    }
    if (path == NULL)
        return cli_usage_error("usage: wavesnake shot BOARD [--seed S] [--hunter seed|best]");
    SeaBoard board;
    if (!load_board(path, &board, NULL))
        return CLI_EXIT_USAGE;
    if (!seed_given)
        fprintf(stderr, "wavesnake: seed %llu (from the clock; --seed %llu repeats this shot)\n",
                (unsigned long long)seed, (unsigned long long)seed);
    SeaAi *ai = malloc(sizeof *ai);
    if (ai == NULL)
        return cli_usage_error("out of memory");
    sea_ai_init(ai, hunter);
    Rng rng;
    rng_init(&rng, seed, RNG_STREAM_OTHER);
    int cell = -1;
    WsError err = {0};
    WsStatus st = sea_ai_choose(ai, &board, &rng, &cell, &err);
    free(ai);
    if (st != WS_OK)
        return cli_usage_error("%s: %s", path, err.msg);
    printf("%d %d\n", cell % SEA_W, cell / SEA_W);
    return CLI_EXIT_OK;
}
