/* BFS wave and path extraction: hand-worked maps, tie-breaks, the golden
 * level vectors, and the timed search used for moving bodies. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ascii_map.h"
#include "path.h"
#include "wave.h"

/* A parsed map with its blocked cells and a wave, for the tests below. */
typedef struct Fixture {
    TextMap map;
    uint8_t blocked[4096];
    WaveField wave;
    Path path;
} Fixture;

static void fixture_open(Fixture *f, const char *const *rows, int n) {
    ck_assert_int_eq(ascii_map_parse(&f->map, rows, n), WS_OK);
    ck_assert_int_le(f->map.w * f->map.h, 4096);
    textmap_to_blocked(&f->map, f->blocked);
    ck_assert_int_eq(wave_init(&f->wave, f->map.w, f->map.h, NULL), WS_OK);
    ck_assert_int_eq(path_init(&f->path, f->map.w * f->map.h, NULL), WS_OK);
}

static void fixture_close(Fixture *f) {
    path_deinit(&f->path);
    wave_deinit(&f->wave);
    textmap_deinit(&f->map);
}

START_TEST(hand_worked_distances) {
    /* S at (1,1). Distances worked out by hand; -1 = unreachable, walls -2. */
    static const char *const rows[] = {
        "######",
        "#S..##",
        "#.#..#",
        "#...##",
        "####.#", /* (4,4) is floor but walled in */
        "######",
    };
    static const int expected[6][6] = {
        {-2, -2, -2, -2, -2, -2}, {-2, 0, 1, 2, -2, -2}, {-2, 1, -2, 3, 4, -2},
        {-2, 2, 3, 4, -2, -2},    {-2, -2, -2, -2, -1, -2}, {-2, -2, -2, -2, -2, -2},
    };
    Fixture f = {0};
    fixture_open(&f, rows, 6);
    int s = ascii_map_find(&f.map, 'S');
    ck_assert(!wave_compute(&f.wave, f.blocked, s, -1));
    for (int y = 0; y < 6; y++)
        for (int x = 0; x < 6; x++) {
            int cell = y * 6 + x;
            int want = expected[y][x];
            int got = f.blocked[cell] ? -2 : f.wave.dist[cell];
            ck_assert_msg(got == want, "(%d,%d): expected %d, got %d", x, y, want, got);
        }
    ck_assert_int_eq(f.wave.reached, 9);
    /* Visit order never decreases in distance. */
    for (int i = 1; i < f.wave.reached; i++)
        ck_assert_int_le(f.wave.dist[f.wave.order[i - 1]], f.wave.dist[f.wave.order[i]]);
    fixture_close(&f);
}
END_TEST

START_TEST(ties_follow_direction_order) {
    /* From S to G there are two shortest paths (right-then-down and
     * down-then-right). Up, right, down, left expansion makes (1,0) discover
     * (1,1) before (0,1) does, so the path goes right first. */
    static const char *const rows[] = {"S.", ".G"};
    Fixture f = {0};
    fixture_open(&f, rows, 2);
    ck_assert(wave_compute(&f.wave, f.blocked, 0, 3));
    ck_assert(path_from_wave(&f.path, &f.wave, 3));
    ck_assert_int_eq(f.path.len, 3);
    ck_assert_int_eq(f.path.cells[0], 0);
    ck_assert_int_eq(f.path.cells[1], 1);
    ck_assert_int_eq(f.path.cells[2], 3);
    ck_assert_int_eq(path_first_dir(&f.path, 2), DIR_RIGHT);
    fixture_close(&f);
}
END_TEST

START_TEST(goal_stops_early_and_unreachable) {
    static const char *const rows[] = {"S.#.", "..#G"};
    Fixture f = {0};
    fixture_open(&f, rows, 2);
    int g = ascii_map_find(&f.map, 'G');
    ck_assert(!wave_compute(&f.wave, f.blocked, 0, g));
    ck_assert(!path_from_wave(&f.path, &f.wave, g));
    ck_assert_int_eq(f.path.len, 0);
    ck_assert_int_eq(path_first_dir(&f.path, 4), DIR_NONE);
    /* Goal 1 is found on the first expansion: the search stops there. */
    ck_assert(wave_compute(&f.wave, f.blocked, 0, 1));
    ck_assert_int_eq(f.wave.dist[4], WAVE_UNREACHED);
    /* Start == goal: a path of one cell, zero steps. */
    ck_assert(wave_compute(&f.wave, f.blocked, 0, 0));
    ck_assert(path_from_wave(&f.path, &f.wave, 0));
    ck_assert_int_eq(path_steps(&f.path), 0);
    fixture_close(&f);
}
END_TEST

