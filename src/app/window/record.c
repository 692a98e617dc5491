/* record.c - the GIF recorder (record.h): a render-thread side that hands out
 * pool slots, limits the rate and counts drops, and an encoder thread that
 * owns giflib, the palette, the colour lookup table and the diff buffers.
 */
#define _XOPEN_SOURCE 700 /* realpath, strdup, EIO */
#include "record.h"

#include <SDL.h>
#include <errno.h>
#include <gif_lib.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "stats.h"

/* ======================================================================== */
/* Types                                                                     */
/* ======================================================================== */

enum {
    LUT_SIZE = 1 << 24,  /* one entry per 24-bit colour */
    GCT_OFFSET = 13,     /* the global colour table follows "GIF89a" and the screen descriptor */
    GROW_MIN_DIST2 = 64, /* a later colour farther than 8 (RGB distance) gets its own entry */
};

struct Recorder {
    int w, h;
    size_t px_count;
    char *path;      /* as given (messages) */
    char *full_path; /* absolute (shown in the HUD) */
    FILE *file;      /* out.f: a temporary file renamed over path when complete */
    FileioOut out;
    GifFileType *gif;
    bool wait;
    uint32_t keep[RECORD_KEEP_MAX];
    int keep_count;

    SDL_Thread *thread;
    SDL_sem *space; /* with `wait`: posted once per frame done, and on failure */

    /* The queue: a single-producer single-consumer ring of atomics, with no
     * lock and no wake-up: the render thread makes no system call for the
     * recorder. (Waking the encoder let the scheduler switch to it at once on
     * a busy machine, stalling the window for a whole encode: 5-13 ms measured.)
     * The encoder looks at the queue every RECORD_POLL_MS instead.
     * `queued` and `done` only grow; frames done .. queued - 1 (mod
     * RECORD_QUEUE) wait for the encoder, which frees a slot only when it is
     * finished with it; slot `queued` belongs to the render thread between
     * record_frame_begin and record_frame_end. slot_ms[] travels with the
     * release store of `queued`. */
    uint32_t *pool;
    uint64_t slot_ms[RECORD_QUEUE];
    atomic_uint queued, done;
    atomic_bool closing;
    atomic_int failed; /* a WsStatus; fail_errno and fail_gif are set before it */
    int fail_errno;    /* the write's errno, or 0 */
    int fail_gif;      /* giflib's error code, or 0 */

    /* Render thread only. */
    uint64_t next_due_ms;
    bool filling;
    long dropped;

    /* Encoder thread only (read by record_close after the join). */
    uint32_t *rgb_prev; /* the last taken frame */
    uint8_t *canvas;    /* what a decoder shows before the pending frame */
    uint8_t *pend;      /* canvas with the pending frame applied */
    uint8_t *next;      /* the newest frame's indices (valid inside its changed rectangle) */
    uint8_t *line;      /* one row for EGifPutLine */
    uint8_t *lut;       /* 0xRRGGBB -> palette index + 1; 0 = not looked up yet */
    GifColorType palette[256];
    int colors;
    bool can_grow; /* the file seeks: entries added later are patched in at close */
    int grown;     /* entries added after the first frame */
    bool have_first, pend_first;
    RecordRect pend_rect;
    uint64_t t0_ms, last_ms, pend_ms;
    long written_cs;
    long written, taken, merged;
    long long bytes;
    int write_errno;
    LatencyHist *hist; /* encode times of the frames after the first */
    double first_ms, palette_ms;
};

/* ======================================================================== */
/* Pure helpers                                                              */
/* ======================================================================== */

static inline bool pixel_eq(const unsigned char *a, const unsigned char *b, int bpp) {
    if (bpp == 4) {
        uint32_t x, y;
        memcpy(&x, a, 4);
        memcpy(&y, b, 4);
        return x == y;
    }
    if (bpp == 1)
        return *a == *b;
    return memcmp(a, b, (size_t)bpp) == 0;
}

