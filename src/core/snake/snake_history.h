/* snake_history.h - one snake game, recorded so that any tick can be revisited.
 *
 * A SnakeHistory records a game as it is played (or as a trace is read): its
 * start (rules, seed, policy, walls), every move, every wall toggle, the eats
 * and the end. The state at any tick, and the decision the AI made there
 * with everything the overlays show, are rebuilt by re-running the
 * deterministic core from the nearest checkpoint; nothing is stored as a
 * picture. Checkpoints are taken every `interval` ticks (a compact snapshot:
 * body as 2-bit steps, food, both random streams, counters, walls once they
 * differ from the start); moves take one byte a tick. A 64x64 greedy game of
 * 2.4 million ticks takes about 5 MB.
 *
 * States and the AI's memory. Tick t is the game after t moves, and it has
 * one state per wall toggle made at t, in order: S(t,0) right after move t-1
 * (or the start), S(t,k) after the k-th toggle at t. The AI decides once at
 * every state (the window decides again after a toggle) and the move of tick
 * t follows the decision at its last state. A policy that keeps memory
 * between decisions (snake_ai.h, "Memory": perfect) needs that memory too:
 * the history keeps it for every state, as a small diff from the state
 * before, with a full copy at each checkpoint, so a seek never has to replay
 * decisions. For policies without memory it stores nothing.
 *
 * Policy changes. The policy may change during a game (the window's Tab,
 * at the last tick or after a branch back to a past one): snake_history_
 * switch records the change at the last tick T, which then applies to every
 * tick from T on (all of T's states: the window shows a tick's last state),
 * while the ticks before T keep the policy they were played by. The AI that
 * takes over starts at T with the memory of a new game, as a fresh AI
 * deciding on that state would; its memory is recorded from T on. Once a
 * policy with memory has played, the states of policies without memory get
 * an empty record (two bytes each), so the memory records stay one per state.
 *
 * Recording: snake_history_begin at tick 0, then snake_history_play for each
 * move and snake_history_toggle for each wall toggle; both apply the change
 * to the game themselves, so the game and its history cannot drift apart.
 * Pass the AI that plays (its memory is saved right after each change, which
 * is right only if the AI has not decided on the new state yet) or NULL when
 * the memory is not known (a trace being read: snake_history_scan finds it
 * later by running the policy).
 *
 * Seeking: snake_history_seek(h, t, g, ai) leaves g at the last state of tick
 * t and ai holding exactly the decision the policy made there. It restores the
 * checkpoint at or before t (or goes on from where the last seek left g when
 * that is closer), replays the recorded toggles and moves, loads the memory
 * and lets the AI decide once. It never allocates; its cost is at most one
 * checkpoint interval of moves plus one decision.
 *
 * Ownership: the history owns every buffer (sized as it grows: allocation
 * happens only while recording, scanning and truncating). The game and AI
 * passed in are the caller's; they must be initialised for the history's
 * board (snake_game_init with its rules, snake_ai_init with its size).
 * Nothing here is thread-safe: one history, one thread.
 */
#ifndef WS_SNAKE_HISTORY_H
#define WS_SNAKE_HISTORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dir.h"
#include "snake.h"
#include "snake_ai.h"
#include "ws_error.h"

/* A wall toggled at `tick`, before that tick's move. */
typedef struct SnakeHistoryToggle {
    long tick;
    int32_t cell;
} SnakeHistoryToggle;

/* Move `tick` ate; `food` is the food placed then (SNAKE_NO_FOOD once the floor is full). */
typedef struct SnakeHistoryEat {
    long tick;
    int32_t food;
} SnakeHistoryEat;

/* From `tick` on (all its states), `policy` plays. */
typedef struct SnakeHistoryPolicyChange {
    long tick;
    SnakePolicy policy;
} SnakeHistoryPolicyChange;

/* Ticks from..to-1 whose recorded move is not what the policy chose. */
typedef struct SnakeHistorySpan {
    long from, to;
} SnakeHistorySpan;

/* A checkpoint of the game at S(tick, 0) (private to snake_history.c). */
typedef struct SnakeHistoryCheckpoint SnakeHistoryCheckpoint;

/* What identifies a game state cheaply: a seek or a scan checks with it that
 * the caller's game is still where it left it (private). */
typedef struct SnakeHistoryFingerprint {
    long steps, since_eat;
    int outcome, len, head, tail, food, wall_count;
    uint64_t place, other;
} SnakeHistoryFingerprint;

