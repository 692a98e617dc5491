/* The snake's history: recording, checkpoints, the AI's memory as diffs, seeking. */
#include "snake_history.h"

#include <assert.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "snake_bytes.h"
#include "ws_hash.h"
#include "ws_search.h"

/* ======================================================================== */
/* Types and constants                                                       */
/* ======================================================================== */

struct SnakeHistoryCheckpoint {
    long tick;   /* the checkpoint is the state S(tick, 0) */
    long toggle; /* toggles before it (those at ticks < tick) */
    long state;  /* its state index */
    size_t snap; /* offset of its encoded game in snaps */
    size_t key;  /* offset of the memory at its state in mem_keys, or NO_KEY_OFFSET */
    size_t key_len;
    size_t log; /* offset in mem_log of the record of the state after it */
};

/* A checkpoint whose memory is not known yet (a trace not scanned that far). */
#define NO_KEY_OFFSET SIZE_MAX

/* Checkpoints are as far apart as it takes their snapshots (about cells / 4
 * bytes each) to cost about a byte per tick, as the moves do: a seek then
 * replays at most `interval` moves, which on a 64x64 board (interval 1024)
 * takes tens of microseconds. */
enum { INTERVAL_MIN = 128, INTERVAL_MAX = 16384 };

/* Snapshot flags. */
enum { SNAP_WALLS = 1 };

/* Runs of equal bytes shorter than this do not split a diff run: a run costs
 * two varints. */
enum { DIFF_GAP = 4 };

/* ======================================================================== */
/* Buffers                                                                   */
/* ======================================================================== */

/* buf grown to hold `need` elements of `elem` bytes (doubling), or NULL with
 * buf still valid when memory runs out. */
static void *grow(void *buf, size_t *cap, size_t need, size_t elem) {
    if (need <= *cap)
        return buf;
    size_t n = *cap > 0 ? *cap : 64;
    while (n < need)
        n *= 2;
    void *p = realloc(buf, n * elem);
    if (p != NULL)
        *cap = n;
    return p;
}

#define GROW(h, field, capfield, need)                                                             \
    do {                                                                                           \
        void *grown_ = grow((h)->field, &(h)->capfield, (need), sizeof *(h)->field);               \
        if (grown_ == NULL)                                                                        \
            return false;                                                                          \
        (h)->field = grown_;                                                                       \
    } while (0)

/* GROW in a function that returns WsStatus. */
#define GROW_OR_NOMEM(h, field, capfield, need)                                                    \
    do {                                                                                           \
        void *grown_ = grow((h)->field, &(h)->capfield, (need), sizeof *(h)->field);               \
        if (grown_ == NULL)                                                                        \
            return nomem(err);                                                                     \
        (h)->field = grown_;                                                                       \
    } while (0)

static size_t cells_of(const SnakeHistory *h) { return (size_t)h->rules.w * (size_t)h->rules.h; }

/* The most bytes one encoded game takes (encode_game). */
static size_t snap_max(const SnakeHistory *h) {
    size_t cells = cells_of(h);
    return 8 * SNAKE_BYTES_VARINT_MAX + 4 * 8 + 2 + cells / 4 + 1 + (cells + 7) / 8;
}

/* The most bytes one memory record takes (encode_diff): its length, its run
 * count, and per run two varints and the bytes; runs are at least DIFF_GAP
 * bytes apart. */
static size_t record_max(const SnakeHistory *h) {
    return 3 * SNAKE_BYTES_VARINT_MAX + (h->mem_max / DIFF_GAP + 1) * 2 * SNAKE_BYTES_VARINT_MAX +
           h->mem_max;
}

/* ======================================================================== */
/* States                                                                    */
/* ======================================================================== */

/* Toggles at ticks < t (toggles are in tick order). */
static long toggles_before(const SnakeHistory *h, long t) {
    return ws_first_at_least(h->toggles, sizeof *h->toggles, offsetof(SnakeHistoryToggle, tick),
                             h->ntoggles, t);
}

/* Eats of moves at ticks < t. */
static long eats_before(const SnakeHistory *h, long t) {
    return ws_first_at_least(h->eats, sizeof *h->eats, offsetof(SnakeHistoryEat, tick), h->neats,
                             t);
}

/* The index of S(t, 0): one state per tick before it and per toggle before it. */
static long first_state(const SnakeHistory *h, long t) { return t + toggles_before(h, t); }

/* The index of the last state of tick t. */
static long last_state(const SnakeHistory *h, long t) { return t + toggles_before(h, t + 1); }

/* Every state so far. */
static long state_count(const SnakeHistory *h) { return h->ticks + h->ntoggles + 1; }

/* The last checkpoint whose tick is <= t (checkpoint 0 is at tick 0). */
static long checkpoint_at_or_before(const SnakeHistory *h, long t) {
    long after = ws_first_at_least(h->cps, sizeof *h->cps, offsetof(SnakeHistoryCheckpoint, tick),
                                   h->ncps, t + 1);
    return after > 0 ? after - 1 : 0;
}

/* The last checkpoint whose state index is <= state. */
static long checkpoint_at_or_before_state(const SnakeHistory *h, long state) {
    long after = ws_first_at_least(h->cps, sizeof *h->cps, offsetof(SnakeHistoryCheckpoint, state),
                                   h->ncps, state + 1);
    return after > 0 ? after - 1 : 0;
}

/* The checkpoint whose state index is `state`, or -1. */
static long checkpoint_of_state(const SnakeHistory *h, long state) {
    long i = ws_first_at_least(h->cps, sizeof *h->cps, offsetof(SnakeHistoryCheckpoint, state),
                               h->ncps, state);
    return i < h->ncps && h->cps[i].state == state ? i : -1;
}

