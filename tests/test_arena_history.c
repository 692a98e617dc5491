/* Arena history: a scripted run with steering, held heroes, wall toggles and
 * dropped gold is recorded; seeking to every tick in the window rebuilds the
 * state hash, every monster's state and next_dir, and every map the
 * overlays draw, as first played; rewinding and playing on with the same
 * inputs gives the same run. Also: the window rolls, an edit flood stays
 * bounded, a tampered history is reported, nothing allocates. Linked with
 * the counting malloc wrappers. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc_count.h"
#include "arena.h"
#include "arena_history.h"
#include "textmap.h"

#ifndef WS_ASSET_DIR
#define WS_ASSET_DIR "assets"
#endif

/* ======================================================================== */
/* Scenarios and the scripted player                                         */
/* ======================================================================== */

typedef struct Scenario {
    const char *map; /* a file in assets/maps, or NULL: generated w x h */
    int w, h;
    int monsters; /* -1: the map's own */
    uint64_t seed;
    long ticks;
    long keep;
    int interval;
} Scenario;

static const Scenario SCENARIOS[] = {
    {"arena.txt", 0, 0, -1, 42, 1300, 0, 0},  /* the window's default: the window rolls */
    {NULL, 40, 30, 60, 7, 700, 0, 0},         /* generated, many monsters */
    {"horde.txt", 0, 0, -1, 3, 500, 200, 7},  /* a short window, odd interval */
    {NULL, 24, 24, -1, 2026, 400, 0, 1},      /* a checkpoint every tick */
    {"duel.txt", 0, 0, -1, 11, 450, 100, 25}, /* a long interval */
};

/* What the test compares at every tick: the state, and what the overlays
 * and the HUD read (each monster's state and step, the combat decision,
 * each map's values, the recompute counts). */
typedef struct TickRecord {
    uint64_t state;
    uint64_t decisions;
    uint64_t maps;
} TickRecord;

static uint64_t fold(uint64_t h, uint64_t v) {
    h ^= v;
    h *= 0x100000001b3ULL;
    return h ^ (h >> 29);
}

static uint64_t fold_map(uint64_t h, const DMap *m) {
    for (int c = 0; c < m->w * m->h; c++)
        h = fold(h, (uint64_t)(uint32_t)m->value[c]);
    return h;
}

static TickRecord record_of(const Arena *a) {
    TickRecord r = {arena_history_hash_state(a), 0xd1ce, 0x3a95};
    for (int i = 0; i < a->mon_count; i++) {
        const Monster *m = &a->mon[i];
        r.decisions = fold(r.decisions, (uint64_t)m->state << 8 | (uint64_t)(m->next_dir + 1) << 1 |
                                            (uint64_t)m->struck);
    }
    char line[256];
    arena_decision_text(a, line, sizeof line);
    for (const char *p = line; *p; p++)
        r.decisions = fold(r.decisions, (uint64_t)(unsigned char)*p);
    r.maps = fold(r.maps, (uint64_t)a->recomputes_total << 16 | (uint64_t)a->recomputes_tick);
    for (int k = 0; k < ARENA_MAP_COUNT; k++)
        r.maps = fold_map(r.maps, &a->maps[k]);
    for (int k = 0; k < a->post_count; k++)
        r.maps = fold_map(r.maps, &a->posts[k]);
    return r;
}

static void assert_record(const TickRecord *got, const TickRecord *want, uint64_t seed, long t,
                          const char *what) {
    ck_assert_msg(got->state == want->state, "%s: seed %llu tick %ld: state differs", what,
                  (unsigned long long)seed, t);
    ck_assert_msg(got->decisions == want->decisions,
                  "%s: seed %llu tick %ld: a monster decided otherwise", what,
                  (unsigned long long)seed, t);
    ck_assert_msg(got->maps == want->maps, "%s: seed %llu tick %ld: a map differs", what,
                  (unsigned long long)seed, t);
}

/* The player's input at tick t, a pure function of (seed, t): sometimes
 * steered, sometimes held (no autopilot), and 0..2 mouse edits before it. */
typedef struct Script {
    Dir steer;
    bool autopilot;
    int edits;
    int cell[2];
    ArenaEditKind kind[2];
} Script;

