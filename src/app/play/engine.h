/* engine.h - the client of the engine protocol: any program plays instead of a built-in AI.
 *
 * An engine is a program that reads lines on its standard input and answers
 * on its standard output (docs/engines.md). This module starts one, talks
 * to it and stops it; the callers (headless runs, traces, the window, the
 * sea) decide what a fault means for the game. One Engine belongs to one
 * thread at a time (`--jobs N` starts one engine per worker).
 *
 * The protocol, as this client speaks it
 * --------------------------------------
 * Lines are ASCII words (bytes 0x21..0x7e) separated by single spaces, ended
 * by "\n", at most ENGINE_LINE_MAX (1 MiB) bytes before the "\n".
 * Coordinates are (x, y), 0-based, x the column; directions U R D L.
 *
 *   start      the program runs as `/bin/sh -c CMD` in the current directory,
 *              in its own process group, with its three pipes (stdin,
 *              stdout, stderr: its stderr lines are read as they come,
 *              engine_said) and no other descriptor (procguard.h).
 *   handshake  -> `wavesnake 1 snake` (or `wavesnake 1 sea`)
 *              <- `name WORDS` (optional, at most once), then `ready`,
 *              within ENGINE_READY_MS (10 s).
 *   snake      -> `game W H tail free|strict seed S`
 *                 `walls K x1 y1 ... xK yK`   only when the board has walls
 *              (this block before the first tick of a game, and again before
 *              a tick that does not follow the last one sent: a step back, a
 *              replay seek, engine_forget), then each tick:
 *              -> `tick T`                   T = the game's steps so far
 *                 `food X Y` | `food none`
 *                 `snake L x1 y1 ... xL yL`  head first
 *                 `wall X Y`                 each cell whose wall state changed
 *                                            since the engine last saw the board
 *                 `go`
 *              <- zero or more `info ...`, then `move D`
 *              -> at the end `end won|dead|stalled|forfeit length L steps N`
 *   sea        -> `game seed S` (before the first shot of a game or after a
 *              jump in time), then per shot `board R1 ... R10` (ten words of
 *              ten marks `. o x #`, row 0 first) and `go`
 *              <- zero or more `info ...`, then `shot X Y` at an unknown cell
 *              -> at the end `end shots N`
 *   info       `info path x1 y1 ...`  its planned path (at most W*H cells)
 *              `info cells x1 y1 ...` cells to highlight (at most W*H)
 *              `info wave V1 ... Vn`  exactly W*H integers, row-major, -1..2^31-1,
 *                                     -1 = no value
 *              `info text WORDS`      the reason line (cut to ENGINE_TEXT_MAX)
 *              `info OTHER ...`       ignored (a future kind)
 *              A later line of a kind replaces the earlier one of that answer.
 *   stop       -> `quit`, stdin closed; still running ENGINE_QUIT_MS (1 s)
 *              later: SIGKILL to the whole process group and to the leader
 *              itself (it may have left the group); not ended 1 s after
 *              that (a process stuck in the kernel), wavesnake says so and
 *              goes on. Processes the group started that escaped it are
 *              killed too (procguard_sweep).
 *
 * Answers in turn. A request's `go` is written only once the engine has
 * read every line before it (its pipe holds one page, so POLLOUT means
 * "all read"; an engine that resizes it finds it one page again). An
 * engine that handles one line at a time has by then
 * written everything it will write for its last `go`: any line still
 * there, or one that comes before `go` is sent, is out of turn. So a
 * second answer to one `go` is a fault at the next request on every run,
 * however late it was written, never a stale move taken for the next tick.
 * The price is one more wake-up of the engine per decision
 * (docs/engines.md, "Benchmark").
 *
 * Faults. Everything below ends the engine process (SIGKILL to its group)
 * and engine_poll reports it as ENGINE_FAULT with one line in err,
 * "engine 'NAME': what was wrong"; the caller adds the game and the tick, ends
 * the game `forfeit` and calls engine_restart before the next game:
 *  - it exited or was killed ("exited with status 3", "killed by signal 11
 *    (SEGV)"; an exit 0 after `end` adds that an engine plays on until
 *    `quit`), closed its output, or closed its input (a request it cannot
 *    read: it would answer blind);
 *  - a line that is not ASCII words separated by single spaces, longer than
 *    1 MiB, an unknown line (anything but `info` and the one answer: its
 *    line says where debug prints go, or, for `move`/`shot` in any case,
 *    which answer the game takes), a malformed answer (bad direction, a shot
 *    that is not two numbers, off the board or at a cell that is not
 *    unknown), or a line out of turn: "wrote "move R" before go" (above);
 *  - no complete answer within the timeout, counted from the request (a
 *    request the engine does not read in time counts against it too); the
 *    line quotes a last line cut before its "\n", or asks about flushing
 *    when not one byte came since the request.
 *
 * Warnings. An `info` line only annotates: a malformed one (two spaces, a
 * coordinate off the board, `info cells 1`, a wave of the wrong length) is
 * dropped, the answer stands, and EngineAnswer.warning says what was wrong
 * (the callers say it once: docs/engines.md).
 *
 * Never blocking. A request (engine_snake_request, engine_sea_request)
 * queues its lines and writes what the pipe takes at once; engine_poll
 * writes the rest and reads the answer, waiting at most wait_ms (0: just
 * look). The window polls with 0 each frame; a headless caller polls with
 * a long wait (the timeout bounds it). Only engine_start / engine_restart
 * (the handshake, up to 10 s) and engine_stop (1 s, at most 3 s for an
 * engine that fights back: above, "stop") block; the
 * window starts an engine with engine_launch / engine_relaunch, which
 * return once the process runs, and polls engine_poll_ready each frame.
 *
 * Signals. Writing to an engine that died never raises SIGPIPE in
 * wavesnake: the write blocks SIGPIPE in the calling thread and consumes the
 * one it caused. The first engine started arms procguard.h: a fatal signal
 * kills every engine's group and what escaped it, and an atexit hook does
 * the same for a program that exits without engine_stop.
 *
 * Memory. The line buffer (1 MiB + a margin) is allocated by engine_start;
 * the request buffer, the copy of the walls the engine saw and the
 * EngineInfo when the board size changes (the first tick on a board). No
 * tick allocates after that.
 */
