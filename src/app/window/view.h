/* view.h - the interface between the window front end and one play mode.
 *
 * frontend.c owns the window, the renderer, the text cache, the clock and
 * the global keys; a View owns one way of watching a mode's game and knows
 * how to tick, draw and describe it. The front end keeps a table of views,
 * one per ViewId: every AppMode (snake, arena, sea) has its own view, and the
 * snake mode has two more, the replay of a trace and the race. Adding a mode
 * means writing view_<mode>.c that defines `const View VIEW_<MODE>` and
 * filling its slots in frontend.c (VIEWS and MODE_VIEWS).
 *
 * Calling order: create once (lazily, when the view is first shown), then
 * per frame: handle_action / handle_event for input, tick 0..n times (the
 * front end runs the fixed-step clock), draw, hud. destroy at exit. A view
 * stays alive while another is shown, so switching back resumes it. A view
 * may ask for another view of its mode (frontend_show: X opens the race
 * from the snake view and goes back from the race); the front end switches
 * once the callback that asked has returned.
 *
 * Rules for views (docs/architecture.md, "The views"): tick is the only
 * place that changes the game; draw and hud read state and the AI's kept
 * search data (never search again for display); randomness for cosmetics
 * comes from ctx->fx, never from a game stream; nothing allocates per tick
 * or per frame.
 */
#ifndef WS_VIEW_H
#define WS_VIEW_H

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

#include "hud.h"
#include "keys.h"
#include "layout.h"
#include "options.h"
#include "render.h"
#include "replay_session.h"
#include "rng.h"
#include "text.h"
#include "timeline.h"
#include "ws_error.h"

/* How long a finished game's result stays on screen before the next game. */
enum { VIEW_RESULT_MS = 2000 };

/* The views of the window, the slots of the front end's VIEWS table. */
typedef enum ViewId {
    VIEW_ID_SNAKE = 0, /* the snake mode live: the AI plays, the player may steer */
    VIEW_ID_ARENA,
    VIEW_ID_SEA,
    VIEW_ID_REPLAY, /* the snake mode: a recorded trace (`wavesnake replay FILE`) */
    VIEW_ID_RACE,   /* the snake mode: two policies side by side (X, --race) */
    VIEW_ID_COUNT
} ViewId;

/* A view's request for another view (frontend_show), read by the front end. */
typedef struct ViewRequest {
    bool asked;
    ViewId to;
    const void *arg; /* handed to the view's create; NULL: show it as it is */
} ViewRequest;

/* Everything the front end shares with the views. Views may read all of it;
 * they may write only `status` (through frontend_status), `request`
 * (through frontend_show) and `fx`. */
typedef struct FrontendCtx {
    SDL_Renderer *renderer;
    TextCache *text;
    const AppOptions *opts; /* the command line: seed, board size, policy, ... */
    unsigned overlays;      /* OVERLAY_* bits (options.h) switched on now */
    FrameLayout frame;      /* frame.board_area: where draw() puts the board; frame.hud_px */
    uint64_t now_ms;        /* the front end's clock, read at the start of each frame
                               (a key is stamped with its frame's time): in a window
                               it runs with wall time, but a frame moves it at most
                               250 ms, so a stall of the program (a dragged window, a
                               debugger, valgrind) is nobody's idle time and no
                               notice's reading time; offscreen a fixed 16 ms a frame
                               (so screenshots are repeatable) */
    bool paused;            /* Space */
    bool offscreen;         /* rendering for --screenshot (no window) */
    ReplaySession *replay;  /* `wavesnake replay FILE`: the trace the replay view shows
                               (borrowed, open for the Frontend's life), else NULL */
    double speed;           /* target ticks per second; 0 = unlimited */
    double pace;            /* the shown view's cap on ticks per second now (View.pace; 0:
                               none): the ticks run at the lower of the two */
    double ticks_per_s;     /* measured over the last half second */
    bool ticks_short;       /* ... in which ticks the speed asked for were dropped (a frame's
                               budget ran out): the game ran slower than `speed` */
    Rng fx;                 /* cosmetic randomness only */
    char status[200];       /* a transient HUD line (screenshot path, notices) */
    uint64_t status_ms;     /* when status was set */
    HudStyle hud_style;     /* I: panel, strip or AUTO (layout.h) */
    bool pause_on_end;      /* E, --pause-on-end: pause when a game ends */
    /* The caption line above the board (frame.caption): a view's draw may set
     * it (a game's result); the front end clears it before each draw and
     * adds "PAUSED" while paused. */
    char caption[160];
    Rgba caption_color;
    ViewRequest request; /* frontend_show's, until the front end follows it */
} FrontendCtx;

/* Sets the transient HUD status line. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void frontend_status(FrontendCtx *ctx, const char *fmt, ...);

/* Asks the front end to show view `to` once the current callback returns.
 * With arg != NULL the view is created afresh with arg (see its create; a
 * state it had is destroyed first); with NULL it is shown as it was left (or
 * created with NULL). If its creation fails the current view stays, and the
 * status line says "no <view>: <why>". */
void frontend_show(FrontendCtx *ctx, ViewId to, const void *arg);

/* After D: when the numbers overlay is on and cells of cell_px pixels are
 * smaller than min_cell, says in a notice that numbers do not fit. */
void frontend_numbers_fit(FrontendCtx *ctx, int cell_px, int min_cell);