static Script script_at(const Arena *a, uint64_t seed, long t) {
    Rng r;
    rng_init(&r, seed * 1000003u + (uint64_t)t, 77);
    Script s = {DIR_NONE, true, 0, {0, 0}, {ARENA_EDIT_WALL, ARENA_EDIT_WALL}};
    uint32_t roll = rng_bounded(&r, 12);
    if (roll < 2)
        s.steer = (Dir)rng_bounded(&r, DIR_COUNT);
    else if (roll == 2)
        s.autopilot = false;
    int n = a->w * a->h;
    for (int k = 0; k < 2; k++) {
        uint32_t e = rng_bounded(&r, 14);
        if (e >= 2)
            continue;
        s.kind[s.edits] = e == 0 ? ARENA_EDIT_WALL : ARENA_EDIT_GOLD;
        s.cell[s.edits++] = (int)rng_bounded(&r, (uint32_t)n);
    }
    return s;
}

static void apply_edits(ArenaHistory *h, Arena *a, const Script *s) {
    for (int k = 0; k < s->edits; k++) {
        if (s->kind[k] == ARENA_EDIT_WALL)
            arena_history_toggle_wall(h, a, s->cell[k]);
        else
            arena_history_drop_gold(h, a, s->cell[k]);
    }
}

static void open_scenario(Arena *a, const Scenario *sc) {
    ArenaConfig cfg = {sc->seed, sc->monsters, false};
    WsError err = {0};
    if (sc->map == NULL) {
        ck_assert_msg(arena_init_generated(a, sc->w, sc->h, &cfg, &err) == WS_OK, "%s", err.msg);
        return;
    }
    char path[512];
    snprintf(path, sizeof path, "%s/maps/%s", WS_ASSET_DIR, sc->map);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    static char text[1 << 16];
    size_t len = fread(text, 1, sizeof text, f);
    fclose(f);
    TextMap map;
    ck_assert_msg(textmap_parse(&map, text, len, path, &err) == WS_OK, "%s", err.msg);
    ck_assert_msg(arena_init(a, &map, &cfg, path, &err) == WS_OK, "%s", err.msg);
    textmap_deinit(&map);
}

/* Plays from the history's last tick (the arena's) up to tick `to`, tick
 * `last` taking the edits of the script first only if `edits_first`. Fills
 * rec[t] for every tick reached, or compares with it when `check`. */
static void play(ArenaHistory *h, Arena *a, const Scenario *sc, long to, bool edits_first,
                 TickRecord *rec, bool check) {
    WsError err = {0};
    for (;;) {
        long t = a->tick;
        Script s = script_at(a, sc->seed, t);
        if (edits_first)
            apply_edits(h, a, &s);
        edits_first = true;
        TickRecord r = record_of(a);
        if (check)
            assert_record(&r, &rec[t], sc->seed, t, "play on");
        else
            rec[t] = r;
        ck_assert(arena_history_hash(h, t) == r.state);
        if (t >= to)
            return;
        ck_assert_msg(arena_history_tick(h, a, s.steer, s.autopilot, &err) == WS_OK, "%s", err.msg);
    }
}

typedef struct Run {
    Arena a;
    ArenaHistory h;
    TickRecord *rec;
    const Scenario *sc;
} Run;

static void start_run(Run *run, const Scenario *sc) {
    memset(run, 0, sizeof *run);
    run->sc = sc;
    open_scenario(&run->a, sc);
    WsError err = {0};
    ck_assert_msg(arena_history_init(&run->h, &run->a, sc->keep, sc->interval, &err) == WS_OK, "%s",
                  err.msg);
    run->rec = calloc((size_t)sc->ticks + 1, sizeof *run->rec);
    ck_assert_ptr_nonnull(run->rec);
    play(&run->h, &run->a, sc, sc->ticks, true, run->rec, false);
    ck_assert_int_eq(run->h.last, sc->ticks);
}

static void end_run(Run *run) {
    arena_history_deinit(&run->h);
    arena_deinit(&run->a);
    free(run->rec);
}

static void assert_tick(const Run *run, const Arena *a, long t, const char *what) {
    ck_assert_int_eq(a->tick, t);
    TickRecord r = record_of(a);
    assert_record(&r, &run->rec[t], run->sc->seed, t, what);
}

/* Seeks run's history to t into a, and checks a against the original tick t. */
static void seek_and_check(Run *run, Arena *a, long t, const char *what) {
    WsError err = {0};
    ck_assert_msg(arena_history_seek(&run->h, t, a, &err) == WS_OK, "%s: %s", what, err.msg);
    assert_tick(run, a, t, what);
}

/* ======================================================================== */
/* Rewinding                                                                 */
/* ======================================================================== */

