/* snake_ai.h - the snake's policies and what each decision looked at.
 *
 * SnakeAi owns every buffer a decision needs, sized once for the board in
 * snake_ai_init, so snake_ai_choose never allocates. After a decision the AI
 * keeps the data it used (the wave from the head, the path to the food, the
 * virtual snake after the simulated eat, the tail path) so that overlays can
 * show exactly that, through const pointers, without searching again.
 *
 * greedy (snake_greedy.h, docs/snake.md) goes for the food by the shortest
 * path when a virtual snake that walks it and eats can still reach its tail,
 * else searches for a short plan whose eat is safe, else follows its tail,
 * else wanders to the most room; it plays every board. Its decision is a
 * function of the position: the plan search it keeps between decisions only
 * saves work.
 *
 * hamilton and perfect (snake_hamilton.h, snake_perfect.h, docs/perfect.md)
 * need a board with an even side whose walls, if any, are whole 2x2 blocks;
 * their food_path is the planned route and snake_ai_cycle() the Hamiltonian
 * cycle the decision relied on.
 */
#ifndef WS_SNAKE_AI_H
#define WS_SNAKE_AI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dir.h"
#include "path.h"
#include "snake.h"
#include "wave.h"
#include "ws_error.h"

typedef enum SnakePolicy {
    SNAKE_POLICY_GREEDY = 0,
    SNAKE_POLICY_HAMILTON, /* follow a fixed Hamiltonian cycle (snake_hamilton.h) */
    SNAKE_POLICY_PERFECT,  /* proven-safe shortcuts off a dynamic cycle (snake_perfect.h) */
    SNAKE_POLICY_COUNT
} SnakePolicy;

typedef enum SnakeReason {
    SNAKE_REASON_NONE = 0,    /* no decision yet */
    SNAKE_REASON_EAT,         /* the food path is safe: go for it */
    SNAKE_REASON_FOLLOW_TAIL, /* the food is unsafe or unreachable: chase the tail */
    SNAKE_REASON_WANDER,      /* no tail path either: keep the most room */
    SNAKE_REASON_CYCLE,       /* following the Hamiltonian cycle */
    SNAKE_REASON_SHORTCUT,    /* a proven-safe shortcut off the cycle */
    SNAKE_REASON_TRAPPED,     /* no legal move is left */
    SNAKE_REASON_COUNT
} SnakeReason;

struct SnakeCycle;
typedef struct SnakePlan SnakePlan;

typedef struct SnakeAi {
    int w, h;
    SnakePolicy policy;
    bool strict_tail;

    /* What the last decision used (read-only for everyone else). */
    Dir dir;            /* the chosen direction, DIR_NONE when trapped */
    SnakeReason reason; /* why */
    bool detour;        /* reason eat: food_path starts with a plan's moves that do not
                           eat (greedy's plan search; the shortest eat was unsafe) */
    bool opening;       /* hamilton, perfect: the move opens a game whose start lies on
                           no cycle, food_path the way onto one (snake_opening.h) */
    WaveField wave;     /* BFS from the head toward the food */
    Path food_path;     /* head -> food (through a plan's detour when there is one); empty
                           when the food was unreachable */
    Snake virt;         /* the snake after eating along food_path */
    bool virt_valid;    /* virt holds a simulation made by this decision */
    bool virt_safe;     /* that eat passed the check (false: refused, shown anyway) */
    Path tail_path;     /* head -> tail when the reason is follow-tail */
    /* Also work out what only the overlays show (true after init): perfect's
     * cycle while it follows a plan, the certificate at the plan's end, about
     * 6 % of its decision time on 30x30. Headless runs turn it off; the
     * decisions are the same either way, only snake_ai_cycle() is NULL then
     * while a plan is followed. */
    bool explain;
    bool thinking; /* the last call stopped in perfect's play-outs: no move yet
                      (snake_ai_choose_slice) */

    /* Scratch, owned. */
    WaveField scratch;        /* searches whose result is not kept */
    int32_t *release;         /* per cell: the tick from which the body leaves it (0 = free) */
    struct SnakeCycle *cycle; /* owned; the hamilton / perfect state, NULL on odd x odd boards */
    SnakePlan *plan; /* owned; greedy's plan search (snake_greedy.c), kept between decisions */
} SnakeAi;

/* Allocates the AI's buffers for a w x h board. The hamilton and perfect
 * policies need a board with an even side: WS_ERR_ARG with a message if not. */
WsStatus snake_ai_init(SnakeAi *ai, int w, int h, SnakePolicy policy, bool strict_tail,
                       WsError *err);
void snake_ai_deinit(SnakeAi *ai);

/* Forgets the last decision (overlays go blank) and the plan search kept for
 * the next one; keeps the buffers. Decisions do not change: the kept search
 * only saves work. */
