/* snake_screen.h - one snake game on screen with its history: what the live
 * view (view_snake.c) and the replay view (view_replay.c) share.
 *
 * A SnakeScreen owns one game, one AI and the board's drawing scratch, and
 * borrows the history it shows (the live view's own, or a replay session's).
 * The history is the truth: every move, wall toggle, eat and the end go into
 * it as they happen (snake_history_play / _toggle apply them to the game, so
 * the two cannot drift apart), and showing a past tick is a seek that
 * rebuilds the game from the nearest checkpoint and lets the AI decide once
 * on it, so every overlay is what the AI computed at that tick. Playing on
 * from a past tick truncates the history there first.
 *
 * The view's state must begin with its SnakeScreen (first member): the
 * ViewHistory callbacks below take the view's state as a SnakeScreen.
 */
#ifndef WS_SNAKE_SCREEN_H
#define WS_SNAKE_SCREEN_H

#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "player.h"
#include "snake.h"
#include "snake_ai.h"
#include "snake_history.h"
#include "snake_wheel.h"
#include "view.h"

/* The figures of one policy's finished games and decisions in this window. */
typedef struct PolicyStats {
    long played, won;
    double length_sum;
    double decision_us_sum;
    long decisions;
} PolicyStats;

typedef struct SnakeScreen {
    SnakeRules rules;
    SnakePolicy policy; /* the policy of s->ai: the one that plays the tick on screen */
    uint64_t seed;      /* run seed: game i plays with seed + i */
    long game_index;
    SnakeGame game;
    SnakeAi ai;
    /* The AIs of the other policies met in this game (a Tab at a past tick:
     * the history's policy changes), kept so that a seek across a change
     * swaps AIs instead of building one; spare_ok says which are built. */
    SnakeAi spare[SNAKE_POLICY_COUNT];
    bool spare_ok[SNAKE_POLICY_COUNT];
    Dir pending;      /* the move decided for the next tick (DIR_NONE: trapped, or none yet) */
    SnakeWheel wheel; /* whose move the next tick makes: the AI's or the arrow keys' */
    uint8_t *mark;    /* w * h scratch for drawing (cells on the drawn path), kept all zero */
    BoardLayout bl;   /* the last drawn layout, to map mouse pixels to cells */
    bool have_layout;
    bool refused;      /* the policy cannot play these walls: greedy plays */
    char refusal[sizeof((WsError *)0)->msg]; /* why (snake_policy_check_game), when refused */

    SnakeHistory *hist;  /* the history shown (borrowed) */
    long cur;            /* the tick on screen (hist->ticks: the latest) */
    bool hist_ok;        /* false: recording failed (out of memory), no time travel for this game */
    bool counted;        /* this game's result is in the statistics */
    int counted_slot;    /* whose: the stats slot of the policy that finished it */
    bool exact;          /* the decision on screen is the one the policy made (a replay's
                            perfect needs the scan to have passed this tick) */
    bool trace;          /* the history is a recorded trace (a replay), not this window's game */
    bool played_on;      /* a trace played on from a past tick: the ticks after it are the AI's */
    long played_on_from; /* that tick */

    double decision_us; /* the last snake_ai_choose (or engine answer), timed in the app */
    bool sliced;        /* perfect's play-outs a slice a call (snake_ai_choose_slice; the window's
                           own game, not offscreen: there a frame waits for the whole) */
    uint64_t think_ns;  /* the calls of the decision under way so far */
    long think_stops;   /* calls that stopped in the play-outs, since the screen opened */
    long seeks;         /* ticks rebuilt (snake_screen_seek) since the screen opened: a video
                           at many ticks a frame rebuilds one a frame */
    /* per policy, then the engine's (SNAKE_SCREEN_ENGINE_SLOT): Tab keeps the others' figures */
    PolicyStats stats[SNAKE_POLICY_COUNT + 1];
    bool engine;              /* an engine plays: the overlays, the reason line and the
                                 statistics are its own (s->ai, greedy, is not shown) */
    const EngineInfo *info;   /* the engine's latest info for the tick on screen; NULL: none */
    long info_tick;           /* the tick `info` is for: the tick on screen, or while the
                                 engine thinks about it, an earlier one (its last answer) */
    const char *engine_label; /* "engine:NAME", for the HUD */
    uint8_t *end_walls;       /* w * h: the walls of a finished game after clicks at its end
                                 (not in its history: they are for the next game) */
    bool end_walls_set;       /* end_walls holds such clicks (snake_screen_click) */
    bool over;                /* the game ended; its result is on screen */
    bool steered_end;         /* it ended on a move the player steered (a crash, not the AI's) */
    uint64_t over_ms;         /* when it ended (ctx->now_ms) */
} SnakeScreen;