SnakePolicy snake_history_policy_at(const SnakeHistory *h, long t) {
    long after = ws_first_at_least(h->changes, sizeof *h->changes,
                                   offsetof(SnakeHistoryPolicyChange, tick), h->nchanges, t + 1);
    return after > 0 ? h->changes[after - 1].policy : h->policy;
}

/* ======================================================================== */
/* Games: snapshots and fingerprints                                         */
/* ======================================================================== */

static bool same_board(const SnakeHistory *h, const SnakeGame *g) {
    return g->rules.w == h->rules.w && g->rules.h == h->rules.h &&
           g->rules.start_length == h->rules.start_length &&
           g->rules.strict_tail == h->rules.strict_tail && g->walls != NULL;
}

/* The body as its head and a 2-bit step per segment toward the tail; the
 * walls as a bitmap once any toggle was made. Returns the bytes written. */
static size_t encode_game(const SnakeHistory *h, const SnakeGame *g, bool walls, uint8_t *buf) {
    const Snake *s = &g->snake;
    uint8_t *p = buf;
    snake_bytes_put_varint(&p, (uint64_t)g->steps);
    snake_bytes_put_varint(&p, (uint64_t)g->since_eat);
    snake_bytes_put_varint(&p, (uint64_t)g->outcome);
    snake_bytes_put_varint(&p, (uint64_t)(g->food + 1));
    snake_bytes_put_varint(&p, (uint64_t)s->len);
    snake_bytes_put(&p, g->place.state, 8);
    snake_bytes_put(&p, g->place.inc, 8);
    snake_bytes_put(&p, g->other.state, 8);
    snake_bytes_put(&p, g->other.inc, 8);
    snake_bytes_put_varint(&p, walls ? SNAP_WALLS : 0);
    snake_bytes_put_varint(&p, (uint64_t)snake_head(s));
    uint8_t bits = 0;
    int nbits = 0;
    for (int i = 1; i < s->len; i++) {
        Dir d = grid_dir_between(s->w, snake_at(s, i - 1), snake_at(s, i));
        bits |= (uint8_t)((unsigned)d << nbits);
        nbits += 2;
        if (nbits == 8) {
            *p++ = bits;
            bits = 0;
            nbits = 0;
        }
    }
    if (nbits > 0)
        *p++ = bits;
    if (walls) {
        size_t cells = cells_of(h);
        for (size_t c = 0; c < cells; c += 8) {
            uint8_t b = 0;
            for (size_t k = 0; k < 8 && c + k < cells; k++)
                b |= (uint8_t)((g->walls[c + k] != 0) << k);
            *p++ = b;
        }
    }
    (void)h;
    return (size_t)(p - buf);
}

/* Restores the game at checkpoint cp into g (same board). */
static void decode_game(const SnakeHistory *h, const SnakeHistoryCheckpoint *cp, SnakeGame *g) {
    SnakeBytesReader r = snake_bytes_reader(h->snaps + cp->snap, h->snaps_len - cp->snap);
    Snake *s = &g->snake;
    int cells = s->cap;
    g->seed = h->seed;
    g->steps = (long)snake_bytes_get_varint(&r);
    g->since_eat = (long)snake_bytes_get_varint(&r);
    g->outcome = (SnakeOutcome)snake_bytes_get_varint(&r);
    g->food = (int)snake_bytes_get_varint(&r) - 1;
    int len = (int)snake_bytes_get_varint(&r);
    g->place.state = snake_bytes_get(&r, 8);
    g->place.inc = snake_bytes_get(&r, 8);
    g->other.state = snake_bytes_get(&r, 8);
    g->other.inc = snake_bytes_get(&r, 8);
    unsigned flags = (unsigned)snake_bytes_get_varint(&r);
    int cell = (int)snake_bytes_get_varint(&r);
    memset(s->occ, 0, (size_t)cells);
    s->len = len;
    s->head = len - 1;
    unsigned bits = 0;
    for (int i = 0; i < len; i++) {
        if (i > 0) {
            if ((i - 1) % 4 == 0)
                bits = (unsigned)snake_bytes_get(&r, 1);
            cell = grid_neighbor(s->w, s->h, cell, (Dir)((bits >> (2 * ((i - 1) % 4))) & 3u));
        }
        s->ring[len - 1 - i] = cell;
        s->occ[cell] = 1;
    }
    int count = 0;
    if (flags & SNAP_WALLS) {
        for (int c = 0; c < cells; c += 8) {
            unsigned b = (unsigned)snake_bytes_get(&r, 1);
            for (int k = 0; k < 8 && c + k < cells; k++) {
                g->walls[c + k] = (uint8_t)((b >> k) & 1u);
                count += g->walls[c + k];
            }
        }
    } else {
        memcpy(g->walls, h->start_walls, (size_t)cells);
        count = h->start_wall_count;
    }
    g->wall_count = count;
    g->floor_cells = cells - count;
    assert(!r.bad); /* the history wrote it */
}

static SnakeHistoryFingerprint fingerprint(const SnakeGame *g) {
    SnakeHistoryFingerprint f;
    memset(&f, 0, sizeof f); /* padding too: fingerprints are compared with memcmp */
    const Snake *s = &g->snake;
    f.steps = g->steps;
    f.since_eat = g->since_eat;
    f.outcome = (int)g->outcome;
    f.len = s->len;
    f.head = s->len > 0 ? snake_head(s) : -1;
    f.tail = s->len > 0 ? snake_tail(s) : -1;
    f.food = g->food;
    f.wall_count = g->wall_count;
    f.place = g->place.state;
    f.other = g->other.state;
    return f;
}

