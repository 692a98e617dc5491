/* What an engine answered at each tick (engine_log.h): answers and infos
 * read back as kept, gaps, replacing, truncation that frees the text, the
 * byte bound, and amortised allocations (a long game does not allocate per
 * tick). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc_count.h"
#include "engine_log.h"

enum { W = 8, H = 6 };

/* An info saying something different at each tick t. */
static void info_for(EngineInfo *info, long t) {
    engine_info_clear(info);
    info->path_len = 3;
    for (int i = 0; i < 3; i++)
        info->path[i] = (int32_t)((t + i) % (W * H));
    info->mark_len = 1;
    info->mark[0] = (int32_t)(t % (W * H));
    if (t % 2 == 0) {
        info->has_wave = true;
        for (int c = 0; c < W * H; c++)
            info->wave[c] = c == 0 ? -1 : (int32_t)((c + t) % 100);
    }
    snprintf(info->text, sizeof info->text, "tick %ld", t);
}

static void check_same(const EngineInfo *a, const EngineInfo *b, long t) {
    ck_assert_msg(a != NULL, "tick %ld: no info kept", t);
    ck_assert_int_eq(a->path_len, b->path_len);
    ck_assert_mem_eq(a->path, b->path, (size_t)b->path_len * sizeof *b->path);
    ck_assert_int_eq(a->mark_len, b->mark_len);
    ck_assert_mem_eq(a->mark, b->mark, (size_t)b->mark_len * sizeof *b->mark);
    ck_assert_int_eq(a->has_wave, b->has_wave);
    if (b->has_wave)
        ck_assert_mem_eq(a->wave, b->wave, (size_t)(W * H) * sizeof *b->wave);
    ck_assert_str_eq(a->text, b->text);
}

START_TEST(keeps_and_reads_back) {
    EngineLog log;
    EngineInfo info, want;
    WsError err = {0};
    ck_assert_int_eq(engine_log_init(&log, W, H, ENGINE_LOG_BYTES, &err), WS_OK);
    ck_assert_int_eq(engine_info_init(&info, W, H, &err), WS_OK);
    ck_assert_int_eq(engine_info_init(&want, W, H, &err), WS_OK);
    for (long t = 0; t < 500; t++) {
        info_for(&info, t);
        engine_log_keep(&log, t, (int)(t % 4), &info, (double)t / 4.0, NULL, 0);
    }
    ck_assert_int_eq(engine_log_ticks(&log), 500);
    for (long t = 499; t >= 0; t -= 7) { /* any order, as a seek reads them */
        int answer = -1;
        double ms = -1.0;
        ck_assert(engine_log_answer(&log, t, &answer, &ms));
        ck_assert_int_eq(answer, (int)(t % 4));
        ck_assert_double_eq_tol(ms, (double)t / 4.0, 1e-3);
        info_for(&want, t);
        check_same(engine_log_info(&log, t), &want, t);
    }
    ck_assert(!engine_log_answer(&log, 500, NULL, NULL));
    ck_assert(!engine_log_answer(&log, -1, NULL, NULL));
    ck_assert_ptr_null(engine_log_info(&log, 500));
    ck_assert(!engine_log_full(&log));
    engine_info_deinit(&info);
    engine_info_deinit(&want);
    engine_log_deinit(&log);
}
END_TEST

/* Each tick keeps the stderr lines of its answer, with or without info, and
 * a truncation keeps those of the ticks before it. */
