/* view_sea.c - the sea battle in the window: hunters race on the same fleet.
 *
 * By default two boards race side by side: the chosen hunter (--hunter,
 * default sampler) and the other one shoot at copies of the same fleet, one
 * shot each per tick; fewer shots wins. Tab switches to a single board of
 * either hunter. Each board is exactly a headless game: game i uses seed
 * S + i for the fleet (stream 1) and the hunter's draws (stream 2).
 *
 * Like the snake view this one decides a tick ahead: after every shot the
 * hunter chooses its next cell, so the heatmap on screen (SeaAi.heat, read
 * through a const pointer, never recomputed) is the one that picked the
 * ringed cell, for the board exactly as it is drawn.
 *
 * An engine (--hunter engine:CMD, docs/engines.md) takes the first board
 * and races sampler, the strongest built-in hunter (Tab: the engine alone,
 * sampler alone). Its shot is asked for after each shot and polled each
 * frame without waiting (player.h's request / poll); a tick waits for it,
 * the frame never does, and the HUD says "thinking" meanwhile. Offscreen
 * (--screenshot) the poll waits for the answer instead, so a screenshot
 * shows the same shots on any machine. The engine's `info` lines are its
 * overlays: `info wave` the heatmap, `info cells` and `info path` drawn on
 * the board, `info text` the reason line; nothing of a built-in hunter is
 * drawn for it. A fault (a shot off the board or at a known cell, an
 * unknown line, silence past --engine-timeout, an exit) ends its game
 * forfeit with one line, once on stderr and once in the window (the HUD
 * panel beside its board, a strip's item "forfeit" saying what was wrong
 * whichever board shows, or the notice when the HUD is hidden or a panel
 * shows the other hunter alone); the
 * engine starts
 * afresh before it plays again, without waiting for it either (the HUD
 * says "starting" until its handshake is done). Only the first start, in
 * create, waits for ready: an engine that cannot start is one line and
 * exit status 2, as headless.
 *
 * Time travel (view.h, ViewHistory): each board records its game in a
 * SeaHistory (the shots and the hunter's stream before each decision). The
 * view's tick t is t shots on every board still shooting (a board that sank
 * the fleet earlier stays at its end). Showing a past tick is a seek: each
 * board fires its first shots again and the hunter decides once, so the
 * heatmap, the reason and the ringed cell are what it computed at that
 * tick. Playing on from a past tick drops the later shots first; with no
 * input in this mode the game then plays out exactly as before, so a
 * finished game is counted once in the statistics. An engine cannot be
 * asked again for the past: what it said at each shot is kept (its `info`
 * lines in engine_info_format's compact form, kept by engine_log.h)
 * and shown back; playing on from a past shot asks it afresh, and its
 * client sends a new `game` block first (the shots do not follow the last
 * request's).
 */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "engine_session.h"
#include "monoclock.h"
#include "player.h"
#include "report.h"
#include "sea.h"
#include "sea_ai.h"
#include "sea_draw.h"
#include "sea_history.h"
#include "view.h"

/* ======================================================================== */
/* Types                                                                     */
/* ======================================================================== */

typedef struct Shooter {
    bool engine; /* the engine's board (EngineSide plays it; ai and rng stay unused) */
    SeaHunter hunter;
    SeaGame game;
    SeaAi ai;
    Rng rng;     /* stream 2 of the game's seed */
    int pending; /* the next cell; -1 once the fleet is sunk, or while the engine thinks */
    bool done;
    SeaHistory hist;        /* this board's game, every shot of it */
    double decision_us;     /* the last decision */
    double decision_us_sum; /* since the statistics restarted */
    long decisions;
} Shooter;

/* Which boards are shown: the race or one hunter alone (Tab cycles). */
typedef enum SeaLayout {
    SEA_RACE = 0,
    SEA_SINGLE_FIRST,
    SEA_SINGLE_SECOND,
    SEA_LAYOUT_COUNT
} SeaLayout;

enum { SEA_BOARDS = 2 }; /* the boards that play: the first hunter and the second */

/* The engine behind --hunter engine:CMD: its session (which keeps what it
 * said at each shot) and where its board stands. Its board is shooter[0]
 * whenever the layout shows it. */
typedef struct EngineSide {
    EngineSession sess;
    int next;                /* the answer for the latest tick (hist.shots), -1 while none */
    const EngineInfo *shown; /* what it said at the tick on screen (while it thinks about
                                the latest: at the tick before); NULL: nothing */
    int shown_tick;          /* the tick `shown` is for */
    int fault_at;            /* the tick whose request faulted: forfeit there; -1 */
} EngineSide;

typedef struct SeaView {
    SeaPlacement placement;
    uint64_t seed;
    long game_index;
    SeaHunter first; /* --hunter; the race's other board gets the other hunter */
    SeaLayout layout;
    int cell_px; /* the last drawn cell size (D says when numbers do not fit) */
    int boards;  /* 1 or 2 */
    Shooter shooter[2];
    EngineSide *eng; /* --hunter engine:CMD, else NULL */

    /* statistics since the start or the last Tab */
    long played;
    long wins[2], ties, forfeits[2];
    double shots_sum[2];
    int best_game[2], worst_game[2];
    bool over;
    uint64_t over_ms;
    bool counted; /* this game's result is in the statistics */
    long cur;     /* the tick on screen; last_tick() is the latest */
} SeaView;