#ifndef WS_ENGINE_H
#define WS_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dir.h"
#include "engine_info.h"
#include "sea.h"
#include "snake.h"
#include "ws_error.h"

enum {
    ENGINE_LINE_MAX = 1 << 20,     /* bytes of a line before its "\n" */
    ENGINE_TIMEOUT_DEFAULT = 2000, /* ms per answer (--engine-timeout) */
    ENGINE_READY_MS = 10000,       /* ms for the handshake */
    ENGINE_QUIT_MS = 1000,         /* ms an engine has to exit after `quit` */
    ENGINE_NAME_MAX = 63,          /* bytes of engine_name */
    ENGINE_WARNING_MAX = 160,      /* bytes of an answer's warning */
    ENGINE_SAID_MAX = 4096,        /* bytes of stderr lines kept per answer */
    ENGINE_SAID_LINE_MAX = 512,    /* bytes of one stderr line kept */
    ENGINE_MAX_LIVE = 1024         /* engines running at once (the signal table) */
};

typedef enum EngineKind { ENGINE_SNAKE, ENGINE_SEA } EngineKind;

/* What a poll gave: the one result of every layer that asks an engine (this
 * client, player.h's players, engine_session.h), so that no caller maps one
 * enum onto another. */
typedef enum EnginePoll {
    ENGINE_PENDING = 0, /* no complete answer yet: poll again */
    ENGINE_ANSWERED,    /* ans is filled; the engine waits for the next request (or: ready) */
    ENGINE_STALE,       /* engine_session.h: an answer for a state nobody waits for, dropped */
    ENGINE_FAULT        /* err says what; the engine process is gone */
} EnginePoll;