START_TEST(timed_cells_open_late) {
    /* X next to the start opens only at tick 3. Reached at distance 1 it is
     * refused; the search goes round (6 steps to G) and can still enter X
     * later from G, at distance 7: the earliest legal arrival. */
    static const char *const rows[] = {
        "SXG",
        ".#.",
        "...",
    };
    Fixture f = {0};
    fixture_open(&f, rows, 3);
    int32_t release[9];
    for (int i = 0; i < 9; i++)
        release[i] = f.blocked[i] ? WAVE_NEVER : 0;
    int x = ascii_map_find(&f.map, 'X'), g = ascii_map_find(&f.map, 'G');
    release[x] = 3;
    ck_assert(wave_compute_timed(&f.wave, release, 0, 0, g));
    ck_assert_int_eq(f.wave.dist[g], 6);
    ck_assert(wave_compute_timed(&f.wave, release, 0, 0, x));
    ck_assert_int_eq(f.wave.dist[x], 7);
    ck_assert(path_from_wave(&f.path, &f.wave, x));
    ck_assert_int_eq(f.path.cells[f.path.len - 2], g);
    /* Two ticks later (offset 2) X is open at distance 1. */
    ck_assert(wave_compute_timed(&f.wave, release, 2, 0, g));
    ck_assert_int_eq(f.wave.dist[g], 2);
    release[x] = WAVE_NEVER;
    ck_assert(!wave_compute_timed(&f.wave, release, 0, 0, x));
    ck_assert_int_eq(f.wave.reached, 7);
    fixture_close(&f);
}
END_TEST

/* Renders a wave as the `wave` tool does (base-62, '#', ' '). */
static void render_wave(const Fixture *f, char *out) {
    static const char DIGITS[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for (int y = 0; y < f->map.h; y++) {
        for (int x = 0; x < f->map.w; x++) {
            int c = y * f->map.w + x, d = f->wave.dist[c];
            *out++ = f->blocked[c] ? '#' : d < 0 ? ' ' : d < 62 ? DIGITS[d] : '+';
        }
        *out++ = '\n';
    }
    *out = '\0';
}

static char *slurp(const char *name) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s", WS_TEST_DATA, name);
    FILE *fp = fopen(path, "rb");
    ck_assert_msg(fp != NULL, "cannot open %s", path);
    static char buf[8192];
    size_t n = fread(buf, 1, sizeof buf - 1, fp);
    buf[n] = '\0';
    fclose(fp);
    char *copy = malloc(n + 1);
    memcpy(copy, buf, n + 1);
    return copy;
}

static void open_level(Fixture *f) {
    char *text = slurp("level.txt");
    ck_assert_int_eq(textmap_parse(&f->map, text, strlen(text), "level.txt", NULL), WS_OK);
    free(text);
    textmap_to_blocked(&f->map, f->blocked);
    ck_assert_int_eq(wave_init(&f->wave, f->map.w, f->map.h, NULL), WS_OK);
    ck_assert_int_eq(path_init(&f->path, f->map.w * f->map.h, NULL), WS_OK);
}

START_TEST(golden_level_wave) {
    Fixture f = {0};
    open_level(&f);
    ck_assert_int_eq(f.map.w, 16);
    ck_assert_int_eq(f.map.h, 7);
    wave_compute(&f.wave, f.blocked, 3 * 16 + 8, -1);
    char got[8192];
    render_wave(&f, got);
    char *want = slurp("level.wave");
    ck_assert_str_eq(got, want);
    free(want);
    fixture_close(&f);
}
END_TEST

START_TEST(golden_level_path) {
    /* level.path: straight 6, path 10, through the gap at the bottom. */
    Fixture f = {0};
    open_level(&f);
    int start = 3 * 16 + 8, goal = 3 * 16 + 2;
    ck_assert(wave_compute(&f.wave, f.blocked, start, goal));
    ck_assert(path_from_wave(&f.path, &f.wave, goal));
    ck_assert_int_eq(path_steps(&f.path), 10);
    char *want = slurp("level.path");
    ck_assert(strncmp(want, "straight 6, path 10\n", 20) == 0);
    /* Every '*' in the golden picture is a path cell and vice versa. */
    const char *pic = strchr(want, '\n') + 1;
    int stars = 0;
    for (int y = 0; y < 7; y++, pic += 17)
        for (int x = 0; x < 16; x++) {
            int cell = y * 16 + x;
            bool on_path = false;
            for (int i = 1; i + 1 < f.path.len; i++)
                on_path |= f.path.cells[i] == cell;
            ck_assert_msg(on_path == (pic[x] == '*'), "(%d,%d): '%c'", x, y, pic[x]);
            stars += pic[x] == '*';
        }
    ck_assert_int_eq(stars, 9);
    free(want);
    fixture_close(&f);
}
END_TEST

static Suite *wave_suite(void) {
    Suite *s = suite_create("wave");
    TCase *tc = tcase_create("bfs");
    tcase_add_test(tc, hand_worked_distances);
    tcase_add_test(tc, goal_stops_early_and_unreachable);
    tcase_add_test(tc, timed_cells_open_late);
    suite_add_tcase(s, tc);
    tc = tcase_create("ties");
    tcase_add_test(tc, ties_follow_direction_order);
    suite_add_tcase(s, tc);
    tc = tcase_create("golden");
    tcase_add_test(tc, golden_level_wave);
    tcase_add_test(tc, golden_level_path);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(wave_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
