/* The summary of a headless snake run: the spread of the steps (sd, min,
 * median, max) against a direct computation over every game, the same line
 * for any order of adding, and memory that grows with the distinct step
 * counts, not with the games. */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snake_summary.h"

static int cmp_long(const void *a, const void *b) {
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

/* The summary's text line for these steps, added in the order given. */
static void line_of(const long *steps, long n, char *out, size_t size) {
    SnakeSummary s = {.w = 8, .h = 8, .cells = 64, .policy = "greedy"};
    WsError err = {0};
    for (long i = 0; i < n; i++)
        ck_assert_int_eq(snake_summary_add(&s, SNAKE_WON, 64, steps[i], &err), WS_OK);
    FILE *f = fmemopen(out, size, "w");
    ck_assert_ptr_nonnull(f);
    snake_summary_print(f, &s, false);
    fclose(f);
    snake_summary_free(&s);
}

/* The "steps sd .. min .. median .. max .." part computed from every game. */
static void spread_of(const long *steps, long n, char *out, size_t size) {
    long *v = malloc((size_t)n * sizeof *v);
    memcpy(v, steps, (size_t)n * sizeof *v);
    qsort(v, (size_t)n, sizeof *v, cmp_long);
    double sum = 0, sq = 0;
    for (long i = 0; i < n; i++)
        sum += (double)v[i];
    for (long i = 0; i < n; i++)
        sq += ((double)v[i] - sum / (double)n) * ((double)v[i] - sum / (double)n);
    double median = n % 2 ? (double)v[n / 2] : ((double)v[n / 2 - 1] + (double)v[n / 2]) / 2.0;
    char sd[32] = "none"; /* one game has no sample sd (docs/formats.md#headless-output) */
    if (n > 1)
        snprintf(sd, sizeof sd, "%.2f", sqrt(sq / (double)(n - 1)));
    snprintf(out, size, "steps sd %s min %ld median %.1f max %ld,", sd, v[0], median, v[n - 1]);
    free(v);
}

START_TEST(spread_matches_every_game) {
    /* Odd and even counts, repeats, one game, values far apart. */
    static const long sets[][9] = {
        {70, 64, 154, 53, 64, 0, 0, 0, 0},   {5, 5, 5, 5, 5, 5, 5, 5, 5},
        {43805, 38516, 53792, 43654, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0, 0, 0, 0},
        {9, 1, 8, 2, 7, 3, 6, 4, 5},
    };
    static const long counts[] = {5, 9, 4, 1, 8};
    for (size_t k = 0; k < sizeof counts / sizeof *counts; k++) {
        char line[1024], want[256];
        line_of(sets[k], counts[k], line, sizeof line);
        spread_of(sets[k], counts[k], want, sizeof want);
        ck_assert_msg(strstr(line, want) != NULL, "set %zu: want '%s' in '%s'", k, want, line);
        char games[64];
        snprintf(games, sizeof games, "summary: games %ld,", counts[k]);
        ck_assert_msg(strncmp(line, games, strlen(games)) == 0, "set %zu: %s", k, line);
    }
}
END_TEST

START_TEST(order_does_not_matter) {
    enum { N = 5001 };
    static long a[N], b[N];
    unsigned x = 12345;
    for (long i = 0; i < N; i++) {
        x = x * 1103515245u + 12345u;
        a[i] = 100 + (long)(x >> 16) % 700;
    }
    memcpy(b, a, sizeof a);
    qsort(b, N, sizeof *b, cmp_long);
    char la[1024], lb[1024], want[256];
    line_of(a, N, la, sizeof la);
    line_of(b, N, lb, sizeof lb);
    ck_assert_str_eq(la, lb);
    spread_of(a, N, want, sizeof want);
    ck_assert_msg(strstr(la, want) != NULL, "want '%s' in '%s'", want, la);
}
END_TEST

START_TEST(memory_follows_distinct_counts) {
    /* 300,000 games of 40 distinct lengths keep 40 counts. */
    SnakeSummary s = {.w = 4, .h = 4, .cells = 16, .policy = "greedy"};
    WsError err = {0};
    for (long i = 0; i < 300000; i++)
        ck_assert_int_eq(snake_summary_add(&s, SNAKE_WON, 16, 50 + (i * 7) % 40, &err), WS_OK);
    ck_assert_int_eq(s.games, 300000);
    ck_assert_int_eq(s.steps_len, 40);
    ck_assert_int_le(s.steps_cap, 256);
    for (long k = 1; k < s.steps_len; k++)
        ck_assert_int_lt(s.steps[k - 1].steps, s.steps[k].steps);
    snake_summary_free(&s);
}
END_TEST

int main(void) {
    Suite *suite = suite_create("snake_summary");
    TCase *tc = tcase_create("spread");
    tcase_add_test(tc, spread_matches_every_game);
    tcase_add_test(tc, order_does_not_matter);
    tcase_add_test(tc, memory_follows_distinct_counts);
    suite_add_tcase(suite, tc);
    SRunner *runner = srunner_create(suite);
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
