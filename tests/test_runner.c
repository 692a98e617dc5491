/* The game runner: results in game order for any number of threads, a
 * share of the indices (first, stride, count), bounded slots, failures that
 * stop the run after every earlier game was taken. */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "runner.h"

enum { MAX_GAMES = 400 };

typedef struct Worker {
    long played;
    pthread_t thread; /* the thread that played last */
} Worker;

typedef struct Result {
    long index;
    long value;
} Result;

/* What the test's take sees, and what play checks against. */
typedef struct Log {
    long taken[MAX_GAMES];
    long values[MAX_GAMES];
    int count;
    atomic_long taken_so_far;
    atomic_long most_ahead; /* the largest k - taken seen when a game starts */
    long first, stride;
    long fail_play_at, fail_take_at; /* -1: never */
    int drops;
} Log;

static Log LOG; /* play has no context argument: workers reach the log through this */

static long value_of(long index) { return index * index + 7; }

static WsStatus play(void *worker, long index, void *result, WsError *err) {
    Worker *w = worker;
    Result *r = result;
    long k = (index - LOG.first) / LOG.stride;
    long ahead = k - atomic_load(&LOG.taken_so_far);
    long most = atomic_load(&LOG.most_ahead);
    while (ahead > most && !atomic_compare_exchange_weak(&LOG.most_ahead, &most, ahead)) {
    }
    if (index % 7 == 0) { /* uneven game lengths, so threads finish out of order */
        struct timespec ts = {0, 200000};
        nanosleep(&ts, NULL);
    }
    w->played++;
    w->thread = pthread_self();
    if (index == LOG.fail_play_at)
        return ws_fail(err, WS_ERR_ARG, "game %ld failed", index);
    r->index = index;
    r->value = value_of(index);
    return WS_OK;
}

static WsStatus take(void *ctx, long index, void *result, WsError *err) {
    Log *log = ctx;
    const Result *r = result;
    ck_assert_int_eq(r->index, index);
    if (index == log->fail_take_at)
        return ws_fail(err, WS_ERR_IO, "take %ld failed", index);
    log->taken[log->count] = index;
    log->values[log->count] = r->value;
    log->count++;
    atomic_store(&log->taken_so_far, log->count);
    return WS_OK;
}

static void drop(void *result) {
    (void)result;
    LOG.drops++;
}

/* Plays games first + k * stride (k < count) on `jobs` threads; play fails
 * at game fail_play, take at game fail_take (-1: never). */
static WsStatus run_failing(long first, long stride, long count, int jobs, Worker *workers,
                            long fail_play, long fail_take, WsError *err) {
    memset(&LOG, 0, sizeof LOG);
    LOG.first = first;
    LOG.stride = stride;
    LOG.fail_play_at = fail_play;
    LOG.fail_take_at = fail_take;
    Runner r = {
        .games = {first, stride, count},
        .jobs = jobs,
        .workers = workers,
        .worker_size = sizeof *workers,
        .play = play,
        .result_size = sizeof(Result),
        .take = take,
        .take_ctx = &LOG,
        .drop = drop,
    };
    return runner_run(&r, err);
}

static WsStatus run(long first, long stride, long count, int jobs, Worker *workers, WsError *err) {
    return run_failing(first, stride, count, jobs, workers, -1, -1, err);
}

static void check_in_order(long first, long stride, long count) {
    ck_assert_int_eq(LOG.count, count);
    for (int k = 0; k < LOG.count; k++) {
        ck_assert_int_eq(LOG.taken[k], first + k * stride);
        ck_assert_int_eq(LOG.values[k], value_of(first + k * stride));
    }
}

START_TEST(in_order_for_any_jobs) {
    int jobs = _i + 1;
    Worker workers[8] = {{0}};
    WsError err = {0};
    ck_assert_int_eq(run(0, 1, 300, jobs, workers, &err), WS_OK);
    check_in_order(0, 1, 300);
    long played = 0;
    for (int t = 0; t < jobs; t++)
        played += workers[t].played;
    ck_assert_int_eq(played, 300);
    ck_assert_int_eq(LOG.drops, jobs * RUNNER_SLOTS_PER_JOB);
    ck_assert_int_lt(atomic_load(&LOG.most_ahead),
                     jobs * RUNNER_SLOTS_PER_JOB); /* bounded memory */
}
END_TEST

START_TEST(one_job_plays_on_the_calling_thread) {
    Worker workers[1] = {{0}};
    WsError err = {0};
    ck_assert_int_eq(run(0, 1, 20, 1, workers, &err), WS_OK);
    check_in_order(0, 1, 20);
    ck_assert(pthread_equal(workers[0].thread, pthread_self()));
}
END_TEST

START_TEST(a_share_of_the_indices) {
    Worker workers[3] = {{0}};
    WsError err = {0};
    ck_assert_int_eq(run(3, 4, 50, 3, workers, &err), WS_OK);
    check_in_order(3, 4, 50); /* 3, 7, 11, ... 199 */
}
END_TEST

START_TEST(a_failed_game_stops_after_the_earlier_ones) {
    int jobs = _i + 1;
    Worker workers[4] = {{0}};
    WsError err = {0};
    ck_assert_int_eq(run_failing(0, 1, 200, jobs, workers, 57, -1, &err), WS_ERR_ARG);
    ck_assert_str_eq(err.msg, "game 57 failed");
    check_in_order(0, 1, 57);
    memset(&err, 0, sizeof err);
    ck_assert_int_eq(run_failing(0, 1, 200, jobs, workers, -1, 20, &err), WS_ERR_IO);
    ck_assert_str_eq(err.msg, "take 20 failed");
    check_in_order(0, 1, 20);
}
END_TEST

START_TEST(no_games_and_more_jobs_than_games) {
    Worker workers[8] = {{0}};
    WsError err = {0};
    ck_assert_int_eq(run(0, 1, 0, 4, workers, &err), WS_OK);
    ck_assert_int_eq(LOG.count, 0);
    ck_assert_int_eq(runner_jobs(8, 3), 3);
    ck_assert_int_eq(runner_jobs(0, 3), 1);
    ck_assert_int_eq(runner_jobs(2, 0), 1);
    ck_assert_int_eq(run(5, 1, 3, runner_jobs(8, 3), workers, &err), WS_OK);
    check_in_order(5, 1, 3);
}
END_TEST

static Suite *runner_suite(void) {
    Suite *s = suite_create("runner");
    TCase *tc = tcase_create("order");
    tcase_add_loop_test(tc, in_order_for_any_jobs, 0, 8);
    tcase_add_test(tc, one_job_plays_on_the_calling_thread);
    tcase_add_test(tc, a_share_of_the_indices);
    tcase_add_test(tc, no_games_and_more_jobs_than_games);
    suite_add_tcase(s, tc);
    tc = tcase_create("failures");
    tcase_add_loop_test(tc, a_failed_game_stops_after_the_earlier_ones, 0, 4);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(runner_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