static bool fingerprint_is(const SnakeHistoryFingerprint *f, const SnakeGame *g) {
    SnakeHistoryFingerprint now = fingerprint(g);
    return memcmp(f, &now, sizeof now) == 0;
}

/* ======================================================================== */
/* Memory records                                                            */
/* ======================================================================== */

/* Appends to `out` the diff that turns old (old_len bytes) into cur: cur's
 * length, the number of runs, then per run the bytes skipped since the last
 * run, its length and its bytes. Returns the bytes written. */
static size_t encode_diff(const uint8_t *old, size_t old_len, const uint8_t *cur, size_t cur_len,
                          uint8_t *out) {
    uint8_t *p = out;
    snake_bytes_put_varint(&p, cur_len);
    /* First pass counts the runs, the second writes them. */
    size_t runs = 0;
    for (int pass = 0; pass < 2; pass++) {
        size_t i = 0, last_end = 0;
        while (i < cur_len) {
            if (i < old_len && old[i] == cur[i]) {
                i++;
                continue;
            }
            size_t start = i, end = i;
            while (end < cur_len) {
                /* Extend over differing bytes and short equal gaps. */
                size_t gap = 0;
                while (end + gap < cur_len && end + gap < old_len &&
                       old[end + gap] == cur[end + gap] && gap < DIFF_GAP)
                    gap++;
                if (gap == DIFF_GAP || end + gap == cur_len)
                    break;
                end += gap + 1;
            }
            if (pass == 0) {
                runs++;
            } else {
                snake_bytes_put_varint(&p, start - last_end);
                snake_bytes_put_varint(&p, end - start);
                memcpy(p, cur + start, end - start);
                p += end - start;
            }
            last_end = end;
            i = end;
        }
        if (pass == 0)
            snake_bytes_put_varint(&p, runs);
    }
    return (size_t)(p - out);
}

/* Applies the record at mem_log[*off] to blob (*len bytes, mem_max room) and
 * moves *off past it. */
static void apply_record(const SnakeHistory *h, size_t *off, uint8_t *blob, size_t *len) {
    SnakeBytesReader r = snake_bytes_reader(h->mem_log + *off, h->mem_log_len - *off);
    size_t cur_len = (size_t)snake_bytes_get_varint(&r);
    size_t runs = (size_t)snake_bytes_get_varint(&r);
    size_t at = 0;
    for (size_t k = 0; k < runs && !r.bad; k++) {
        at += (size_t)snake_bytes_get_varint(&r);
        size_t n = (size_t)snake_bytes_get_varint(&r);
        assert(at + n <= h->mem_max && (size_t)(r.end - r.p) >= n);
        memcpy(blob + at, r.p, n);
        r.p += n;
        at += n;
    }
    assert(!r.bad && cur_len <= h->mem_max);
    *len = cur_len;
    *off = (size_t)(r.p - h->mem_log);
}

/* The memory at state s (< mem_states) into blob: the key of the last
 * checkpoint at or before s, then the records up to s. Returns the mem_log
 * offset of the record after s. */
static size_t memory_at(const SnakeHistory *h, long s, uint8_t *blob, size_t *len) {
    const SnakeHistoryCheckpoint *cp = &h->cps[checkpoint_at_or_before_state(h, s)];
    assert(cp->key != NO_KEY_OFFSET);
    memcpy(blob, h->mem_keys + cp->key, cp->key_len);
    *len = cp->key_len;
    size_t off = cp->log;
    for (long k = cp->state + 1; k <= s; k++)
        apply_record(h, &off, blob, len);
    return off;
}

/* Allocates the memory buffers for an AI whose memory takes up to max bytes. */
static bool memory_open(SnakeHistory *h, size_t max) {
    if (h->mem_max >= max && h->mem_last != NULL)
        return true;
    uint8_t *bufs[3] = {NULL, NULL, NULL};
    for (int i = 0; i < 3; i++) {
        bufs[i] = malloc(max);
        if (bufs[i] == NULL) {
            for (int k = 0; k < i; k++)
                free(bufs[k]);
            return false;
        }
    }
    free(h->mem_last);
    free(h->mem_now);
    free(h->mem_seek);
    h->mem_last = bufs[0];
    h->mem_now = bufs[1];
    h->mem_seek = bufs[2];
    h->mem_max = max;
    return true;
}

/* Whether ai keeps the memory that the history records for tick t (the
 * policy that played there, with some memory). */
static bool memory_of(const SnakeHistory *h, const SnakeAi *ai, long t) {
    return ai != NULL && ai->policy == snake_history_policy_at(h, t) &&
           snake_ai_memory_max(ai) > 0 && snake_ai_memory_max(ai) == h->mem_max;
}

/* Room for one more memory record and checkpoint key. */
static bool memory_reserve(SnakeHistory *h) {
    if (h->mem_max == 0)
        return true;
    GROW(h, mem_log, mem_log_cap, h->mem_log_len + record_max(h));
    GROW(h, mem_keys, mem_keys_cap, h->mem_keys_len + h->mem_max);
    return true;
}

static void memory_push(SnakeHistory *h, long state, size_t len);

/* Records ai's memory as that of state `state`, the next one without a record
 * (memory_reserve made room), at the last tick. A policy without memory gets
 * an empty record once records are kept (a policy with memory played in this
 * game). Nothing happens when the memory of an earlier state is missing or
 * ai cannot give it (NULL, or not the policy that plays). */