START_TEST(keeps_stderr_lines_per_tick) {
    EngineLog log;
    EngineInfo info;
    WsError err = {0};
    ck_assert_int_eq(engine_log_init(&log, W, H, ENGINE_LOG_BYTES, &err), WS_OK);
    ck_assert_int_eq(engine_info_init(&info, W, H, &err), WS_OK);
    char said[64];
    for (long t = 0; t < 40; t++) {
        info_for(&info, t);
        int n = snprintf(said, sizeof said, "tick %ld thinking\nline two\n", t);
        engine_log_keep(&log, t, 0, t % 3 == 0 ? NULL : &info, 0.0, t % 5 == 0 ? NULL : said,
                        (size_t)n);
    }
    for (long t = 0; t < 40; t++) {
        size_t len = 0;
        const char *got = engine_log_said(&log, t, &len);
        if (t % 5 == 0) {
            ck_assert_ptr_null(got);
            ck_assert_uint_eq(len, 0);
            continue;
        }
        int n = snprintf(said, sizeof said, "tick %ld thinking\nline two\n", t);
        ck_assert_uint_eq(len, (size_t)n);
        ck_assert(memcmp(got, said, len) == 0);
        if (t % 3 != 0) /* the info beside it is whole */
            ck_assert_ptr_nonnull(engine_log_info(&log, t));
    }
    engine_log_truncate(&log, 20);
    size_t len = 0;
    ck_assert_ptr_null(engine_log_said(&log, 21, &len));
    const char *got = engine_log_said(&log, 19, &len);
    ck_assert_ptr_nonnull(got);
    ck_assert(memcmp(got, "tick 19 thinking\n", 17) == 0);
    /* new ticks after the truncation do not overwrite the kept ones */
    engine_log_keep(&log, 20, 1, &info, 0.0, "after\n", 6);
    got = engine_log_said(&log, 19, &len);
    ck_assert(memcmp(got, "tick 19 thinking\n", 17) == 0);
    got = engine_log_said(&log, 20, &len);
    ck_assert_uint_eq(len, 6);
    ck_assert(memcmp(got, "after\n", 6) == 0);
    engine_info_deinit(&info);
    engine_log_deinit(&log);
}
END_TEST

START_TEST(gaps_replacing_and_no_info) {
    EngineLog log;
    EngineInfo info, want;
    WsError err = {0};
    ck_assert_int_eq(engine_log_init(&log, W, H, ENGINE_LOG_BYTES, &err), WS_OK);
    ck_assert_int_eq(engine_info_init(&info, W, H, &err), WS_OK);
    ck_assert_int_eq(engine_info_init(&want, W, H, &err), WS_OK);
    /* Tick 5 answered before 0..4 (asked before a seek): a gap. */
    info_for(&info, 5);
    engine_log_keep(&log, 5, 2, &info, 1.0, NULL, 0);
    ck_assert_int_eq(engine_log_ticks(&log), 6);
    ck_assert(!engine_log_answer(&log, 3, NULL, NULL));
    ck_assert_ptr_null(engine_log_info(&log, 3));
    /* An answer without info keeps the answer. */
    engine_log_keep(&log, 3, 1, NULL, 2.0, NULL, 0);
    int answer = -1;
    ck_assert(engine_log_answer(&log, 3, &answer, NULL));
    ck_assert_int_eq(answer, 1);
    ck_assert_ptr_null(engine_log_info(&log, 3));
    /* An empty info is an info that says nothing. */
    engine_info_clear(&info);
    engine_log_keep(&log, 4, 0, &info, 0.5, NULL, 0);
    const EngineInfo *got = engine_log_info(&log, 4);
    ck_assert_ptr_nonnull(got);
    ck_assert_int_eq(got->path_len + got->mark_len + got->has_wave, 0);
    ck_assert_str_eq(got->text, "");
    /* Replacing tick 5 shows the new one. */
    info_for(&info, 77);
    engine_log_keep(&log, 5, 3, &info, 9.0, NULL, 0);
    info_for(&want, 77);
    check_same(engine_log_info(&log, 5), &want, 5);
    ck_assert(engine_log_answer(&log, 5, &answer, NULL));
    ck_assert_int_eq(answer, 3);
    engine_info_deinit(&info);
    engine_info_deinit(&want);
    engine_log_deinit(&log);
}
END_TEST

