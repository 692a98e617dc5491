/* record.h - an animated GIF of the frames the window shows (C, --record).
 *
 * Two threads share the work so that the window keeps its frame rate. The
 * render thread only copies pixels: record_frame_begin hands out a slot of a
 * pool of RECORD_QUEUE frames allocated at open, the caller reads the
 * renderer's RGB888 pixels straight into it, and record_frame_end queues it
 * (an atomic store: no lock, no wake-up, no system call). A background
 * encoder thread, which looks at the queue every RECORD_POLL_MS, does
 * everything expensive: palette, colour mapping, diffing and LZW (giflib).
 * When the queue is full the frame is dropped and counted and the render
 * thread goes on; only a recorder opened with `wait` (offscreen runs, where
 * nobody watches and every run must give the same file) waits for a free
 * slot instead.
 *
 * Rate: a frame is taken when RECORD_FRAME_MS have passed on the caller's
 * clock since the previous one was due (so at most 25 GIF frames per second,
 * on average exactly that at 60 frames/s), since browsers slow down GIF delays
 * under 2 centiseconds. Delays come from the frames' real times: each frame
 * lasts until the next one differs, rounded to centiseconds without drift.
 *
 * Palette: one global 256-entry table. The first frame gives most of it:
 * giflib's median cut (GifQuantizeBuffer), each entry then moved to the
 * exact mean of the pixels it stands for (giflib's are 5-bit box averages),
 * plus the caller's own colours (`keep`: the program's palette, so panels,
 * text and cells keep their exact colours). RECORD_RESERVE entries stay free
 * for colours later frames bring (a longer wave ramp, the help overlay): one
 * farther than 8 from every entry takes a free entry of its own, and the
 * table, which sits at a fixed offset in the file, is rewritten at close (a
 * pipe, which cannot seek, keeps the first palette and no reserve). Pixels
 * are mapped through a lazily filled 24-bit lookup table (nearest entry in
 * RGB, computed once per distinct colour), so mapping costs a table read per
 * pixel. There is no dithering: the picture is made of flat UI colours, which
 * dithering would only turn into noise; a colour missing from the table gets
 * the nearest one. Index 255 is the transparent colour.
 *
 * Diffing: each GIF frame after the first covers only the rectangle that
 * changed since the frame before (found on the RGB pixels, then shrunk to the
 * pixels whose palette index changed); inside it, pixels that did not change
 * are transparent and the frame is never disposed. At 1280x720 a snake step
 * with its HUD numbers costs about 2 KB (about 10 KB with the wave overlay,
 * which recolours most of the board each tick; the first frame 40-60 KB).
 * Frames identical to the previous one are merged into it
 * (its delay grows). The file loops forever (NETSCAPE2.0 block).
 *
 * Ownership: the Recorder owns its file, pool, thread and buffers; all calls
 * come from one thread (the render thread). giflib's quantiser keeps a
 * file-scope variable, so only one recorder should build a palette at a time
 * (the window has at most one).
 */
#ifndef WS_RECORD_H
#define WS_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ws_error.h"

enum {
    RECORD_QUEUE = 5,     /* frames waiting for the encoder, at most */
    RECORD_POLL_MS = 4,   /* how often an idle encoder looks for a frame */
    RECORD_FRAME_MS = 40, /* a GIF frame per 40 ms at most: 25 frames/s */
    RECORD_KEEP_MAX = 64, /* caller colours kept exactly in the palette */
    RECORD_RESERVE = 48,  /* palette entries left free for colours that appear later */
    RECORD_TRANSPARENT = 255,
    RECORD_MIN_DELAY_CS = 2 /* browsers slow down shorter GIF delays (to 10 cs) */
};

typedef struct Recorder Recorder;

typedef struct RecordOptions {
    const uint32_t *keep; /* 0xRRGGBB colours to keep exactly (borrowed during open), or NULL */
    int keep_count;       /* at most RECORD_KEEP_MAX */
    bool wait;            /* block for a free slot instead of dropping (offscreen runs) */
} RecordOptions;

