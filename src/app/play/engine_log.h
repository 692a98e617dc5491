/* engine_log.h - what an engine answered at each tick of one game, kept so
 * that a step back in the window shows the move, the time it took and its
 * `info` overlays without asking the engine again (docs/engines.md, "In the
 * window"). The snake and sea views both keep their engine's answers here.
 *
 * Each kept tick holds its answer (a snake move or a sea shot, as an int),
 * the answer's wait in ms and its info in engine_info_format's compact text.
 * The texts sit back to back in one buffer grown by doubling, so a game of
 * n ticks costs O(log n) allocations, not one per tick; the buffer has a
 * byte bound, past which later ticks keep their answer but not their info
 * (engine_log_full says so, for the HUD).
 *
 *     EngineLog log;
 *     engine_log_init(&log, w, h, ENGINE_LOG_BYTES, &err);
 *     engine_log_keep(&log, tick, move, ans.info, ms);    // on each answer
 *     const EngineInfo *said = engine_log_info(&log, t);   // at tick t
 *     engine_log_truncate(&log, t);                        // a branch at t
 *     engine_log_deinit(&log);
 */
#ifndef WS_ENGINE_LOG_H
#define WS_ENGINE_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine.h"
#include "ws_error.h"

enum { ENGINE_LOG_BYTES = 256 << 20 }; /* the info text a game may keep */

/* One tick's answer. */
typedef struct EngineLogTick {
    size_t at; /* its info: text[at .. at + len) */
    uint32_t len;
    uint32_t said_len; /* its stderr lines: text[at + len .. at + len + said_len) */
    float ms;          /* the answer's wait */
    int answer;    /* the move or shot */
    bool answered; /* false: nothing kept for this tick */
    bool has_info; /* false: its info was not kept (none said, or over the bound) */
} EngineLogTick;

typedef struct EngineLog {
    EngineLogTick *ticks; /* per tick, nticks of them (gaps: answered false) */
    long nticks, cap;
    char *text; /* the kept infos back to back */
    size_t used, text_cap, limit;
    bool full; /* limit reached: a later tick's info was not kept */
    char *fmt; /* engine_info_format_max bytes, to format into */
    size_t fmt_cap;
    EngineInfo shown; /* the last info engine_log_info parsed */
} EngineLog;

/* Sizes the log for a w x h board; limit: the bytes of info text kept. */
WsStatus engine_log_init(EngineLog *log, int w, int h, size_t limit, WsError *err);
void engine_log_deinit(EngineLog *log);

/* Keeps the answer for tick t (replacing what was kept there), with its
 * info (NULL: none) and the lines the engine wrote on stderr before it
 * (engine_said; NULL or 0 bytes: none). Out of memory or over the bound it
 * keeps less (the answer without its info and lines, or nothing), never
 * fails: the tick is then asked for again. */
void engine_log_keep(EngineLog *log, long t, int answer, const EngineInfo *info, double ms,
                     const char *said, size_t said_len);

/* Forgets tick t and every later one (a branch at t; 0: a new game). */
void engine_log_truncate(EngineLog *log, long t);

/* Whether tick t has a kept answer; fills answer and ms (either may be NULL). */
bool engine_log_answer(const EngineLog *log, long t, int *answer, double *ms);

/* The info kept for tick t, parsed into log->shown; NULL when none is kept.
 * Valid until the next call. */
const EngineInfo *engine_log_info(EngineLog *log, long t);

/* The stderr lines kept with tick t's answer (raw bytes, each line ended by
 * '\n'), *len bytes; NULL (and 0) when none. Valid until the next keep or
 * truncate. */
const char *engine_log_said(const EngineLog *log, long t, size_t *len);

/* The ticks 0 .. n-1 the log covers (later ticks have nothing kept). */
long engine_log_ticks(const EngineLog *log);

/* Whether the bound stopped an info from being kept. */
bool engine_log_full(const EngineLog *log);

#endif