/* ======================================================================== */
/* Playing                                                                   */
/* ======================================================================== */

/* "s" after a count other than 1 ("1 shot", "2 shots"). */
static const char *plural(int n) { return n == 1 ? "" : "s"; }

static SeaHunter other_hunter(SeaHunter h) {
    return h == SEA_HUNTER_SOURCE ? SEA_HUNTER_SAMPLER : SEA_HUNTER_SOURCE;
}

/* The name of a board's hunter: "sampler", or "engine:NAME". */
static const char *shooter_name(const SeaView *v, const Shooter *s) {
    return s->engine ? v->eng->sess.label : sea_hunter_name(s->hunter);
}

/* The HUD's short key for a board: "sampler", or "engine". */
static const char *shooter_key(const Shooter *s) {
    return s->engine ? "engine" : sea_hunter_name(s->hunter);
}

static void decide(Shooter *s) {
    if (sea_game_is_over(&s->game)) {
        s->pending = -1;
        return;
    }
    WsError err = {0};
    int cell = -1;
    uint64_t t0 = monoclock_now_ns(); /* the clock of every decision time (monoclock.h) */
    WsStatus st = sea_ai_choose(&s->ai, &s->game.seen, &s->rng, &cell, &err);
    s->decision_us = (double)(monoclock_now_ns() - t0) / 1000.0;
    /* The game's own board is always consistent, so a failure is a bug: stop this board. */
    s->pending = st == WS_OK ? cell : -1;
    if (st != WS_OK) {
        WsError note = {0};
        report_status(ws_fail(&note, st, "sea: the %s hunter failed: %s",
                              sea_hunter_name(s->hunter), err.msg),
                      &note);
    }
}

/* ---- the engine's board -------------------------------------------------- */

/* The engine's board: the first, which always plays (the layout only
 * chooses what is shown). */
static Shooter *side_board(SeaView *v) { return v->eng != NULL ? &v->shooter[0] : NULL; }

/* Whether the engine's board waits for a shot the engine has not given yet
 * (the tick waits for it, every board alike). */
static bool side_thinks(const SeaView *v) {
    const Shooter *s = v->eng != NULL ? &v->shooter[0] : NULL;
    return s != NULL && !s->done && s->pending < 0;
}

/* The tick of its own game a board shows at the view's tick v->cur. */
static int board_tick(const SeaView *v, const Shooter *s) {
    return v->cur < s->hist.shots ? (int)v->cur : s->hist.shots;
}

/* Fills e->shown with what the engine said at tick t (nothing when it has
 * not answered there). */
static void side_show(EngineSide *e, int t) {
    e->shown = t >= 0 ? engine_session_info_at(&e->sess, t) : NULL;
    e->shown_tick = t;
}

/* The ticks the engine has answered (each after the one before). */
static int side_noted(const EngineSide *e) { return (int)engine_session_kept_ticks(&e->sess); }

static Shooter *shown(SeaView *v, int i);

/* Whether the HUD shows the engine's fault: it is not hidden, and it is a
 * strip (whose item "forfeit" says what was wrong whichever board shows,
 * sea_view_hud) or the first board is the engine's (a panel keeps the whole
 * line under "forfeit", hud_engine_reason), for as long as the game shows. */
static bool hud_shows_side(SeaView *v, const FrontendCtx *ctx) {
    return (ctx->overlays & OVERLAY_HUD) != 0 &&
           (ctx->frame.hud_strip || shown(v, 0) == side_board(v));
}

/* The engine's game ends forfeit at tick t of its board: the session's line
 * once on stderr (here, once: a seek back to it shows it again, it is not a
 * new fault) and once in the window: in the HUD when it shows it (a strip
 * always, a panel beside the engine's board), else (the HUD hidden, a panel
 * beside the other hunter alone) as the notice, the one place it would be
 * seen. */
static void side_forfeit(SeaView *v, Shooter *s, FrontendCtx *ctx) {
    EngineSide *e = v->eng;
    e->fault_at = s->hist.shots;
    report_warn("%s", e->sess.fault);
    if (!hud_shows_side(v, ctx))
        frontend_status(ctx, "%s", e->sess.fault);
    if (board_tick(v, s) == s->hist.shots) {
        sea_game_forfeit(&s->game);
        s->done = true;
        s->pending = -1;
    }
}

/* Whether the engine's board waits for a shot the engine has not answered. */
static bool side_needs_ask(SeaView *v) {
    Shooter *s = side_board(v);
    EngineSide *e = v->eng;
    return s != NULL && !s->done && e->fault_at < 0 && side_noted(e) == s->hist.shots &&
           !sea_game_is_over(&s->game);
}

/* Asks the engine for the shot at its board's latest tick (never waits for
 * the answer; nothing is sent while a request is out, and a dead engine is
 * started afresh first: side_collect asks again once it has said ready). */
static void side_ask(SeaView *v) {
    if (side_needs_ask(v))
        engine_session_ask_sea(&v->eng->sess, &v->shooter[0].game);
}

/* Reads the engine's answer if there is one, waiting at most wait_ms, and
 * asks again when nothing is out for the board as it is (an answer for a
 * board that is no longer there dropped, a restart done). */
