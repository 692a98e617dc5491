/* PCG32 as docs/conventions.md#pcg32 defines it: the published check vector, streams, bounds. */
#include <check.h>
#include <stdlib.h>

#include "rng.h"

START_TEST(golden_42_54) {
    /* docs/conventions.md#pcg32: init(42, 54) gives these six outputs. */
    static const uint32_t expected[6] = {0xa15c02b7, 0x7b47f409, 0xba1d3330,
                                         0x83d2f293, 0xbfa4784b, 0xcbed606e};
    Rng r;
    rng_init(&r, 42, 54);
    for (int i = 0; i < 6; i++) {
        uint32_t got = rng_next(&r);
        ck_assert_msg(got == expected[i], "output %d: expected 0x%08x, got 0x%08x", i,
                      expected[i], got);
    }
}
END_TEST

START_TEST(same_seed_same_sequence) {
    Rng a, b;
    rng_init(&a, 7, 1);
    rng_init(&b, 7, 1);
    for (int i = 0; i < 1000; i++)
        ck_assert_uint_eq(rng_next(&a), rng_next(&b));
}
END_TEST

START_TEST(streams_differ) {
    Rng a, b;
    rng_init(&a, 7, RNG_STREAM_PLACE);
    rng_init(&b, 7, RNG_STREAM_OTHER);
    int same = 0;
    for (int i = 0; i < 100; i++)
        same += rng_next(&a) == rng_next(&b);
    ck_assert_int_lt(same, 3);
}
END_TEST

START_TEST(bounded_in_range) {
    static const uint32_t bounds[] = {1, 2, 3, 7, 10, 64, 1000, 0x80000001u, 0xffffffffu};
    Rng r;
    rng_init(&r, 123, 2);
    for (size_t b = 0; b < sizeof bounds / sizeof bounds[0]; b++)
        for (int i = 0; i < 2000; i++)
            ck_assert_uint_lt(rng_bounded(&r, bounds[b]), bounds[b]);
}
END_TEST

START_TEST(bounded_rejects_below_threshold) {
    /* bounded(n) must equal the first draw v >= (2^32 - n) % n, taken mod n:
     * replay the raw stream beside it and compare. */
    Rng r, raw;
    rng_init(&r, 99, 5);
    rng_init(&raw, 99, 5);
    const uint32_t n = 0x80000001u; /* threshold 0x7fffffff: about half the draws rejected */
    const uint32_t threshold = (uint32_t)(-n) % n;
    ck_assert_uint_eq(threshold, 0x7fffffffu);
    for (int i = 0; i < 500; i++) {
        uint32_t v;
        do
            v = rng_next(&raw);
        while (v < threshold);
        ck_assert_uint_eq(rng_bounded(&r, n), v % n);
    }
}
END_TEST

START_TEST(bounded_covers_all_values) {
    Rng r;
    rng_init(&r, 5, 1);
    int seen[6] = {0};
    for (int i = 0; i < 600; i++)
        seen[rng_bounded(&r, 6)]++;
    for (int k = 0; k < 6; k++)
        ck_assert_msg(seen[k] > 60, "value %d drawn only %d times of 600", k, seen[k]);
}
END_TEST

static Suite *rng_suite(void) {
    Suite *s = suite_create("rng");
    TCase *tc = tcase_create("pcg32");
    tcase_add_test(tc, golden_42_54);
    tcase_add_test(tc, same_seed_same_sequence);
    tcase_add_test(tc, streams_differ);
    suite_add_tcase(s, tc);
    tc = tcase_create("bounded");
    tcase_add_test(tc, bounded_in_range);
    tcase_add_test(tc, bounded_rejects_below_threshold);
    tcase_add_test(tc, bounded_covers_all_values);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(rng_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