static void memory_record(SnakeHistory *h, long state, const SnakeAi *ai) {
    if (h->mem_max == 0 || h->mem_states != state || ai == NULL ||
        ai->policy != snake_history_policy_at(h, h->ticks))
        return;
    size_t max = snake_ai_memory_max(ai);
    if (max > 0 && max != h->mem_max)
        return;
    memory_push(h, state, max > 0 ? snake_ai_memory_save(ai, h->mem_now) : 0);
}

/* Appends the record of state `state` whose memory is the first len bytes of mem_now. */
static void memory_push(SnakeHistory *h, long state, size_t len) {
    assert(len <= h->mem_max && h->mem_states == state);
    uint8_t *out = h->mem_log + h->mem_log_len;
    h->mem_log_len += encode_diff(h->mem_last, h->mem_last_len, h->mem_now, len, out);
    uint8_t *swap = h->mem_last;
    h->mem_last = h->mem_now;
    h->mem_now = swap;
    h->mem_last_len = len;
    h->mem_states++;
    long c = checkpoint_of_state(h, state);
    if (c >= 0) {
        SnakeHistoryCheckpoint *cp = &h->cps[c];
        cp->key = h->mem_keys_len;
        cp->key_len = len;
        cp->log = h->mem_log_len;
        memcpy(h->mem_keys + h->mem_keys_len, h->mem_last, len);
        h->mem_keys_len += len;
    }
}

/* Forgets the memory of every state from `keep` on (keep <= mem_states). */
static void memory_truncate(SnakeHistory *h, long keep) {
    if (keep >= h->mem_states)
        return;
    if (keep <= 0) {
        h->mem_states = 0;
        h->mem_log_len = 0;
        h->mem_keys_len = 0;
        h->mem_last_len = 0;
        for (long c = 0; c < h->ncps; c++)
            h->cps[c].key = NO_KEY_OFFSET;
        return;
    }
    size_t len = 0;
    size_t off = memory_at(h, keep - 1, h->mem_last, &len);
    h->mem_last_len = len;
    h->mem_log_len = off;
    h->mem_states = keep;
    for (long c = 0; c < h->ncps; c++) {
        SnakeHistoryCheckpoint *cp = &h->cps[c];
        if (cp->state >= keep && cp->key != NO_KEY_OFFSET) {
            if (cp->key < h->mem_keys_len)
                h->mem_keys_len = cp->key;
            cp->key = NO_KEY_OFFSET;
        }
    }
}

/* ======================================================================== */
/* Lifecycle                                                                 */
/* ======================================================================== */

void snake_history_init(SnakeHistory *h) { memset(h, 0, sizeof *h); }

void snake_history_deinit(SnakeHistory *h) {
    free(h->start_walls);
    free(h->moves);
    free(h->toggles);
    free(h->eats);
    free(h->differs);
    free(h->changes);
    free(h->cps);
    free(h->snaps);
    free(h->mem_log);
    free(h->mem_keys);
    free(h->mem_last);
    free(h->mem_now);
    free(h->mem_seek);
    memset(h, 0, sizeof *h);
}

/* Appends a checkpoint of g at S(g->steps, 0) (room reserved by the caller). */
static void checkpoint_add(SnakeHistory *h, const SnakeGame *g) {
    SnakeHistoryCheckpoint *cp = &h->cps[h->ncps++];
    cp->tick = g->steps;
    cp->toggle = h->ntoggles;
    cp->state = state_count(h) - 1;
    cp->snap = h->snaps_len;
    cp->key = NO_KEY_OFFSET;
    cp->key_len = 0;
    cp->log = 0;
    h->snaps_len += encode_game(h, g, h->ntoggles > 0, h->snaps + h->snaps_len);
}

/* Room for one more checkpoint. */
static bool checkpoint_reserve(SnakeHistory *h) {
    GROW(h, cps, cps_cap, (size_t)h->ncps + 1);
    GROW(h, snaps, snaps_cap, h->snaps_len + snap_max(h));
    return true;
}

static WsStatus nomem(WsError *err) {
    return ws_fail(err, WS_ERR_NOMEM, "out of memory for the snake's history");
}

WsStatus snake_history_begin(SnakeHistory *h, const SnakeGame *g, SnakePolicy policy, long game,
                             const SnakeAi *ai, WsError *err) {
    if (g->steps != 0 || g->outcome != SNAKE_PLAYING)
        return ws_fail(err, WS_ERR_ARG, "a history starts at tick 0 of a game being played");
    size_t cells = (size_t)g->rules.w * (size_t)g->rules.h;
    if (!h->started || cells_of(h) != cells) {
        uint8_t *walls = realloc(h->start_walls, cells);
        if (walls == NULL)
            return nomem(err);
        h->start_walls = walls;
    }
    h->started = true;
    h->rules = g->rules;
    h->seed = g->seed;
    h->policy = policy;
    h->game = game;
    memcpy(h->start_walls, g->walls, cells);
    h->start_wall_count = g->wall_count;
    h->start_food = g->food;
    h->ticks = 0;
    h->outcome = SNAKE_PLAYING;
    h->length = g->snake.len;
    h->food = g->food;
    h->ntoggles = h->neats = h->ndiffers = h->nchanges = 0;
    h->checked = 0;
    long interval = (long)(cells / 4);
    h->interval = (int)(interval < INTERVAL_MIN   ? INTERVAL_MIN
                        : interval > INTERVAL_MAX ? INTERVAL_MAX
                                                  : interval);
    h->ncps = 0;
    h->snaps_len = 0;
    h->mem_states = 0;
    h->mem_log_len = h->mem_keys_len = h->mem_last_len = 0;
    h->cursor_valid = false;
    h->scan_valid = false;
    size_t max = ai != NULL && ai->policy == policy ? snake_ai_memory_max(ai) : 0;
    if (max > 0 && !memory_open(h, max))
        return nomem(err);
    if (max == 0)
        h->mem_max = 0;
    if (!checkpoint_reserve(h) || !memory_reserve(h))
        return nomem(err);
    checkpoint_add(h, g);
    memory_record(h, 0, ai);
    return WS_OK;
}

