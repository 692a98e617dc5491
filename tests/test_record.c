/* The GIF recorder (record.h): the pure helpers (changed rectangle, frame
 * rate, centisecond delays) against hand-worked cases, and whole recordings
 * decoded again with giflib's own reader (DGifSlurp): frame count, sub-image
 * rectangles, transparency, delays, the loop block, and every decoded pixel
 * equal to the frame that was fed. */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <check.h>
#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alloc_count.h"
#include "record.h"

/* ======================================================================== */
/* Pure helpers                                                              */
/* ======================================================================== */

#define ck_assert_rect(r, X, Y, W_, H_)                                                            \
    ck_assert_msg((r).x == (X) && (r).y == (Y) && (r).w == (W_) && (r).h == (H_),                  \
                  "rect %dx%d+%d+%d, expected %dx%d+%d+%d", (r).w, (r).h, (r).x, (r).y, (W_),      \
                  (H_), (X), (Y))

START_TEST(rect_identical) {
    uint32_t a[12] = {0}, b[12] = {0};
    RecordRect r = {-1, -1, -1, -1};
    ck_assert(!record_changed_rect(a, b, 4, 3, 16, 4, &r));
    ck_assert_int_eq(r.x, -1); /* untouched */
}
END_TEST

START_TEST(rect_one_pixel) {
    uint32_t a[12] = {0}, b[12] = {0};
    b[2 * 4 + 1] = 0x123456; /* (1, 2) */
    RecordRect r;
    ck_assert(record_changed_rect(a, b, 4, 3, 16, 4, &r));
    ck_assert_rect(r, 1, 2, 1, 1);
}
END_TEST

START_TEST(rect_two_corners) {
    /* (3, 0) and (0, 4) on a 5 x 5 image: the box spans both. */
    uint32_t a[25] = {0}, b[25] = {0};
    b[0 * 5 + 3] = 1;
    b[4 * 5 + 0] = 1;
    RecordRect r;
    ck_assert(record_changed_rect(a, b, 5, 5, 20, 4, &r));
    ck_assert_rect(r, 0, 0, 4, 5);
}
END_TEST

START_TEST(rect_bytes_with_pitch) {
    /* 1-byte pixels, 3 x 4 image inside rows of 8 bytes: bytes past the
     * width differ and must be ignored. */
    uint8_t a[32], b[32];
    memset(a, 7, sizeof a);
    memset(b, 7, sizeof b);
    for (int y = 0; y < 4; y++)
        b[y * 8 + 5] = 99; /* padding */
    RecordRect r;
    ck_assert(!record_changed_rect(a, b, 3, 4, 8, 1, &r));
    b[1 * 8 + 2] = 0; /* (2, 1) */
    b[3 * 8 + 1] = 0; /* (1, 3) */
    ck_assert(record_changed_rect(a, b, 3, 4, 8, 1, &r));
    ck_assert_rect(r, 1, 1, 2, 3);
}
END_TEST

START_TEST(due_at_60_and_16ms) {
    /* The offscreen clock (16 ms frames): frames 0, 48, 80, 128, 160 ms are
     * taken (every 40 ms on average), the others are not. */
    uint64_t due = 0;
    static const int TAKEN[] = {1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 1};
    for (int f = 0; f < (int)(sizeof TAKEN / sizeof TAKEN[0]); f++)
        ck_assert_msg(record_frame_is_due(&due, (uint64_t)f * 16, 40) == (TAKEN[f] != 0),
                      "frame %d at %d ms", f, f * 16);
}
END_TEST

START_TEST(due_after_a_stall) {
    /* A clock that starts late, then a 1 s stall: one frame, no burst. */
    uint64_t due = 0;
    ck_assert(record_frame_is_due(&due, 5000, 40));
    ck_assert_uint_eq(due, 5040);
    ck_assert(record_frame_is_due(&due, 6000, 40));
    ck_assert(!record_frame_is_due(&due, 6016, 40));
    ck_assert(!record_frame_is_due(&due, 6032, 40));
    ck_assert(record_frame_is_due(&due, 6048, 40));
}
END_TEST