START_TEST(truncate_frees_the_tail) {
    EngineLog log;
    EngineInfo info, want;
    WsError err = {0};
    ck_assert_int_eq(engine_log_init(&log, W, H, ENGINE_LOG_BYTES, &err), WS_OK);
    ck_assert_int_eq(engine_info_init(&info, W, H, &err), WS_OK);
    ck_assert_int_eq(engine_info_init(&want, W, H, &err), WS_OK);
    for (long t = 0; t < 100; t++) {
        info_for(&info, t);
        engine_log_keep(&log, t, 0, &info, 0.0, NULL, 0);
    }
    size_t at50 = log.ticks[50].at;
    engine_log_truncate(&log, 50); /* a branch at tick 50 */
    ck_assert_int_eq(engine_log_ticks(&log), 50);
    ck_assert_uint_eq(log.used, at50);
    ck_assert(!engine_log_answer(&log, 50, NULL, NULL));
    ck_assert(!engine_log_answer(&log, 99, NULL, NULL));
    info_for(&want, 49);
    check_same(engine_log_info(&log, 49), &want, 49);
    /* The branch's own ticks go where the dropped ones were. */
    info_for(&info, 1000);
    engine_log_keep(&log, 50, 1, &info, 0.0, NULL, 0);
    ck_assert_uint_eq(log.ticks[50].at, at50);
    info_for(&want, 1000);
    check_same(engine_log_info(&log, 50), &want, 50);
    engine_log_truncate(&log, 0); /* a new game */
    ck_assert_int_eq(engine_log_ticks(&log), 0);
    ck_assert_uint_eq(log.used, 0);
    engine_info_deinit(&info);
    engine_info_deinit(&want);
    engine_log_deinit(&log);
}
END_TEST

START_TEST(bound_keeps_answers_without_info) {
    EngineLog log;
    EngineInfo info;
    WsError err = {0};
    ck_assert_int_eq(engine_log_init(&log, W, H, 2000, &err), WS_OK); /* a few infos' worth */
    ck_assert_int_eq(engine_info_init(&info, W, H, &err), WS_OK);
    long with_info = 0;
    for (long t = 0; t < 200; t++) {
        info_for(&info, t);
        engine_log_keep(&log, t, (int)(t % 4), &info, 0.0, NULL, 0);
        with_info += engine_log_info(&log, t) != NULL;
        ck_assert(engine_log_answer(&log, t, NULL, NULL));
    }
    ck_assert(engine_log_full(&log));
    ck_assert_int_gt(with_info, 0);
    ck_assert_int_lt(with_info, 200);
    ck_assert_uint_le(log.used, 2000);
    engine_log_truncate(&log, 0);
    ck_assert(!engine_log_full(&log));
    engine_info_deinit(&info);
    engine_log_deinit(&log);
}
END_TEST

START_TEST(allocations_are_amortised) {
    EngineLog log;
    EngineInfo info;
    WsError err = {0};
    ck_assert_int_eq(engine_log_init(&log, W, H, ENGINE_LOG_BYTES, &err), WS_OK);
    ck_assert_int_eq(engine_info_init(&info, W, H, &err), WS_OK);
    long before = alloc_count();
    for (long t = 0; t < 100000; t++) {
        info_for(&info, t);
        engine_log_keep(&log, t, 0, &info, 0.0, NULL, 0);
    }
    long grown = alloc_count() - before;
    /* Doubling: about log2(ticks) + log2(bytes) growths, not 100,000. */
    ck_assert_msg(grown < 64, "%ld allocations for 100,000 ticks", grown);
    before = alloc_count();
    long read = 0;
    for (long t = 0; t < 100000; t += 97)
        read += engine_log_info(&log, t) != NULL; /* reading allocates nothing */
    long reading = alloc_count() - before;
    ck_assert_int_eq(read, (100000 + 96) / 97);
    ck_assert_int_eq(reading, 0);
    engine_info_deinit(&info);
    engine_log_deinit(&log);
}
END_TEST

int main(void) {
    Suite *suite = suite_create("engine_log");
    TCase *tc = tcase_create("log");
    tcase_add_test(tc, keeps_and_reads_back);
    tcase_add_test(tc, keeps_stderr_lines_per_tick);
    tcase_add_test(tc, gaps_replacing_and_no_info);
    tcase_add_test(tc, truncate_frees_the_tail);
    tcase_add_test(tc, bound_keeps_answers_without_info);
    tcase_add_test(tc, allocations_are_amortised);
    suite_add_tcase(suite, tc);
    SRunner *runner = srunner_create(suite);
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
