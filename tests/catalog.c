/* ws_catalog - the seed catalog (Brogue's seed catalog, in small).
 *
 * Plays seeded games of every AI through the core alone and hashes each
 * game's whole decision sequence: every snake move and food cell, every
 * arena tick's full state (each monster step, state change and fight), every
 * sea shot. One line per game, e.g.
 *
 *   snake policy greedy tail free size 8x8 seed 3: stalled length 62 steps 947 hash 4537...
 *
 * so a change in any single decision changes that game's hash, and the line
 * says which mode, settings and seed changed. tests/catalog.txt holds the
 * recorded lines:
 *
 *   ws_catalog print          the lines, on stdout (also for comparing builds)
 *   ws_catalog check FILE     recompute and compare; exit 1 naming each change
 *   ws_catalog write FILE     rewrite FILE (`make catalog`: an intended change)
 *
 * Nothing here reads a clock or the environment: the output is a function of
 * the core's code alone, the same with every compiler, flag and machine.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "rng.h"
#include "sea.h"
#include "sea_ai.h"
#include "snake.h"
#include "snake_ai.h"
#include "ws_hash.h"

enum {
    SNAKE_SEEDS = 6, /* games per snake setting */
    ARENA_SEEDS = 4,
    ARENA_TICKS = 400,
    SEA_SEEDS = 8,
    LINE_MAX = 200
};

/* The hash: ws_hash_fnv (ws_hash.h), the fold whose values are recorded;
 * catalog.txt holds them. */

/* A growing list of lines. */
typedef struct Lines {
    char (*line)[LINE_MAX];
    int count, cap;
} Lines;

static void add_line(Lines *l, const char *text) {
    if (l->count == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->line = realloc(l->line, (size_t)l->cap * sizeof *l->line);
        if (l->line == NULL) {
            fprintf(stderr, "ws_catalog: out of memory\n");
            exit(1);
        }
    }
    size_t n = strlen(text) < LINE_MAX - 1 ? strlen(text) : LINE_MAX - 1;
    memcpy(l->line[l->count], text, n);
    l->line[l->count++][n] = '\0';
}

/* ======================================================================== */
/* Snake                                                                     */
/* ======================================================================== */

typedef struct SnakeSetting {
    SnakePolicy policy;
    bool strict;
    int w, h;
    bool pillars; /* 2x2 wall blocks at (4i+1, 4j+1): greedy's walled boards */
} SnakeSetting;

static void pillar_walls(int w, int h, uint8_t *walls) {
    memset(walls, 0, (size_t)w * (size_t)h);
    for (int y = 1; y + 1 < h; y += 4)
        for (int x = 1; x + 1 < w; x += 4)
            for (int k = 0; k < 4; k++)
                walls[(y + k / 2) * w + x + k % 2] = 1;
}

static void snake_games(const SnakeSetting *s, Lines *out) {
    SnakeRules rules = {s->w, s->h, 4, s->strict};
    SnakeGame g = {0};
    SnakeAi ai = {0};
    WsError err = {0};
    uint8_t *walls = malloc((size_t)s->w * (size_t)s->h);
    if (walls == NULL || snake_game_init(&g, &rules, 1, &err) != WS_OK ||
        snake_ai_init(&ai, s->w, s->h, s->policy, s->strict, &err) != WS_OK) {
        fprintf(stderr, "ws_catalog: snake %s %dx%d: %s\n", snake_policy_name(s->policy), s->w,
                s->h, err.msg);
        exit(1);
    }
    if (s->pillars) {
        pillar_walls(s->w, s->h, walls);
        if (snake_game_set_walls(&g, walls, &err) != WS_OK) {
            fprintf(stderr, "ws_catalog: pillars: %s\n", err.msg);
            exit(1);
        }
    }
    for (uint64_t seed = 1; seed <= SNAKE_SEEDS; seed++) {
        snake_game_reset(&g, seed);
        snake_ai_clear(&ai);
        uint64_t h = ws_hash_fnv(WS_HASH_FNV_OFFSET, (uint64_t)(int64_t)g.food);
        while (g.outcome == SNAKE_PLAYING) {
            Dir d = snake_ai_choose(&ai, &g);
            snake_game_tick(&g, d);
            h = ws_hash_fnv(h, (uint64_t)(int64_t)d);
            h = ws_hash_fnv(h, (uint64_t)(int64_t)g.food);
        }
        char line[LINE_MAX];
        snprintf(line, sizeof line,
                 "snake policy %s tail %s size %dx%d%s seed %" PRIu64
                 ": %s length %d steps %ld hash %016" PRIx64,
                 snake_policy_name(s->policy), s->strict ? "strict" : "free", s->w, s->h,
                 s->pillars ? " pillars" : "", seed, snake_outcome_name(g.outcome), g.snake.len,
                 g.steps, h);
        add_line(out, line);
    }
    snake_ai_deinit(&ai);
    snake_game_deinit(&g);
    free(walls);
}