enum { SNAKE_SCREEN_ENGINE_SLOT = SNAKE_POLICY_COUNT };

/* Counts s->decision_us, a decision just made, in the statistics of the
 * player on screen: its policy's, or the engine's. */
void snake_screen_count_decision(SnakeScreen *s);

/* Allocates the mark scratch for s->rules (WS_ERR_NOMEM). */
WsStatus snake_screen_alloc_mark(SnakeScreen *s, WsError *err);

/* Frees the mark scratch, the AI and the game (safe when they were never initialised,
 * as long as s started zeroed). */
void snake_screen_deinit(SnakeScreen *s);

/* The built-in policy decides the next move for the game as it is now (into
 * s->pending), timed for the HUD and the policy's statistics. A finished game
 * gets DIR_NONE. With s->sliced it may stop in perfect's play-outs
 * (s->ai.thinking, no move yet): snake_screen_think goes on. */
void snake_screen_decide(SnakeScreen *s);

/* Goes on with a decision that stopped thinking, for the same game, slice
 * after slice for SNAKE_AI_THINK_MS at most (a frame's share). Returns
 * whether it is still thinking. */
bool snake_screen_think(SnakeScreen *s);

/* The game ended (live, or a seek landed on its end): the result shows,
 * counted once per game in the statistics, and the AI forgets its last
 * decision, so the end looks the same however it was reached. */
void snake_screen_finish(SnakeScreen *s, FrontendCtx *ctx);

/* Makes s->game and s->ai those of the latest tick (with the walls clicked
 * at a finished game's end), whatever tick is on screen, without showing
 * it (no result counted, no pause): what the next game starts from (its
 * walls, its policy), so a look at a past tick never changes the next game.
 * Nothing to do at the latest tick or without a history. */
WsStatus snake_screen_to_latest(SnakeScreen *s, WsError *err);

/* Whether the tick on screen is in the past (a later tick is kept). */
bool snake_screen_at_past_tick(const SnakeScreen *s);

/* Shows tick t of the history: the game as it was there and the AI's
 * decision for it. In the live game (not a trace, not an engine) the AI is
 * that of the policy that played t (snake_history_policy_at). */
WsStatus snake_screen_seek(SnakeScreen *s, long t, FrontendCtx *ctx, WsError *err);

/* Before the game changes at a past tick: drops the ticks after it, so that
 * play goes on from there. False, with a status line, if it cannot (yet). */
bool snake_screen_drop_future(SnakeScreen *s, FrontendCtx *ctx);

/* Makes p the policy on screen: s->ai becomes an AI of p (a spare one, or
 * one built now; the one it replaces is kept as a spare). The AI's memory
 * and last decision are whatever they were: seek or load them. WS_ERR_ARG
 * when p cannot play this board's size; WS_ERR_NOMEM. */
WsStatus snake_screen_use_policy(SnakeScreen *s, SnakePolicy p, WsError *err);

/* Whether the policy can play the board's walls; if not, greedy plays and
 * the HUD shows why. */
void snake_screen_check_policy(SnakeScreen *s);

/* One tick of the game with the wheel's move (the AI's pending one unless the
 * player steers), recorded in the history. False when it cannot play on from
 * the past tick on screen yet. The caller decides the next move when the game
 * goes on (!s->over). */
bool snake_screen_play(SnakeScreen *s, FrontendCtx *ctx);

/* A left click on an empty cell toggles a wall there (recorded: at a past
 * tick play goes on from there). True when the event was a click on the
 * board; *toggled says whether a wall changed (the caller then decides again). */
bool snake_screen_click(SnakeScreen *s, const SDL_Event *ev, FrontendCtx *ctx, bool *toggled);

/* Draws the board, the recorded move at a past tick and the caption. */
void snake_screen_draw(SnakeScreen *s, FrontendCtx *ctx);

/* View.fit for the views whose state starts with a SnakeScreen: the board's pixels in area. */
PixRect snake_screen_fit(void *state, FrontendCtx *ctx, PixRect area);

/* The HUD lines about the board (length, walls, steps). */
void snake_screen_hud_board(const SnakeScreen *s, Hud *hud);

/* The HUD lines about the decision and the legend of the overlays on screen. */
void snake_screen_hud_decision(const SnakeScreen *s, FrontendCtx *ctx, Hud *hud);

/* ViewHistory callbacks for a view whose state begins with a SnakeScreen. */
void snake_screen_hist_range(void *state, long *first, long *last);
long snake_screen_hist_current(void *state);
bool snake_screen_hist_seek(void *state, long t, FrontendCtx *ctx);
unsigned snake_screen_hist_marks(void *state, long from, long to);

#endif