START_TEST(the_window_holds_at_least_keep_ticks) {
    const Scenario *sc = &SCENARIOS[_i];
    Run run;
    start_run(&run, sc);
    long keep = sc->keep ? sc->keep : ARENA_HISTORY_KEEP;
    long expect_first = sc->ticks > keep ? 1 : 0;
    ck_assert_int_ge(run.h.last - run.h.first, sc->ticks < keep ? sc->ticks : keep);
    ck_assert_int_ge(run.h.first, expect_first); /* a long run has rolled */
    WsError err = {0};
    ck_assert_int_eq(arena_history_seek(&run.h, run.h.first - 1, &run.a, &err), WS_ERR_ARG);
    ck_assert_int_eq(arena_history_seek(&run.h, run.h.last + 1, &run.a, &err), WS_ERR_ARG);
    ck_assert_ptr_nonnull(strstr(err.msg, "outside the history"));
    end_run(&run);
}
END_TEST

/* Every tick of the window, backwards (each a restore and a replay), into
 * a second arena of the same map; then forwards (each a step on). */
START_TEST(seek_every_tick_backwards_and_forwards) {
    const Scenario *sc = &SCENARIOS[_i];
    Run run;
    start_run(&run, sc);
    Arena b;
    open_scenario(&b, sc);
    for (int i = 0; i < 7; i++) /* b plays something else first */
        arena_tick(&b, (Dir)(i % DIR_COUNT), i % 2 == 0);
    for (long t = run.h.last; t >= run.h.first; t--)
        seek_and_check(&run, &b, t, "backwards");
    for (long t = run.h.first; t <= run.h.last; t++)
        seek_and_check(&run, &b, t, "forwards");
    /* And the recorded arena itself, rewound to the start of the window. */
    seek_and_check(&run, &run.a, run.h.first, "recorded arena");
    arena_deinit(&b);
    end_run(&run);
}
END_TEST

/* The window's resume: seek to t, drop the later ticks, play on with the same
 * player. Each t plays on `horizon` ticks (the next t, one lower, seeks
 * inside them); the last one plays to the end. */
START_TEST(rewind_and_play_on_from_every_tick) {
    const Scenario *sc = &SCENARIOS[_i];
    Run run;
    start_run(&run, sc);
    const long horizon = 24;
    WsError err = {0};
    long first = run.h.first;
    for (long t = sc->ticks - horizon; t >= first; t--) {
        ck_assert_msg(arena_history_seek(&run.h, t, &run.a, &err) == WS_OK, "%s", err.msg);
        ck_assert_int_eq(arena_history_truncate(&run.h, t, &err), WS_OK);
        ck_assert_int_eq(run.h.last, t);
        play(&run.h, &run.a, sc, t + horizon, false, run.rec, true);
        ck_assert_int_eq(run.h.first, first);
    }
    ck_assert_msg(arena_history_seek(&run.h, first, &run.a, &err) == WS_OK, "%s", err.msg);
    ck_assert_int_eq(arena_history_truncate(&run.h, first, &err), WS_OK);
    play(&run.h, &run.a, sc, sc->ticks, false, run.rec, true);
    end_run(&run);
}
END_TEST

/* ======================================================================== */
/* Inputs, bounds, refusals                                                  */
/* ======================================================================== */

START_TEST(inputs_and_marks_are_recorded) {
    Run run;
    start_run(&run, &SCENARIOS[1]);
    long steered = 0, held = 0, edits = 0, deaths = 0, kills = 0;
    for (long t = run.h.first; t < run.h.last; t++) {
        Dir d;
        bool autopilot;
        ck_assert(arena_history_input(&run.h, t, &d, &autopilot));
        Script s = script_at(&run.a, run.sc->seed, t);
        ck_assert_int_eq(d, s.steer);
        ck_assert_int_eq(autopilot, s.autopilot);
        unsigned marks = arena_history_marks(&run.h, t + 1);
        ck_assert_int_eq((marks & ARENA_MARK_STEER) != 0, d != DIR_NONE || !autopilot);
        steered += d != DIR_NONE;
        held += !autopilot;
        edits += (arena_history_marks(&run.h, t) & ARENA_MARK_EDIT) != 0;
        deaths += (marks & ARENA_MARK_DEATH) != 0;
        kills += (marks & ARENA_MARK_KILL) != 0;
    }
    Dir d;
    bool autopilot;
    ck_assert(!arena_history_input(&run.h, run.h.last, &d, &autopilot));
    /* The script steers about 1 tick in 6, holds 1 in 12, edits about 1 in 7. */
    ck_assert_int_gt(steered, 50);
    ck_assert_int_gt(held, 20);
    ck_assert_int_gt(edits, 40);
    ck_assert_int_eq(deaths, run.a.hero_deaths); /* at most one death a tick */
    ck_assert_int_gt(kills, 0);
    ck_assert_int_le(kills, run.a.kills);
    end_run(&run);
}
END_TEST