START_TEST(delays_without_drift) {
    /* Frames at 0, 48, 80, 128 ms, the last shown until 168 ms. */
    long written = 0;
    ck_assert_int_eq(record_delay_cs(48, &written), 5);
    ck_assert_int_eq(record_delay_cs(80, &written), 3);
    ck_assert_int_eq(record_delay_cs(128, &written), 5);
    ck_assert_int_eq(record_delay_cs(168, &written), 4);
    ck_assert_int_eq(written, 17);
    /* Never under 2 cs (browsers would show 0 or 1 for 10 cs), never past 16 bits. */
    ck_assert_int_eq(record_delay_cs(168, &written), 2);
    ck_assert_int_eq(record_delay_cs(10000000, &written), 65535);
    /* A frame 16 ms after the one before (the forced last frame) gets 2 cs,
     * and the next gives the centisecond back: the sum stays the real time. */
    written = 0;
    ck_assert_int_eq(record_delay_cs(4768, &written), 477);
    ck_assert_int_eq(record_delay_cs(4784, &written), 2);
    ck_assert_int_eq(record_delay_cs(4824, &written), 3);
    ck_assert_int_eq(written, 482);
}
END_TEST

/* ======================================================================== */
/* Whole recordings                                                          */
/* ======================================================================== */

enum { W = 64, H = 48, SQ = 4 };
static const uint32_t BG = 0x0e1016, SQUARE = 0x78ff8c, BAR = 0xffc857;

/* A frame: background, a bar along the top, a square at (sx, 20) in colour sq. */
static void draw_in(uint32_t *px, int pitch, int sx, uint32_t sq) {
    for (int y = 0; y < H; y++) {
        uint32_t *row = (uint32_t *)((char *)px + (size_t)y * (size_t)pitch);
        for (int x = 0; x < W; x++) {
            uint32_t c = y < 3 ? BAR : BG;
            if (x >= sx && x < sx + SQ && y >= 20 && y < 20 + SQ)
                c = sq;
            row[x] = c;
        }
    }
}

static void draw(uint32_t *px, int pitch, int sx) { draw_in(px, pitch, sx, SQUARE); }

static char tmp_dir[64];