/* ======================================================================== */
/* Arena and sea                                                             */
/* ======================================================================== */

static void arena_games(int w, int h, int monsters, Lines *out) {
    for (uint64_t seed = 1; seed <= ARENA_SEEDS; seed++) {
        Arena *a = calloc(1, sizeof *a);
        ArenaConfig cfg = {seed, monsters, false};
        WsError err = {0};
        if (a == NULL || arena_init_generated(a, w, h, &cfg, &err) != WS_OK) {
            fprintf(stderr, "ws_catalog: arena %dx%d: %s\n", w, h, err.msg);
            exit(1);
        }
        uint64_t hash = ws_hash_fnv(WS_HASH_FNV_OFFSET, arena_hash(a));
        for (int t = 0; t < ARENA_TICKS; t++) {
            arena_tick(a, DIR_NONE, true);
            /* every monster's cell, state, life each tick */
            hash = ws_hash_fnv(hash, arena_hash(a));
        }
        char line[LINE_MAX];
        snprintf(line, sizeof line,
                 "arena generated %dx%d monsters %d seed %" PRIu64
                 ": ticks %d alive %d kills %ld gold %ld hero_deaths %ld hash %016" PRIx64,
                 w, h, monsters, seed, ARENA_TICKS, arena_alive_count(a), a->kills,
                 a->gold_collected, a->hero_deaths, hash);
        add_line(out, line);
        arena_deinit(a);
        free(a);
    }
}

static void sea_games(SeaHunter hunter, SeaPlacement placement, Lines *out) {
    SeaGame *g = calloc(1, sizeof *g);
    SeaAi *ai = calloc(1, sizeof *ai);
    if (g == NULL || ai == NULL) {
        fprintf(stderr, "ws_catalog: out of memory\n");
        exit(1);
    }
    sea_ai_init(ai, hunter);
    for (uint64_t seed = 1; seed <= SEA_SEEDS; seed++) {
        sea_game_reset(g, seed, placement);
        sea_ai_clear(ai);
        Rng rng;
        rng_init(&rng, seed, RNG_STREAM_OTHER);
        uint64_t h = WS_HASH_FNV_OFFSET;
        while (!sea_game_is_over(g) && g->shots < SEA_CELLS) {
            int cell = -1;
            WsError err = {0};
            if (sea_ai_choose(ai, &g->seen, &rng, &cell, &err) != WS_OK ||
                sea_game_shoot(g, cell) == SEA_SHOT_INVALID) {
                fprintf(stderr, "ws_catalog: sea %s seed %" PRIu64 ": the hunter failed: %s\n",
                        sea_hunter_name(hunter), seed, err.msg);
                exit(1);
            }
            h = ws_hash_fnv(h, (uint64_t)cell);
        }
        char line[LINE_MAX];
        snprintf(line, sizeof line,
                 "sea hunter %s placement %s seed %" PRIu64 ": shots %d hash %016" PRIx64,
                 sea_hunter_name(hunter), sea_placement_name(placement), seed, g->shots, h);
        add_line(out, line);
    }
    free(ai);
    free(g);
}

/* Every game of the catalog, in a fixed order. */
static void catalog(Lines *out) {
    static const SnakeSetting SNAKE[] = {
        {SNAKE_POLICY_GREEDY, false, 8, 8, false},    {SNAKE_POLICY_GREEDY, true, 8, 8, false},
        {SNAKE_POLICY_GREEDY, false, 10, 7, false},   {SNAKE_POLICY_GREEDY, true, 10, 7, false},
        {SNAKE_POLICY_GREEDY, false, 12, 12, true},   {SNAKE_POLICY_GREEDY, true, 12, 12, true},
        {SNAKE_POLICY_HAMILTON, false, 8, 8, false},  {SNAKE_POLICY_HAMILTON, true, 8, 8, false},
        {SNAKE_POLICY_HAMILTON, false, 10, 7, false}, {SNAKE_POLICY_HAMILTON, true, 10, 7, false},
        {SNAKE_POLICY_PERFECT, false, 8, 8, false},   {SNAKE_POLICY_PERFECT, true, 8, 8, false},
        {SNAKE_POLICY_PERFECT, false, 10, 7, false},  {SNAKE_POLICY_PERFECT, true, 10, 7, false},
    };
    for (size_t i = 0; i < sizeof SNAKE / sizeof SNAKE[0]; i++)
        snake_games(&SNAKE[i], out);
    arena_games(40, 24, 12, out);
    arena_games(24, 16, -1, out); /* the generated map's own monsters */
    for (int hunter = 0; hunter < SEA_HUNTER_COUNT; hunter++)
        for (int placement = 0; placement < SEA_PLACE_COUNT; placement++)
            sea_games((SeaHunter)hunter, (SeaPlacement)placement, out);
}