/* Time travel: a view that keeps its game's history exposes it here, and
 * the front end gives it the keys `,` `.` `N` `Home` `End`, the timeline
 * strip (click and drag) and the HUD's "tick T of N" (timeline.h).
 *
 * Ticks: tick 0 is the game's start, tick t the state after t steps; the
 * view keeps ticks first..last (last: the latest tick played; first: 0, or
 * the oldest tick a bounded history still holds). One tick is on screen,
 * `current`; while current < last the view shows the past, and everything
 * it draws (the board and every overlay) is what the AI computed at that
 * tick, rebuilt from the deterministic core (never a stored picture).
 *
 * The front end pauses before a seek the user asks for (`,` Home End, the
 * timeline). `.` / `N` at a past tick seek(current + 1), and so does play
 * (Space) at a past tick, once per tick at the current speed, without
 * pausing: the kept ticks play like a video and none is dropped. Only at
 * the latest tick does the front end call tick(), which extends the
 * history (a replay's tick pauses instead at its last recorded tick). A
 * change the view makes at a past tick (a wall, a steered move, `A` in a
 * replay, a mouse edit) drops the ticks after current and plays on from
 * there: the view does that itself, and a tick() that finds itself at a
 * past tick does the same. A new game (the view's own business) starts a
 * new history: range() says so. */
typedef struct ViewHistory {
    /* The ticks kept: *first..*last, first <= last. */
    void (*range)(void *state, long *first, long *last);

    /* The tick on screen. */
    long (*current)(void *state);

    /* Shows tick t (the front end clamps it to first..last): the game as it
     * was there and the AI's decision data for it. Must take well under a
     * frame (16 ms) on the biggest boards, and not allocate. False (with a
     * status line, through frontend_status) if it could not. */
    bool (*seek)(void *state, long t, FrontendCtx *ctx);

    /* TIMELINE_MARK_* bits of what happened at ticks [from, to) (from < to,
     * both within first..last+1). Called once per pixel column per frame:
     * keep it to a binary search or two. */
    unsigned (*marks)(void *state, long from, long to);
} ViewHistory;

typedef struct View {
    const char *name; /* "snake", "arena", "sea", "replay", "race": for messages */
    AppMode mode;     /* the mode it shows: the keys that apply, the overlays, the HUD title */

    /* Extra help-overlay lines for this mode: pairs {keys, text}, ended by {NULL, NULL}. */
    const KeyHelp *help;

    /* Allocates the view's state for ctx->opts into *state. arg is NULL when
     * the front end opens the view for its mode, else what the view that
     * asked for it passed to frontend_show (the race: a RaceSetup). On
     * failure fills err (one line) and leaves *state NULL. */
    WsStatus (*create)(void **state, FrontendCtx *ctx, const void *arg, WsError *err);

    /* Optional (may be NULL): the rectangle draw would fill when given
     * `area` as ctx->frame.board_area (its boards, labels and titles), so
     * that the front end gives the empty rest of the board's column to the
     * HUD (layout_frame_fit). Reads the state, draws nothing. */
    PixRect (*fit)(void *state, FrontendCtx *ctx, PixRect area);
    /* Frees what create made. Safe on NULL. */
    void (*destroy)(void *state);

    /* An action from the keyboard (the front end has already applied the
     * global ones: pause, speed, overlays ...). Returns true if the view used it. */
    bool (*handle_action)(void *state, Action action, FrontendCtx *ctx);

    /* Optional (may be NULL): a raw SDL event the front end does not handle
     * itself (mouse buttons and motion). Returns true if the view used it. */
    bool (*handle_event)(void *state, const SDL_Event *event, FrontendCtx *ctx);

    /* One simulation step. Returns false when there is nothing to step (e.g.
     * a finished game whose result is still shown), so an unlimited-speed
     * frame stops ticking early instead of spinning. */
    bool (*tick)(void *state, FrontendCtx *ctx);

    /* Draws the board and the overlays switched on in ctx->overlays into
     * ctx->frame.board_area. */
    void (*draw)(void *state, FrontendCtx *ctx);

    /* Writes the mode's HUD lines (score, decision, legend ...). */
    void (*hud)(void *state, FrontendCtx *ctx, Hud *hud);

    /* Optional (may be NULL): the most ticks per second the view wants now,
     * whatever the speed (0: no limit). The snake view asks for a pace a
     * person can steer at while someone holds the wheel; the user's speed is
     * untouched and applies again once the view asks for nothing. */
    double (*pace)(const void *state);

    /* Optional (may be NULL): called once per frame after the ticks, running
     * or paused: reading an engine's answers as they come (never waiting in a
     * window), background work spread over frames (a replay checking its
     * moves). Keep each call to a few milliseconds. */
    void (*idle)(void *state, FrontendCtx *ctx);

    /* Optional (may be NULL): whether the next tick waits for a move that is
     * not in yet (an engine's answer, a policy thinking over frames). A
     * single step (N) asked for while paused then is owed, not dropped: the
     * front end makes it in the frame after the move comes in. */
    bool (*waiting)(const void *state);

    /* Time travel (above), or NULL for a view without a history: then the
     * front end shows no timeline and no "tick T of N", `,` Home End only
     * reach handle_action, and `.` / `N` tick. */
    const ViewHistory *history;
} View;

/* The views that exist (each defined in its view_<name>.c). */
extern const View VIEW_SNAKE;
extern const View VIEW_ARENA;
extern const View VIEW_SEA;
extern const View VIEW_REPLAY;
extern const View VIEW_RACE;

#endif