bool record_changed_rect(const void *before, const void *after, int w, int h, size_t pitch,
                         int bytes_per_px, RecordRect *out) {
    const unsigned char *a = before, *b = after;
    size_t bpp = (size_t)bytes_per_px;
    size_t row_bytes = (size_t)w * bpp;
    int top = -1, bottom = -1, left = w, right = -1;
    for (int y = 0; y < h; y++) {
        const unsigned char *ra = a + (size_t)y * pitch, *rb = b + (size_t)y * pitch;
        if (memcmp(ra, rb, row_bytes) == 0)
            continue;
        if (top < 0)
            top = y;
        bottom = y;
        /* Only the columns outside what is known to change need a look. */
        int x = 0;
        while (x < left && pixel_eq(ra + (size_t)x * bpp, rb + (size_t)x * bpp, bytes_per_px))
            x++;
        if (x < left)
            left = x;
        x = w - 1;
        while (x > right && pixel_eq(ra + (size_t)x * bpp, rb + (size_t)x * bpp, bytes_per_px))
            x--;
        if (x > right)
            right = x;
    }
    if (top < 0)
        return false;
    *out = (RecordRect){left, top, right - left + 1, bottom - top + 1};
    return true;
}

bool record_frame_is_due(uint64_t *next_due_ms, uint64_t t_ms, int interval_ms) {
    if (t_ms < *next_due_ms)
        return false;
    uint64_t next = *next_due_ms + (uint64_t)interval_ms;
    if (next <= t_ms)
        next = t_ms + (uint64_t)interval_ms;
    *next_due_ms = next;
    return true;
}

int record_delay_cs(uint64_t end_ms, long *written_cs) {
    long total = (long)((end_ms + 5) / 10);
    long d = total - *written_cs;
    /* Browsers show a delay under 2 cs as 10 cs: a short frame (the forced
     * last one, 16 ms after the one before) borrows from the next. */
    if (d < RECORD_MIN_DELAY_CS)
        d = RECORD_MIN_DELAY_CS;
    if (d > 65535)
        d = 65535;
    *written_cs += d;
    return (int)d;
}

/* ======================================================================== */
/* Errors                                                                    */
/* ======================================================================== */

static WsStatus fail_message(const Recorder *r, WsStatus st, int err_no, int gif_error,
                             WsError *err) {
    char name[WS_QUOTE_SIZE];
    ws_quote(name, sizeof name, r->path);
    if (st == WS_ERR_NOMEM)
        return ws_fail(err, st, "recording: cannot write '%s': out of memory", name);
    const char *why = err_no != 0 ? strerror(err_no) : GifErrorString(gif_error);
    return ws_fail(err, st, "recording: cannot write '%s': %s", name,
                   why != NULL ? why : "write error");
}

static WsStatus failed_status(Recorder *r) {
    return (WsStatus)atomic_load_explicit(&r->failed, memory_order_acquire);
}

/* Encoder thread: the first failure stops the recording; a render thread
 * waiting for a slot is woken up. */
static void set_failed(Recorder *r, WsStatus st, int gif_error) {
    if (failed_status(r) != WS_OK)
        return;
    r->fail_errno = r->write_errno;
    r->fail_gif = gif_error;
    atomic_store_explicit(&r->failed, (int)st, memory_order_release);
    if (r->wait)
        SDL_SemPost(r->space);
}

/* giflib's output: counts bytes and keeps the first write error's errno. */
static int gif_write(GifFileType *gif, const GifByteType *buf, int len) {
    Recorder *r = gif->UserData;
    if (len <= 0)
        return 0;
    errno = 0;
    size_t n = fwrite(buf, 1, (size_t)len, r->file);
    r->bytes += (long long)n;
    if (n < (size_t)len && r->write_errno == 0)
        r->write_errno = errno != 0 ? errno : EIO;
    return (int)n;
}

/* ======================================================================== */
/* Encoder: palette and colour mapping                                       */
/* ======================================================================== */

