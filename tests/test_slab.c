/* slab_take / slab_alloc: many buffers in one zeroed, aligned allocation. */
#include <check.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "slab.h"

typedef struct Bufs {
    size_t n;
    uint8_t *bytes;
    int64_t *wide;
    int32_t *none; /* a buffer of zero elements */
    double *last;
} Bufs;

static void layout(void *owner, Slab *s) {
    Bufs *b = owner;
    b->bytes = slab_take(s, b->n, sizeof *b->bytes);
    b->wide = slab_take(s, b->n, sizeof *b->wide);
    b->none = slab_take(s, 0, sizeof *b->none);
    b->last = slab_take(s, 3, sizeof *b->last);
}

START_TEST(measure_hands_out_null) {
    Bufs b = {.n = 5};
    Slab s = {NULL, 0};
    layout(&b, &s);
    ck_assert_ptr_null(b.bytes);
    ck_assert_ptr_null(b.last);
    ck_assert_uint_ge(s.used, 5 + 5 * sizeof(int64_t) + 3 * sizeof(double));
}
END_TEST

START_TEST(alloc_lays_out_zeroed_aligned_disjoint) {
    Bufs b = {.n = 7}; /* odd, so the next buffer needs padding */
    void *mem = slab_alloc(layout, &b);
    ck_assert_ptr_nonnull(mem);
    ck_assert_ptr_eq(b.bytes, mem);
    ck_assert_uint_eq((uintptr_t)b.wide % alignof(max_align_t), 0);
    ck_assert_uint_eq((uintptr_t)b.last % alignof(max_align_t), 0);
    ck_assert((unsigned char *)b.wide >= b.bytes + b.n);
    ck_assert((unsigned char *)b.last >= (unsigned char *)(b.wide + b.n));
    for (size_t i = 0; i < b.n; i++)
        ck_assert(b.bytes[i] == 0 && b.wide[i] == 0);
    for (int i = 0; i < 3; i++)
        ck_assert(b.last[i] == 0.0);
    for (size_t i = 0; i < b.n; i++) { /* writes stay in their own buffer (ASan checks) */
        b.bytes[i] = 0xff;
        b.wide[i] = -1;
    }
    b.last[2] = 1.5;
    ck_assert(b.bytes[b.n - 1] == 0xff && b.wide[0] == -1);
    free(mem);
}
END_TEST

static Suite *slab_suite(void) {
    Suite *s = suite_create("slab");
    TCase *tc = tcase_create("slab");
    tcase_add_test(tc, measure_hands_out_null);
    tcase_add_test(tc, alloc_lays_out_zeroed_aligned_disjoint);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(slab_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
