/* Sea history: rewinding to every shot and playing on again gives the
 * original game's state hash, shot and heatmap at every tick, for both
 * hunters, both placements and several seeds; truncating and resuming plays
 * the same game; bad seeks are refused. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sea.h"
#include "sea_ai.h"
#include "sea_history.h"

/* What a tick of the original game showed: the state before the decision,
 * and the decision (cell, heatmap, reason). */
typedef struct SeaTick {
    uint64_t hash;
    int choice;
    uint32_t heat[SEA_CELLS];
    SeaAiReason reason;
} SeaTick;

typedef struct SeaRun {
    SeaGame game;
    SeaAi ai;
    Rng rng;
    SeaHistory hist;
    int ticks; /* ticks[0..ticks] are filled */
    SeaTick tick[SEA_CELLS + 1];
} SeaRun;

enum {
    TEST_SAMPLES = 40
}; /* fewer fleets per shot than the window's: every tick is decided often */

static void note_tick(SeaTick *t, const SeaGame *g, const Rng *before, const SeaAi *ai,
                      int choice) {
    t->hash = sea_history_hash_state(g, before);
    t->choice = choice;
    memcpy(t->heat, ai->heat, sizeof t->heat);
    t->reason = ai->reason;
}

/* Decides at the current tick (as the window does, a tick ahead); returns the cell or -1. */
static int decide(SeaRun *r, SeaTick *t) {
    Rng before = r->rng;
    int cell = -1;
    if (!sea_game_is_over(&r->game)) {
        WsError err = {0};
        ck_assert_msg(sea_ai_choose(&r->ai, &r->game.seen, &r->rng, &cell, &err) == WS_OK, "%s",
                      err.msg);
    } else {
        sea_ai_clear(&r->ai);
    }
    note_tick(t, &r->game, &before, &r->ai, cell);
    return cell;
}

/* Plays the game from where it is to the end, recording every tick from `from`. */
static void play_on(SeaRun *r, int from) {
    int cell = decide(r, &r->tick[from]);
    int t = from;
    while (cell >= 0) {
        SeaShot s = sea_history_shoot(&r->hist, &r->game, &r->rng, cell);
        ck_assert_int_ne(s, SEA_SHOT_INVALID);
        t++;
        cell = decide(r, &r->tick[t]);
    }
    r->ticks = t;
}

/* A hunter as the tests play it (TEST_SAMPLES fleets per hunting shot). */
static void test_hunter(SeaAi *ai, SeaHunter hunter) {
    sea_ai_init(ai, hunter);
    ai->samples = TEST_SAMPLES;
}

static void start_run(SeaRun *r, uint64_t seed, SeaHunter hunter, SeaPlacement how) {
    memset(r, 0, sizeof *r);
    sea_game_reset(&r->game, seed, how);
    test_hunter(&r->ai, hunter);
    rng_init(&r->rng, seed, RNG_STREAM_OTHER);
    WsError err = {0};
    ck_assert_msg(sea_history_begin(&r->hist, &r->game, &r->ai, &r->rng, &err) == WS_OK, "%s",
                  err.msg);
    play_on(r, 0);
}

static void assert_same_tick(const SeaTick *a, const SeaTick *b, const char *what, uint64_t seed,
                             int t) {
    ck_assert_msg(a->hash == b->hash, "%s: seed %llu tick %d: state hash differs", what,
                  (unsigned long long)seed, t);
    ck_assert_msg(a->choice == b->choice, "%s: seed %llu tick %d: shot %d, first played %d", what,
                  (unsigned long long)seed, t, a->choice, b->choice);
    ck_assert_msg(a->reason == b->reason, "%s: seed %llu tick %d: reason differs", what,
                  (unsigned long long)seed, t);
    ck_assert_msg(memcmp(a->heat, b->heat, sizeof a->heat) == 0,
                  "%s: seed %llu tick %d: heatmap differs", what, (unsigned long long)seed, t);
}

/* ======================================================================== */
/* Rewind to every tick                                                      */
/* ======================================================================== */

typedef struct SeaCase {
    uint64_t seed;
    SeaHunter hunter;
    SeaPlacement placement;
} SeaCase;

