/* player.h - who makes a game's moves: a built-in core AI, an engine
 * process, or (in the window) the person at the wheel.
 *
 * A PlayerSpec is what the command line names: `--policy greedy` or
 * `--policy engine:CMD` for the snake, `--hunter sampler` or
 * `--hunter engine:CMD` for the sea. A SnakePlayer / SeaPlayer is that spec
 * running on one board: it owns the SnakeAi (sized once for the board) or
 * the Engine process (engine.h), and gives moves two ways:
 *
 *   - blocking, for headless runs: snake_player_choose asks and waits (an
 *     engine at most its --engine-timeout);
 *   - a request / poll pair that never blocks, for the window: request once
 *     after a tick, poll each frame with wait 0 until it answers.
 *
 * Every poll and choice answers with the engine client's EnginePoll
 * (engine.h): ENGINE_ANSWERED with a move (or a shot), ENGINE_PENDING while
 * an engine thinks, or ENGINE_FAULT with one line in err saying what went
 * wrong (docs/engines.md, "Faults"): the caller ends the game forfeit
 * (snake_game_forfeit, sea_game_forfeit) and plays on. err->status tells a
 * fault of the engine (WS_ERR_ARG) from a failure of the run itself
 * (WS_ERR_NOMEM), which the caller reports and stops on; a built-in AI never
 * faults. Starting an engine (init, new_game) is a WsStatus.
 *
 * Engines are started once (snake_player_init, which blocks for the
 * handshake) and reused from game to game; after a fault the engine is
 * started afresh by the next snake_player_new_game. The window, whose
 * frames never wait on an engine, uses the twins that do not wait:
 * snake_player_launch / snake_player_new_game_async start the process and
 * return, then snake_player_poll_ready is polled each frame until it says
 * ENGINE_ANSWERED (ready; a request before that fails with WS_ERR_ARG).
 *
 * Decision time: every answer carries how long it took
 * (snake_player_decision_us), measured one way for every caller: a built-in
 * AI's computation, an engine's from its request written to its answer read
 * in the engine client (engine.h), so a headless run and the window show the
 * same figure for the same engine.
 *
 * Ownership and threads: a player owns everything it holds and belongs to
 * one thread (a headless run makes one per worker thread, so `--jobs N`
 * starts N engine processes). A PlayerSpec borrows its command from argv.
 */
#ifndef WS_PLAYER_H
#define WS_PLAYER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine.h"
#include "sea.h"
#include "sea_ai.h"
#include "snake.h"
#include "snake_ai.h"
#include "ws_error.h"

/* The prefix that names an engine where a policy or a hunter is named. */
#define PLAYER_ENGINE_PREFIX "engine:"

/* The longest policy name a trace records: "engine:" and the engine's name
 * fit in a trace's game line field (TRACE_POLICY_MAX - 1 bytes). */
enum { PLAYER_NAME_MAX = 71 };

typedef enum PlayerKind {
    PLAYER_AI = 0, /* a built-in core AI: spec.policy (snake) or spec.hunter (sea) */
    PLAYER_ENGINE, /* a program speaking the engine protocol: spec.command */
    PLAYER_WHEEL   /* the person at the keyboard (the window steers, snake_player_steer) */
} PlayerKind;

typedef struct PlayerSpec {
    PlayerKind kind;
    SnakePolicy policy;  /* PLAYER_AI, snake */
    SeaHunter hunter;    /* PLAYER_AI, sea */
    const char *command; /* PLAYER_ENGINE: the shell command after "engine:"; borrowed */
    size_t command_len;  /* its length when it is part of a longer text (--race's first
                            side: "engine:CMD,greedy"); 0: up to its NUL */
} PlayerSpec;

/* One request and its answer, the same for a move and a shot: both players
 * embed it and one poll (player.c) serves both. Only the player writes it;
 * `asked` tells a caller that a request is still on its way. */
typedef struct PlayerTurn {
    bool asked;             /* a request is pending */
    bool answered;          /* PLAYER_AI / WHEEL: answer is ready for the next poll */
    int answer;             /* that answer: a Dir (snake) or a cell y * 10 + x (sea) */
    uint64_t took_ns;       /* the decision time of the last answer */
    const EngineInfo *info; /* the engine's info of its last answer, or NULL */
    const char *warning;    /* its malformed info line, dropped (engine.h), or NULL */
} PlayerTurn;

/* ---- specs ------------------------------------------------------------------ */

/* Whether text names an engine ("engine:..."). */
bool player_spec_is_engine(const char *text);

/* Parses "engine:CMD" into *out (command borrowed from text). WS_ERR_ARG,
 * "OPTION: engine: needs a command (engine:CMD)", for an empty command;
 * `option` ("--policy") starts the message. */
WsStatus player_spec_parse_engine(const char *text, const char *option, PlayerSpec *out,
                                  WsError *err);

/* The length of an engine spec's command (command_len or up to its NUL). */
size_t player_spec_command_len(const PlayerSpec *spec);

