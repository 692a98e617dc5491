/* The timeline's maths (timeline.h): tick <-> pixel column, which ticks a
 * column stands for, hits. No window: the expected columns are worked out
 * by hand from the documented rule col = (t - first) * w / n. */
#include <check.h>
#include <stdlib.h>

#include "timeline.h"

/* A strip whose bar is exactly `w` columns from x = 100 (the layout's pad
 * is strip.h / 6: 1 pixel for a 6..11 high strip). */
static Timeline make(int w, long first, long last) {
    Timeline tl;
    timeline_layout(&tl, (PixRect){99, 50, w + 2, 10}, first, last);
    ck_assert_int_eq(tl.bar.x, 100);
    ck_assert_int_eq(tl.bar.w, w);
    return tl;
}

START_TEST(short_game_spreads_ticks) {
    /* 5 ticks (0..4) on 10 columns: each tick gets 2 columns. */
    Timeline tl = make(10, 0, 4);
    ck_assert_int_eq(timeline_tick_to_x(&tl, 0), 100);
    ck_assert_int_eq(timeline_tick_to_x(&tl, 1), 102);
    ck_assert_int_eq(timeline_tick_to_x(&tl, 4), 108);
    ck_assert_int_eq(timeline_x_to_tick(&tl, 100), 0);
    ck_assert_int_eq(timeline_x_to_tick(&tl, 101), 0);
    ck_assert_int_eq(timeline_x_to_tick(&tl, 102), 1);
    ck_assert_int_eq(timeline_x_to_tick(&tl, 109), 4);
    /* Off the bar: clamped to the ends. */
    ck_assert_int_eq(timeline_x_to_tick(&tl, 0), 0);
    ck_assert_int_eq(timeline_x_to_tick(&tl, 5000), 4);
    ck_assert_int_eq(timeline_tick_to_x(&tl, -3), 100);
    ck_assert_int_eq(timeline_tick_to_x(&tl, 99), 108);
    long from, to;
    timeline_column_ticks(&tl, 3, &from, &to); /* column 3 belongs to tick 1 */
    ck_assert_int_eq(from, 1);
    ck_assert_int_eq(to, 2);
}
END_TEST

START_TEST(long_game_shares_columns) {
    /* 1,000,001 ticks (0..1e6) on 400 columns: 2500.0025 ticks a column. */
    Timeline tl = make(400, 0, 1000000);
    ck_assert_int_eq(timeline_tick_to_x(&tl, 0), 100);
    ck_assert_int_eq(timeline_tick_to_x(&tl, 2500), 100); /* 2500 * 400 / 1000001 = 0.99 */
    ck_assert_int_eq(timeline_tick_to_x(&tl, 2501), 101); /* 1.0004 */
    ck_assert_int_eq(timeline_tick_to_x(&tl, 1000000), 499);
    ck_assert_int_eq(timeline_x_to_tick(&tl, 100), 2500); /* the column's last tick */
    ck_assert_int_eq(timeline_x_to_tick(&tl, 499), 1000000);
    long from, to;
    timeline_column_ticks(&tl, 0, &from, &to);
    ck_assert_int_eq(from, 0);
    ck_assert_int_eq(to, 2501);
    timeline_column_ticks(&tl, 399, &from, &to);
    ck_assert_int_eq(to, 1000001);
}
END_TEST

/* Columns cover first..last exactly once, left to right, for many sizes, and
 * every tick's column lies within the ticks that column stands for. */
START_TEST(columns_partition_the_ticks) {
    static const struct {
        int w;
        long first, last;
    } CASES[] = {{1, 0, 0},     {1, 0, 9},         {7, 0, 0},        {10, 0, 9},
                 {10, 0, 10},   {13, 5, 17},       {97, 1000, 1100}, {300, 0, 299},
                 {301, 0, 299}, {640, 0, 2400000}, {640, 7, 646},    {3, 0, 1}};
    for (size_t c = 0; c < sizeof CASES / sizeof CASES[0]; c++) {
        Timeline tl = make(CASES[c].w, CASES[c].first, CASES[c].last);
        long next = CASES[c].first;
        for (int col = 0; col < CASES[c].w; col++) {
            long from, to;
            timeline_column_ticks(&tl, col, &from, &to);
            ck_assert_msg(from < to, "case %zu col %d: empty [%ld, %ld)", c, col, from, to);
            /* Spread ticks repeat a tick over its columns; shared ones move on. */
            ck_assert_msg(from == next || from == next - 1, "case %zu col %d: from %ld, next %ld",
                          c, col, from, next);
            next = to;
            long t = timeline_x_to_tick(&tl, tl.bar.x + col);
            ck_assert_msg(t >= from && t < to, "case %zu col %d: tick %ld outside [%ld, %ld)", c,
                          col, t, from, to);
        }
        ck_assert_msg(next == CASES[c].last + 1, "case %zu: columns end at %ld", c, next);
        for (long t = CASES[c].first; t <= CASES[c].last; t += 1 + (CASES[c].last / 997)) {
            int x = timeline_tick_to_x(&tl, t);
            long from, to;
            timeline_column_ticks(&tl, x - tl.bar.x, &from, &to);
            ck_assert_msg(t >= from && t < to, "case %zu tick %ld: column %d is [%ld, %ld)", c, t,
                          x - tl.bar.x, from, to);
            if (CASES[c].last - CASES[c].first < CASES[c].w) /* a column per tick at least */
                ck_assert_int_eq(timeline_x_to_tick(&tl, x), t);
        }
    }
}
END_TEST