static void side_collect(SeaView *v, FrontendCtx *ctx, int wait_ms) {
    EngineSide *e = v->eng;
    if (e == NULL)
        return;
    EngineReply rep;
    EnginePoll r = engine_session_poll(&e->sess, wait_ms, &rep);
    Shooter *s = side_board(v);
    if (r == ENGINE_FAULT) {
        bool wanted = s != NULL && e->sess.fault_stamp.epoch == e->sess.epoch &&
                      e->sess.fault_stamp.tick == s->hist.shots && side_needs_ask(v);
        if (wanted) {
            side_forfeit(v, s, ctx);
            return;
        }
        /* A fault of a question nobody waits for any more: said, not counted. */
        report_warn("%s (an answer no longer needed)", e->sess.fault);
    }
    if (r == ENGINE_ANSWERED && s != NULL && rep.stamp.tick == s->hist.shots && !s->done) {
        e->next = rep.answer;
        s->decision_us = rep.decision_us;
        s->decision_us_sum += s->decision_us;
        s->decisions++;
        if (board_tick(v, s) == s->hist.shots) {
            s->pending = rep.answer;
            side_show(e, s->hist.shots);
        }
        return;
    }
    side_ask(v);
}

/* The engine's board at its tick t after a seek (the game already rebuilt). */
static void side_seek(SeaView *v, Shooter *s, int t) {
    EngineSide *e = v->eng;
    if (t == e->fault_at && t == s->hist.shots)
        sea_game_forfeit(&s->game);
    s->done = sea_game_is_over(&s->game);
    s->pending = s->done             ? -1
                 : t < s->hist.shots ? s->hist.cell[t]
                 : side_noted(e) > t ? e->next
                                     : -1;
    double us = 0.0;
    if (engine_session_kept(&e->sess, t, NULL, &us)) {
        s->decision_us = us;
        side_show(e, t);
    } else {
        side_show(e, t > 0 ? t - 1 : -1); /* it thinks about t: its last answer stays */
    }
}

/* ---- games --------------------------------------------------------------- */

static void start_game(SeaView *v, long index) {
    v->game_index = index;
    uint64_t seed = v->seed + (uint64_t)index;
    for (int b = 0; b < SEA_BOARDS; b++) {
        Shooter *s = &v->shooter[b];
        sea_game_reset(&s->game, seed, v->placement);
        sea_ai_clear(&s->ai);
        rng_init(&s->rng, seed, RNG_STREAM_OTHER);
        s->done = false;
        /* Before the first decision, as the history wants; a new game cannot fail. */
        (void)sea_history_begin(&s->hist, &s->game, &s->ai, &s->rng, NULL);
        if (!s->engine)
            decide(s);
    }
    if (v->eng != NULL) {
        EngineSide *e = v->eng;
        engine_session_new_game(&e->sess, index); /* an answer still out is stale now */
        e->next = -1;
        e->fault_at = -1;
        side_show(e, -1);
        if (side_board(v) != NULL) {
            v->shooter[0].pending = -1;
            side_ask(v);
        }
    }
    v->over = false;
    v->counted = false;
    v->cur = 0;
}

/* The latest tick of this game: every board shoots once a tick until its fleet is sunk. */
static long last_tick(const SeaView *v) {
    long last = 0;
    for (int b = 0; b < SEA_BOARDS; b++)
        if (v->shooter[b].hist.shots > last)
            last = v->shooter[b].hist.shots;
    return last;
}

/* The game ended (live, or a seek landed on its end): the result shows; it is
 * counted in the statistics once per game. A forfeit game counts as a loss
 * in the race and stays out of the shots. */
static void finish_game(SeaView *v, FrontendCtx *ctx) {
    v->over = true;
    v->over_ms = ctx->now_ms;
    /* E / --pause-on-end: the end stays until Space, N or Enter, also when
     * Space played the kept shots up to it. */
    if (ctx->pause_on_end)
        ctx->paused = true;
    if (v->counted)
        return;
    v->counted = true;
    v->played++;
    for (int b = 0; b < SEA_BOARDS; b++) {
        const SeaGame *g = &v->shooter[b].game;
        if (g->forfeit) {
            v->forfeits[b]++;
            continue;
        }
        v->shots_sum[b] += g->shots;
        if (v->best_game[b] == 0 || g->shots < v->best_game[b])
            v->best_game[b] = g->shots;
        if (g->shots > v->worst_game[b])
            v->worst_game[b] = g->shots;
    }
    {
        const SeaGame *ga = &v->shooter[0].game, *gb = &v->shooter[1].game;
        int a = ga->forfeit ? SEA_CELLS + 1 : ga->shots,
            b = gb->forfeit ? SEA_CELLS + 1 : gb->shots;
        if (a < b)
            v->wins[0]++;
        else if (b < a)
            v->wins[1]++;
        else
            v->ties++;
    }
}

/* The hunters of the two boards, set once: the first is --hunter (an
 * engine's board with --hunter engine:CMD), the second the other built-in
 * hunter (sampler against an engine). Both always play the same game; the
 * layout (Tab) only chooses which boards are shown, so a Tab keeps the
 * game and its statistics. */
static void init_hunters(SeaView *v) {
    SeaHunter second = v->eng != NULL ? SEA_HUNTER_SAMPLER : other_hunter(v->first);
    sea_ai_init(&v->shooter[0].ai, v->first);
    v->shooter[0].hunter = v->first;
    v->shooter[0].engine = v->eng != NULL;
    sea_ai_init(&v->shooter[1].ai, second);
    v->shooter[1].hunter = second;
    v->shooter[1].engine = false;
}

static void set_layout(SeaView *v, SeaLayout layout) {
    v->layout = layout;
    v->boards = layout == SEA_RACE ? 2 : 1;
}