/* A spec for a built-in snake policy / sea hunter. */
PlayerSpec player_spec_snake_ai(SnakePolicy policy);
PlayerSpec player_spec_sea_ai(SeaHunter hunter);

/* The spec as the command line says it: "greedy", "engine:python3 x.py"
 * (cut to fit size; always terminated). Returns buf. */
const char *player_spec_format(const PlayerSpec *spec, bool sea, char *buf, size_t size);

/* ---- the snake ----------------------------------------------------------- */

typedef struct SnakePlayer {
    PlayerSpec spec;
    int timeout_ms; /* an engine's answer time */
    SnakeAi ai;     /* PLAYER_AI; PLAYER_ENGINE / WHEEL: greedy, unused by the player */
    bool ai_ready;
    Engine *engine;                 /* PLAYER_ENGINE; NULL otherwise */
    char *command;                  /* PLAYER_ENGINE: the command, owned (NUL-terminated) */
    PlayerTurn turn;                /* the pending request (a move) */
    char name[PLAYER_NAME_MAX + 1]; /* for traces: "greedy", "engine:snake.py" */
} SnakePlayer;

/* Makes spec's player for a w x h board: the SnakeAi of the policy, or the
 * engine started with the handshake (blocks up to 10 s). WS_ERR_ARG, one
 * line, when the engine cannot be started or never says ready (exit 2);
 * WS_ERR_NOMEM. On failure nothing is left to free. */
WsStatus snake_player_init(SnakePlayer *p, const PlayerSpec *spec, const SnakeRules *rules,
                           int timeout_ms, WsError *err);
/* snake_player_init without the wait: an engine's process is started and
 * its handshake left to snake_player_poll_ready. WS_ERR_ARG when it cannot
 * be spawned at all. */
WsStatus snake_player_launch(SnakePlayer *p, const PlayerSpec *spec, const SnakeRules *rules,
                             int timeout_ms, WsError *err);
/* Stops the engine (quit, then its process group killed 1 s after the
 * quit) and frees everything. A zeroed player is fine. */
void snake_player_deinit(SnakePlayer *p);

/* Before a game's first move: clears the AI's memory; starts the engine
 * again if a fault stopped it (errors as snake_player_init). */
WsStatus snake_player_new_game(SnakePlayer *p, WsError *err);

/* snake_player_new_game without the wait: a faulted engine is started
 * again (the process spawned, the hello sent) and its handshake left to
 * snake_player_poll_ready. WS_ERR_ARG when it cannot be spawned. */
WsStatus snake_player_new_game_async(SnakePlayer *p, WsError *err);

/* The handshake of a launched / restarted engine, waiting at most wait_ms
 * (0: look; the wait never passes its 10 s limit): ENGINE_PENDING,
 * ENGINE_ANSWERED once ready (also for a player without an engine or an
 * engine already ready; the trace name, snake_player_name, takes the
 * engine's `name` then), or ENGINE_FAULT with engine_start's line. */
EnginePoll snake_player_poll_ready(SnakePlayer *p, int wait_ms, WsError *err);

/* Whether a request may be made (no handshake pending, engine running). */
bool snake_player_ready(const SnakePlayer *p);

/* Asks for the move of g (playing) without blocking: a built-in AI decides
 * at once, an engine gets the tick. WS_ERR_ARG when a request is pending. */
WsStatus snake_player_request(SnakePlayer *p, const SnakeGame *g, WsError *err);

/* The answer to the pending request, waiting at most wait_ms (0: look):
 * ENGINE_ANSWERED (*move), ENGINE_PENDING or ENGINE_FAULT. */
EnginePoll snake_player_poll(SnakePlayer *p, int wait_ms, Dir *move, WsError *err);

/* Request and wait (headless): ENGINE_ANSWERED or ENGINE_FAULT (err says
 * why; WS_ERR_NOMEM in err->status when the request itself could not be
 * made, which is no fault of the engine); ENGINE_PENDING when the wait was
 * cut short by engine_interrupt (Ctrl-C): no answer, the engine still
 * thinks, the caller gives the game up. */
EnginePoll snake_player_choose(SnakePlayer *p, const SnakeGame *g, Dir *move, WsError *err);

/* How long the last answer took, in µs (above: one clock for every caller). */
double snake_player_decision_us(const SnakePlayer *p);

/* The last answer's warning: what was wrong with an `info` line it dropped
 * (engine.h, "Warnings"), NULL when none. Valid until the next request. */
const char *snake_player_warning(const SnakePlayer *p);

/* PLAYER_WHEEL: the move the person chose, answered by the pending poll. */
void snake_player_steer(SnakePlayer *p, Dir move);

/* Tells an engine how the game ended (`end ...`); nothing for the others. */
void snake_player_end(SnakePlayer *p, const SnakeGame *g);

/* What the last decision showed: a built-in AI's search data (the SnakeAi,
 * NULL for an engine or the wheel), an engine's info (NULL otherwise). */