/* ======================================================================== */
/* Recording                                                                 */
/* ======================================================================== */

/* Marks tick t (the next unchecked one) as differing from the policy's choice. */
static void differs_add(SnakeHistory *h, long t) {
    if (h->ndiffers > 0 && h->differs[h->ndiffers - 1].to == t) {
        h->differs[h->ndiffers - 1].to = t + 1;
        return;
    }
    h->differs[h->ndiffers].from = t;
    h->differs[h->ndiffers].to = t + 1;
    h->ndiffers++;
}

/* Forgets the choices of ticks t and later. */
static void differs_truncate(SnakeHistory *h, long t) {
    while (h->ndiffers > 0 && h->differs[h->ndiffers - 1].from >= t)
        h->ndiffers--;
    if (h->ndiffers > 0 && h->differs[h->ndiffers - 1].to > t)
        h->differs[h->ndiffers - 1].to = t;
    if (h->checked > t)
        h->checked = t;
}

static bool differs_reserve(SnakeHistory *h) {
    GROW(h, differs, differs_cap, (size_t)h->ndiffers + 1);
    return true;
}

static bool play_reserve(SnakeHistory *h) {
    GROW(h, moves, moves_cap, (size_t)h->ticks + 1);
    GROW(h, eats, eats_cap, (size_t)h->neats + 1);
    GROW(h, differs, differs_cap, (size_t)h->ndiffers + 1);
    return checkpoint_reserve(h) && memory_reserve(h);
}

static bool toggle_reserve(SnakeHistory *h) {
    GROW(h, toggles, toggles_cap, (size_t)h->ntoggles + 1);
    return memory_reserve(h);
}

/* Common checks of play and toggle: g is the game at the history's last tick. */
static WsStatus check_live(const SnakeHistory *h, const SnakeGame *g, WsError *err) {
    if (!h->started || !same_board(h, g) || g->steps != h->ticks)
        return ws_fail(err, WS_ERR_ARG, "the game is not at the last tick of its history");
    if (g->outcome != SNAKE_PLAYING || h->outcome != SNAKE_PLAYING)
        return ws_fail(err, WS_ERR_ARG, "the game is over (%s at tick %ld)",
                       snake_outcome_name(g->outcome), g->steps);
    return WS_OK;
}

WsStatus snake_history_play(SnakeHistory *h, SnakeGame *g, const SnakeAi *ai, Dir move, Dir choice,
                            WsError *err) {
    WsStatus st = check_live(h, g, err);
    if (st != WS_OK)
        return st;
    if (!snake_game_has_move(g)) {
        /* A wall toggled at this tick shut the last way out: the game ends
         * dead here, without a move (snake_game_tick with no legal move). */
        snake_game_tick(g, DIR_NONE);
        h->outcome = g->outcome;
        return WS_OK;
    }
    if (!snake_game_is_legal(g, move))
        return ws_fail(err, WS_ERR_ARG, "illegal move %c at tick %ld", dir_to_char(move), h->ticks);
    if (!play_reserve(h))
        return nomem(err);
    int len = g->snake.len;
    long t = h->ticks;
    snake_game_tick(g, move);
    h->moves[t] = (uint8_t)move;
    if (choice != DIR_NONE && h->checked == t) {
        if (choice != move)
            differs_add(h, t);
        h->checked = t + 1;
    }
    h->ticks = t + 1;
    if (g->snake.len > len) {
        h->eats[h->neats].tick = t;
        h->eats[h->neats].food = g->food;
        h->neats++;
    }
    h->outcome = g->outcome;
    h->length = g->snake.len;
    h->food = g->food;
    if (h->ticks % h->interval == 0)
        checkpoint_add(h, g);
    memory_record(h, state_count(h) - 1, ai);
    return WS_OK;
}

WsStatus snake_history_crash(SnakeHistory *h, SnakeGame *g, WsError *err) {
    WsStatus st = check_live(h, g, err);
    if (st != WS_OK)
        return st;
    /* Any illegal move leaves the game as DIR_NONE does: dead, nothing moved.
     * The seek replays the end that way (walk_to), whatever ended it. */
    snake_game_tick(g, DIR_NONE);
    h->outcome = g->outcome;
    return WS_OK;
}

WsStatus snake_history_forfeit(SnakeHistory *h, SnakeGame *g, WsError *err) {
    WsStatus st = check_live(h, g, err);
    if (st != WS_OK)
        return st;
    snake_game_forfeit(g);
    h->outcome = g->outcome;
    return WS_OK;
}

WsStatus snake_history_toggle(SnakeHistory *h, SnakeGame *g, const SnakeAi *ai, int cell,
                              WsError *err) {
    WsStatus st = check_live(h, g, err);
    if (st != WS_OK)
        return st;
    if (!toggle_reserve(h))
        return nomem(err);
    int w = h->rules.w;
    if (cell < 0 || cell >= g->snake.cap)
        return ws_fail(err, WS_ERR_ARG, "cell %d is outside the %dx%d board", cell, w, h->rules.h);
    if (!snake_game_toggle_wall(g, cell)) {
        const char *why = snake_occupies(&g->snake, cell) ? "the snake is there"
                          : cell == g->food               ? "the food is there"
                                            : "a wall there would leave no room to start a game";
        return ws_fail(err, WS_ERR_ARG, "no wall toggle at (%d, %d): %s", cell % w, cell / w, why);
    }
    h->toggles[h->ntoggles].tick = h->ticks;
    h->toggles[h->ntoggles].cell = cell;
    h->ntoggles++;
    memory_record(h, state_count(h) - 1, ai);
    return WS_OK;
}