/* The board shown in place i (0 .. v->boards - 1). */
static Shooter *shown(SeaView *v, int i) {
    return &v->shooter[v->layout == SEA_SINGLE_SECOND ? 1 : i];
}

/* Playing on from the past tick on screen: the later shots go (a built-in
 * hunter fires them again the same; the engine is asked afresh from there). */
static void play_on(SeaView *v) {
    for (int b = 0; b < SEA_BOARDS; b++) {
        Shooter *s = &v->shooter[b];
        int at = board_tick(v, s);
        if (at == s->hist.shots)
            continue;
        sea_history_truncate(&s->hist, at, NULL);
        if (!s->engine)
            continue;
        EngineSide *e = v->eng;
        engine_session_branch(&e->sess, at); /* an answer still out is stale now */
        e->sess.fault[0] = '\0';
        e->next = -1;
        e->fault_at = -1; /* a fault happened later than here */
        s->pending = -1;
        s->done = false;
        side_show(e, at > 0 ? at - 1 : -1);
        side_ask(v);
    }
}

/* ======================================================================== */
/* View callbacks: lifecycle, input, tick                                    */
/* ======================================================================== */

static void sea_view_destroy(void *state) {
    SeaView *v = state;
    if (v == NULL)
        return;
    if (v->eng != NULL) {
        engine_session_close(&v->eng->sess); /* quit, then its process group killed after 1 s */
        free(v->eng);
    }
    free(v);
}

/* Starts the engine of --hunter engine:CMD (the handshake blocks, as a
 * headless run's: a command that cannot start is one line and exit 2). */