static bool color_eq(GifColorType a, GifColorType b) {
    return a.Red == b.Red && a.Green == b.Green && a.Blue == b.Blue;
}

static void palette_add(Recorder *r, GifColorType c) {
    for (int i = 0; i < r->colors; i++)
        if (color_eq(r->palette[i], c))
            return;
    if (r->colors < RECORD_TRANSPARENT)
        r->palette[r->colors++] = c;
}

/* Median cut over the first frame, every entry moved to the exact mean of its
 * pixels (giflib's entries are 5-bit box averages, a little dark), then the
 * caller's colours. Uses r->next as scratch for the quantiser's indices. */
static bool build_palette(Recorder *r, const uint32_t *px) {
    size_t n = r->px_count;
    uint8_t *planes = malloc(3 * n);
    if (planes == NULL)
        return false;
    uint8_t *red = planes, *green = planes + n, *blue = planes + 2 * n;
    for (size_t k = 0; k < n; k++) {
        red[k] = (uint8_t)(px[k] >> 16);
        green[k] = (uint8_t)(px[k] >> 8);
        blue[k] = (uint8_t)px[k];
    }
    int size = RECORD_TRANSPARENT - r->keep_count - (r->can_grow ? RECORD_RESERVE : 0);
    GifColorType cut[256];
    memset(cut, 0, sizeof cut);
    int rc =
        GifQuantizeBuffer((unsigned)r->w, (unsigned)r->h, &size, red, green, blue, r->next, cut);
    if (rc != GIF_OK) {
        free(planes);
        return false;
    }
    uint64_t sum[256][3];
    uint64_t count[256];
    memset(sum, 0, sizeof sum);
    memset(count, 0, sizeof count);
    for (size_t k = 0; k < n; k++) {
        uint8_t i = r->next[k];
        sum[i][0] += red[k];
        sum[i][1] += green[k];
        sum[i][2] += blue[k];
        count[i]++;
    }
    free(planes);
    r->colors = 0;
    for (int i = 0; i < size; i++) {
        if (count[i] == 0)
            continue;
        uint64_t c = count[i];
        GifColorType mean = {(GifByteType)((sum[i][0] + c / 2) / c),
                             (GifByteType)((sum[i][1] + c / 2) / c),
                             (GifByteType)((sum[i][2] + c / 2) / c)};
        palette_add(r, mean);
    }
    for (int i = 0; i < r->keep_count; i++) {
        uint32_t k = r->keep[i];
        palette_add(r,
                    (GifColorType){(GifByteType)(k >> 16), (GifByteType)(k >> 8), (GifByteType)k});
    }
    return true;
}

/* The palette entry nearest to 0xRRGGBB (squared RGB distance in *dist2;
 * the lowest index wins a tie). */
static int nearest(const Recorder *r, uint32_t c, int *dist2) {
    int cr = (int)(c >> 16 & 0xff), cg = (int)(c >> 8 & 0xff), cb = (int)(c & 0xff);
    int best = 0, best_d = INT_MAX;
    for (int i = 0; i < r->colors; i++) {
        int dr = r->palette[i].Red - cr, dg = r->palette[i].Green - cg,
            db = r->palette[i].Blue - cb;
        int d = dr * dr + dg * dg + db * db;
        if (d < best_d) {
            best_d = d;
            best = i;
        }
    }
    *dist2 = best_d;
    return best;
}

/* The palette index for 0xRRGGBB, looked up once per colour. After the first
 * frame a colour far from every entry takes a free entry of its own (colours
 * the first frame did not show: a longer wave ramp, a grown snake). Entries
 * never change once used, so earlier frames stay right. */
static uint8_t color_index(Recorder *r, uint32_t c) {
    uint8_t v = r->lut[c];
    if (v != 0)
        return (uint8_t)(v - 1);
    int d2 = 0;
    int i = nearest(r, c, &d2);
    if (r->have_first && r->can_grow && d2 > GROW_MIN_DIST2 && r->colors < RECORD_TRANSPARENT) {
        i = r->colors++;
        r->palette[i] =
            (GifColorType){(GifByteType)(c >> 16), (GifByteType)(c >> 8), (GifByteType)c};
        r->grown++;
    }
    r->lut[c] = (uint8_t)(i + 1);
    return (uint8_t)i;
}