typedef struct SnakeHistory {
    /* ---- read-only for callers ---- */
    bool started;         /* snake_history_begin was called */
    SnakeRules rules;     /* the game's rules */
    uint64_t seed;        /* the game's seed */
    SnakePolicy policy;   /* the policy at tick 0 (or that a trace names) */
    long game;            /* the game's number (a trace's `game G`) */
    uint8_t *start_walls; /* w*h bytes, 1 = wall, at tick 0 */
    int start_wall_count;

    long ticks;           /* moves recorded; the last tick is `ticks` */
    SnakeOutcome outcome; /* SNAKE_PLAYING until the game ended */
    int length;           /* the snake's length at the last tick */
    int food;             /* the food at the last tick (SNAKE_NO_FOOD: none) */

    SnakeHistoryToggle *toggles; /* in order of tick */
    long ntoggles;
    SnakeHistoryEat *eats; /* in order of tick: marks for a timeline */
    long neats;
    SnakeHistoryPolicyChange *changes; /* in order of tick, one per tick at most */
    long nchanges;
    SnakeHistorySpan *differs; /* in order, disjoint: moves other than the policy's choice */
    long ndiffers;
    long checked; /* ticks 0..checked-1 have known choices (differs is complete there) */

    int interval; /* ticks between checkpoints */

    /* ---- private ---- */
    uint8_t *moves; /* per tick: the Dir */
    size_t moves_cap;
    size_t toggles_cap, eats_cap, differs_cap, changes_cap;
    SnakeHistoryCheckpoint *cps;
    long ncps;
    size_t cps_cap;
    uint8_t *snaps; /* the checkpoints' encoded games */
    size_t snaps_len, snaps_cap;

    size_t mem_max;   /* the AI's memory bound (0: none, or not known yet) */
    long mem_states;  /* states S(0,0), S(0,1) ... with a known memory record */
    uint8_t *mem_log; /* one record per state: the diff from the state before */
    size_t mem_log_len, mem_log_cap;
    uint8_t *mem_keys; /* the full memory at each checkpoint whose memory is known */
    size_t mem_keys_len, mem_keys_cap;
    uint8_t *mem_last; /* the memory at the last known state (mem_max bytes) */
    size_t mem_last_len;
    uint8_t *mem_now;  /* scratch: the memory being saved */
    uint8_t *mem_seek; /* the memory at the cursor */
    size_t mem_seek_len;

    int start_food;    /* the food at tick 0 */
    bool cursor_valid; /* the last seek left a game at the last state of cursor_tick */
    long cursor_tick;
    long cursor_toggle; /* the next toggle to apply from there */
    long cursor_state;  /* its state index */
    size_t cursor_log;  /* mem_log offset of the record after it */
    bool cursor_mem;    /* mem_seek holds its memory */
    size_t cursor_mem_len;
    SnakeHistoryFingerprint cursor_print;
    bool scan_valid; /* the last scan left its game at S(scan_tick, 0) */
    long scan_tick;
    SnakeHistoryFingerprint scan_print;
} SnakeHistory;

/* ---- lifecycle ---------------------------------------------------------------- */

/* An empty history that owns nothing yet. */
void snake_history_init(SnakeHistory *h);
void snake_history_deinit(SnakeHistory *h);

/* Starts recording game g, which must be at tick 0 (just reset, walls set):
 * takes its rules, seed and walls, and checkpoints it. `game` is the game's
 * number, `policy` the policy that plays. ai: the AI about to decide on g
 * (its memory is saved) or NULL. Keeps the buffers of the last game (a
 * board of another size reallocates). WS_ERR_ARG if g is not at tick 0,
 * WS_ERR_NOMEM. */
WsStatus snake_history_begin(SnakeHistory *h, const SnakeGame *g, SnakePolicy policy, long game,
                             const SnakeAi *ai, WsError *err);

/* ---- recording ---------------------------------------------------------------- */

/* Plays `move` on g (which must be at the history's last tick and playing)
 * and records it: the eat and the new food, the end, a checkpoint when one
 * is due, and ai's memory (NULL: not known). `choice` is what the policy
 * chose at this tick, DIR_NONE if not known; where it differs from `move`
 * the tick goes into `differs`. When a wall toggled at this tick left the
 * head no legal move, the game ends dead here whatever `move` is (no move
 * is recorded). WS_ERR_ARG, nothing changed, for an illegal move or a
 * finished game; WS_ERR_NOMEM. */
WsStatus snake_history_play(SnakeHistory *h, SnakeGame *g, const SnakeAi *ai, Dir move, Dir choice,
                            WsError *err);

/* Ends g (at the history's last tick, playing) dead there, as
 * snake_game_tick does for an illegal move: a player who steers into a
 * wall, the body or off the board (the window's take the wheel). Recorded
 * like a wall toggle that leaves no way out: no move, the end at the last
 * tick, so a seek there shows the dead game and a truncate before it takes
 * the end back. WS_ERR_ARG, nothing changed, for a finished game. */
WsStatus snake_history_crash(SnakeHistory *h, SnakeGame *g, WsError *err);

/* Ends g (at the history's last tick, playing) as forfeit there: the player
 * gave no move (an engine that failed). Recorded like a crash: no move, the
 * end at the last tick. WS_ERR_ARG, nothing changed, for a finished game. */
WsStatus snake_history_forfeit(SnakeHistory *h, SnakeGame *g, WsError *err);

