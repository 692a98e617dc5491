/* engine_session.h - one engine asked about the states of one game, for
 * callers that never wait on it: the window's views and its race.
 *
 * The window shows a game that an engine plays in another process, and the
 * game it shows changes under the engine's feet: a new game starts, the
 * user steps back in time, clicks a wall, takes the wheel. A session is the
 * one place that keeps track of what an answer on its way is for. Every
 * request is stamped with the game, the tick and the session's epoch; an
 * answer whose stamp is no longer wanted is dropped (ENGINE_STALE), one
 * that is wanted is kept in the session's log, so a step back shows what
 * the engine said at that tick without asking it again.
 *
 *     EngineSession s;
 *     engine_session_open(&s, &spec, ENGINE_SNAKE, w, h, timeout, &err); // waits for ready
 *     engine_session_new_game(&s, index);
 *     engine_session_ask_snake(&s, &game);          // after each tick
 *     switch (engine_session_poll(&s, 0, &reply)) { // every frame
 *     case ENGINE_ANSWERED: ... reply.stamp.tick, reply.answer, reply.info
 *     case ENGINE_FAULT:    ... s.fault, the game at s.fault_stamp.tick ends forfeit
 *     case ENGINE_STALE:    ... an answer nobody wants any more: ask again
 *     case ENGINE_PENDING:  ... nothing yet
 *     }
 *
 * The epoch. A request goes out for the game as it is; anything that makes
 * that game's ticks another story (a new game, a branch at a past tick, a
 * seek in a replay) moves the epoch on, which makes whatever is out stale
 * and sends the engine a fresh `game` block before the next request.
 *
 * Faults. Whatever goes wrong comes out of engine_session_poll as
 * ENGINE_FAULT with one line in s.fault ("engine 'NAME', game G tick T:
 * what was wrong"), written once to stderr: an engine that fails while
 * answering, one that cannot be started again, one whose request cannot
 * be written. The next ask after a fault starts the engine afresh (the
 * process spawned, its handshake polled without waiting) and sends it a
 * `game` block: a game forfeited at tick T can be played on from any
 * earlier tick.
 *
 * Warnings. An answer whose `info` line was malformed stands without that
 * line (engine.h, "Warnings"): s.warning says so with the game and the
 * tick, and the first one of a session goes to stderr.
 *
 * The engine's stderr. What it writes there comes as lines with each
 * answer (reply.said), is kept per tick with the answer for time travel
 * (engine_session_said_at), and up to a fault in s.fault_said.
 *
 * Decision time: reply.decision_us is the engine client's (engine.h: from
 * the request written to the answer read), the figure a headless run uses.
 *
 * Ownership: a session owns its engine process (stopped by
 * engine_session_close: `quit`, then its process group killed) and its log.
 * One thread. Nothing is allocated per tick but the log's growth by
 * doubling.
 */
#ifndef WS_ENGINE_SESSION_H
#define WS_ENGINE_SESSION_H

#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "engine_log.h"
#include "player.h"
#include "sea.h"
#include "snake.h"
#include "ws_error.h"

enum { ENGINE_FAULT_LINE_MAX = 400 };

/* What a request was for. */
typedef struct EngineStamp {
    long game;  /* the game's index in its run */
    long tick;  /* the state's tick: the snake's steps, the sea board's shots */
    long epoch; /* the session's epoch when asked */
} EngineStamp;

/* An answer that is wanted (ENGINE_ANSWERED). */
typedef struct EngineReply {
    EngineStamp stamp;
    int answer;             /* a Dir (snake) or a cell y * 10 + x (sea) */
    double decision_us;     /* from the request written to the answer read */
    const EngineInfo *info; /* what it said it thought; valid until the next ask */
    const char *warning;    /* a malformed info line it dropped (engine.h), NULL: none */
    const char *said;       /* the lines it wrote on stderr before it (engine_said) */
    size_t said_len;
} EngineReply;