static const SeaCase CASES[] = {
    {1, SEA_HUNTER_SOURCE, SEA_PLACE_RANDOM},     {2, SEA_HUNTER_SAMPLER, SEA_PLACE_RANDOM},
    {77, SEA_HUNTER_SOURCE, SEA_PLACE_EDGES},     {78, SEA_HUNTER_SAMPLER, SEA_PLACE_EDGES},
    {2026, SEA_HUNTER_SAMPLER, SEA_PLACE_RANDOM}, {31337, SEA_HUNTER_SOURCE, SEA_PLACE_RANDOM},
};

START_TEST(seek_every_tick_gives_the_decision) {
    const SeaCase *c = &CASES[_i];
    SeaRun *r = malloc(sizeof *r);
    ck_assert_ptr_nonnull(r);
    start_run(r, c->seed, c->hunter, c->placement);
    ck_assert_int_eq(r->hist.shots, r->ticks);
    ck_assert(sea_game_is_over(&r->game));
    int sank = 0;
    for (int t = 0; t < r->hist.shots; t++)
        sank += sea_history_sank(&r->hist, t);
    ck_assert_int_eq(sank, SEA_SHIP_COUNT);

    /* Seek in an odd order (last, first, then from the end back), into a
     * game, hunter and stream that have played something else meanwhile. */
    SeaGame g;
    SeaAi ai;
    Rng rng;
    sea_game_reset(&g, c->seed + 1000, SEA_PLACE_RANDOM);
    test_hunter(&ai, c->hunter);
    rng_init(&rng, 5, 5);
    for (int k = -1; k <= r->ticks; k++) {
        int t = k < 0 ? r->ticks : k == 0 ? 0 : r->ticks - k;
        WsError err = {0};
        int choice = -2;
        Rng before;
        ck_assert_msg(sea_history_seek(&r->hist, t, &g, NULL, &before, &choice, &err) == WS_OK,
                      "%s", err.msg);
        ck_assert_int_eq(choice, -1);
        ck_assert_int_eq(g.shots, t);
        ck_assert(sea_history_hash_state(&g, &before) == r->tick[t].hash);
        ck_assert(sea_history_hash(&r->hist, t) == r->tick[t].hash);
        ck_assert_msg(sea_history_seek(&r->hist, t, &g, &ai, &rng, &choice, &err) == WS_OK, "%s",
                      err.msg);
        SeaTick got;
        note_tick(&got, &g, &before, &ai, choice);
        assert_same_tick(&got, &r->tick[t], "seek", c->seed, t);
    }
    free(r);
}
END_TEST

START_TEST(rewind_and_play_on_from_every_tick) {
    const SeaCase *c = &CASES[_i];
    SeaRun *orig = malloc(sizeof *orig), *again = malloc(sizeof *again);
    ck_assert_ptr_nonnull(orig);
    ck_assert_ptr_nonnull(again);
    start_run(orig, c->seed, c->hunter, c->placement);
    for (int t = 0; t <= orig->ticks; t++) {
        /* The window's resume: seek, drop the later shots, play on with the same history. */
        memcpy(&again->hist, &orig->hist, sizeof orig->hist);
        test_hunter(&again->ai, c->hunter);
        WsError err = {0};
        ck_assert_msg(
            sea_history_seek(&again->hist, t, &again->game, NULL, &again->rng, NULL, &err) == WS_OK,
            "%s", err.msg);
        ck_assert_int_eq(sea_history_truncate(&again->hist, t, &err), WS_OK);
        ck_assert_int_eq(again->hist.shots, t);
        play_on(again, t);
        ck_assert_int_eq(again->ticks, orig->ticks);
        ck_assert_int_eq(again->hist.shots, orig->hist.shots);
        for (int k = t; k <= orig->ticks; k++)
            assert_same_tick(&again->tick[k], &orig->tick[k], "play on", c->seed, k);
        ck_assert(memcmp(again->hist.cell, orig->hist.cell, (size_t)orig->ticks) == 0);
    }
    free(orig);
    free(again);
}
END_TEST