const SnakeAi *snake_player_ai(const SnakePlayer *p);
const EngineInfo *snake_player_info(const SnakePlayer *p);

/* The name the trace's game line records: the policy's, or "engine:NAME"
 * with the engine's name (docs/engines.md). */
const char *snake_player_name(const SnakePlayer *p);

/* Says on stderr, through report_warn, each line the engine wrote on its
 * stderr up to its last answer or fault (engine_said), quoted, with who
 * and where: "engine 'NAME' [job J game G tick T]: LINE" (job: the worker,
 * so that --jobs N runs say whose line it is). Nothing for a built-in AI. */
void player_say_stderr(const Engine *e, int job, long game, long tick);

/* The same, naming the player as a match or a race tells it apart
 * ("engine:csnake#2" says 'csnake#2'). */
void player_say_stderr_as(const Engine *e, const char *player, int job, long game, long tick);

/* Stops the engine (engine_stop_keep) and prints what it wrote on stderr after
 * its last answer, as player_say_stderr_as does, WHERE being "job N end".
 * Nothing for NULL (a built-in AI). A headless run's last words of a job. */
void player_say_last_words(Engine *e, const char *player, int job);

/* One fault line for stderr or the HUD, from an ENGINE_FAULT's err:
 * "engine 'NAME', game G tick T: what was wrong". Returns buf. */
const char *player_fault_line(const Engine *e, long game, long tick, const WsError *err, char *buf,
                              size_t size);

/* What the fault line says was wrong (its text after "tick T: "): err's
 * message without engine.c's "engine 'NAME': ", or "failed". */
const char *player_fault_what(const WsError *err);

/* The same line naming the player as a match or a race tells it apart
 * ("engine:csnake#2" says 'csnake#2'): two engines of one `name` must not
 * give two lines nobody can tell apart. */
const char *player_fault_line_as(const char *player, long game, long tick, const WsError *err,
                                 char *buf, size_t size);

/* One warning line for stderr, from an answer's warning (`what`: its
 * malformed info line, dropped, engine.h): "engine 'NAME', game G tick T:
 * WHAT (dropped)", naming the player as player_fault_line_as does (an
 * engine's own name, or a match's "engine:csnake#2" as 'csnake#2'). The
 * one format of every caller that says it: headless runs, the match, the
 * window's and the race's engine session. Returns buf. */
const char *player_warning_line_as(const char *player, long game, long tick, const char *what,
                                   char *buf, size_t size);

/* ---- the sea ------------------------------------------------------------- */

typedef struct SeaPlayer {
    PlayerSpec spec;
    int timeout_ms;
    SeaAi ai;                       /* PLAYER_AI */
    Rng rng;                        /* PLAYER_AI: stream 2 of the game */
    Engine *engine;                 /* PLAYER_ENGINE */
    char *command;                  /* PLAYER_ENGINE: the command, owned */
    PlayerTurn turn;                /* the pending request (a shot) */
    char name[PLAYER_NAME_MAX + 1]; /* "sampler", "engine:NAME" */
} SeaPlayer;

WsStatus sea_player_init(SeaPlayer *p, const PlayerSpec *spec, int timeout_ms, WsError *err);
/* The twins that do not wait, as the snake's (snake_player_launch ...). */
WsStatus sea_player_launch(SeaPlayer *p, const PlayerSpec *spec, int timeout_ms, WsError *err);
WsStatus sea_player_new_game_async(SeaPlayer *p, const SeaGame *g, WsError *err);
EnginePoll sea_player_poll_ready(SeaPlayer *p, int wait_ms, WsError *err);
bool sea_player_ready(const SeaPlayer *p);
void sea_player_deinit(SeaPlayer *p);

/* Before game g's first shot (g already reset with its seed). */
WsStatus sea_player_new_game(SeaPlayer *p, const SeaGame *g, WsError *err);

WsStatus sea_player_request(SeaPlayer *p, const SeaGame *g, WsError *err);
EnginePoll sea_player_poll(SeaPlayer *p, int wait_ms, int *cell, WsError *err);

/* Request and wait, as snake_player_choose. */
EnginePoll sea_player_choose(SeaPlayer *p, const SeaGame *g, int *cell, WsError *err);

/* How long the last shot's decision took, in µs (as snake_player_decision_us). */
double sea_player_decision_us(const SeaPlayer *p);

/* The last shot's warning, as snake_player_warning. */
const char *sea_player_warning(const SeaPlayer *p);

/* What the last shot showed: the built-in hunter's counts (the SeaAi, NULL
 * for an engine), an engine's info (NULL otherwise). */
const SeaAi *sea_player_ai(const SeaPlayer *p);
const EngineInfo *sea_player_info(const SeaPlayer *p);

/* The hunter's name: the built-in's, or "engine:NAME". */
const char *sea_player_name(const SeaPlayer *p);

/* `end shots N` to an engine. */
void sea_player_end(SeaPlayer *p, const SeaGame *g);

#endif