typedef struct EngineSession {
    EngineKind kind;
    SnakePlayer snake;                 /* ENGINE_SNAKE: the engine's player (player.h) */
    SeaPlayer sea;                     /* ENGINE_SEA */
    char label[PLAYER_NAME_MAX + 1];   /* "engine:NAME" and its mark, for the HUD and faults */
    char mark[8];                      /* "#2" for a race's second engine of one name, or "" */
    long game;                         /* the game being asked about */
    long epoch;                        /* see above */
    long sent_epoch;                   /* the epoch of the last request the engine got */
    bool starting;                     /* a restart's handshake is out */
    bool asked;                        /* a request is out, for `out` */
    EngineStamp out;                   /* what the request out (or the start) is for */
    bool failed;                       /* a fault is waiting to be polled (start or request) */
    uint64_t asked_ns;                 /* monoclock: when the request out (or the start) was made */
    bool keep_log;                     /* keep every answer in `log` (true after open; a headless
                                          race, which never looks back, turns it off) */
    EngineLog log;                     /* this game's answers, by tick */
    char fault[ENGINE_FAULT_LINE_MAX]; /* the last fault line; "" since the game started */
    size_t fault_what;                 /* where in `fault` what was wrong starts (0: all of it) */
    EngineStamp fault_stamp;           /* where it happened */
    char fault_said[ENGINE_SAID_MAX + 1]; /* what it wrote on stderr up to the fault */
    size_t fault_said_len;
    char warning[ENGINE_FAULT_LINE_MAX]; /* the last warning line (a dropped info line) */
    long warnings;                       /* answers with a warning so far */
} EngineSession;

/* Starts the engine of spec (PLAYER_ENGINE) for a w x h board (the sea:
 * its 10 x 10) and waits for its handshake, as a headless run does: one line
 * and WS_ERR_ARG when it cannot be started or never says ready (the caller
 * exits 2); WS_ERR_NOMEM. On failure nothing is left to close. */
WsStatus engine_session_open(EngineSession *s, const PlayerSpec *spec, EngineKind kind,
                             const SnakeRules *rules, int timeout_ms, WsError *err);

/* Tells two engines of one name apart, as a match does: mark ("#2") follows
 * the engine's name in the label, now and after every restart, and in its
 * fault lines ("engine 'NAME#2', game G tick T: ..."). */
void engine_session_mark(EngineSession *s, const char *mark);

/* Stops the engine and frees the log. A zeroed session is fine. */
void engine_session_close(EngineSession *s);

/* Game `index` starts: its log is empty, the epoch moves on, the fault line
 * is cleared. The engine, if a fault stopped it, starts again at the next ask. */
void engine_session_new_game(EngineSession *s, long index);

/* The ticks from `tick` on are another story now (a wall clicked, a move
 * steered or played on from a past tick): their kept answers go and the
 * epoch moves on. */
void engine_session_branch(EngineSession *s, long tick);

/* The next request comes after a jump in time (a seek to a tick asked
 * about afresh): a `game` block first; what is out is stale. */
void engine_session_jump(EngineSession *s);

/* Asks for the move of g (playing), stamped (game, g->steps, epoch). Never
 * waits. Nothing is sent while a request or a handshake is out (the same
 * stamp: the answer is on its way; another: it will be stale, ask again
 * after it); a stopped engine is started first. Failures show in the next
 * poll. */
void engine_session_ask_snake(EngineSession *s, const SnakeGame *g);

/* Asks for the shot at g's observed board (tick g->shots), as above. */
void engine_session_ask_sea(EngineSession *s, const SeaGame *g);

/* Reads what came, waiting at most wait_ms (0: just look):
 *  ENGINE_ANSWERED  a wanted answer, in *reply, kept in the log at its tick;
 *  ENGINE_STALE     an answer (or a finished restart) nobody waits for:
 *                   nothing is out now, ask again if an answer is needed;
 *  ENGINE_FAULT     s->fault says what, s->fault_stamp where; said on stderr;
 *  ENGINE_PENDING   nothing yet (or nothing out). */
EnginePoll engine_session_poll(EngineSession *s, int wait_ms, EngineReply *reply);

/* Whether a request or a handshake is out (an ask now sends nothing). */
bool engine_session_busy(const EngineSession *s);

/* Whether the request out is for this state of the current epoch. */
bool engine_session_asked_for(const EngineSession *s, long tick);

/* Tells the engine the game ended (`end ...`), when nothing is out. */
void engine_session_end_snake(EngineSession *s, const SnakeGame *g);
void engine_session_end_sea(EngineSession *s, const SeaGame *g);

/* The answer kept at tick t of this game: its move or shot and its
 * decision time; false when none is kept. */
bool engine_session_kept(const EngineSession *s, long t, int *answer, double *decision_us);

/* The info kept at tick t (parsed into the log's scratch, valid until the
 * next call); NULL when none is kept. */
const EngineInfo *engine_session_info_at(EngineSession *s, long t);

/* The lines the engine wrote on stderr before its answer at tick t (raw
 * bytes, each ended by '\n'); NULL when none are kept. */
const char *engine_session_said_at(const EngineSession *s, long t, size_t *len);

/* The ticks 0 .. n-1 the log covers. */
long engine_session_kept_ticks(const EngineSession *s);

/* The milliseconds since the request out was made (0: nothing out), for
 * the HUD's "thinking ... 1.2 s". */
double engine_session_thinking_ms(const EngineSession *s, uint64_t now_ns);

#endif