START_TEST(hits_and_degenerate_strips) {
    Timeline tl = make(50, 0, 10);
    ck_assert(timeline_hit(&tl, 99, 50));
    ck_assert(timeline_hit(&tl, 150, 59));
    ck_assert(!timeline_hit(&tl, 151, 55));
    ck_assert(!timeline_hit(&tl, 120, 60));
    ck_assert(!timeline_hit(&tl, 120, 49));
    /* No room: an empty bar, nothing hits, maths stay in range. */
    timeline_layout(&tl, (PixRect){0, 0, 1, 20}, 0, 100);
    ck_assert_int_eq(tl.bar.w, 0);
    ck_assert(!timeline_hit(&tl, 0, 5));
    ck_assert_int_eq(timeline_x_to_tick(&tl, 0), 0);
    timeline_layout(&tl, (PixRect){0, 0, 100, 2}, 0, 100);
    ck_assert_int_eq(tl.bar.w, 0);
    /* last below first counts as a one-tick history. */
    timeline_layout(&tl, (PixRect){0, 0, 100, 12}, 5, 3);
    ck_assert_int_eq(tl.last, 5);
    ck_assert_int_eq(timeline_x_to_tick(&tl, 70), 5);
}
END_TEST

START_TEST(mark_colours_rank_kinds) {
    /* A divergence outranks the end, the end an eat; every kind has a colour. */
    Rgba d = timeline_mark_color(TIMELINE_MARK_DIFFER | TIMELINE_MARK_END | TIMELINE_MARK_EAT);
    Rgba e = timeline_mark_color(TIMELINE_MARK_END | TIMELINE_MARK_EAT);
    Rgba f = timeline_mark_color(TIMELINE_MARK_EAT);
    ck_assert(d.r != e.r || d.g != e.g || d.b != e.b);
    ck_assert(e.r != f.r || e.g != f.g || e.b != f.b);
    ck_assert_int_eq(timeline_mark_color(TIMELINE_MARK_DIFFER).b, d.b);
    ck_assert_int_eq(timeline_mark_color(TIMELINE_MARK_SUNK).a, 255);
}
END_TEST

START_TEST(the_post_is_thin_at_every_length) {
    /* docs/replay.md: the tick on screen is a thin post, whatever the
     * game's length: 2 ticks on 600 columns get the same 3-pixel post as a
     * million, centred on the tick's span (which a short game makes wide). */
    static const long LASTS[] = {0, 1, 2, 3, 7, 50, 599, 600, 601, 5000, 1000000};
    for (size_t i = 0; i < sizeof LASTS / sizeof LASTS[0]; i++) {
        Timeline tl = make(600, 0, LASTS[i]);
        for (long t = 0; t <= LASTS[i]; t += LASTS[i] / 5 + 1) {
            PixRect p = timeline_post(&tl, t);
            ck_assert_int_eq(p.w, TIMELINE_POST_W);
            ck_assert_int_eq(p.h, tl.strip.h);
            /* The post lies on its tick: its middle column stands for t. */
            long from, to;
            timeline_column_ticks(&tl, p.x + p.w / 2 - tl.bar.x, &from, &to);
            ck_assert_msg(from <= t && t < to, "%ld ticks: tick %ld's post at %d (%ld..%ld)",
                          LASTS[i] + 1, t, p.x, from, to);
        }
    }
    /* 2 ticks on 600 columns: tick 0 spans 100..399, its post is in the middle. */
    Timeline tl = make(600, 0, 1);
    ck_assert_int_eq(timeline_tick_center(&tl, 0), 250);
    ck_assert_int_eq(timeline_tick_center(&tl, 1), 550);
    ck_assert_int_eq(timeline_post(&tl, 1).x, 549);
}
END_TEST

START_TEST(labels_sit_beside_the_post) {
    /* A label goes just right of its tick's post, or just left of it when
     * the bar ends there; it never covers the post and never leaves the bar. */
    Timeline tl = make(400, 0, 999);
    for (long t = 0; t <= 999; t += 37) {
        int x = -1;
        ck_assert(timeline_label_x(&tl, t, 30, &x));
        PixRect p = timeline_post(&tl, t);
        ck_assert_msg(x >= tl.bar.x && x + 30 <= tl.bar.x + tl.bar.w, "tick %ld: label at %d", t,
                      x);
        ck_assert_msg(x >= p.x + p.w || x + 30 <= p.x, "tick %ld: the label covers the post", t);
    }
    int x = -1;
    ck_assert(timeline_label_x(&tl, 0, 30, &x));
    ck_assert_int_gt(x, timeline_post(&tl, 0).x); /* room on the right: right */
    ck_assert(timeline_label_x(&tl, 999, 30, &x));
    ck_assert_int_lt(x, timeline_post(&tl, 999).x); /* the end of the bar: left */
    /* Wider than the room on either side: no label. */
    Timeline small = make(20, 0, 10);
    ck_assert(!timeline_label_x(&small, 5, 15, &x));
}
END_TEST

static Suite *timeline_suite(void) {
    Suite *s = suite_create("timeline");
    TCase *tc = tcase_create("maths");
    tcase_add_test(tc, short_game_spreads_ticks);
    tcase_add_test(tc, long_game_shares_columns);
    tcase_add_test(tc, columns_partition_the_ticks);
    tcase_add_test(tc, hits_and_degenerate_strips);
    tcase_add_test(tc, mark_colours_rank_kinds);
    tcase_add_test(tc, the_post_is_thin_at_every_length);
    tcase_add_test(tc, labels_sit_beside_the_post);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(timeline_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