/* ======================================================================== */
/* Refusals                                                                  */
/* ======================================================================== */

/* A whole game of the source hunter, on the heap (SeaRun is large). */
static SeaRun *seed_run(uint64_t seed) {
    SeaRun *r = malloc(sizeof *r);
    ck_assert_ptr_nonnull(r);
    start_run(r, seed, SEA_HUNTER_SOURCE, SEA_PLACE_RANDOM);
    return r;
}

START_TEST(bad_seeks_and_shots_are_refused) {
    SeaRun *r = seed_run(9);
    SeaGame g;
    SeaAi ai;
    Rng rng;
    WsError err = {0};
    test_hunter(&ai, SEA_HUNTER_SOURCE);
    ck_assert_int_eq(sea_history_seek(&r->hist, -1, &g, &ai, &rng, NULL, &err), WS_ERR_ARG);
    ck_assert_int_eq(sea_history_seek(&r->hist, r->ticks + 1, &g, &ai, &rng, NULL, &err),
                     WS_ERR_ARG);
    ck_assert_ptr_nonnull(strstr(err.msg, "outside"));
    sea_ai_init(&ai, SEA_HUNTER_SAMPLER);
    ck_assert_int_eq(sea_history_seek(&r->hist, 3, &g, &ai, &rng, NULL, &err), WS_ERR_ARG);
    ck_assert_ptr_nonnull(strstr(err.msg, "source hunter"));
    ck_assert_int_eq(sea_history_truncate(&r->hist, r->ticks + 1, &err), WS_ERR_ARG);

    /* A shot at a known cell, or from a game that is not at the last tick, records nothing. */
    test_hunter(&ai, SEA_HUNTER_SOURCE);
    ck_assert_int_eq(sea_history_seek(&r->hist, 5, &g, &ai, &rng, NULL, &err), WS_OK);
    int shots = r->hist.shots;
    ck_assert_int_eq(sea_history_shoot(&r->hist, &g, &rng, r->hist.cell[6]), SEA_SHOT_INVALID);
    ck_assert_int_eq(r->hist.shots, shots);
    ck_assert_int_eq(g.shots, 5);
    ck_assert_int_eq(sea_history_truncate(&r->hist, 5, &err), WS_OK);
    ck_assert_int_eq(sea_history_shoot(&r->hist, &g, &rng, r->hist.cell[0]), SEA_SHOT_INVALID);
    ck_assert_int_eq(r->hist.shots, 5);
    SeaGame fresh;
    sea_game_reset(&fresh, 9, SEA_PLACE_RANDOM);
    sea_game_shoot(&fresh, 0);
    SeaHistory h2;
    ck_assert_int_eq(sea_history_begin(&h2, &fresh, &ai, &rng, &err), WS_ERR_ARG);
    free(r);
}
END_TEST

/* A history whose stream was tampered with no longer replays: the seek says so. */
START_TEST(a_state_that_differs_is_reported) {
    SeaRun *r = seed_run(4);
    r->hist.seed++; /* another fleet: the recorded results no longer happen */
    SeaGame g;
    SeaAi ai;
    Rng rng;
    WsError err = {0};
    test_hunter(&ai, SEA_HUNTER_SOURCE);
    ck_assert_int_eq(sea_history_seek(&r->hist, r->ticks, &g, &ai, &rng, NULL, &err), WS_ERR_PARSE);
    ck_assert_ptr_nonnull(strstr(err.msg, "does not replay"));
    free(r);
}
END_TEST

static Suite *sea_history_suite(void) {
    Suite *s = suite_create("sea_history");
    TCase *tc = tcase_create("rewind");
    int n = (int)(sizeof CASES / sizeof CASES[0]);
    tcase_add_loop_test(tc, seek_every_tick_gives_the_decision, 0, n);
    tcase_add_loop_test(tc, rewind_and_play_on_from_every_tick, 0, n);
    suite_add_tcase(s, tc);
    TCase *bad = tcase_create("refusals");
    tcase_add_test(bad, bad_seeks_and_shots_are_refused);
    tcase_add_test(bad, a_state_that_differs_is_reported);
    suite_add_tcase(s, bad);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(sea_history_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