/* The answer of engine_poll. */
typedef struct EngineAnswer {
    Dir move;               /* snake: the move (never DIR_NONE) */
    int shot;               /* sea: the cell y * 10 + x, unknown on the board sent */
    uint64_t wait_ns;       /* the decision time: from the request's last byte written to the
                               answer line read (monoclock.h), the same headless and in the
                               window */
    const EngineInfo *info; /* the engine's info of this answer, valid until the next request */
    const char *warning;    /* its first malformed `info` line (what is wrong, the line
                               quoted), dropped; NULL when none. Valid as info. */
} EngineAnswer;

typedef struct Engine Engine;

/* Starts `/bin/sh -c cmd` and does the handshake (blocks up to 10 s).
 * timeout_ms (> 0) is the time each answer may take. WS_ERR_ARG with one
 * line naming the engine ("engine './my-ai': exited with status 127 before
 * ready") when it cannot be started or never says ready: the caller exits 2.
 * WS_ERR_NOMEM when the buffers cannot be had. */
WsStatus engine_start(Engine **out, const char *cmd, EngineKind kind, int timeout_ms, WsError *err);

/* The handshake without waiting, for the window (its frames never wait on
 * an engine): engine_launch spawns the program and sends the hello, then
 * engine_poll_ready reads its answer, waiting at most wait_ms (0: look):
 * ENGINE_PENDING while it has not said ready, ENGINE_ANSWERED once it has
 * (and for an engine already ready), ENGINE_FAULT with engine_start's line
 * ("engine 'NAME': no ready within 10 s", "...: exited with status 127 before
 * ready") when it failed: the process is gone, engine_relaunch tries again.
 * engine_relaunch is engine_restart without the wait (an engine still
 * running is stopped first, up to 1 s; a faulted one is already gone).
 * engine_launch's errors are those of spawning (WS_ERR_ARG, WS_ERR_NOMEM);
 * on failure *out is NULL. engine_start = engine_launch + the wait. */
WsStatus engine_launch(Engine **out, const char *cmd, EngineKind kind, int timeout_ms,
                       WsError *err);
WsStatus engine_relaunch(Engine *e, WsError *err);
EnginePoll engine_poll_ready(Engine *e, int wait_ms, WsError *err);

/* From now on a thread of the engine's own runs its polls: it sends what is
 * left of a request and reads the answer the moment the pipes allow, so
 * engine_poll / engine_poll_ready with wait 0 only pick the result up. For
 * callers that look once a frame (the window): the decision time is then
 * the same as a headless caller's, and no request waits for a frame.
 * WS_ERR_NOMEM when the thread cannot be had. engine_stop ends it. */
WsStatus engine_watch(Engine *e, WsError *err);

/* Whether the handshake is done and the engine runs (a request may be made). */
bool engine_ready(const Engine *e);

/* Stops a faulted or running engine (`quit`, 1 s, then SIGKILL to its group,
 * reaped) and starts the same command again, keeping every buffer. The game
 * state is forgotten: the next request sends a `game` block. Errors as
 * engine_start's. */
WsStatus engine_restart(Engine *e, WsError *err);

/* Writes `quit` and closes its input, without waiting: the first half of
 * engine_stop, whose second ends the grace second from here. A run that
 * stops many engines quits them all first, so that their seconds run at
 * once, not one after another. NULL is fine. */
void engine_quit(Engine *e);

/* Writes `quit` (unless engine_quit did), closes its input, waits up to 1 s
 * from the quit for it to exit, SIGKILLs
 * its process group and its leader, reaps it (waiting at most 1 s more),
 * kills what escaped the group, and frees everything. NULL is fine. */
void engine_stop(Engine *e);

/* Stops the process as engine_stop does (`quit` unless engine_quit sent
 * it, 1 s from the quit, SIGKILL) and keeps the Engine: what it wrote on
 * stderr after its last answer (at the last `end`, at `quit`) is then
 * engine_said, for its last words to be said. engine_stop still frees it. */
void engine_stop_keep(Engine *e);

/* The name for traces and messages: the engine's `name` words joined with
 * '_', else the command's first word as written (`examples/engines/cycle`,
 * `python3`). Printable ASCII without spaces, at most ENGINE_NAME_MAX bytes
 * (other bytes of the command are shown as '_'). */
const char *engine_name(const Engine *e);