START_TEST(an_edit_flood_stays_bounded) {
    Run run;
    const Scenario sc = {NULL, 24, 24, 10, 5, 100, 0, 0};
    start_run(&run, &sc);
    /* A free cell: toggle it on and off more times than the edit ring holds. */
    int cell = -1;
    for (int c = 0; c < run.a.w * run.a.h && cell < 0; c++)
        if (!run.a.blocked[c] && run.a.occ[c] == MON_CELL_FREE && run.a.item[c] == ARENA_ITEM_NONE)
            cell = c;
    ck_assert_int_ge(cell, 0);
    for (int k = 0; k < ARENA_HISTORY_EDITS + 11; k++)
        ck_assert(arena_history_toggle_wall(&run.h, &run.a, cell));
    ck_assert_int_le(run.h.edit_count, ARENA_HISTORY_EDITS);
    ck_assert_int_eq(run.h.first, run.h.last); /* older ticks had to go */
    uint64_t here = arena_history_hash_state(&run.a);
    WsError err = {0};
    for (int k = 0; k < 30; k++)
        ck_assert_int_eq(arena_history_tick(&run.h, &run.a, DIR_NONE, true, &err), WS_OK);
    Arena b;
    open_scenario(&b, &sc);
    ck_assert_msg(arena_history_seek(&run.h, 100, &b, &err) == WS_OK, "%s", err.msg);
    ck_assert(arena_history_hash_state(&b) == here);
    ck_assert_int_eq(b.blocked[cell], 1); /* an odd number of toggles */
    arena_deinit(&b);
    end_run(&run);
}
END_TEST

START_TEST(a_history_that_does_not_replay_is_reported) {
    Run run;
    start_run(&run, &SCENARIOS[1]);
    WsError err = {0};
    /* Change the last recorded input behind the history's back: the replay differs. */
    long t = run.h.last - 1;
    long s = t % run.h.tick_cap;
    /* autopilot alone (8) becomes a held hero (0), anything else autopilot:
     * hero_manual, part of the state, differs either way */
    run.h.input[s] = (uint8_t)(run.h.input[s] == 8 ? 0 : 8);
    ck_assert_int_eq(arena_history_seek(&run.h, run.h.last, &run.a, &err), WS_OK); /* no replay */
    ck_assert_int_eq(arena_history_seek(&run.h, run.h.first, &run.a, &err), WS_OK);
    ck_assert_int_eq(arena_history_seek(&run.h, run.h.last, &run.a, &err), WS_ERR_PARSE);
    ck_assert_ptr_nonnull(strstr(err.msg, "does not replay"));
    end_run(&run);
}
END_TEST

START_TEST(refusals) {
    Run run;
    start_run(&run, &SCENARIOS[2]);
    WsError err = {0};
    ck_assert_msg(arena_history_seek(&run.h, run.h.last - 5, &run.a, &err) == WS_OK, "%s", err.msg);
    /* In the past, nothing is recorded until the later ticks are dropped. */
    ck_assert_int_eq(arena_history_tick(&run.h, &run.a, DIR_NONE, true, &err), WS_ERR_ARG);
    ck_assert_ptr_nonnull(strstr(err.msg, "truncate"));
    int free_cell = -1;
    for (int c = 0; c < run.a.w * run.a.h && free_cell < 0; c++)
        if (!run.a.blocked[c] && run.a.occ[c] == MON_CELL_FREE && run.a.item[c] == ARENA_ITEM_NONE)
            free_cell = c;
    ck_assert(!arena_history_toggle_wall(&run.h, &run.a, free_cell));
    ck_assert_int_eq(arena_history_truncate(&run.h, run.h.last + 1, &err), WS_ERR_ARG);
    ck_assert_int_eq(arena_history_truncate(&run.h, run.h.first - 1, &err), WS_ERR_ARG);
    /* A refused edit (under the hero) records nothing. */
    ck_assert_int_eq(arena_history_truncate(&run.h, run.a.tick, &err), WS_OK);
    unsigned marks = arena_history_marks(&run.h, run.h.last);
    ck_assert(!arena_history_toggle_wall(&run.h, &run.a, run.a.hero));
    ck_assert_uint_eq(arena_history_marks(&run.h, run.h.last), marks);
    /* Another map's arena is refused. */
    Arena other;
    const Scenario sc = {NULL, 20, 20, 5, 1, 0, 0, 0};
    open_scenario(&other, &sc);
    ck_assert_int_eq(arena_history_seek(&run.h, run.h.last, &other, &err), WS_ERR_ARG);
    ck_assert_int_eq(arena_history_restart(&run.h, &other, &err), WS_ERR_ARG);
    arena_deinit(&other);
    ArenaHistory bad;
    ck_assert_int_eq(arena_history_init(&bad, &run.a, 10, 11, &err), WS_ERR_ARG);
    ck_assert_int_eq(arena_history_init(&bad, &run.a, 5, 0, &err), WS_OK); /* interval 5 */
    ck_assert_int_eq(bad.interval, 5);
    arena_history_deinit(&bad);
    ck_assert_int_eq(arena_history_init(&bad, &run.a, -5, 1, &err), WS_ERR_ARG);
    end_run(&run);
}
END_TEST