/* Toggles the wall at `cell` on g (at the history's last tick, playing) and
 * records it, with ai's memory (NULL: not known). WS_ERR_ARG, nothing
 * changed, when snake_game_toggle_wall refuses (the snake or the food is
 * there, the next start would not fit) or the game is over. */
WsStatus snake_history_toggle(SnakeHistory *h, SnakeGame *g, const SnakeAi *ai, int cell,
                              WsError *err);

/* From the last tick T on, `policy` plays (g at T, playing): the change is
 * recorded at T (a change already made at T is replaced; changing back to
 * the policy before T removes it) and ai, an AI of `policy` that has not
 * decided on g yet (its memory is that of a new game), gives the memory of
 * T's last state; NULL: not known. Nothing happens when `policy` already
 * plays at T. WS_ERR_ARG, nothing changed, when g is not at the last tick
 * or the game is over; WS_ERR_NOMEM. */
WsStatus snake_history_switch(SnakeHistory *h, const SnakeGame *g, SnakePolicy policy,
                              const SnakeAi *ai, WsError *err);

/* Drops everything after the last state of tick t (the moves from t on, the
 * toggles and policy changes after t, the end), so that play resumes from t: call it after
 * snake_history_seek(h, t, ...), then go on with snake_history_play on the
 * game and AI the seek left. WS_ERR_ARG if t is outside 0..ticks or if the
 * AI's memory at t is not known yet (a trace whose scan has not reached t:
 * scan first). May allocate. */
WsStatus snake_history_truncate(SnakeHistory *h, long t, WsError *err);

/* ---- seeking ------------------------------------------------------------------ */

/* Rebuilds the last state of tick t (0..ticks) into g and, unless ai is NULL
 * or the game is over at t, lets ai make the decision the policy made there
 * (its direction, reason and search data for the overlays). *exact (may be
 * NULL) tells whether that decision is the recorded one: true unless the
 * policy keeps memory and the memory at t is not known yet (a trace not
 * scanned that far), or the AI is not of the policy that played at t; then the AI
 * decided from a new game's memory. Never allocates. WS_ERR_ARG if t is out
 * of range or g is not on the history's board. */
WsStatus snake_history_seek(SnakeHistory *h, long t, SnakeGame *g, SnakeAi *ai, bool *exact,
                            WsError *err);

/* Runs the policy over the recorded moves from where the last scan stopped
 * (a history without policy changes, as a trace is: WS_ERR_ARG otherwise),
 * on g and ai (the scan's own pair: do not use them for anything else in
 * between), for at most max_ticks ticks, filling in the AI's memory (when ai
 * plays the history's policy) and `differs`. *done tells whether the scan
 * reached the last tick. Call it in slices to spread the work over frames.
 * Allocates as records are added. */
WsStatus snake_history_scan(SnakeHistory *h, SnakeGame *g, SnakeAi *ai, long max_ticks, bool *done,
                            WsError *err);

/* snake_history_scan with each decision made `units` of work a call
 * (snake_ai_choose_slice; 0: whole): a decision that stops (perfect's
 * play-outs at a new food) ends the call there, and the next call goes on
 * with it, so a window's frame never waits for a whole play-out. */
WsStatus snake_history_scan_slice(SnakeHistory *h, SnakeGame *g, SnakeAi *ai, long max_ticks,
                                  long units, bool *done, WsError *err);

/* Checks the recorded move of tick t against `choice`, what a player the
 * core does not run (an engine) chose on the last state of tick t: where
 * they differ, t goes into `differs`. Ticks are checked in order: t must be
 * h->checked (and below h->ticks); h->checked becomes t + 1. WS_ERR_ARG,
 * nothing changed, otherwise; WS_ERR_NOMEM. */
WsStatus snake_history_check(SnakeHistory *h, long t, Dir choice, WsError *err);

/* ---- queries ------------------------------------------------------------------ */

/* The move of tick t (0..ticks-1). */
static inline Dir snake_history_move(const SnakeHistory *h, long t) { return (Dir)h->moves[t]; }

/* Whether the recorded move of tick t differs from the policy's choice: 1
 * yes, 0 no, -1 not known (t >= checked). */
int snake_history_differs(const SnakeHistory *h, long t);

/* The policy that plays at tick t (h->policy, or the last change at or before t). */
SnakePolicy snake_history_policy_at(const SnakeHistory *h, long t);

/* Whether move t ate (binary search over eats). */
bool snake_history_ate(const SnakeHistory *h, long t);

/* Whether snake_history_seek at t gives the recorded decision of ai (see
 * snake_history_seek's *exact): false when ai is not of the policy that
 * played at t. */
bool snake_history_is_exact(const SnakeHistory *h, long t, const SnakeAi *ai);

/* The bytes the history holds (its buffers' capacities). */
size_t snake_history_bytes(const SnakeHistory *h);

/* A 64-bit hash of everything that makes a game state: board, walls, body,
 * food, both random streams, counters and outcome. Equal states, equal
 * hashes; for tests and the benchmark. */
uint64_t snake_history_hash_game(const SnakeGame *g);

#endif