/* Maps the pixels of rect in px to palette indices in dst (both w wide). */
static void map_rect(Recorder *r, const uint32_t *px, RecordRect rect, uint8_t *dst) {
    for (int y = rect.y; y < rect.y + rect.h; y++) {
        const uint32_t *s = px + (size_t)y * (size_t)r->w + rect.x;
        uint8_t *d = dst + (size_t)y * (size_t)r->w + rect.x;
        for (int x = 0; x < rect.w; x++)
            d[x] = color_index(r, s[x] & 0xffffffu);
    }
}

static void copy_rect(uint8_t *dst, const uint8_t *src, RecordRect rect, int w) {
    for (int y = rect.y; y < rect.y + rect.h; y++) {
        size_t off = (size_t)y * (size_t)w + (size_t)rect.x;
        memcpy(dst + off, src + off, (size_t)rect.w);
    }
}

/* ======================================================================== */
/* Encoder: writing                                                          */
/* ======================================================================== */

static bool write_header(Recorder *r) {
    ColorMapObject *cmap = GifMakeMapObject(256, r->palette);
    if (cmap == NULL) {
        set_failed(r, WS_ERR_NOMEM, 0);
        return false;
    }
    /* Streaming output: giflib cannot see the extensions to come, so say GIF89a. */
    EGifSetGifVersion(r->gif, true);
    int rc = EGifPutScreenDesc(r->gif, r->w, r->h, 8, 0, cmap);
    GifFreeMapObject(cmap);
    /* Loop forever: the application extension NETSCAPE2.0, sub-block {1, count 0}. */
    static const GifByteType LOOP[3] = {1, 0, 0};
    if (rc == GIF_OK)
        rc = EGifPutExtensionLeader(r->gif, APPLICATION_EXT_FUNC_CODE);
    if (rc == GIF_OK)
        rc = EGifPutExtensionBlock(r->gif, 11, "NETSCAPE2.0");
    if (rc == GIF_OK)
        rc = EGifPutExtensionBlock(r->gif, 3, LOOP);
    if (rc == GIF_OK)
        rc = EGifPutExtensionTrailer(r->gif);
    if (rc != GIF_OK) {
        set_failed(r, WS_ERR_IO, r->gif->Error);
        return false;
    }
    return true;
}

/* Writes the pending frame, shown until end_ms: its rectangle, with pixels the
 * canvas already shows as transparent (except in the first frame), never
 * disposed. Then the canvas shows it. */
static bool write_pending(Recorder *r, uint64_t end_ms) {
    RecordRect pr = r->pend_rect;
    GraphicsControlBlock gcb = {
        .DisposalMode = DISPOSE_DO_NOT,
        .UserInputFlag = false,
        .DelayTime = record_delay_cs(end_ms - r->t0_ms, &r->written_cs),
        .TransparentColor = r->pend_first ? NO_TRANSPARENT_COLOR : RECORD_TRANSPARENT,
    };
    GifByteType ext[4];
    size_t len = EGifGCBToExtension(&gcb, ext);
    int rc = EGifPutExtension(r->gif, GRAPHICS_EXT_FUNC_CODE, (int)len, ext);
    if (rc == GIF_OK)
        rc = EGifPutImageDesc(r->gif, pr.x, pr.y, pr.w, pr.h, false, NULL);
    for (int y = pr.y; y < pr.y + pr.h && rc == GIF_OK; y++) {
        size_t off = (size_t)y * (size_t)r->w + (size_t)pr.x;
        const uint8_t *p = r->pend + off, *c = r->canvas + off;
        if (r->pend_first) {
            memcpy(r->line, p, (size_t)pr.w);
        } else {
            for (int x = 0; x < pr.w; x++)
                r->line[x] = p[x] == c[x] ? (uint8_t)RECORD_TRANSPARENT : p[x];
        }
        rc = EGifPutLine(r->gif, r->line, pr.w);
    }
    if (rc != GIF_OK) {
        set_failed(r, WS_ERR_IO, r->gif->Error);
        return false;
    }
    copy_rect(r->canvas, r->pend, pr, r->w);
    r->written++;
    return true;
}