/* Bigger maps checkpoint more often, so a step back stays within a frame. */
START_TEST(the_interval_follows_the_map_size) {
    ck_assert_int_eq(arena_history_default_interval(40, 20), ARENA_HISTORY_INTERVAL);
    ck_assert_int_eq(arena_history_default_interval(128, 128), 16);
    ck_assert_int_eq(arena_history_default_interval(129, 128), 8);
    ck_assert_int_eq(arena_history_default_interval(256, 256), 8);
    ck_assert_int_eq(arena_history_default_interval(512, 300), 4);
}
END_TEST

/* Recording and seeking never allocate; the memory is what init sized. */
START_TEST(no_allocation_and_bounded_memory) {
    Arena a;
    const Scenario sc = {NULL, 128, 128, 300, 9, 0, 0, 0};
    open_scenario(&a, &sc);
    ArenaHistory h;
    WsError err = {0};
    ck_assert_int_eq(arena_history_init(&h, &a, 0, 0, &err), WS_OK);
    size_t bytes = arena_history_bytes(&h);
    long before = alloc_count();
    bool ok = true;
    for (int t = 0; t < 60 && ok; t++) {
        ok = arena_history_tick(&h, &a, t % 5 == 0 ? DIR_LEFT : DIR_NONE, true, &err) == WS_OK;
        if (t % 9 == 0)
            arena_history_drop_gold(&h, &a, 128 * 64 + 64);
    }
    ok = ok && arena_history_seek(&h, 3, &a, &err) == WS_OK;
    ok = ok && arena_history_seek(&h, 50, &a, &err) == WS_OK;
    ok = ok && arena_history_truncate(&h, 50, &err) == WS_OK;
    long allocs = alloc_count() - before;
    ck_assert_msg(ok, "%s", err.msg);
    ck_assert_int_eq(allocs, 0);
    /* 64 checkpoints of 16 KB of cells + 300 monsters, 1,000+ ticks, 4,096 edits: under 4 MB. */
    size_t per_cp = 128 * 128 + 300 * sizeof(Monster) + sizeof(Arena);
    ck_assert_uint_ge(bytes, (size_t)(ARENA_HISTORY_KEEP / ARENA_HISTORY_INTERVAL) * per_cp);
    ck_assert_uint_lt(bytes, (size_t)4 << 20);
    arena_history_deinit(&h);
    arena_deinit(&a);
}
END_TEST

static Suite *arena_history_suite(void) {
    Suite *s = suite_create("arena_history");
    int n = (int)(sizeof SCENARIOS / sizeof SCENARIOS[0]);
    TCase *tc = tcase_create("rewind");
    tcase_add_loop_test(tc, the_window_holds_at_least_keep_ticks, 0, n);
    tcase_add_loop_test(tc, seek_every_tick_backwards_and_forwards, 0, n);
    tcase_add_loop_test(tc, rewind_and_play_on_from_every_tick, 0, n);
    suite_add_tcase(s, tc);
    TCase *in = tcase_create("inputs");
    tcase_add_test(in, inputs_and_marks_are_recorded);
    tcase_add_test(in, an_edit_flood_stays_bounded);
    tcase_add_test(in, a_history_that_does_not_replay_is_reported);
    tcase_add_test(in, refusals);
    tcase_add_test(in, the_interval_follows_the_map_size);
    tcase_add_test(in, no_allocation_and_bounded_memory);
    suite_add_tcase(s, in);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(arena_history_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