WsStatus snake_history_switch(SnakeHistory *h, const SnakeGame *g, SnakePolicy policy,
                              const SnakeAi *ai, WsError *err) {
    WsStatus st = check_live(h, g, err);
    if (st != WS_OK)
        return st;
    long t = h->ticks;
    if (snake_history_policy_at(h, t) == policy)
        return WS_OK;
    if (ai != NULL && ai->policy != policy)
        ai = NULL; /* not the player: its memory is not the one to keep */
    size_t max = ai != NULL ? snake_ai_memory_max(ai) : 0;
    if (max > 0 && h->mem_max > 0 && max != h->mem_max)
        return ws_fail(err, WS_ERR_ARG, "the %s AI's memory does not fit this history",
                       snake_policy_name(policy));
    GROW_OR_NOMEM(h, changes, changes_cap, (size_t)h->nchanges + 1);
    long last = state_count(h) - 1;
    /* A policy with memory starts the records: the states before it were
     * played without memory (else records would be kept already). */
    bool opened = max > 0 && h->mem_max == 0;
    if (opened) {
        if (!memory_open(h, max))
            return nomem(err);
        h->mem_states = 0;
        h->mem_log_len = h->mem_keys_len = h->mem_last_len = 0;
        for (long c = 0; c < h->ncps; c++)
            h->cps[c].key = NO_KEY_OFFSET;
        for (long k = 0; k < last; k++) {
            if (!memory_reserve(h)) {
                h->mem_max = 0; /* no records after all: as before the switch */
                return nomem(err);
            }
            memory_push(h, k, 0);
        }
    }
    if (!memory_reserve(h))
        return nomem(err);
    if (h->nchanges > 0 && h->changes[h->nchanges - 1].tick == t)
        h->nchanges--; /* a second change at t replaces the first */
    if (snake_history_policy_at(h, t) != policy) {
        h->changes[h->nchanges].tick = t;
        h->changes[h->nchanges].policy = policy;
        h->nchanges++;
    }
    /* T's last state is decided by the new policy now: its memory is the new AI's. */
    if (h->mem_max > 0 && h->mem_states > last)
        memory_truncate(h, last);
    memory_record(h, last, ai);
    h->cursor_valid = false;
    return WS_OK;
}

WsStatus snake_history_truncate(SnakeHistory *h, long t, WsError *err) {
    if (!h->started || t < 0 || t > h->ticks)
        return ws_fail(err, WS_ERR_ARG, "tick %ld is outside the history (0..%ld)", t, h->ticks);
    long last = last_state(h, t);
    if (h->mem_max > 0 && last >= h->mem_states)
        return ws_fail(err, WS_ERR_ARG,
                       "the AI's memory at tick %ld is not known yet (scan the history first)", t);
    if (t == h->ticks)
        return WS_OK; /* nothing comes after the last tick */
    h->ntoggles = toggles_before(h, t + 1);
    while (h->nchanges > 0 && h->changes[h->nchanges - 1].tick > t)
        h->nchanges--;            /* a change at t stays: it plays t's last state */
    h->neats = eats_before(h, t); /* the eats of moves before t stay */
    differs_truncate(h, t);
    long keep = checkpoint_at_or_before(h, t) + 1;
    if (keep < h->ncps)
        h->snaps_len = h->cps[keep].snap;
    h->ncps = keep;
    memory_truncate(h, last + 1);
    h->mem_keys_len = 0;
    for (long c = 0; c < h->ncps; c++)
        if (h->cps[c].key != NO_KEY_OFFSET)
            h->mem_keys_len = h->cps[c].key + h->cps[c].key_len;
    h->ticks = t;
    h->outcome = SNAKE_PLAYING;
    h->length = h->rules.start_length + (int)h->neats;
    h->food = h->neats > 0 ? h->eats[h->neats - 1].food : h->start_food;
    h->cursor_valid = false;
    h->scan_valid = false;
    return WS_OK;
}

/* ======================================================================== */
/* Seeking and scanning                                                      */
/* ======================================================================== */

/* A replay in progress: where the game is, and the memory when it is followed. */
typedef struct Walk {
    long tick;   /* the game is at a state of this tick */
    long toggle; /* the next toggle to apply */
    long state;  /* the state index */
    bool mem;    /* blob follows the memory records */
    size_t log;  /* the next record */
    size_t mem_len;
} Walk;

static Walk walk_from_checkpoint(const SnakeHistory *h, long c, SnakeGame *g, bool mem,
                                 uint8_t *blob) {
    const SnakeHistoryCheckpoint *cp = &h->cps[c];
    decode_game(h, cp, g);
    Walk w = {cp->tick, cp->toggle, cp->state, mem, cp->log, 0};
    if (mem) {
        assert(cp->key != NO_KEY_OFFSET);
        memcpy(blob, h->mem_keys + cp->key, cp->key_len);
        w.mem_len = cp->key_len;
    }
    return w;
}

/* Replays the recorded toggles and moves from w to S(t, 0) (first_only) or
 * to the last state of t, following the memory records into blob if w->mem. */