/* What the engine wrote on its stderr (a pipe of wavesnake's) up to its
 * last answer or fault: whole lines, each ended by '\n', raw bytes (quote
 * them before showing them), at most ENGINE_SAID_MAX bytes: the last lines
 * written (a first line "..." says earlier ones were dropped; a line over
 * ENGINE_SAID_LINE_MAX ends in "..."). Lines written while no request was out come with the next
 * answer. Valid until the next request; "" when none. */
const char *engine_said(const Engine *e, size_t *len);

/* Prints each line engine_said holds through report_warn, as
 * "engine 'NAME' [WHERE]: LINE" (quoted): WHERE says which game and tick
 * (player_say_stderr) or "start". */
void engine_report_said(const Engine *e, const char *where);

/* The same, naming the engine `name` (a match's "csnake#2") instead of its own. */
void engine_report_said_as(const Engine *e, const char *name, const char *where);

/* The process group of a running engine (its leader's pid), 0 when stopped. For tests. */
long engine_pgid(const Engine *e);

/* Whether the engine is running (false after a fault, until engine_restart). */
bool engine_alive(const Engine *e);

/* ---- snake --------------------------------------------------------------- */

/* Sends the state of g before its next move (tick T = g->steps), preceded by
 * a `game` block when needed (above). The game must be playing. Never
 * blocks. WS_ERR_ARG when the engine is stopped or an answer is still
 * pending; WS_ERR_NOMEM when a new board size cannot get its buffers.
 * Problems of the engine itself (a dead pipe) show in engine_poll. */
WsStatus engine_snake_request(Engine *e, const SnakeGame *g, WsError *err);

/* Tells the engine the game ended: `end won|dead|stalled|forfeit length L
 * steps N` (forfeit when `forfeit`, else g's outcome). Best effort: nothing
 * is sent to a stopped engine, and the next request starts a `game` block. */
void engine_snake_end(Engine *e, const SnakeGame *g, bool forfeit);

/* ---- sea ----------------------------------------------------------------- */

/* Sends g's observed board before its next shot (preceded by `game seed S`
 * when g->shots is not the last request's + 1). As engine_snake_request. */
WsStatus engine_sea_request(Engine *e, const SeaGame *g, WsError *err);

/* `end shots N`; best effort, as engine_snake_end. */
void engine_sea_end(Engine *e, const SeaGame *g);

/* The next request, snake or sea, starts with a `game` block (after a jump
 * in time that keeps the tick numbers consecutive by chance, a restart, a
 * branch). */
void engine_forget(Engine *e);

/* ---- answers ------------------------------------------------------------- */

/* Writes what is left of the request, reads what the engine wrote, waiting
 * at most wait_ms (0: do not wait; the wait never passes the answer's
 * deadline; it ends at once, ENGINE_PENDING, once engine_interrupt was
 * called). ENGINE_ANSWERED fills ans; ENGINE_FAULT fills err and stops
 * the engine (engine_restart starts it again). Calling it with no request
 * pending returns ENGINE_FAULT with WS_ERR_ARG ("no request pending"). */
EnginePoll engine_poll(Engine *e, int wait_ms, EngineAnswer *ans, WsError *err);

/* ---- interrupting a headless run ---------------------------------------- */

/* A run that prints its results on Ctrl-C (`wavesnake match`, the headless
 * race: docs/match.md, "Stopping") must not wait for an engine that thinks
 * (up to --engine-timeout). engine_interrupt, which a signal handler may
 * call (it only sets a flag and writes to an eventfd), makes every
 * engine_poll waiting for an answer, in any thread, return ENGINE_PENDING
 * at once, and every later one without waiting, until engine_interrupt_reset.
 * The engine is left as it was, its request out: the caller gives its game
 * up and stops the engine (engine_stop: `quit`, 1 s, SIGKILL). A handshake
 * is not cut short (it is bounded by its 10 s). engine_interrupt_reset,
 * called by the run before it installs its handler, makes the eventfd the
 * first time (without one, a wait looks at the flag every 50 ms) and clears
 * the flag; engine_interrupted says whether it is set. */
void engine_interrupt_reset(void);
void engine_interrupt(void);
bool engine_interrupted(void);

#endif