typedef struct RecordReport {
    long frames_written; /* GIF frames in the file */
    long frames_taken;   /* frames copied from the window (written + merged) */
    long frames_merged;  /* taken frames identical to the one before: its delay grows */
    long frames_dropped; /* due frames lost because the encoder was behind */
    long long bytes;     /* file size */
    double seconds;      /* the GIF's running time */
    int colors;          /* palette entries in use */
    double encode_ms_mean, encode_ms_p99, encode_ms_max; /* encoder time per taken frame
                                                            after the first (p99 at most 100) */
    double first_ms;   /* the first frame's: palette, lookup table, the whole picture */
    double palette_ms; /* of which the palette */
} RecordReport;

/* Creates (truncates) the GIF file at path for width x height frames and
 * starts the encoder. WS_ERR_IO with "cannot write the recording PATH:
 * reason" when the file cannot be created, WS_ERR_ARG for a bad size or too
 * many colours, WS_ERR_NOMEM. Nothing is written until the first frame. */
WsStatus record_open(Recorder **out, const char *path, int width, int height,
                     const RecordOptions *opts, WsError *err);

/* The frame of time t_ms (the caller's clock, non-decreasing): a slot of
 * width * height 0x00RRGGBB pixels (*pitch bytes a row) to fill, then hand
 * back with record_frame_end. NULL when the frame is not due yet (rate), when
 * the queue is full (the frame is counted as dropped) or after a failure.
 * `force` takes the frame even if it is not due (the last frame of a run).
 * Never allocates; without `wait` never blocks. */
uint32_t *record_frame_begin(Recorder *rec, uint64_t t_ms, bool force, int *pitch);

/* Queues the slot from record_frame_begin (filled true) or gives it back
 * unused (the pixels could not be read). */
void record_frame_end(Recorder *rec, bool filled);

/* WS_OK while recording works; after a write failure the status and a
 * message naming the file and the reason. Frames are no longer taken then. */
WsStatus record_status(Recorder *rec, WsError *err);

int record_width(const Recorder *rec);
int record_height(const Recorder *rec);

/* The file's absolute path (as resolved at open). */
const char *record_path(const Recorder *rec);

/* Encodes the queued frames, writes the last one and the trailer, closes the
 * file and frees everything; *report (may be NULL) gets the figures, also on
 * failure. WS_ERR_IO with a message when writing failed or no frame was ever
 * taken. Safe on NULL (returns WS_OK). */
WsStatus record_close(Recorder *rec, RecordReport *report, WsError *err);

/* ---- pure helpers (unit-tested) ------------------------------------------ */

typedef struct RecordRect {
    int x, y, w, h;
} RecordRect;

/* The smallest rectangle holding every pixel that differs between two
 * w x h images of bytes_per_px-byte pixels, rows `pitch` bytes apart. False
 * (and *out untouched) when they are identical. */
bool record_changed_rect(const void *before, const void *after, int w, int h, size_t pitch,
                         int bytes_per_px, RecordRect *out);

/* The frame-rate limiter: whether a frame at t_ms is taken, given the time
 * the next frame is due (*next_due_ms; 0 at the start takes the first frame).
 * A taken frame moves the due time on by interval_ms, or to t_ms + interval_ms
 * when the caller fell behind by a whole interval (no burst of catch-up frames). */
bool record_frame_is_due(uint64_t *next_due_ms, uint64_t t_ms, int interval_ms);

/* The delay in centiseconds of the next GIF frame when it ends end_ms after
 * the first frame began, given the centiseconds already written (*written_cs,
 * advanced by the result): 2 .. 65535, rounded so that the delays add up to
 * the real time (no drift). */
int record_delay_cs(uint64_t end_ms, long *written_cs);

#endif