static void encode_first(Recorder *r, const uint32_t *px, uint64_t t_ms) {
    Uint64 start = SDL_GetPerformanceCounter();
    if (!build_palette(r, px)) {
        set_failed(r, WS_ERR_NOMEM, 0);
        return;
    }
    r->palette_ms = (double)(SDL_GetPerformanceCounter() - start) * 1000.0 /
                    (double)SDL_GetPerformanceFrequency();
    if (!write_header(r))
        return;
    RecordRect full = {0, 0, r->w, r->h};
    map_rect(r, px, full, r->pend);
    memcpy(r->rgb_prev, px, r->px_count * sizeof *px);
    r->pend_rect = full;
    r->pend_first = true;
    r->t0_ms = r->pend_ms = r->last_ms = t_ms;
    r->have_first = true;
}

static void encode_frame(Recorder *r, const uint32_t *px, uint64_t t_ms) {
    r->taken++;
    if (!r->have_first) {
        encode_first(r, px, t_ms);
        return;
    }
    r->last_ms = t_ms;
    size_t pitch = (size_t)r->w * sizeof *px;
    RecordRect rgb;
    if (!record_changed_rect(r->rgb_prev, px, r->w, r->h, pitch, 4, &rgb)) {
        r->merged++;
        return;
    }
    for (int y = rgb.y; y < rgb.y + rgb.h; y++) {
        size_t off = (size_t)y * (size_t)r->w + (size_t)rgb.x;
        memcpy(r->rgb_prev + off, px + off, (size_t)rgb.w * sizeof *px);
    }
    map_rect(r, px, rgb, r->next);
    /* Changes that map to the same palette entries are no change at all. */
    size_t off = (size_t)rgb.y * (size_t)r->w + (size_t)rgb.x;
    RecordRect idx;
    if (!record_changed_rect(r->pend + off, r->next + off, rgb.w, rgb.h, (size_t)r->w, 1, &idx)) {
        r->merged++;
        return;
    }
    idx.x += rgb.x;
    idx.y += rgb.y;
    if (!write_pending(r, t_ms))
        return;
    copy_rect(r->pend, r->next, idx, r->w);
    r->pend_rect = idx;
    r->pend_first = false;
    r->pend_ms = t_ms;
}

static int encoder_main(void *arg) {
    Recorder *r = arg;
    /* A GIF on a pipe whose reader is gone: the write fails with EPIPE and is
     * reported, rather than SIGPIPE stopping the run (fileio.h). This thread
     * writes nothing else; a SIGPIPE left pending ends with it. */
    sigset_t pipe_set;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, NULL);
    Uint64 freq = SDL_GetPerformanceFrequency();
    for (;;) {
        unsigned done = atomic_load_explicit(&r->done, memory_order_relaxed); /* ours */
        if (atomic_load_explicit(&r->queued, memory_order_acquire) == done) {
            /* `closing` is set after the last frame was queued: seen, nothing is left. */
            if (atomic_load_explicit(&r->closing, memory_order_acquire) &&
                atomic_load_explicit(&r->queued, memory_order_acquire) == done)
                break;
            SDL_Delay(RECORD_POLL_MS);
            continue;
        }
        int slot = (int)(done % RECORD_QUEUE);
        uint64_t t_ms = r->slot_ms[slot];
        if (failed_status(r) == WS_OK) {
            bool first = !r->have_first;
            Uint64 start = SDL_GetPerformanceCounter();
            encode_frame(r, r->pool + (size_t)slot * r->px_count, t_ms);
            uint64_t ns = (SDL_GetPerformanceCounter() - start) * 1000000000u / freq;
            if (first) /* the palette's one-off cost is reported on its own */
                r->first_ms = (double)ns / 1e6;
            else
                stats_add(r->hist, ns);
        }
        atomic_store_explicit(&r->done, done + 1, memory_order_release);
        if (r->wait) /* only a waiting render thread listens */
            SDL_SemPost(r->space);
    }
    /* The last frame lasts one frame interval after the last frame taken. */
    if (failed_status(r) == WS_OK && r->have_first)
        write_pending(r, r->last_ms + RECORD_FRAME_MS);
    return 0;
}