static void walk_to(const SnakeHistory *h, SnakeGame *g, Walk *w, long t, bool first_only,
                    uint8_t *blob) {
    for (;;) {
        if (w->tick == t && first_only)
            return;
        while (w->toggle < h->ntoggles && h->toggles[w->toggle].tick == w->tick) {
            bool ok = snake_game_toggle_wall(g, h->toggles[w->toggle].cell);
            assert(ok); /* it was legal when recorded, and the game is the same */
            (void)ok;
            w->toggle++;
            w->state++;
            if (w->mem)
                apply_record(h, &w->log, blob, &w->mem_len);
        }
        if (w->tick == t) {
            if (t == h->ticks && h->outcome == SNAKE_DEAD && g->outcome == SNAKE_PLAYING)
                snake_game_tick(g, DIR_NONE); /* trapped by a toggle, or a crash */
            else if (t == h->ticks && h->outcome == SNAKE_FORFEIT)
                snake_game_forfeit(g); /* the player gave up there */
            return;
        }
        snake_game_tick(g, (Dir)h->moves[w->tick]);
        w->tick++;
        w->state++;
        if (w->mem)
            apply_record(h, &w->log, blob, &w->mem_len);
    }
}

bool snake_history_is_exact(const SnakeHistory *h, long t, const SnakeAi *ai) {
    if (ai == NULL)
        return true;
    if (ai->policy != snake_history_policy_at(h, t))
        return false;
    return snake_ai_memory_max(ai) == 0 ||
           (memory_of(h, ai, t) && last_state(h, t) < h->mem_states);
}

WsStatus snake_history_seek(SnakeHistory *h, long t, SnakeGame *g, SnakeAi *ai, bool *exact,
                            WsError *err) {
    if (!h->started || t < 0 || t > h->ticks)
        return ws_fail(err, WS_ERR_ARG, "tick %ld is outside the history (0..%ld)", t,
                       h->started ? h->ticks : -1L);
    if (!same_board(h, g))
        return ws_fail(err, WS_ERR_ARG, "the game is not on the history's %dx%d board", h->rules.w,
                       h->rules.h);
    long target = last_state(h, t);
    bool mem = memory_of(h, ai, t) && target < h->mem_states;
    long c = checkpoint_at_or_before(h, t);
    Walk w;
    if (h->cursor_valid && h->cursor_tick <= t && h->cursor_tick >= h->cps[c].tick &&
        (!mem || h->cursor_mem) && fingerprint_is(&h->cursor_print, g)) {
        /* Going on from the last seek is no longer than from the checkpoint. */
        w = (Walk){h->cursor_tick, h->cursor_toggle, h->cursor_state, mem,
                   h->cursor_log,  h->cursor_mem_len};
    } else {
        w = walk_from_checkpoint(h, c, g, mem, h->mem_seek);
    }
    walk_to(h, g, &w, t, false, h->mem_seek);
    if (ai != NULL) {
        WsStatus st = mem ? snake_ai_memory_load(ai, h->mem_seek, w.mem_len, err)
                          : snake_ai_memory_load(ai, NULL, 0, err);
        if (st != WS_OK)
            return st;
        if (g->outcome == SNAKE_PLAYING)
            snake_ai_choose(ai, g);
    }
    h->cursor_valid = true;
    h->cursor_tick = w.tick;
    h->cursor_toggle = w.toggle;
    h->cursor_state = w.state;
    h->cursor_log = w.log;
    h->cursor_mem = mem;
    h->cursor_mem_len = w.mem_len;
    h->cursor_print = fingerprint(g);
    if (exact != NULL)
        *exact = snake_history_is_exact(h, t, ai);
    return WS_OK;
}