static WsStatus side_open(SeaView *v, const AppOptions *o, WsError *err) {
    EngineSide *e = calloc(1, sizeof *e);
    if (e == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for the sea view's engine");
    v->eng = e;
    e->fault_at = -1;
    e->next = -1;
    e->shown_tick = -1;
    return engine_session_open(&e->sess, &o->hunter_player, ENGINE_SEA, NULL, o->engine_timeout_ms,
                               err);
}

static WsStatus sea_view_create(void **state, FrontendCtx *ctx, const void *arg, WsError *err) {
    (void)arg; /* opened for its mode: no argument */
    *state = NULL;
    const AppOptions *o = ctx->opts;
    SeaView *v = calloc(1, sizeof *v);
    if (v == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for the sea view");
    v->first = o->hunter;
    v->placement = o->placement;
    v->seed = o->seed;
    if (o->hunter_player.kind == PLAYER_ENGINE) {
        WsStatus st = side_open(v, o, err);
        if (st != WS_OK) {
            sea_view_destroy(v);
            return st;
        }
    }
    init_hunters(v);
    set_layout(v, SEA_RACE);
    start_game(v, 0);
    printf("wavesnake: sea, %s vs %s, placement %s, seed %llu (game i uses seed + i)\n",
           shooter_name(v, &v->shooter[0]), shooter_name(v, &v->shooter[1]),
           sea_placement_name(v->placement), (unsigned long long)v->seed);
    fflush(stdout);
    *state = v;
    return WS_OK;
}

static bool sea_view_action(void *state, Action action, FrontendCtx *ctx) {
    SeaView *v = state;
    switch (action) {
    case ACT_RESTART:
    case ACT_NEW_GAME:
        start_game(v, v->game_index + (action == ACT_NEW_GAME));
        frontend_status(ctx, "%s %ld (seed %llu)", action == ACT_NEW_GAME ? "next game:" : "game",
                        v->game_index, (unsigned long long)(v->seed + (uint64_t)v->game_index));
        return true;
    case ACT_TOGGLE_NUMBERS:
        frontend_numbers_fit(ctx, v->cell_px, SEA_NUMBERS_MIN_CELL);
        return false;
    case ACT_NEXT:
        /* A view of the same game: it goes on where it is. */
        set_layout(v, (SeaLayout)((v->layout + 1) % SEA_LAYOUT_COUNT));
        if (v->boards == 2)
            frontend_status(ctx, "race: %s vs %s", shooter_name(v, &v->shooter[0]),
                            shooter_name(v, &v->shooter[1]));
        else
            frontend_status(ctx, "shown: %s (both play on)", shooter_name(v, shown(v, 0)));
        return true;
    default:
        return false;
    }
}

/* How long a poll of the engine may wait: not at all in a window (the frame
 * never waits), the whole answer offscreen (a screenshot is repeatable;
 * a handshake's 10 s bound the wait for ready, the timeout an answer's). */
static int side_wait_ms(const FrontendCtx *ctx) {
    return ctx->offscreen
               ? (ctx->opts->engine_timeout_ms > ENGINE_READY_MS ? ctx->opts->engine_timeout_ms
                                                                 : ENGINE_READY_MS)
               : 0;
}

static bool sea_view_tick(void *state, FrontendCtx *ctx) {
    SeaView *v = state;
    if (v->cur < last_tick(v))
        play_on(v);
    if (v->over) {
        /* While paused a single step skips the wait, so N never seems stuck. */
        if (!ctx->paused && ctx->now_ms - v->over_ms < VIEW_RESULT_MS)
            return false;
        start_game(v, v->game_index + 1);
        return true;
    }
    side_collect(v, ctx, side_wait_ms(ctx));
    if (side_thinks(v))
        return false;
    bool all_done = true;
    for (int b = 0; b < SEA_BOARDS; b++) {
        Shooter *s = &v->shooter[b];
        if (s->done)
            continue;
        if (s->pending < 0 ||
            sea_history_shoot(&s->hist, &s->game, &s->rng, s->pending) == SEA_SHOT_INVALID ||
            sea_game_is_over(&s->game)) {
            s->done = true;
            s->pending = -1;
            if (s->engine)
                engine_session_end_sea(&v->eng->sess, &s->game); /* `end shots N` */
            continue;
        }
        all_done = false;
        if (s->engine) {
            s->pending = -1;
            v->eng->next = -1;
            side_show(v->eng, s->hist.shots - 1); /* its last answer stays while it thinks */
            side_ask(v);
        } else {
            decide(s);
            s->decision_us_sum += s->decision_us;
            s->decisions++;
        }
    }
    v->cur = last_tick(v);
    if (all_done)
        finish_game(v, ctx);
    return true;
}

/* ---- ViewHistory --------------------------------------------------------- */

static void sea_hist_range(void *state, long *first, long *last) {
    *first = 0;
    *last = last_tick(state);
}

static long sea_hist_current(void *state) { return ((SeaView *)state)->cur; }

/* Every board at tick t (or at its end, if its fleet sank before t), with the
 * hunter's decision there (the engine's: what it said there, kept). */
static bool sea_hist_seek(void *state, long t, FrontendCtx *ctx) {
    SeaView *v = state;
    bool all_done = true;
    v->cur = t;
    for (int b = 0; b < SEA_BOARDS; b++) {
        Shooter *s = &v->shooter[b];
        int at = board_tick(v, s);
        WsError err = {0};
        int choice = -1;
        uint64_t t0 = monoclock_now_ns();
        if (sea_history_seek(&s->hist, at, &s->game, s->engine ? NULL : &s->ai, &s->rng, &choice,
                             &err) != WS_OK) {
            frontend_status(ctx, "cannot show tick %ld: %s", t, err.msg);
            return false;
        }
        if (s->engine) {
            side_seek(v, s, at);
        } else {
            /* The HUD's decision time: this decision, made again (with the shots before it). */
            s->decision_us = (double)(monoclock_now_ns() - t0) / 1000.0;
            s->pending = choice;
            s->done = choice < 0;
        }
        all_done = all_done && s->done;
    }
    if (all_done)
        finish_game(v, ctx);
    else
        v->over = false;
    return true;
}

/* Every frame, running or paused: the engine's answer is read as soon as it
 * is there (its timeout runs from the request, paused or not). */
static void sea_hist_idle(void *state, FrontendCtx *ctx) {
    SeaView *v = state;
    side_collect(v, ctx, side_wait_ms(ctx));
}

/* The next tick waits for the engine's shot (View.waiting): a single step
 * asked for meanwhile is made when the shot comes in. */
static bool sea_view_waiting(const void *state) {
    const SeaView *v = state;
    return !v->over && side_thinks(v);
}

/* Whether every board's game has ended (its fleet sunk, or forfeit). */
static bool game_ended(const SeaView *v) {
    for (int b = 0; b < SEA_BOARDS; b++) {
        const Shooter *s = &v->shooter[b];
        const SeaHistory *h = &s->hist;
        if (s->engine && v->eng->fault_at == h->shots)
            continue;
        int sunk = 0;
        for (int t = 0; t < h->shots; t++)
            sunk += sea_history_sank(h, t);
        if (sunk < SEA_SHIP_COUNT)
            return false;
    }
    return true;
}

/* A sunk ship marks the tick after the shot (the board with the ship sunk);
 * the end marks the last tick of a finished game. A game is at most
 * SEA_CELLS ticks long: a plain loop. */
static unsigned sea_hist_marks(void *state, long from, long to) {
    const SeaView *v = state;
    unsigned m = 0;
    for (int b = 0; b < SEA_BOARDS; b++) {
        const SeaHistory *h = &v->shooter[b].hist;
        for (long t = from; t < to && t <= h->shots; t++)
            if (sea_history_sank(h, (int)t - 1))
                m |= TIMELINE_MARK_SUNK;
    }
    long last = last_tick(v);
    if (last >= from && last < to && game_ended(v))
        m |= TIMELINE_MARK_END;
    return m;
}

static const ViewHistory SEA_HISTORY = {
    .range = sea_hist_range,
    .current = sea_hist_current,
    .seek = sea_hist_seek,
    .marks = sea_hist_marks,
};

/* ======================================================================== */
/* Drawing                                                                   */
/* ======================================================================== */

/* A board's shots for the race: a forfeit game loses to any finished one. */
static int race_shots(const Shooter *s) { return s->game.forfeit ? SEA_CELLS + 1 : s->game.shots; }

static PixRect sea_view_fit(void *state, FrontendCtx *ctx, PixRect area) {
    const SeaView *v = state;
    int x0 = area.x + area.w, y0 = area.y + area.h, x1 = area.x, y1 = area.y;
    for (int b = 0; b < v->boards; b++) {
        SeaPlace p = sea_draw_place(area, ctx->frame.hud_px, v->boards, b);
        PixRect r = layout_board_rect(&p.bl);
        /* the title strip above, the row numbers on the left */
        int left = p.caption.x, top = p.caption.y, right = r.x + r.w, bottom = r.y + r.h;
        x0 = left < x0 ? left : x0;
        y0 = top < y0 ? top : y0;
        x1 = right > x1 ? right : x1;
        y1 = bottom > y1 ? bottom : y1;
    }
    return (PixRect){x0, y0, x1 - x0, y1 - y0};
}

/* A board's title in three lengths, longest first: its hunter, shots and
 * ships sunk ("sampler hunter: 18 shots, 2/10 sunk"), without the words
 * that can go, and the name and shots alone. */
typedef char SeaTitles[3][112];

static void board_titles(const SeaView *v, const Shooter *s, SeaTitles title) {
    const SeaGame *g = &s->game;
    const char *name = shooter_name(v, s), *tail = g->forfeit ? ", forfeit" : "";
    snprintf(title[0], sizeof title[0], "%s%s: %d shot%s, %d/%d sunk%s", name,
             s->engine ? "" : " hunter", g->shots, plural(g->shots), g->sunk, SEA_SHIP_COUNT, tail);
    snprintf(title[1], sizeof title[1], "%s: %d shot%s, %d/%d%s", name, g->shots, plural(g->shots),
             g->sunk, SEA_SHIP_COUNT, tail);
    snprintf(title[2], sizeof title[2], "%s %d%s", name, g->shots, g->forfeit ? " forfeit" : "");
}

/* The room a title has over its board: a twentieth to spare, as a short
 * title is drawn as one rendered label, whose fractional advances come
 * out up to 4 % wider than text_width's whole-pixel ones. */
static int title_room(const SeaPlace *p) { return p->caption.w - p->caption.w / 20; }

/* The longest of the titles that fits over its board at the HUD's size. */
static int title_fits(const FrontendCtx *ctx, const SeaPlace *p, SeaTitles title) {
    int k = 0;
    while (k < 2 && text_width(ctx->text, ctx->frame.hud_px + 2, title[k]) > title_room(p))
        k++;
    return k;
}

/* Draws title k over board b (in the race's colours), a smaller size if
 * even the shortest does not fit: two titles never overprint. */
static void draw_title(SeaView *v, FrontendCtx *ctx, const SeaPlace *p, int b, const char *title) {
    const Shooter *s = shown(v, b);
    Rgba cc = PAL_ACCENT;
    if (s->game.forfeit)
        cc = PAL_BAD;
    else if (v->over && v->boards == 2) {
        int mine = race_shots(s), theirs = race_shots(&v->shooter[1 - b]);
        cc = mine < theirs ? PAL_GOOD : mine > theirs ? PAL_BAD : PAL_TEXT;
    }
    int tpx = ctx->frame.hud_px + 2;
    while (tpx > TEXT_MIN_PX && text_width(ctx->text, tpx, title) > title_room(p))
        tpx--;
    SDL_Rect clip = {p->caption.x, p->caption.y, p->caption.w, p->caption.h};
    SDL_RenderSetClipRect(ctx->renderer, &clip);
    text_draw(ctx->text, tpx, p->caption.x + p->caption.w / 2, p->caption.y, TEXT_CENTER,
              render_sdl_color(cc), title);
    SDL_RenderSetClipRect(ctx->renderer, NULL);
}

static void sea_view_draw(void *state, FrontendCtx *ctx) {
    SeaView *v = state;
    PixRect area = ctx->frame.board_area;
    int px = ctx->frame.hud_px;
    SeaPlace place[2];
    SeaTitles title[2];
    int form = 0; /* both boards' titles in one form, the longest that fits over each */
    for (int b = 0; b < v->boards; b++) {
        place[b] = sea_draw_place(area, px, v->boards, b);
        board_titles(v, shown(v, b), title[b]);
        int k = title_fits(ctx, &place[b], title[b]);
        form = k > form ? k : form;
    }
    for (int b = 0; b < v->boards; b++) {
        const SeaPlace *p = &place[b];
        v->cell_px = p->bl.cell;
        const Shooter *s = shown(v, b);
        SeaScene scene = {.game = &s->game,
                          .ai = s->engine ? NULL : &s->ai,
                          .info = s->engine ? v->eng->shown : NULL,
                          .pending = s->pending,
                          .done = s->done};
        sea_draw_board(ctx, p, &scene);
        draw_title(v, ctx, p, b, title[b][form]);
    }
    if (v->over) {
        /* Above the boards, never over them; it stays until the next game. */
        const Shooter *s0 = shown(v, 0);
        if (v->boards == 2) {
            int a = race_shots(s0), b = race_shots(&v->shooter[1]);
            if (a == b) {
                snprintf(ctx->caption, sizeof ctx->caption, "TIE - %d shots each", s0->game.shots);
                ctx->caption_color = PAL_TEXT;
            } else {
                const Shooter *w = &v->shooter[a < b ? 0 : 1], *l = &v->shooter[a < b ? 1 : 0];
                if (l->game.forfeit)
                    snprintf(ctx->caption, sizeof ctx->caption, "%.64s wins: %.64s forfeit",
                             shooter_name(v, w), shooter_name(v, l));
                else
                    snprintf(ctx->caption, sizeof ctx->caption,
                             "%.64s wins: %d shots to %.64s's %d", shooter_name(v, w),
                             w->game.shots, shooter_name(v, l), l->game.shots);
                ctx->caption_color = PAL_GOOD;
            }
        } else if (s0->game.forfeit) {
            snprintf(ctx->caption, sizeof ctx->caption, "FORFEIT after %d shots", s0->game.shots);
            ctx->caption_color = PAL_BAD;
        } else {
            snprintf(ctx->caption, sizeof ctx->caption, "FLEET SUNK in %d shots", s0->game.shots);
            ctx->caption_color = PAL_GOOD;
        }
    }
}

/* ======================================================================== */
/* HUD                                                                       */
/* ======================================================================== */

/* What the engine said of its shot on screen (`info text`), or NULL: the
 * answer at this tick, or while it thinks its last one. */
static const char *engine_reason_text(const SeaView *v) {
    const EngineSide *e = v->eng;
    return e != NULL && e->shown != NULL && e->shown->text[0] != '\0' ? e->shown->text : NULL;
}

/* The engine's side of the reason: its answer at this tick, or that it
 * thinks, or the fault that ended its game. A strip has had the reason
 * already (sea_view_hud: its items are kept first come), so it is not
 * said again here. */
static void hud_engine_reason(Hud *hud, const SeaView *v, const Shooter *s) {
    const EngineSide *e = v->eng;
    if (s->game.forfeit) {
        hud_kv(hud, "forfeit", PAL_BAD, "the engine's game is lost");
        hud_wrapped(hud, PAL_BAD, e->sess.fault[0] ? e->sess.fault : "the engine failed");
        hud_tail_lines(hud, "stderr", PAL_TEXT_DIM, e->sess.fault_said, e->sess.fault_said_len, 3);
        return;
    }
    if (e->shown_tick >= 0) { /* what it wrote on stderr before that answer */
        size_t n = 0;
        const char *said = engine_session_said_at(&e->sess, e->shown_tick, &n);
        hud_tail_lines(hud, "stderr", PAL_TEXT_DIM, said, n, 3);
    }
    if (e->sess.warning[0] != '\0') /* an info line it dropped */
        hud_wrapped(hud, PAL_ACCENT, e->sess.warning);
    if (s->done) {
        hud_kv(hud, "decision", PAL_GOOD, "fleet sunk in %d shots", s->game.shots);
        return;
    }
    if (s->pending < 0) {
        /* The wall clock, not the view's: offscreen nothing waits here. */
        double ms = engine_session_thinking_ms(&e->sess, monoclock_now_ns());
        if (e->sess.starting) {
            hud_kv(hud, "next shot", PAL_ACCENT, "starting the engine ... %.0f ms", ms);
            hud_text(hud, PAL_TEXT_DIM, "  (ready within %d s)", ENGINE_READY_MS / 1000);
        } else {
            hud_kv(hud, "next shot", PAL_ACCENT, "thinking ... %.0f ms", ms);
            hud_text(hud, PAL_TEXT_DIM, "  (timeout %d ms)", e->sess.sea.timeout_ms);
            /* its last answer stays drawn (the heatmap), and so does its
             * reason, said to be the last shot's */
            if (engine_reason_text(v) != NULL && !hud->strip)
                hud_kv(hud, "reason", PAL_TEXT_DIM, "%s  (its last shot's)", engine_reason_text(v));
        }
        return;
    }
    char cell[4] = "-";
    sea_cell_name(s->pending, cell);
    hud_kv(hud, "next shot", PAL_ACCENT, "%s  (the engine's)", cell);
    if (hud->strip)
        return;
    if (engine_reason_text(v) != NULL)
        hud_kv(hud, "reason", PAL_TEXT, "%s", engine_reason_text(v));
    else
        hud_kv(hud, "reason", PAL_TEXT_DIM, "-  (no info text)");
}

static void hud_reason(Hud *hud, const SeaView *v, const Shooter *s) {
    if (s->engine) {
        hud_engine_reason(hud, v, s);
        return;
    }
    const SeaAi *ai = &s->ai;
    if (s->done) {
        hud_kv(hud, "decision", PAL_GOOD, "fleet sunk in %d shots", s->game.shots);
        return;
    }
    char cell[4] = "-";
    if (s->pending >= 0)
        sea_cell_name(s->pending, cell);
    hud_kv(hud, "next shot", PAL_ACCENT, "%s  (%s)", cell, sea_ai_reason_name(ai->reason));
    sea_draw_hud_reason(hud, ai);
}

/* The ships still afloat: as a built-in hunter read them from the board for
 * its pending decision (SeaAi.left), or, for the engine's board, as the
 * board shows them (a sunk ship is marked on it); once the fleet is sunk,
 * none. */
static void hud_fleet(Hud *hud, const Shooter *s) {
    SeaLeft left;
    memset(&left, 0, sizeof left);
    if (s->engine) {
        for (int i = 0; i < SEA_SHIP_COUNT; i++)
            if (s->game.ship_hits[i] < s->game.fleet.ship[i].len)
                left.count[s->game.fleet.ship[i].len]++;
    } else if (s->pending >= 0) {
        left = s->ai.left;
    }
    sea_draw_hud_fleet(hud, &left);
}

/* The heatmap's legend line: what the first board's heat means. */
static const char *heat_caption(const SeaView *v, const Shooter *a) {
    if (a->engine)
        return v->eng->shown != NULL && v->eng->shown->has_wave
                   ? "H  heat: the engine's info wave"
                   : "H  heat: none (no info wave here)";
    return a->ai.reason == SEA_AI_SAMPLE ? "H  heat: share of sampled fleets"
           : a->ai.reason == SEA_AI_HUNT ? "H  heat: placements per cell"
                                         : "H  heat: the hunter's scores";
}

static void sea_view_hud(void *state, FrontendCtx *ctx, Hud *hud) {
    SeaView *v = state;
    const Shooter *a = shown(v, 0);
    if (v->boards == 2)
        hud_kv(hud, "hunters", PAL_ACCENT, "%s vs %s  [Tab]", shooter_name(v, a),
               shooter_name(v, &v->shooter[1]));
    else
        hud_kv(hud, "hunter", PAL_ACCENT, "%s  [Tab]", shooter_name(v, a));
    /* A strip (one-line items, the first ones kept) leaves the reason's
     * lines out: there what was wrong comes right after the hunters, and
     * so does the engine's own reason for the shot when its board shows,
     * as the snake's strip has its reason second: what an engine thinks
     * is what its author watches for. */
    const Shooter *es = side_board(v);
    if (hud->strip && es != NULL && es->game.forfeit && v->eng->sess.fault[0] != '\0')
        hud_kv(hud, "forfeit", PAL_BAD, "%s", v->eng->sess.fault + v->eng->sess.fault_what);
    else if (hud->strip && es != NULL && es == a && !es->done && engine_reason_text(v) != NULL)
        hud_kv(hud, "reason", es->pending < 0 ? PAL_TEXT_DIM : PAL_TEXT, "%s%s",
               engine_reason_text(v), es->pending < 0 ? "  (its last shot's)" : "");
    hud_kv(hud, "placement", PAL_TEXT, "%s", sea_placement_name(v->placement));
    hud_kv(hud, "game", PAL_TEXT, "#%ld  (seed %llu)", v->game_index,
           (unsigned long long)(v->seed + (uint64_t)v->game_index));
    for (int b = 0; b < SEA_BOARDS; b++) { /* both play, shown or not */
        const SeaGame *g = &v->shooter[b].game;
        hud_kv(hud, shooter_key(&v->shooter[b]), g->forfeit ? PAL_BAD : PAL_TEXT,
               "%d shot%s, %d hit%s, %d sunk%s", g->shots, plural(g->shots), g->hits,
               plural(g->hits), g->sunk, g->forfeit ? ", forfeit" : "");
    }
    hud_reason(hud, v, a);
    if (es != NULL && es != a && !es->done && es->pending < 0) /* it plays behind this view */
        hud_text(hud, PAL_TEXT_DIM, "  the shots wait for %s (Tab)", shooter_name(v, es));
    hud_fleet(hud, a);
    hud_gap(hud);
    if (v->played > 0) {
        hud_kv(hud, "games", PAL_TEXT, "%ld: %s %ld, %s %ld, tie %ld", v->played,
               shooter_key(&v->shooter[0]), v->wins[0], shooter_key(&v->shooter[1]), v->wins[1],
               v->ties);
        for (int b = 0; b < SEA_BOARDS; b++) {
            const Shooter *s = &v->shooter[b];
            long counted = v->played - v->forfeits[b];
            if (counted > 0)
                hud_kv(hud, b == 0 ? "shots" : "", PAL_TEXT, "%s mean %.1f (%d..%d)",
                       shooter_key(s), v->shots_sum[b] / (double)counted, v->best_game[b],
                       v->worst_game[b]);
            if (v->forfeits[b] > 0)
                hud_kv(hud, b == 0 && counted == 0 ? "shots" : "", PAL_BAD, "%s forfeit %ld",
                       shooter_key(s), v->forfeits[b]);
        }
    } else {
        hud_kv(hud, "games", PAL_TEXT_DIM, "none finished yet");
    }
    for (int b = 0; b < SEA_BOARDS; b++) {
        const Shooter *s = &v->shooter[b];
        char now[24], mean[24];
        if (s->decisions == 0) { /* none timed yet (an engine that failed at once): no figure */
            hud_kv(hud, b == 0 ? "decision" : "", PAL_TEXT_DIM, "%s -", shooter_key(s));
            continue;
        }
        hud_kv(hud, b == 0 ? "decision" : "", PAL_TEXT, "%s %s (mean %s)", shooter_key(s),
               layout_duration(now, sizeof now, s->decision_us),
               layout_duration(mean, sizeof mean, s->decision_us_sum / (double)s->decisions));
    }
    hud_gap(hud);
    if ((ctx->overlays & OVERLAY_HEATMAP) && hud_reserve(hud, 3))
        hud_ramp(hud, RAMP_HEAT, heat_caption(v, a), "low", "max");
    sea_draw_hud_legend(hud, a->engine && (ctx->overlays & OVERLAY_HEATMAP));
}

/* ======================================================================== */
/* The view                                                                  */
/* ======================================================================== */

static const KeyHelp SEA_HELP[] = {
    {"Tab", "race of both hunters / one hunter alone"},
    {"R  /  Enter", "this game again / the next one (seed + 1)"},
    {"H  D", "heatmap (an engine's: wave, cells, path) / its numbers"},
    {NULL, NULL},
};

const View VIEW_SEA = {
    .name = "sea",
    .mode = APP_MODE_SEA,
    .help = SEA_HELP,
    .create = sea_view_create,
    .destroy = sea_view_destroy,
    .handle_action = sea_view_action,
    .handle_event = NULL,
    .tick = sea_view_tick,
    .draw = sea_view_draw,
    .fit = sea_view_fit,
    .hud = sea_view_hud,
    .idle = sea_hist_idle,
    .waiting = sea_view_waiting,
    .history = &SEA_HISTORY,
};