/* ======================================================================== */
/* Public functions                                                          */
/* ======================================================================== */

/* path made absolute through its folder (the file itself is still being
 * written under a temporary name), for the HUD and the report. */
static char *absolute_path(const char *path) {
    const char *slash = strrchr(path, '/');
    char *dir = slash == NULL ? strdup(".") : strndup(path, (size_t)(slash - path) + 1);
    char *real = dir != NULL ? realpath(dir, NULL) : NULL;
    free(dir);
    if (real == NULL)
        return strdup(path);
    const char *base = slash == NULL ? path : slash + 1;
    size_t n = strlen(real) + strlen(base) + 2;
    char *full = malloc(n);
    if (full != NULL)
        snprintf(full, n, "%s%s%s", real, strcmp(real, "/") == 0 ? "" : "/", base);
    free(real);
    return full;
}

static void record_free(Recorder *r) {
    if (r->gif != NULL)
        EGifCloseFile(r->gif, NULL);
    fileio_out_abort(&r->out); /* a recording not committed leaves nothing behind */
    if (r->space != NULL)
        SDL_DestroySemaphore(r->space);
    free(r->pool);
    free(r->rgb_prev);
    free(r->canvas);
    free(r->pend);
    free(r->next);
    free(r->line);
    free(r->lut);
    free(r->hist);
    free(r->path);
    free(r->full_path);
    free(r);
}

/* The frame buffers, the colour lookup table and the encoding times of r
 * (its sizes set); false when memory ran out. */
static bool alloc_buffers(Recorder *r) {
    size_t px = r->px_count;
    r->pool = malloc(RECORD_QUEUE * px * sizeof *r->pool);
    r->rgb_prev = malloc(px * sizeof *r->rgb_prev);
    r->canvas = malloc(px);
    r->pend = malloc(px);
    r->next = malloc(px);
    r->line = malloc((size_t)r->w);
    r->lut = calloc(LUT_SIZE, 1); /* pages are touched only for colours that occur */
    r->hist = calloc(1, sizeof *r->hist);
    if (r->pool == NULL || r->rgb_prev == NULL || r->canvas == NULL || r->pend == NULL ||
        r->next == NULL || r->line == NULL || r->lut == NULL || r->hist == NULL)
        return false;
    /* Touch the pool now: its first frames would otherwise pay the page faults
     * on the render thread (measured: 10-40 ms for each slot's first frame).
     * Not with zeros: the compiler may turn malloc + memset 0 into calloc,
     * which touches nothing. */
    memset(r->pool, 0x80, RECORD_QUEUE * px * sizeof *r->pool);
    return true;
}

/* Opens r's GIF on its file and starts the encoder thread, the queue empty. */
static WsStatus start_encoder(Recorder *r, WsError *err) {
    int gif_error = 0;
    r->gif = EGifOpen(r, gif_write, &gif_error);
    if (r->gif == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "cannot start the GIF encoder: %s",
                       GifErrorString(gif_error));
    atomic_init(&r->queued, 0u);
    atomic_init(&r->done, 0u);
    atomic_init(&r->closing, false);
    atomic_init(&r->failed, (int)WS_OK);
    r->space = SDL_CreateSemaphore(0);
    if (r->space != NULL)
        r->thread = SDL_CreateThread(encoder_main, "ws-gif", r);
    if (r->thread == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "cannot start the GIF encoder: %s", SDL_GetError());
    return WS_OK;
}