/* The tick whose states include state s. */
static long tick_of_state(const SnakeHistory *h, long s) {
    long lo = 0, hi = h->ticks; /* the last t with first_state(t) <= s */
    while (lo < hi) {
        long mid = lo + (hi - lo + 1) / 2;
        if (first_state(h, mid) <= s)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* Records ai's memory for the next state (making room first). */
static bool scan_record(SnakeHistory *h, long state, const SnakeAi *ai) {
    if (!memory_reserve(h))
        return false;
    memory_record(h, state, ai);
    return true;
}

WsStatus snake_history_scan(SnakeHistory *h, SnakeGame *g, SnakeAi *ai, long max_ticks, bool *done,
                            WsError *err) {
    return snake_history_scan_slice(h, g, ai, max_ticks, 0, done, err);
}

WsStatus snake_history_scan_slice(SnakeHistory *h, SnakeGame *g, SnakeAi *ai, long max_ticks,
                                  long units, bool *done, WsError *err) {
    *done = false;
    if (!h->started)
        return ws_fail(err, WS_ERR_ARG, "the history is empty");
    if (h->nchanges > 0) /* its choices are one policy's: a trace's */
        return ws_fail(err, WS_ERR_ARG, "a history whose policy changed is not scanned");
    if (!same_board(h, g) || ai->w != h->rules.w || ai->h != h->rules.h)
        return ws_fail(err, WS_ERR_ARG, "the game or the AI is not on the history's %dx%d board",
                       h->rules.w, h->rules.h);
    size_t max = ai->policy == h->policy ? snake_ai_memory_max(ai) : 0;
    bool track = max > 0;
    if (track && h->mem_max != max) {
        if (!memory_open(h, max))
            return nomem(err);
        memory_truncate(h, 0);
        h->cursor_valid = false;
    }
    long total = state_count(h);
    long from = h->checked;
    if (track && h->mem_states < total) {
        long known = h->mem_states == 0 ? 0 : tick_of_state(h, h->mem_states - 1);
        if (known < from)
            from = known;
    }
    if (from == h->ticks && h->checked == h->ticks && (!track || h->mem_states == total)) {
        *done = true;
        return WS_OK;
    }
    /* Everything from S(from, 0) on is worked out again. */
    differs_truncate(h, from);
    if (track && h->mem_states > 0)
        memory_truncate(h, first_state(h, from) + 1);
    if (!(h->scan_valid && h->scan_tick == from && fingerprint_is(&h->scan_print, g))) {
        Walk w = walk_from_checkpoint(h, checkpoint_at_or_before(h, from), g, false, NULL);
        walk_to(h, g, &w, from, true, NULL);
    }
    h->scan_valid = false;
    long state = first_state(h, from), toggle = toggles_before(h, from), tick = from;
    if (track && h->mem_states > 0) {
        WsStatus st = snake_ai_memory_load(ai, h->mem_last, h->mem_last_len, err);
        if (st != WS_OK)
            return st;
    } else {
        snake_ai_memory_load(ai, NULL, 0, NULL);
        if (track && !scan_record(h, state, ai)) /* the first state: a new game's memory */
            return nomem(err);
    }
    for (long n = 0; tick <= h->ticks && n < max_ticks; n++) {
        if (g->outcome != SNAKE_PLAYING)
            break; /* the end: no decision there */
        Dir choice = snake_ai_choose_slice(ai, g, units);
        if (ai->thinking) {
            /* Stopped in the play-outs: the next call starts at this tick
             * again, with the same game and memory, and the play-outs go
             * on where they stopped (they know their start). */
            h->scan_valid = true;
            h->scan_tick = tick;
            break;
        }
        for (; toggle < h->ntoggles && h->toggles[toggle].tick == tick; toggle++) {
            snake_game_toggle_wall(g, h->toggles[toggle].cell);
            state++;
            if (track && !scan_record(h, state, ai))
                return nomem(err);
            choice = snake_ai_choose(ai, g);
        }
        if (tick == h->ticks) {
            /* A game still being played: its last tick has no move yet, and g
             * is past S(tick, 0) if there were toggles. */
            h->scan_valid = false;
            break;
        }
        if (!differs_reserve(h))
            return nomem(err);
        if (choice != (Dir)h->moves[tick])
            differs_add(h, tick);
        h->checked = tick + 1;
        snake_game_tick(g, (Dir)h->moves[tick]);
        tick++;
        state++;
        if (track && !scan_record(h, state, ai))
            return nomem(err);
        h->scan_valid = true;
        h->scan_tick = tick;
    }
    if (h->scan_valid)
        h->scan_print = fingerprint(g);
    *done = h->checked == h->ticks && (!track || h->mem_states == state_count(h));
    return WS_OK;
}

WsStatus snake_history_check(SnakeHistory *h, long t, Dir choice, WsError *err) {
    if (t != h->checked || t >= h->ticks)
        return ws_fail(err, WS_ERR_ARG, "tick %ld: the next tick to check is %ld of %ld", t,
                       h->checked, h->ticks);
    if (!differs_reserve(h))
        return nomem(err);
    if (choice != (Dir)h->moves[t])
        differs_add(h, t);
    h->checked = t + 1;
    h->scan_valid = false; /* a scan of the policy starts over from what it knows */
    return WS_OK;
}

/* ======================================================================== */
/* Queries                                                                   */
/* ======================================================================== */

int snake_history_differs(const SnakeHistory *h, long t) {
    if (t < 0 || t >= h->checked)
        return -1;
    long i = ws_first_at_least(h->differs, sizeof *h->differs, offsetof(SnakeHistorySpan, to),
                               h->ndiffers, t + 1); /* the first span ending after t */
    return i < h->ndiffers && h->differs[i].from <= t ? 1 : 0;
}

bool snake_history_ate(const SnakeHistory *h, long t) {
    long i = eats_before(h, t);
    return i < h->neats && h->eats[i].tick == t;
}

size_t snake_history_bytes(const SnakeHistory *h) {
    size_t n = sizeof *h + (h->started ? cells_of(h) : 0);
    n += h->moves_cap * sizeof *h->moves + h->toggles_cap * sizeof *h->toggles;
    n += h->eats_cap * sizeof *h->eats + h->differs_cap * sizeof *h->differs;
    n += h->changes_cap * sizeof *h->changes;
    n += h->cps_cap * sizeof *h->cps + h->snaps_cap;
    n += h->mem_log_cap + h->mem_keys_cap + (h->mem_last != NULL ? 3 * h->mem_max : 0);
    return n;
}

uint64_t snake_history_hash_game(const SnakeGame *g) {
    const Snake *s = &g->snake;
    uint64_t hash = 0x5ea4e5ea4e5ea4e5ULL;
    uint64_t fields[] = {(uint64_t)g->rules.w,
                         (uint64_t)g->rules.h,
                         (uint64_t)g->rules.start_length,
                         (uint64_t)g->rules.strict_tail,
                         g->seed,
                         (uint64_t)g->steps,
                         (uint64_t)g->since_eat,
                         (uint64_t)g->outcome,
                         (uint64_t)(g->food + 1),
                         (uint64_t)s->len,
                         g->place.state,
                         g->place.inc,
                         g->other.state,
                         g->other.inc,
                         (uint64_t)g->wall_count,
                         (uint64_t)g->floor_cells};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        hash = ws_hash_mix(hash, fields[i]);
    for (int i = 0; i < s->len; i++)
        hash = ws_hash_mix(hash, (uint64_t)snake_at(s, i));
    return ws_hash_bytes(hash, g->walls, (size_t)s->cap);
}
