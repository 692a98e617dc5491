/* Frame pacing (pace.h) on a simulated clock: a microsecond counter, frames
 * whose work varies, and a sleep that behaves like SDL_Delay (whole
 * milliseconds, woken up to 1.5 ms late). Nothing here reads a real clock. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "pace.h"
#include "rng.h"

enum { FREQ = 1000000, RATE = 60, FRAMES = 6000 };

/* SDL_Delay(wait rounded down to whole ms), waking 0..1.5 ms late. */
static uint64_t sleep_like_sdl(Rng *rng, uint64_t wait_us) {
    uint64_t ms = wait_us / 1000;
    return ms == 0 ? 0 : ms * 1000 + rng_bounded(rng, 1500);
}

/* Plays FRAMES frames of 1..14 ms work each; returns the elapsed microseconds. */
static uint64_t play(FramePace *p, Rng *rng) {
    uint64_t t = 0;
    for (int f = 0; f < FRAMES; f++) {
        uint64_t start = t;
        t += 1000 + rng_bounded(rng, 13000);
        t += sleep_like_sdl(rng, pace_wait(p, start, t));
    }
    return t;
}

START_TEST(mean_rate_is_the_asked_one) {
    Rng rng;
    rng_init(&rng, 1, 1);
    FramePace p;
    pace_init(&p, FREQ, RATE);
    uint64_t elapsed = play(&p, &rng);
    uint64_t period = FREQ / RATE, want = (uint64_t)FRAMES * period;
    /* Within two periods of the exact schedule over 6,000 frames. */
    ck_assert_msg(elapsed + 2 * period >= want && elapsed <= want + 2 * period,
                  "6000 frames took %llu us, the schedule %llu us",
                  (unsigned long long)elapsed, (unsigned long long)want);
}
END_TEST

/* The limiter it replaces, on the same simulated clock: sleep one period
 * minus the work, in whole ms. It loses the rounding and the late wake-up
 * every frame: the simulation is able to tell the two apart. */
START_TEST(relative_sleep_falls_short) {
    Rng rng;
    rng_init(&rng, 1, 1);
    uint64_t t = 0;
    for (int f = 0; f < FRAMES; f++) {
        uint64_t start = t;
        t += 1000 + rng_bounded(&rng, 13000);
        uint64_t spent_ms = (t - start) / 1000;
        if (spent_ms < 16)
            t += sleep_like_sdl(&rng, (16 - spent_ms) * 1000);
    }
    double rate = (double)FRAMES * FREQ / (double)t;
    ck_assert_msg(rate < 59.5, "the relative limiter gave %.2f frames/s", rate);
}
END_TEST

START_TEST(a_slow_frame_starts_a_new_schedule) {
    FramePace p;
    pace_init(&p, FREQ, RATE);
    uint64_t period = FREQ / RATE;
    ck_assert_uint_eq(pace_wait(&p, 0, 2000), period - 2000); /* frame 0: work 2 ms */
    uint64_t t = period;                                      /* frame 1 takes 100 ms */
    ck_assert_uint_eq(pace_wait(&p, t, t + 100000), 0);
    t += 100000;
    /* Frame 2 is not rushed: its successor waits a whole period less its work. */
    ck_assert_uint_eq(pace_wait(&p, t, t + 3000), period - 3000);
}
END_TEST

START_TEST(a_little_late_is_caught_up) {
    FramePace p;
    pace_init(&p, FREQ, RATE);
    uint64_t period = FREQ / RATE;
    pace_wait(&p, 0, 1000);
    /* Frame 1 starts on time and runs 5 ms past the next deadline: no wait,
     * and frame 2's successor keeps the old schedule. */
    uint64_t t = period;
    ck_assert_uint_eq(pace_wait(&p, t, t + period + 5000), 0);
    t += period + 5000;
    ck_assert_uint_eq(pace_wait(&p, t, t + 1000), 3 * period - (t + 1000));
}
END_TEST

START_TEST(rate_zero_never_waits) {
    FramePace p;
    pace_init(&p, FREQ, 0);
    ck_assert_uint_eq(pace_wait(&p, 0, 10), 0);
}
END_TEST

static Suite *pace_suite(void) {
    Suite *s = suite_create("pace");
    TCase *tc = tcase_create("pace");
    tcase_add_test(tc, mean_rate_is_the_asked_one);
    tcase_add_test(tc, relative_sleep_falls_short);
    tcase_add_test(tc, a_slow_frame_starts_a_new_schedule);
    tcase_add_test(tc, a_little_late_is_caught_up);
    tcase_add_test(tc, rate_zero_never_waits);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(pace_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