/* ======================================================================== */
/* print, check, write                                                       */
/* ======================================================================== */

static const char HEADER[] =
    "# wavesnake seed catalog: one line per seeded game, with a hash of its whole\n"
    "# decision sequence (tests/catalog.c says what is hashed). Generated by\n"
    "# `make catalog`; never edit by hand. A change in any decision of any AI\n"
    "# changes a line: commit the regenerated file with the change that caused it.\n";

/* The part of a line before ':' (mode, settings, seed): what names a game. */
static size_t key_len(const char *line) {
    const char *colon = strchr(line, ':');
    return colon != NULL ? (size_t)(colon - line) : strlen(line);
}

static int check(const char *path, const Lines *now) {
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "ws_catalog: cannot read %s (regenerate it with `make catalog`)\n", path);
        return 2;
    }
    Lines want = {0};
    char buf[LINE_MAX + 2];
    while (fgets(buf, sizeof buf, f) != NULL) {
        buf[strcspn(buf, "\r\n")] = '\0';
        if (buf[0] != '#' && buf[0] != '\0')
            add_line(&want, buf);
    }
    fclose(f);
    int changed = 0;
    for (int i = 0; i < now->count; i++) {
        const char *got = now->line[i];
        size_t k = key_len(got);
        const char *had = NULL;
        for (int j = 0; j < want.count && had == NULL; j++)
            if (key_len(want.line[j]) == k && strncmp(want.line[j], got, k) == 0)
                had = want.line[j];
        if (had != NULL && strcmp(had, got) == 0)
            continue;
        changed++;
        if (had == NULL)
            fprintf(stderr, "catalog: %.*s is new (not in %s)\n  now:     %s\n", (int)k, got, path,
                    got + k + 2);
        else
            fprintf(stderr, "catalog: %.*s changed its decisions\n  catalog: %s\n  now:     %s\n",
                    (int)k, got, had + k + 2, got + k + 2);
    }
    for (int j = 0; j < want.count; j++) {
        size_t k = key_len(want.line[j]);
        bool found = false;
        for (int i = 0; i < now->count && !found; i++)
            found = key_len(now->line[i]) == k && strncmp(now->line[i], want.line[j], k) == 0;
        if (!found) {
            changed++;
            fprintf(stderr, "catalog: %.*s is no longer played\n", (int)k, want.line[j]);
        }
    }
    free(want.line);
    if (changed > 0) {
        fprintf(stderr,
                "catalog: %d of %d games differ from %s. If the change is intended, regenerate "
                "it with `make catalog` and commit it with the change (docs/reliability.md).\n",
                changed, now->count, path);
        return 1;
    }
    printf("catalog: all %d games match %s\n", now->count, path);
    return 0;
}

static void print(FILE *out, const Lines *l) {
    fputs(HEADER, out);
    for (int i = 0; i < l->count; i++)
        fprintf(out, "%s\n", l->line[i]);
}

int main(int argc, char **argv) {
    const char *cmd = argc > 1 ? argv[1] : "";
    bool is_print = strcmp(cmd, "print") == 0 && argc == 2;
    bool is_check = strcmp(cmd, "check") == 0 && argc == 3;
    bool is_write = strcmp(cmd, "write") == 0 && argc == 3;
    if (!is_print && !is_check && !is_write) {
        fprintf(stderr, "usage: ws_catalog print | check FILE | write FILE\n");
        return 2;
    }
    Lines now = {0};
    catalog(&now);
    int status = 0;
    if (is_print) {
        print(stdout, &now);
    } else if (is_check) {
        status = check(argv[2], &now);
    } else {
        FILE *f = fopen(argv[2], "w");
        if (f == NULL) {
            fprintf(stderr, "ws_catalog: cannot write %s\n", argv[2]);
            status = 2;
        } else {
            print(f, &now);
            if (fclose(f) != 0)
                status = 2;
            else
                printf("catalog: wrote %d games to %s\n", now.count, argv[2]);
        }
    }
    free(now.line);
    return status;
}