/* Everything a new recorder r (its sizes and options set) holds: its names,
 * its file, its buffers and its encoder. On failure the caller frees r. */
static WsStatus record_start(Recorder *r, const char *path, WsError *err) {
    r->path = strdup(path);
    if (r->path == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for a recording");
    WsStatus st = fileio_out_open(&r->out, path, "recording", err);
    if (st != WS_OK)
        return st;
    r->file = r->out.f;
    /* Files can take entries added later; a pipe keeps the first palette. */
    r->can_grow = fseek(r->file, 0, SEEK_CUR) == 0;
    r->full_path = absolute_path(path);
    if (r->full_path == NULL || !alloc_buffers(r))
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for a %dx%d recording", r->w, r->h);
    return start_encoder(r, err);
}

WsStatus record_open(Recorder **out, const char *path, int width, int height,
                     const RecordOptions *opts, WsError *err) {
    if (out == NULL || path == NULL || path[0] == '\0')
        return ws_fail(err, WS_ERR_ARG, "record: no file name");
    *out = NULL;
    if (width < 1 || height < 1 || width > 65535 || height > 65535)
        return ws_fail(err, WS_ERR_ARG, "cannot record %dx%d frames (GIF sides are 1..65535)",
                       width, height);
    int keep_count = opts != NULL && opts->keep != NULL ? opts->keep_count : 0;
    if (keep_count < 0 || keep_count > RECORD_KEEP_MAX)
        return ws_fail(err, WS_ERR_ARG, "record: %d colours to keep (at most %d)", keep_count,
                       RECORD_KEEP_MAX);
    Recorder *r = calloc(1, sizeof *r);
    if (r == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for a recording");
    r->w = width;
    r->h = height;
    r->px_count = (size_t)width * (size_t)height;
    r->wait = opts != NULL && opts->wait;
    r->keep_count = keep_count;
    if (keep_count > 0)
        memcpy(r->keep, opts->keep, (size_t)keep_count * sizeof *r->keep);
    WsStatus st = record_start(r, path, err);
    if (st != WS_OK) {
        record_free(r);
        return st;
    }
    *out = r;
    return WS_OK;
}

uint32_t *record_frame_begin(Recorder *rec, uint64_t t_ms, bool force, int *pitch) {
    if (rec == NULL || rec->filling)
        return NULL;
    if (!record_frame_is_due(&rec->next_due_ms, t_ms, RECORD_FRAME_MS) && !force)
        return NULL;
    unsigned queued = atomic_load_explicit(&rec->queued, memory_order_relaxed); /* ours */
    for (;;) {
        if (failed_status(rec) != WS_OK)
            return NULL;
        if (queued - atomic_load_explicit(&rec->done, memory_order_acquire) < RECORD_QUEUE)
            break;
        if (!rec->wait) {
            rec->dropped++;
            return NULL;
        }
        SDL_SemWait(rec->space); /* posts left from earlier frames just make it look again */
    }
    int s = (int)(queued % RECORD_QUEUE);
    rec->slot_ms[s] = t_ms;
    rec->filling = true;
    *pitch = rec->w * (int)sizeof(uint32_t);
    return rec->pool + (size_t)s * rec->px_count;
}

void record_frame_end(Recorder *rec, bool filled) {
    if (rec == NULL || !rec->filling)
        return;
    rec->filling = false;
    if (!filled)
        return;
    unsigned queued = atomic_load_explicit(&rec->queued, memory_order_relaxed);
    atomic_store_explicit(&rec->queued, queued + 1, memory_order_release);
}

WsStatus record_status(Recorder *rec, WsError *err) {
    if (rec == NULL)
        return WS_OK;
    WsStatus st = failed_status(rec);
    return st == WS_OK ? WS_OK : fail_message(rec, st, rec->fail_errno, rec->fail_gif, err);
}

int record_width(const Recorder *rec) { return rec->w; }
int record_height(const Recorder *rec) { return rec->h; }
const char *record_path(const Recorder *rec) { return rec->full_path; }

/* Writes the palette over the global colour table of the header, which the
 * entries added since it was written (grown) are missing from; a failed
 * write sets write_errno. */
static void rewrite_palette(Recorder *rec) {
    GifByteType table[256 * 3];
    for (int i = 0; i < 256; i++) {
        table[3 * i] = rec->palette[i].Red;
        table[3 * i + 1] = rec->palette[i].Green;
        table[3 * i + 2] = rec->palette[i].Blue;
    }
    errno = 0;
    if (fflush(rec->file) != 0 || fseek(rec->file, GCT_OFFSET, SEEK_SET) != 0 ||
        fwrite(table, 1, sizeof table, rec->file) != sizeof table)
        rec->write_errno = errno != 0 ? errno : EIO;
}

/* Ends the GIF once the encoder has stopped: its trailer, then the palette
 * into the header. Returns the recording's first failure (the encoder's,
 * then these writes'), with its errno and giflib error in *err_no and
 * *gif_error (fail_message's). */
static WsStatus finish_gif(Recorder *rec, int *err_no, int *gif_error) {
    WsStatus st = failed_status(rec);
    *err_no = rec->fail_errno;
    *gif_error = rec->fail_gif;
    int close_error = 0;
    if (EGifCloseFile(rec->gif, &close_error) != GIF_OK && st == WS_OK) {
        st = WS_ERR_IO;
        *gif_error = close_error;
    }
    rec->gif = NULL;
    if (st == WS_OK && rec->grown > 0)
        rewrite_palette(rec);
    if (st == WS_OK && rec->write_errno != 0) { /* the trailer's or the table's write */
        st = WS_ERR_IO;
        *err_no = rec->write_errno;
    }
    return st;
}

/* What the recording made, for record_close's caller. */
static RecordReport report_of(const Recorder *rec) {
    const LatencyHist *h = rec->hist;
    return (RecordReport){
        .frames_written = rec->written,
        .frames_taken = rec->taken,
        .frames_merged = rec->merged,
        .frames_dropped = rec->dropped,
        .bytes = rec->bytes,
        .seconds = (double)rec->written_cs / 100.0,
        .colors = rec->colors,
        .encode_ms_mean = stats_mean_us(h) / 1000.0,
        .encode_ms_p99 = stats_quantile_us(h, 0.99) / 1000.0,
        .encode_ms_max = (double)h->max_ns / 1e6,
        .first_ms = rec->first_ms,
        .palette_ms = rec->palette_ms,
    };
}

WsStatus record_close(Recorder *rec, RecordReport *report, WsError *err) {
    if (rec == NULL)
        return WS_OK;
    atomic_store_explicit(&rec->closing, true, memory_order_release);
    SDL_WaitThread(rec->thread, NULL);
    rec->thread = NULL;

    int err_no = 0, gif_error = 0;
    WsStatus st = finish_gif(rec, &err_no, &gif_error);
    /* Buffered data meets the disk here, then the file takes its name. */
    WsError commit_err = {0};
    WsStatus commit_st = WS_OK;
    if (st == WS_OK && rec->written > 0)
        commit_st = fileio_out_commit(&rec->out, &commit_err);
    rec->file = NULL;

    if (report != NULL)
        *report = report_of(rec);
    char name[WS_QUOTE_SIZE];
    if (st != WS_OK)
        fail_message(rec, st, err_no, gif_error, err);
    else if (rec->written == 0)
        st = ws_fail(err, WS_ERR_IO, "recording: no frame was recorded in '%s'",
                     ws_quote(name, sizeof name, rec->path));
    else if (commit_st != WS_OK) {
        st = commit_st;
        if (err != NULL)
            *err = commit_err;
    }
    record_free(rec);
    return st;
}
