/* The game runner: a pool of threads over a window of result slots.
 *
 * Game k of the run (k = 0..count-1, index first + k * stride) lives in slot
 * k % nslots. A worker may claim game k only while k < taken + nslots, so it
 * never overwrites a slot take has not read yet; take waits for slot k to
 * hold game k. Everything shared is under one lock; play runs outside it. */
#define _POSIX_C_SOURCE 200809L
#include "runner.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "monoclock.h"
#include "report.h"

/* ======================================================================== */
/* Types                                                                     */
/* ======================================================================== */

typedef struct SlotHead {
    long k;    /* the game in the slot, valid once done */
    bool done; /* played and not yet taken */
    WsStatus status;
    WsError err;
} SlotHead;

typedef struct Pool {
    const Runner *r;
    int nslots;
    SlotHead *heads;
    unsigned char *results; /* nslots * result_size bytes */
    pthread_mutex_t lock;
    pthread_cond_t changed;
    long next;  /* the next game to hand out */
    long taken; /* games taken so far */
    long end;   /* hand out games below this: count, or less once the run stops */
} Pool;

typedef struct Thread {
    Pool *pool;
    void *worker;
    pthread_t id;
} Thread;

/* A progress bar on stderr, redrawn at most every 100 ms and at the end. */
typedef struct Progress {
    bool on;
    bool drawn; /* a bar is on the screen without its final newline */
    long total;
    uint64_t last_ns;
} Progress;

enum { PROGRESS_WIDTH = 30 };
static const uint64_t PROGRESS_EVERY_NS = 100000000u;

/* ======================================================================== */
/* Helpers                                                                   */
/* ======================================================================== */

static long game_index(const Runner *r, long k) { return r->games.first + k * r->games.stride; }

static void *slot_result(const Pool *p, long k) {
    return p->results + (size_t)(k % p->nslots) * p->r->result_size;
}

static void *worker_at(const Runner *r, int t) {
    return (unsigned char *)r->workers + (size_t)t * r->worker_size;
}

static void progress_show(Progress *pg, long done) {
    if (!pg->on)
        return;
    uint64_t now = monoclock_now_ns();
    if (now - pg->last_ns <= PROGRESS_EVERY_NS && done != pg->total)
        return;
    pg->last_ns = now;
    int filled = (int)(PROGRESS_WIDTH * done / pg->total);
    fprintf(stderr, "\r[%.*s%*s] %ld/%ld games", filled, "##############################",
            PROGRESS_WIDTH - filled, "", done, pg->total);
    pg->drawn = done != pg->total;
    if (!pg->drawn)
        fputc('\n', stderr);
    fflush(stderr);
}

/* Ends a bar that a failure cut short, so the error gets a line of its own. */
static void progress_end(const Progress *pg) {
    if (pg->drawn)
        fputc('\n', stderr);
}

/* ======================================================================== */
/* Playing                                                                   */
/* ======================================================================== */

static void *thread_main(void *arg) {
    Thread *t = arg;
    Pool *p = t->pool;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        while (p->next < p->end && p->next >= p->taken + p->nslots)
            pthread_cond_wait(&p->changed, &p->lock);
        long k = p->next < p->end ? p->next++ : -1;
        pthread_mutex_unlock(&p->lock);
        if (k < 0)
            return NULL;
        WsError err = {0};
        WsStatus st = p->r->play(t->worker, game_index(p->r, k), slot_result(p, k), &err);
        SlotHead *h = &p->heads[k % p->nslots];
        pthread_mutex_lock(&p->lock);
        h->k = k;
        h->status = st;
        h->err = err;
        h->done = true;
        pthread_cond_broadcast(&p->changed);
        pthread_mutex_unlock(&p->lock);
    }
}

/* Every game on the calling thread, with the first worker and one slot. */
static WsStatus run_inline(Pool *p, Progress *pg, WsError *err) {
    const Runner *r = p->r;
    for (long k = 0; k < r->games.count; k++) {
        long index = game_index(r, k);
        WsStatus st = r->play(worker_at(r, 0), index, p->results, err);
        if (st == WS_OK)
            st = r->take(r->take_ctx, index, p->results, err);
        if (st != WS_OK)
            return st;
        progress_show(pg, k + 1);
    }
    return WS_OK;
}

/* Takes the games in order while the threads play them; stops the threads
 * at the first failure. */
static WsStatus take_in_order(Pool *p, Progress *pg, WsError *err) {
    const Runner *r = p->r;
    WsStatus st = WS_OK;
    for (long k = 0; k < r->games.count && st == WS_OK; k++) {
        SlotHead *h = &p->heads[k % p->nslots];
        pthread_mutex_lock(&p->lock);
        while (!h->done || h->k != k)
            pthread_cond_wait(&p->changed, &p->lock);
        pthread_mutex_unlock(&p->lock);
        st = h->status;
        if (st != WS_OK) {
            if (err != NULL)
                *err = h->err;
        } else {
            st = r->take(r->take_ctx, game_index(r, k), slot_result(p, k), err);
        }
        pthread_mutex_lock(&p->lock);
        h->done = false;
        p->taken = k + 1;
        if (st != WS_OK)
            p->end = p->next; /* hand out nothing more; games in play finish */
        pthread_cond_broadcast(&p->changed);
        pthread_mutex_unlock(&p->lock);
        if (st == WS_OK)
            progress_show(pg, k + 1);
    }
    return st;
}

/* ======================================================================== */
/* Public functions                                                          */
/* ======================================================================== */

int runner_jobs(int jobs, long count) {
    if (jobs > count)
        jobs = (int)count;
    return jobs < 1 ? 1 : jobs;
}

WsStatus runner_run(const Runner *r, WsError *err) {
    if (r->games.count <= 0)
        return WS_OK;
    int jobs = runner_jobs(r->jobs, r->games.count);
    Pool p = {0};
    p.r = r;
    p.nslots = jobs * RUNNER_SLOTS_PER_JOB;
    p.end = r->games.count;
    p.heads = calloc((size_t)p.nslots, sizeof *p.heads);
    p.results = calloc((size_t)p.nslots, r->result_size > 0 ? r->result_size : 1);
    Thread *threads = calloc((size_t)jobs, sizeof *threads);
    Progress pg = {.on = r->progress && report_stderr_is_tty(), .total = r->games.count};
    WsStatus st = WS_OK;
    if (p.heads == NULL || p.results == NULL || threads == NULL) {
        st = ws_fail(err, WS_ERR_NOMEM, "out of memory for %d result slots", p.nslots);
    } else if (jobs == 1) {
        st = run_inline(&p, &pg, err);
    } else {
        pthread_mutex_init(&p.lock, NULL);
        pthread_cond_init(&p.changed, NULL);
        int started = 0;
        for (; started < jobs; started++) {
            threads[started] = (Thread){.pool = &p, .worker = worker_at(r, started)};
            if (pthread_create(&threads[started].id, NULL, thread_main, &threads[started]) != 0)
                break;
        }
        st = started > 0 ? take_in_order(&p, &pg, err) : run_inline(&p, &pg, err);
        for (int t = 0; t < started; t++)
            pthread_join(threads[t].id, NULL);
        pthread_cond_destroy(&p.changed);
        pthread_mutex_destroy(&p.lock);
    }
    progress_end(&pg);
    if (r->drop != NULL && p.results != NULL)
        for (int s = 0; s < p.nslots; s++)
            r->drop(p.results + (size_t)s * r->result_size);
    free(threads);
    free(p.results);
    free(p.heads);
    return st;
}
