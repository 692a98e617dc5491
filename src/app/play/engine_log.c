/* What an engine answered at each tick of a game (engine_log.h). */
#include "engine_log.h"

#include <stdlib.h>
#include <string.h>

WsStatus engine_log_init(EngineLog *log, int w, int h, size_t limit, WsError *err) {
    *log = (EngineLog){.limit = limit};
    log->fmt_cap = engine_info_format_max(w, h);
    log->fmt = malloc(log->fmt_cap);
    if (log->fmt == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for an engine's info");
    WsStatus st = engine_info_init(&log->shown, w, h, err);
    if (st != WS_OK)
        engine_log_deinit(log);
    return st;
}

void engine_log_deinit(EngineLog *log) {
    engine_info_deinit(&log->shown);
    free(log->ticks);
    free(log->text);
    free(log->fmt);
    *log = (EngineLog){0};
}

/* Room for tick t (doubling); false when out of memory. */
static bool ticks_room(EngineLog *log, long t) {
    if (t < log->cap)
        return true;
    long cap = log->cap > 0 ? log->cap : 256;
    while (cap <= t)
        cap *= 2;
    EngineLogTick *n = realloc(log->ticks, (size_t)cap * sizeof *n);
    if (n == NULL)
        return false;
    memset(n + log->cap, 0, (size_t)(cap - log->cap) * sizeof *n);
    log->ticks = n;
    log->cap = cap;
    return true;
}

/* Room for n more bytes of text (doubling); false over the bound or when
 * out of memory. Allocated even for n = 0, so every kept info has a place. */
static bool text_room(EngineLog *log, size_t n) {
    if (log->used + n > log->limit)
        return false;
    if (log->text != NULL && log->used + n <= log->text_cap)
        return true;
    size_t cap = log->text_cap > 0 ? log->text_cap : 4096;
    while (cap < log->used + n)
        cap *= 2;
    char *nb = realloc(log->text, cap);
    if (nb == NULL)
        return false;
    log->text = nb;
    log->text_cap = cap;
    return true;
}

void engine_log_keep(EngineLog *log, long t, int answer, const EngineInfo *info, double ms,
                     const char *said, size_t said_len) {
    if (t < 0 || !ticks_room(log, t))
        return;
    /* A replaced tick's old text stays in the buffer until a truncation
     * below it: replacing happens once per branch, not per frame. */
    EngineLogTick *k = &log->ticks[t];
    *k = (EngineLogTick){.ms = (float)ms, .answer = answer, .answered = true};
    size_t n = info != NULL ? engine_info_format(info, log->fmt, log->fmt_cap) : 0;
    if (said == NULL)
        said_len = 0;
    if ((info != NULL || said_len > 0) && said_len <= UINT32_MAX) {
        /* Its info then its stderr lines, back to back. */
        if (text_room(log, n + said_len)) {
            memcpy(log->text + log->used, log->fmt, n);
            if (said_len > 0)
                memcpy(log->text + log->used + n, said, said_len);
            k->at = log->used;
            k->len = (uint32_t)n;
            k->said_len = (uint32_t)said_len;
            k->has_info = info != NULL;
            log->used += n + said_len;
        } else {
            log->full = true;
        }
    }
    if (log->nticks <= t)
        log->nticks = t + 1;
}

void engine_log_truncate(EngineLog *log, long t) {
    if (t < 0)
        t = 0;
    if (t >= log->nticks)
        return;
    memset(log->ticks + t, 0, (size_t)(log->nticks - t) * sizeof *log->ticks);
    log->nticks = t;
    /* The text the remaining ticks point at ends where the furthest does. */
    size_t end = 0;
    for (long i = 0; i < log->nticks; i++) {
        const EngineLogTick *k = &log->ticks[i];
        if (k->len + k->said_len > 0 && k->at + k->len + k->said_len > end)
            end = k->at + k->len + k->said_len;
    }
    log->used = end;
    if (t == 0)
        log->full = false;
}

bool engine_log_answer(const EngineLog *log, long t, int *answer, double *ms) {
    if (t < 0 || t >= log->nticks || !log->ticks[t].answered)
        return false;
    if (answer != NULL)
        *answer = log->ticks[t].answer;
    if (ms != NULL)
        *ms = log->ticks[t].ms;
    return true;
}

const EngineInfo *engine_log_info(EngineLog *log, long t) {
    if (t < 0 || t >= log->nticks || !log->ticks[t].has_info)
        return NULL;
    const EngineLogTick *k = &log->ticks[t];
    WsError err = {0};
    if (engine_info_parse(&log->shown, log->text + k->at, k->len, &err) != WS_OK)
        return NULL; /* (its own format: cannot happen) */
    return &log->shown;
}

const char *engine_log_said(const EngineLog *log, long t, size_t *len) {
    *len = 0;
    if (t < 0 || t >= log->nticks || log->ticks[t].said_len == 0)
        return NULL;
    const EngineLogTick *k = &log->ticks[t];
    *len = k->said_len;
    return log->text + k->at + k->len;
}

long engine_log_ticks(const EngineLog *log) { return log->nticks; }

bool engine_log_full(const EngineLog *log) { return log->full; }