void snake_ai_clear(SnakeAi *ai);

/* Chooses the next direction for game (which must be playing and the AI's
 * board size) and records why. Returns DIR_NONE only when no legal move is
 * left. Never allocates. The game's walls are read on every call, so a wall
 * toggled since the last decision is seen. hamilton and perfect play greedy
 * while the board has walls that are not whole 2x2 blocks with connected
 * free blocks (snake_policy_check_walls says why). */
Dir snake_ai_choose(SnakeAi *ai, const SnakeGame *game);

/* snake_ai_choose with perfect's play-outs at a new food bounded to `units`
 * of work (0: all they need). When the decision needs more it returns
 * DIR_NONE with ai->thinking set, and the next call on the same game goes
 * on where it stopped (a call on another game starts afresh); the moves are
 * those of snake_ai_choose. A window passes snake_ai_frame_slice, so that a
 * frame never waits for a whole play-out. */
Dir snake_ai_choose_slice(SnakeAi *ai, const SnakeGame *game, long units);

/* The slice for a window (snake_ai_choose_slice): a thirty-second of a play-out's
 * work budget on this board, about a millisecond of work on any board. */
long snake_ai_frame_slice(const SnakeAi *ai);

/* How long a window's frame goes on with a decision that stopped thinking
 * (slice after slice): the rest of a frame at 60 frames a second is left to
 * drawing. */
enum { SNAKE_AI_THINK_MS = 8 };

/* The cycle the last hamilton / perfect decision used, as w*h cells in the
 * order the snake travels them (perfect: starting at the tail), or NULL when
 * the last decision was not made on a cycle. Valid until the next decision. */
const int32_t *snake_ai_cycle(const SnakeAi *ai);
/* How many cells that cycle has: w*h, or the floor cells on a board with walls. */
int snake_ai_cycle_len(const SnakeAi *ai);

/* ---- Memory ------------------------------------------------------------------
 * Most of a SnakeAi is the last decision's output (for the overlays) and
 * scratch. Its memory is the part that a later decision reads: `perfect` on a
 * board with two even sides keeps the plan it follows and the certificate
 * tree it committed to, or the apple it played out and replays
 * (snake_perfect.h, "memory"); `greedy` and `hamilton`
 * keep nothing, so their decision is a function of the game alone. A policy
 * that starts keeping something between decisions must save it here: the
 * history (snake_history.h) rebuilds a past decision from the game state and
 * this memory, and its tests fail when a decision depends on anything else.
 *
 * The memory is a byte string whose layout is the policy's own. It is
 * deterministic (equal memories, equal bytes) and changes little from one
 * decision to the next, so the history stores it as small diffs. */

/* The most bytes snake_ai_memory_save can write for this AI (its policy and
 * board); 0 when its policy keeps no memory there. */
size_t snake_ai_memory_max(const SnakeAi *ai);

/* Writes the AI's memory into buf (snake_ai_memory_max bytes) and returns its
 * length (0 for a policy that keeps none). */
size_t snake_ai_memory_save(const SnakeAi *ai, uint8_t *buf);

/* Forgets the last decision (snake_ai_clear) and sets the memory from len
 * bytes saved by an AI of the same policy and board; len 0 is the memory of
 * a new game. WS_ERR_PARSE, with the memory of a new game, when the bytes are
 * malformed. Never allocates. */
WsStatus snake_ai_memory_load(SnakeAi *ai, const uint8_t *buf, size_t len, WsError *err);

/* Whether policy p can play a w x h board with these walls (w*h bytes,
 * nonzero = wall; NULL for none); err says why not in one line. greedy plays
 * every board; hamilton and perfect need an even side and walls only as whole
 * 2x2 blocks with connected free blocks (snake_cycle_check_walls). */
WsStatus snake_policy_check_walls(SnakePolicy p, int w, int h, const uint8_t *walls, WsError *err);
/* snake_policy_check_walls for the game's board, and for hamilton and
 * perfect on a walled board also its start: the start body must lie on a
 * block cycle (a start row under a free block that hangs only on it has
 * none; start length 2 always fits). */
WsStatus snake_policy_check_game(SnakePolicy p, const SnakeGame *g, WsError *err);
/* The same for a board without walls. */
WsStatus snake_policy_check(SnakePolicy p, int w, int h, WsError *err);

/* Names (names.h): "greedy", "hamilton", "perfect"; "?" outside the enum.
 * The command line parses and lists them through these (options.c). */
const char *snake_policy_name(SnakePolicy p);
const char *snake_reason_name(SnakeReason r);

/* The last decision's reason in one word, for a HUD: snake_reason_name, but
 * "plan" for an eat reached by a detour (ai->detour). Only the words differ:
 * the decision is the same either way. */
const char *snake_ai_reason_word(const SnakeAi *ai);

#endif