static void make_tmp(void) {
    snprintf(tmp_dir, sizeof tmp_dir, "/tmp/ws-record-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmp_dir));
}

/* Feeds a frame at t_ms drawn with the square at sx; false if not taken.
 * No Check assertion in here: they allocate, and a test counts allocations. */
static bool feed(Recorder *rec, uint64_t t_ms, int sx) {
    int pitch = 0;
    uint32_t *px = record_frame_begin(rec, t_ms, false, &pitch);
    if (px == NULL || pitch != W * 4)
        return false;
    draw(px, pitch, sx);
    record_frame_end(rec, true);
    return true;
}

/* The decoded picture after image i, composited like a browser does. */
static void composite(const GifFileType *gif, int i, uint32_t *canvas) {
    const SavedImage *im = &gif->SavedImages[i];
    const ColorMapObject *cm = im->ImageDesc.ColorMap ? im->ImageDesc.ColorMap : gif->SColorMap;
    GraphicsControlBlock gcb;
    ck_assert_int_eq(DGifSavedExtensionToGCB((GifFileType *)gif, i, &gcb), GIF_OK);
    const GifImageDesc *d = &im->ImageDesc;
    for (int y = 0; y < d->Height; y++)
        for (int x = 0; x < d->Width; x++) {
            int idx = im->RasterBits[y * d->Width + x];
            if (idx == gcb.TransparentColor)
                continue;
            GifColorType c = cm->Colors[idx];
            canvas[(d->Top + y) * W + d->Left + x] =
                (uint32_t)c.Red << 16 | (uint32_t)c.Green << 8 | c.Blue;
        }
}

static bool has_loop_block(const GifFileType *gif) {
    const SavedImage *im = &gif->SavedImages[0];
    for (int e = 0; e + 1 < im->ExtensionBlockCount; e++) {
        const ExtensionBlock *b = &im->ExtensionBlocks[e];
        if (b->Function == APPLICATION_EXT_FUNC_CODE && b->ByteCount == 11 &&
            memcmp(b->Bytes, "NETSCAPE2.0", 11) == 0) {
            const ExtensionBlock *sub = &im->ExtensionBlocks[e + 1];
            return sub->ByteCount == 3 && sub->Bytes[0] == 1 && sub->Bytes[1] == 0 &&
                   sub->Bytes[2] == 0;
        }
    }
    return false;
}

START_TEST(roundtrip) {
    make_tmp();
    char path[128];
    snprintf(path, sizeof path, "%s/r.gif", tmp_dir);
    RecordOptions o = {.keep = &BG, .keep_count = 1, .wait = true};
    Recorder *rec = NULL;
    WsError err = {0};
    ck_assert_int_eq(record_open(&rec, path, W, H, &o, &err), WS_OK);
    ck_assert_ptr_nonnull(strstr(record_path(rec), "/r.gif"));
    /* Square at x = 0, 10, 10 (identical: merged), 20 (taken at 120 ms);
     * a frame at 100 ms is not due. */
    ck_assert(feed(rec, 0, 0));
    ck_assert(feed(rec, 40, 10));
    ck_assert(feed(rec, 80, 10));
    ck_assert(!feed(rec, 100, 30));
    ck_assert(feed(rec, 120, 20));
    RecordReport rep;
    ck_assert_int_eq(record_close(rec, &rep, &err), WS_OK);
    ck_assert_int_eq(rep.frames_taken, 4);
    ck_assert_int_eq(rep.frames_merged, 1);
    ck_assert_int_eq(rep.frames_written, 3);
    ck_assert_int_eq(rep.frames_dropped, 0);
    ck_assert_int_eq(rep.colors, 3);

    int gerr = 0;
    GifFileType *gif = DGifOpenFileName(path, &gerr);
    ck_assert_ptr_nonnull(gif);
    ck_assert_int_eq(DGifSlurp(gif), GIF_OK);
    ck_assert_int_eq(gif->SWidth, W);
    ck_assert_int_eq(gif->SHeight, H);
    ck_assert_int_eq(gif->ImageCount, 3);
    ck_assert(has_loop_block(gif));
    FILE *f = fopen(path, "rb");
    fseek(f, 0, SEEK_END);
    ck_assert_int_eq(ftell(f), rep.bytes);
    fclose(f);

    /* Frame 0: the whole picture, opaque, shown 0 .. 40 ms. Frame 1 (square
     * moved 0 -> 10): the box from x 0 to 13, rows 20..23, shown 40 .. 120 ms
     * (the merged frame lengthens it). Frame 2: x 10..23, then 40 ms more. */
    static const int LEFT[] = {0, 0, 10}, WIDTH[] = {W, 14, 14}, TOP[] = {0, 20, 20},
                     HEIGHT[] = {H, SQ, SQ}, DELAY[] = {4, 8, 4}, SX[] = {0, 10, 20};
    uint32_t canvas[W * H], want[W * H];
    for (int i = 0; i < 3; i++) {
        const GifImageDesc *d = &gif->SavedImages[i].ImageDesc;
        ck_assert_msg(d->Left == LEFT[i] && d->Top == TOP[i] && d->Width == WIDTH[i] &&
                          d->Height == HEIGHT[i],
                      "frame %d: %dx%d+%d+%d, expected %dx%d+%d+%d", i, d->Width, d->Height,
                      d->Left, d->Top, WIDTH[i], HEIGHT[i], LEFT[i], TOP[i]);
        GraphicsControlBlock gcb;
        ck_assert_int_eq(DGifSavedExtensionToGCB(gif, i, &gcb), GIF_OK);
        ck_assert_int_eq(gcb.DelayTime, DELAY[i]);
        ck_assert_int_eq(gcb.DisposalMode, DISPOSE_DO_NOT);
        ck_assert_int_eq(gcb.TransparentColor, i == 0 ? NO_TRANSPARENT_COLOR : RECORD_TRANSPARENT);
        composite(gif, i, canvas);
        draw(want, W * 4, SX[i]);
        for (int p = 0; p < W * H; p++)
            ck_assert_msg(canvas[p] == want[p], "frame %d pixel (%d, %d): 0x%06x, expected 0x%06x",
                          i, p % W, p / W, canvas[p], want[p]);
    }
    /* Inside frame 1's box, the pixels that did not change are transparent. */
    const SavedImage *im1 = &gif->SavedImages[1];
    ck_assert_int_eq(im1->RasterBits[0 * 14 + 5], RECORD_TRANSPARENT);
    DGifCloseFile(gif, NULL);
    unlink(path);
    rmdir(tmp_dir);
}
END_TEST

START_TEST(later_colours_get_entries) {
    /* The first frame knows three colours; the second brings a red far from
     * all of them, which gets an entry of its own (patched into the global
     * table at close), so it decodes exactly. */
    make_tmp();
    char path[128];
    snprintf(path, sizeof path, "%s/c.gif", tmp_dir);
    Recorder *rec = NULL;
    ck_assert_int_eq(record_open(&rec, path, W, H, &(RecordOptions){.wait = true}, NULL), WS_OK);
    ck_assert(feed(rec, 0, 0));
    int pitch = 0;
    uint32_t *px = record_frame_begin(rec, 40, false, &pitch);
    ck_assert_ptr_nonnull(px);
    draw_in(px, pitch, 0, 0xff4655);
    record_frame_end(rec, true);
    RecordReport rep;
    ck_assert_int_eq(record_close(rec, &rep, NULL), WS_OK);
    ck_assert_int_eq(rep.colors, 4);

    GifFileType *gif = DGifOpenFileName(path, NULL);
    ck_assert_ptr_nonnull(gif);
    ck_assert_int_eq(DGifSlurp(gif), GIF_OK);
    ck_assert_int_eq(gif->ImageCount, 2);
    uint32_t canvas[W * H], want[W * H];
    composite(gif, 0, canvas);
    composite(gif, 1, canvas);
    draw_in(want, W * 4, 0, 0xff4655);
    for (int p = 0; p < W * H; p++)
        ck_assert_msg(canvas[p] == want[p], "pixel (%d, %d): 0x%06x, expected 0x%06x", p % W, p / W,
                      canvas[p], want[p]);
    DGifCloseFile(gif, NULL);
    unlink(path);
    rmdir(tmp_dir);
}
END_TEST

START_TEST(taking_frames_does_not_allocate) {
    make_tmp();
    char path[128];
    snprintf(path, sizeof path, "%s/a.gif", tmp_dir);
    RecordOptions o = {.wait = true};
    Recorder *rec = NULL;
    ck_assert_int_eq(record_open(&rec, path, W, H, &o, NULL), WS_OK);
    /* With `wait`, the 7th frame gets a slot only once the encoder finished
     * the first (its palette allocates): from then on nothing does. */
    for (int f = 0; f < RECORD_QUEUE + 2; f++)
        ck_assert(feed(rec, (uint64_t)f * 40, f));
    long before = alloc_count();
    for (int f = RECORD_QUEUE + 2; f < 40; f++)
        feed(rec, (uint64_t)f * 40, f);
    long after = alloc_count();
    ck_assert_int_eq(after - before, 0);
    ck_assert_int_eq(record_close(rec, NULL, NULL), WS_OK);
    unlink(path);
    rmdir(tmp_dir);
}
END_TEST

START_TEST(bad_path) {
    Recorder *rec = NULL;
    WsError err = {0};
    ck_assert_int_eq(record_open(&rec, "/no/such/dir/x.gif", W, H, NULL, &err), WS_ERR_IO);
    ck_assert_ptr_null(rec);
    ck_assert_msg(strstr(err.msg, "/no/such/dir/x.gif") != NULL &&
                      strstr(err.msg, "No such file") != NULL,
                  "message: %s", err.msg);
    ck_assert_int_eq(record_open(&rec, "x.gif", 0, H, NULL, &err), WS_ERR_ARG);
}
END_TEST

START_TEST(disk_full) {
    if (access("/dev/full", W_OK) != 0)
        return; /* not on this system */
    Recorder *rec = NULL;
    WsError err = {0};
    ck_assert_int_eq(record_open(&rec, "/dev/full", W, H, &(RecordOptions){.wait = true}, &err),
                     WS_OK);
    for (int f = 0; f < 10; f++)
        feed(rec, (uint64_t)f * 40, f);
    RecordReport rep;
    ck_assert_int_eq(record_close(rec, &rep, &err), WS_ERR_IO);
    ck_assert_msg(strstr(err.msg, "/dev/full") != NULL && strstr(err.msg, "No space") != NULL,
                  "message: %s", err.msg);
}
END_TEST

static Suite *record_suite(void) {
    Suite *s = suite_create("record");
    TCase *pure = tcase_create("pure");
    tcase_add_test(pure, rect_identical);
    tcase_add_test(pure, rect_one_pixel);
    tcase_add_test(pure, rect_two_corners);
    tcase_add_test(pure, rect_bytes_with_pitch);
    tcase_add_test(pure, due_at_60_and_16ms);
    tcase_add_test(pure, due_after_a_stall);
    tcase_add_test(pure, delays_without_drift);
    suite_add_tcase(s, pure);
    TCase *gif = tcase_create("gif");
    tcase_add_test(gif, roundtrip);
    tcase_add_test(gif, later_colours_get_entries);
    tcase_add_test(gif, taking_frames_does_not_allocate);
    tcase_add_test(gif, bad_path);
    tcase_add_test(gif, disk_full);
    suite_add_tcase(s, gif);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(record_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
