/* Window layout maths and colour ramps (layout.h): no SDL, no window.
 * Expected pixels are worked out by hand from the documented rules. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"

/* ---- frame layout ---------------------------------------------------------- */

START_TEST(frame_wide_window_puts_hud_right) {
    FrameLayout f;
    layout_frame(&f, 1280, 720, true);
    /* Panel: 30% of 1280 = 384 (within 230..400), on the right. */
    ck_assert_int_eq(f.hud.x, 1280 - 384);
    ck_assert_int_eq(f.hud.w, 384);
    ck_assert_int_eq(f.hud.y, 0);
    ck_assert_int_eq(f.hud.h, 720);
    ck_assert(!f.hud_below);
    /* The timeline: 720 / 30 = 24 pixels high, 6 below the board area, as wide. */
    ck_assert_int_eq(f.timeline.x, 12);
    ck_assert_int_eq(f.timeline.y, 12 + 720 - 24 - 24 - 6 + 6);
    ck_assert_int_eq(f.timeline.w, 1280 - 384 - 24);
    ck_assert_int_eq(f.timeline.h, 24);
    /* Font: min(720 / 40 = 18, 384 * 10 / 225 = 17) = 17. */
    ck_assert_int_eq(f.hud_px, 17);
    /* Board: the rest, less a 12-pixel margin on each side and the caption
     * line on top: 17 + 17/3 = 22 px, a line of 22 * 6/5 + 1 + 22/5 = 31. */
    ck_assert_int_eq(f.caption_px, 22);
    ck_assert_int_eq(f.caption.x, 12);
    ck_assert_int_eq(f.caption.y, 12);
    ck_assert_int_eq(f.caption.w, 1280 - 384 - 24);
    ck_assert_int_eq(f.caption.h, 31);
    ck_assert_int_eq(f.board_area.x, 12);
    ck_assert_int_eq(f.board_area.y, 12 + 31);
    ck_assert_int_eq(f.board_area.w, 1280 - 384 - 24);
    ck_assert_int_eq(f.board_area.h, 720 - 24 - 24 - 6 - 31);
    ck_assert(!f.hud_strip);
}
END_TEST

START_TEST(frame_limits_panel_width) {
    FrameLayout f;
    layout_frame(&f, 2560, 1440, true);
    ck_assert_int_eq(f.hud.w, LAYOUT_HUD_MAX_W); /* 30% would be 768 */
    ck_assert_int_eq(f.hud_px, 17);              /* min(1440 / 40 = 36, 400 * 10 / 225 = 17) */
    layout_frame(&f, 640, 480, true);
    ck_assert_int_eq(f.hud.w, LAYOUT_HUD_MIN_W); /* 30% would be 192 */
    layout_frame_styled(&f, 400, 300, true, HUD_STYLE_PANEL);
    ck_assert_int_eq(f.hud.w, 200); /* a panel: at most half of a tiny window */
}
END_TEST

/* Small windows get a strip along the bottom: the board stays the main thing. */
START_TEST(frame_small_window_gets_a_strip) {
    FrameLayout f;
    layout_frame(&f, 400, 300, true);
    ck_assert(f.hud_strip);
    /* 5 lines of 11 px (11 * 6/5 + 1 + 11/5 = 16) and half a line: 85. Three
     * hold the items (the tick and the speed first), one the legends, one
     * the notices. */
    ck_assert_int_eq(f.hud_px, 11);
    ck_assert_int_eq(f.hud.x, 0);
    ck_assert_int_eq(f.hud.w, 400);
    ck_assert_int_eq(f.hud.h, 85);
    ck_assert_int_eq(f.hud.y, 300 - 85);
    /* caption: 14 px, a line of 14 * 6/5 + 1 + 14/5 = 19 */
    ck_assert_int_eq(f.caption.y, 12);
    ck_assert_int_eq(f.caption.h, 19);
    ck_assert_int_eq(f.board_area.x, 12);
    ck_assert_int_eq(f.board_area.w, 400 - 24);
    ck_assert_int_eq(f.board_area.y, 12 + 19);
    ck_assert_int_eq(f.board_area.h, 300 - 85 - 24 - 12 - 6 - 19); /* a 12-pixel timeline */
    /* The smallest window, a narrow one and a low one. */
    static const int SIZES[][2] = {{320, 240}, {590, 700}, {599, 400}, {800, 299}, {380, 900}};
    for (size_t i = 0; i < sizeof SIZES / sizeof SIZES[0]; i++) {
        int w = SIZES[i][0], h = SIZES[i][1];
        layout_frame(&f, w, h, true);
        ck_assert_msg(f.hud_strip == (w < 400 || (w < 600 && h <= w) || h < 300), "%dx%d: strip %d",
                      w, h, f.hud_strip);
        if (!f.hud_strip)
            continue;
        ck_assert_int_eq(f.hud.y + f.hud.h, h);    /* inside the window */
        ck_assert_int_ge(f.board_area.h, f.hud.h); /* the board keeps the most room */
        ck_assert_int_le(f.board_area.y + f.board_area.h, f.hud.y);
        ck_assert_int_le(f.caption.y + f.caption.h, f.board_area.y);
    }
    /* Forced styles win over AUTO. */
    layout_frame_styled(&f, 1280, 720, true, HUD_STYLE_STRIP);
    ck_assert(f.hud_strip);
    ck_assert_int_eq(f.hud.w, 1280);
}
END_TEST

/* A wide, low window (1600x400) keeps a side panel; a portrait one (600x1000) one below. */
START_TEST(frame_wide_and_portrait) {
    FrameLayout f;
    layout_frame(&f, 1600, 400, true);
    ck_assert(!f.hud_strip && !f.hud_below);
    ck_assert_int_eq(f.hud.w, LAYOUT_HUD_MAX_W);
    ck_assert_int_eq(f.hud_px, LAYOUT_HUD_MIN_PX); /* 400 / 40 = 10, clamped to 11 */
    layout_frame(&f, 600, 1000, true);
    ck_assert(f.hud_below && !f.hud_strip);
    ck_assert_int_eq(f.hud.y, 1000 - 333);
    ck_assert_int_le(f.board_area.y + f.board_area.h, f.hud.y);
}
END_TEST

START_TEST(durations_switch_units) {
    char buf[24];
    ck_assert_str_eq(layout_duration(buf, sizeof buf, 4.66), "4.7 µs");
    ck_assert_str_eq(layout_duration(buf, sizeof buf, 9999.9), "9999.9 µs");
    ck_assert_str_eq(layout_duration(buf, sizeof buf, 10000.0), "10.0 ms");
    ck_assert_str_eq(layout_duration(buf, sizeof buf, 2457100.0), "2457.1 ms");
    ck_assert_str_eq(layout_duration(buf, sizeof buf, 2.5e7), "25.00 s");
    ck_assert_str_eq(layout_duration(buf, sizeof buf, -3.0), "0.0 µs");
}
END_TEST

START_TEST(labels_never_overlap) {
    PixRect r[] = {
        {10, 10, 40, 12}, /* shown: first */
        {30, 15, 40, 12}, /* overlaps the first */
        {50, 10, 40, 12}, /* touches the first's right edge: no shared pixel */
        {0, 0, 0, 12},    /* empty */
        {60, 12, 10, 10}, /* overlaps the third */
        {10, 22, 40, 12}, /* just below the first */
    };
    bool shown[6];
    ck_assert_int_eq(layout_place_labels(r, 6, shown), 3);
    ck_assert(shown[0] && !shown[1] && shown[2] && !shown[3] && !shown[4] && shown[5]);
    for (int i = 0; i < 6; i++)
        for (int j = i + 1; j < 6; j++)
            ck_assert(!(shown[i] && shown[j] && layout_rects_overlap(r[i], r[j])));
}
END_TEST

START_TEST(frame_tall_window_puts_hud_below) {
    FrameLayout f;
    layout_frame(&f, 600, 900, true);
    ck_assert(f.hud_below);
    ck_assert_int_eq(f.hud.x, 0);
    ck_assert_int_eq(f.hud.w, 600);
    ck_assert_int_eq(f.hud.h, 300);
    ck_assert_int_eq(f.hud.y, 600);
    ck_assert_int_eq(f.board_area.w, 600 - 24);
    /* 900 / 30 = 30 is above the limit: a 24-pixel strip. */
    ck_assert_int_eq(f.timeline.y + f.timeline.h, 600 - 12); /* above the panel's margin */
    ck_assert_int_eq(f.timeline.h, LAYOUT_TIMELINE_MAX_H);
    /* font min(900 / 40 = 22, 600 * 10 / 225 = 26, 300 / 22 = 13) = 13; caption 17 px,
     * a line of 17 * 6/5 + 1 + 17/5 = 24 */
    ck_assert_int_eq(f.hud_px, 13);
    ck_assert_int_eq(f.board_area.h, 600 - 24 - 24 - 6 - 24);
}
END_TEST

START_TEST(frame_without_hud_uses_whole_window) {
    FrameLayout f;
    layout_frame(&f, 800, 600, false);
    ck_assert_int_eq(f.hud.w, 0);
    ck_assert_int_eq(f.board_area.x, 12);
    ck_assert_int_eq(f.board_area.w, 800 - 24);
    /* a 600 / 30 = 20 pixel timeline; font 600 / 40 = 15; caption 20 px, a line of
     * 20 * 6/5 + 1 + 4 = 29 */
    ck_assert_int_eq(f.timeline.h, 20);
    ck_assert_int_eq(f.board_area.h, 600 - 24 - 20 - 6 - 29);
    layout_frame(&f, 0, -5, false); /* degenerate sizes do not crash */
    ck_assert_int_eq(f.board_area.w, 1);
    ck_assert_int_eq(f.board_area.h, 1);
    ck_assert_int_eq(f.timeline.h, 0); /* no room for a timeline */
}
END_TEST

/* ---- the HUD's room: layout_frame_fit, the footer, wrapping ---------------- */

/* The view's lines a panel holds: its columns times the lines between the
 * title and tick lines (and a px margin) and the footer (speed, overlays,
 * help, and the room kept for a notice). */
static int view_lines(const FrameLayout *f) {
    int lh = layout_line_h(f->hud_px);
    int foot = layout_footer_h(f->hud_px, lh, 0, layout_status_reserve(f), 3, f->hud.h);
    int top = f->hud.h - foot - f->hud_px - 2 * lh;
    return f->hud_cols * (top / lh);
}

/* The frame a view gets once it says what it uses of the board area. */
static void fit_board(FrameLayout *f, int win_w, int win_h, int cols, int rows) {
    layout_frame(f, win_w, win_h, true);
    BoardLayout bl;
    layout_board(&bl, f->board_area, cols, rows);
    layout_frame_fit(f, layout_board_rect(&bl));
}

/* 600x1000, the replay of a 10x10 game: the board keeps its size and the
 * panel below holds the replay's lines down to the reason and its
 * explanation (11) and the legend (wave ramp 3, its note 1, paths 3, the
 * virtual snake 2, a gap): 21. The old panel, a third of the window in one
 * column, held 8 (it dropped the reason and the legend). */
START_TEST(portrait_replay_keeps_reason_and_legend) {
    FrameLayout f;
    layout_frame(&f, 600, 1000, true);
    BoardLayout before;
    layout_board(&before, f.board_area, 10, 10);
    fit_board(&f, 600, 1000, 10, 10);
    BoardLayout after;
    layout_board(&after, f.board_area, 10, 10);
    ck_assert_int_eq(after.cell, before.cell); /* 57 px cells either way */
    ck_assert_int_ge(after.cell, 50);
    ck_assert_int_eq(f.hud_cols, 2);
    ck_assert_int_ge(view_lines(&f), 21);
    /* nothing overlaps: board area, timeline, panel, top to bottom */
    ck_assert_int_le(f.board_area.y + f.board_area.h, f.timeline.y);
    ck_assert_int_le(f.timeline.y + f.timeline.h, f.hud.y);
    ck_assert_int_eq(f.hud.y + f.hud.h, 1000);
}
END_TEST

/* 600x1000, the arena (a 40x20 map) and the sea (two boards side by side,
 * about 22x12 cells): the empty rows above and below the board (over 240
 * pixels; the issue saw 150-190 on each side) go
 * to the panel. Its board area is then the board's own height. */
START_TEST(portrait_arena_and_sea_give_the_empty_rows_to_the_hud) {
    static const int BOARDS[][2] = {{40, 20}, {22, 12}};
    for (size_t i = 0; i < sizeof BOARDS / sizeof BOARDS[0]; i++) {
        int cols = BOARDS[i][0], rows = BOARDS[i][1];
        FrameLayout old, f;
        layout_frame(&old, 600, 1000, true);
        BoardLayout ob;
        layout_board(&ob, old.board_area, cols, rows);
        ck_assert_int_ge(old.board_area.h - ob.cell * rows, 240); /* what was empty */
        fit_board(&f, 600, 1000, cols, rows);
        BoardLayout bl;
        layout_board(&bl, f.board_area, cols, rows);
        ck_assert_int_eq(bl.cell, ob.cell);
        ck_assert_int_lt(f.board_area.h - bl.cell * rows, bl.cell); /* no empty rows */
        ck_assert_int_ge(f.hud.h, old.hud.h + 240);
        ck_assert_int_eq(f.timeline.y, f.board_area.y + f.board_area.h + LAYOUT_MARGIN / 2);
        ck_assert_int_eq(f.hud.y + f.hud.h, 1000);
    }
}
END_TEST

/* 1600x400, the arena: the side panel takes the empty width beside the
 * board and holds two columns, so that after its 19 lines (title, tick,
 * map ... decision and its options, the layer's ramp) the legend (7 lines
 * and the step arrow) keeps its place: 27. One column held 18. */
START_TEST(wide_low_arena_keeps_a_legend) {
    FrameLayout old, f;
    layout_frame(&old, 1600, 400, true);
    ck_assert_int_lt(view_lines(&old), 27);
    fit_board(&f, 1600, 400, 40, 20);
    BoardLayout ob, bl;
    layout_board(&ob, old.board_area, 40, 20);
    layout_board(&bl, f.board_area, 40, 20);
    ck_assert_int_eq(bl.cell, ob.cell); /* the board keeps its size */
    ck_assert_int_eq(f.hud_cols, 2);
    ck_assert_int_ge(f.hud.w, 2 * layout_hud_col_w(f.hud_px));
    ck_assert_int_le(f.hud.w, 2 * LAYOUT_HUD_MAX_W);
    ck_assert_int_ge(view_lines(&f), 27);
    ck_assert_int_eq(f.board_area.x + f.board_area.w + LAYOUT_MARGIN, f.hud.x);
    ck_assert_int_eq(f.caption.w, f.board_area.w);
    ck_assert_int_eq(f.timeline.w, f.board_area.w);
    /* 1280x720: a wider panel would still hold one column, so nothing moves. */
    FrameLayout g, g0;
    layout_frame(&g0, 1280, 720, true);
    fit_board(&g, 1280, 720, 20, 20);
    ck_assert_int_eq(g.hud.w, g0.hud.w);
    ck_assert_int_eq(g.hud_cols, 1);
    /* A strip or a hidden HUD: nothing to give. */
    layout_frame(&g, 400, 300, true);
    g0 = g;
    layout_frame_fit(&g, (PixRect){100, 100, 10, 10});
    ck_assert_int_eq(g.board_area.h, g0.board_area.h);
    ck_assert_int_eq(g.hud.h, g0.hud.h);
}
END_TEST

/* 1280x720, the arena (40x20) and the sea (about 22x12): the board is as
 * wide as its column and leaves about 300 rows empty; a side panel would not
 * hold two columns, so those rows go under the timeline (hud_more), where
 * the arena's legend (7 lines and the step arrow) and the sea's heat ramp
 * and legend go on, in two columns. The panel beside held neither (they
 * were dropped). */
START_TEST(a_wide_board_leaves_room_for_the_legend_under_it) {
    /* cols, rows, and the lines a column under the board must hold: the
     * arena's legend (7), the sea's legend (5) */
    static const int BOARDS[][3] = {{40, 20, 7}, {22, 12, 5}};
    for (size_t i = 0; i < sizeof BOARDS / sizeof BOARDS[0]; i++) {
        int cols = BOARDS[i][0], rows = BOARDS[i][1], need = BOARDS[i][2];
        FrameLayout old, f;
        layout_frame(&old, 1280, 720, true);
        fit_board(&f, 1280, 720, cols, rows);
        BoardLayout ob, bl;
        layout_board(&ob, old.board_area, cols, rows);
        layout_board(&bl, f.board_area, cols, rows);
        ck_assert_int_eq(bl.cell, ob.cell);
        ck_assert_int_eq(f.hud.w, old.hud.w); /* the panel beside is as it was */
        ck_assert_int_eq(f.hud_cols, 1);
        int lh = layout_line_h(f.hud_px);
        const PixRect *m = &f.hud_more;
        ck_assert_int_ge(m->w / layout_hud_col_w(f.hud_px), 2);
        ck_assert_int_ge((m->h - f.hud_px / 2 - f.hud_px) / lh, need);
        /* under the timeline, in the board's column, inside the window */
        ck_assert_int_eq(f.timeline.y, f.board_area.y + f.board_area.h + LAYOUT_MARGIN / 2);
        ck_assert_int_ge(m->y, f.timeline.y + f.timeline.h);
        ck_assert_int_eq(m->x, f.board_area.x);
        ck_assert_int_le(m->x + m->w, f.hud.x);
        ck_assert_int_le(m->y + m->h, 720);
        ck_assert_int_eq(old.hud_more.h, 0);
    }
    /* a square board in the same window: nothing to give */
    FrameLayout sq;
    fit_board(&sq, 1280, 720, 20, 20);
    ck_assert_int_eq(sq.hud_more.h, 0);
}
END_TEST

/* A notice (one or two lines in one column, one across two) takes the room
 * kept for it: the view's lines above the footer stay where they were, so
 * the arena's legend does not come and go with "the hero fell". */
START_TEST(a_notice_does_not_move_the_view_lines) {
    FrameLayout one, two;
    layout_frame(&one, 1280, 720, true);
    fit_board(&two, 1600, 400, 40, 20);
    ck_assert_int_eq(layout_status_reserve(&one), 2);
    ck_assert_int_eq(layout_status_reserve(&two), 1);
    int lh = 25, px = 17;
    int none = layout_footer_h(px, lh, 0, 2, 3, 720);
    ck_assert_int_eq(none, (2 + 3) * lh + px);
    ck_assert_int_eq(layout_footer_h(px, lh, 1, 2, 3, 720), none);
    ck_assert_int_eq(layout_footer_h(px, lh, 2, 2, 3, 720), none);
    /* a longer notice takes more, up to LAYOUT_STATUS_MAX lines */
    ck_assert_int_eq(layout_footer_h(px, lh, 3, 2, 3, 720), none + lh);
    ck_assert_int_eq(layout_footer_h(px, lh, 9, 2, 3, 720), none + 2 * lh);
    ck_assert_int_eq(layout_footer_h(px, lh, 0, 1, 3, 400), layout_footer_h(px, lh, 1, 1, 3, 400));
    ck_assert_int_eq(layout_footer_h(px, lh, 4, 2, 30, 720), 360); /* half the panel at most */
}
END_TEST

/* At 1280x720 a value column holds 25 characters (17 px font, a 384-pixel
 * panel, a 10-character key column): values wrap between phrases. */
START_TEST(values_wrap_between_phrases) {
    const char *score = "1613 gold, 5976 kills, 2790 deaths";
    /* the last space that fits would give "1613 gold, 5976 kills, 2790" */
    ck_assert_int_eq(layout_wrap_len(score, 27), (int)strlen("1613 gold, 5976 kills,"));
    ck_assert_int_eq(layout_wrap_len("31889 gold, 126554 kills, 5860 deaths", 25),
                     (int)strlen("31889 gold, 126554 kills,"));
    /* two spaces part phrases: the time and its mean */
    const char *dec = "sampler 12.0 µs  (mean 645.4 µs)";
    ck_assert_int_eq(layout_wrap_len(dec, 25), (int)strlen("sampler 12.0 µs"));
    /* characters, not bytes: "µ" is two bytes and one character wide */
    const char *t = "12.3 ms  (mean 645.4 µs)";
    ck_assert_int_eq(layout_wrap_len(t, 24), (int)strlen(t));
    ck_assert_int_eq(layout_wrap_len("8.8 µs (mean 21.4 µs)", 21),
                     (int)strlen("8.8 µs (mean 21.4 µs)"));
    /* a boundary early in the line would only make more lines: the last space */
    ck_assert_int_eq(layout_wrap_len("the hero fell (5860 so far) and rises again elsewhere", 34),
                     (int)strlen("the hero fell (5860 so far) and"));
    /* a word longer than the line is cut hard; a short text is whole */
    ck_assert_int_eq(layout_wrap_len("/a/very/long/path/to/a/screenshot.png", 10), 10);
    ck_assert_int_eq(layout_wrap_len("eat", 10), 3);
    ck_assert_int_eq(layout_wrap_len("", 10), 0);
}
END_TEST

START_TEST(a_cut_ends_at_a_word_before_its_dots) {
    /* "..." after the kept start fits in cols: the start is a line of
     * cols - 3 characters, at a word's end, its spaces dropped. */
    const char *say = "food 4 steps away and the tail is safe";
    int keep = layout_cut_len(say, 20);
    ck_assert_int_eq(keep, (int)strlen("food 4 steps away"));
    ck_assert_int_le(keep + 3, 20);
    ck_assert_int_eq(layout_cut_len("food    far", 9), (int)strlen("food"));
    /* one long word is cut hard at cols - 3 */
    ck_assert_int_eq(layout_cut_len("/a/very/long/path/to/it.png", 10), 7);
}
END_TEST

/* ---- board layout ---------------------------------------------------------- */

START_TEST(board_fits_and_centres) {
    BoardLayout bl;
    PixRect area = {12, 12, 872, 696};
    layout_board(&bl, area, 20, 20);
    /* min(872 / 20 = 43, 696 / 20 = 34) = 34; 680 pixels centred. */
    ck_assert_int_eq(bl.cell, 34);
    ck_assert_int_eq(bl.x0, 12 + (872 - 680) / 2);
    ck_assert_int_eq(bl.y0, 12 + (696 - 680) / 2);
    PixRect r = layout_cell_rect(&bl, 3, 2);
    ck_assert_int_eq(r.x, bl.x0 + 3 * 34);
    ck_assert_int_eq(r.y, bl.y0 + 2 * 34);
    ck_assert_int_eq(r.w, 34);
    ck_assert_int_eq(r.h, 34);
    PixRect all = layout_board_rect(&bl);
    ck_assert_int_eq(all.w, 680);
    ck_assert_int_eq(all.h, 680);
    int cx, cy;
    layout_cell_center(&bl, 0, 0, &cx, &cy);
    ck_assert_int_eq(cx, bl.x0 + 17);
    ck_assert_int_eq(cy, bl.y0 + 17);
}
END_TEST

START_TEST(board_rescales_on_resize) {
    /* The same 64x64 board at three window sizes: cells grow with the window
     * and always keep integer sides. */
    static const struct {
        int win_w, win_h, cell;
    } CASES[] = {{1280, 720, 9}, {1920, 1080, 15}, {640, 480, 6}}; /* the caption takes a line */
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        FrameLayout f;
        BoardLayout bl;
        layout_frame(&f, CASES[i].win_w, CASES[i].win_h, true);
        layout_board(&bl, f.board_area, 64, 64);
        ck_assert_msg(bl.cell == CASES[i].cell, "%dx%d: cell %d, expected %d", CASES[i].win_w,
                      CASES[i].win_h, bl.cell, CASES[i].cell);
        PixRect b = layout_board_rect(&bl);
        ck_assert_int_ge(b.x, f.board_area.x);
        ck_assert_int_ge(b.y, f.board_area.y);
        ck_assert_int_le(b.x + b.w, f.board_area.x + f.board_area.w);
        ck_assert_int_le(b.y + b.h, f.board_area.y + f.board_area.h);
    }
}
END_TEST

START_TEST(board_never_below_one_pixel) {
    BoardLayout bl;
    layout_board(&bl, (PixRect){0, 0, 100, 100}, 256, 256);
    ck_assert_int_eq(bl.cell, 1);
    layout_board(&bl, (PixRect){0, 0, 100, 100}, 0, -3);
    ck_assert_int_eq(bl.cols, 1);
    ck_assert_int_eq(bl.rows, 1);
}
END_TEST

START_TEST(pixel_to_cell_round_trip) {
    BoardLayout bl;
    layout_board(&bl, (PixRect){5, 7, 300, 200}, 7, 5); /* cell = min(42, 40) = 40 */
    ck_assert_int_eq(bl.cell, 40);
    for (int y = 0; y < 5; y++) {
        for (int x = 0; x < 7; x++) {
            PixRect r = layout_cell_rect(&bl, x, y);
            int cx = -1, cy = -1;
            ck_assert(layout_pixel_to_cell(&bl, r.x, r.y, &cx, &cy));
            ck_assert_int_eq(cx, x);
            ck_assert_int_eq(cy, y);
            ck_assert(layout_pixel_to_cell(&bl, r.x + r.w - 1, r.y + r.h - 1, &cx, &cy));
            ck_assert_int_eq(cx, x);
            ck_assert_int_eq(cy, y);
        }
    }
    int cx = 99, cy = 99;
    ck_assert(!layout_pixel_to_cell(&bl, bl.x0 - 1, bl.y0, &cx, &cy));
    ck_assert(!layout_pixel_to_cell(&bl, bl.x0, bl.y0 - 1, &cx, &cy));
    ck_assert(!layout_pixel_to_cell(&bl, bl.x0 + 7 * 40, bl.y0, &cx, &cy));
    ck_assert(!layout_pixel_to_cell(&bl, bl.x0, bl.y0 + 5 * 40, &cx, &cy));
    ck_assert_int_eq(cx, 99); /* untouched on a miss */
    ck_assert_int_eq(cy, 99);
}
END_TEST

/* ---- colours ----------------------------------------------------------------- */

static void assert_rgb(Rgba c, int r, int g, int b) {
    ck_assert_msg(c.r == r && c.g == g && c.b == b && c.a == 255,
                  "got (%d,%d,%d,%d), expected (%d,%d,%d,255)", c.r, c.g, c.b, c.a, r, g, b);
}

START_TEST(ramp_endpoints) {
    assert_rgb(ramp_color(RAMP_WAVE, 0.0), 253, 231, 37); /* viridis' bright end */
    assert_rgb(ramp_color(RAMP_WAVE, 1.0), 68, 1, 84);    /* viridis' dark end */
    assert_rgb(ramp_color(RAMP_HEAT, 0.0), 0, 0, 4);
    assert_rgb(ramp_color(RAMP_HEAT, 1.0), 252, 255, 164);
    assert_rgb(ramp_color(RAMP_DIVERGE, 0.5), 220, 220, 220);
    /* Clamped outside [0, 1]; NaN counts as 0. */
    assert_rgb(ramp_color(RAMP_WAVE, -3.0), 253, 231, 37);
    assert_rgb(ramp_color(RAMP_WAVE, 7.0), 68, 1, 84);
    assert_rgb(ramp_color(RAMP_HEAT, nan("")), 0, 0, 4);
}
END_TEST

START_TEST(ramp_midpoint_interpolates) {
    /* Halfway between the stops at 0.0 (253,231,37) and 0.125 (170,220,50). */
    Rgba c = ramp_color(RAMP_WAVE, 0.0625);
    assert_rgb(c, 212, 226, 44); /* 211.5 -> 212, 225.5 -> 226, 43.5 -> 44 (round half away) */
}
END_TEST

START_TEST(ramp_luminance_is_monotonic) {
    int prev_wave = 256, prev_heat = -1;
    for (int i = 0; i <= 200; i++) {
        double t = i / 200.0;
        int lw = rgba_luma(ramp_color(RAMP_WAVE, t));
        int lh = rgba_luma(ramp_color(RAMP_HEAT, t));
        ck_assert_msg(lw <= prev_wave, "wave luma rises at t=%.3f (%d > %d)", t, lw, prev_wave);
        ck_assert_msg(lh >= prev_heat, "heat luma falls at t=%.3f (%d < %d)", t, lh, prev_heat);
        prev_wave = lw;
        prev_heat = lh;
    }
}
END_TEST

START_TEST(ramp_t_and_blend) {
    ck_assert(fabs(ramp_t(5.0, 0.0, 10.0) - 0.5) < 1e-12);
    ck_assert(ramp_t(-1.0, 0.0, 10.0) == 0.0);
    ck_assert(ramp_t(11.0, 0.0, 10.0) == 1.0);
    ck_assert(ramp_t(3.0, 4.0, 4.0) == 0.0); /* empty range */
    Rgba a = {0, 100, 200, 0}, b = {100, 200, 0, 255};
    Rgba m = rgba_lerp(a, b, 0.5);
    ck_assert_int_eq(m.r, 50);
    ck_assert_int_eq(m.g, 150);
    ck_assert_int_eq(m.b, 100);
    ck_assert_int_eq(m.a, 128); /* 127.5 rounds up */
    ck_assert_int_eq(rgba_alpha(a, 77).a, 77);
}
END_TEST

START_TEST(text_colour_contrasts) {
    Rgba yellow = {253, 231, 37, 255}, violet = {68, 1, 84, 255};
    ck_assert_int_lt(rgba_luma(rgba_text_on(yellow)), 64);  /* dark text on yellow */
    ck_assert_int_gt(rgba_luma(rgba_text_on(violet)), 192); /* light text on violet */
    ck_assert_int_eq(rgba_luma((Rgba){255, 255, 255, 255}), 255);
    ck_assert_int_eq(rgba_luma((Rgba){0, 0, 0, 255}), 0);
}
END_TEST

START_TEST(base62_digits) {
    char buf[16];
    static const struct {
        long n;
        bool one;
        const char *want;
    } CASES[] = {
        {0, true, "0"},      {9, true, "9"},       {10, true, "a"}, {35, true, "z"},
        {36, true, "A"},     {61, true, "Z"},      {62, true, "+"}, {62, false, "10"},
        {3843, false, "ZZ"}, {3844, false, "100"}, {-1, false, ""},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        layout_base62(buf, (int)sizeof buf, CASES[i].n, CASES[i].one);
        ck_assert_msg(strcmp(buf, CASES[i].want) == 0, "%ld: got '%s', expected '%s'", CASES[i].n,
                      buf, CASES[i].want);
    }
    ck_assert_int_eq(layout_base62(buf, 2, 3844, false), 0); /* no room: empty */
    ck_assert_str_eq(buf, "");
}
END_TEST

/* ---- two boards (the race) ------------------------------------------------- */

static bool rect_inside(PixRect in, PixRect out) {
    return in.x >= out.x && in.y >= out.y && in.x + in.w <= out.x + out.w &&
           in.y + in.h <= out.y + out.h;
}

static bool rects_overlap(PixRect a, PixRect b) {
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

static void assert_rect(PixRect r, int x, int y, int w, int h) {
    ck_assert_msg(r.x == x && r.y == y && r.w == w && r.h == h,
                  "rect %d,%d %dx%d, expected %d,%d %dx%d", r.x, r.y, r.w, r.h, x, y, w, h);
}

START_TEST(pair_side_by_side_at_1280x720) {
    FrameLayout f;
    layout_frame(&f, 1280, 720, true);
    PairLayout p;
    layout_pair(&p, f.board_area, 20, 20, 40);
    /* Area 872 x 635 at (12, 43): 696 less the caption line (31) and the
     * timeline strip (24 + a 6 gap). Side by side:
     * min((872 - 16) / 2 / 20, (635 - 40) / 20) = min(21, 29);
     * stacked: min(872 / 20, ((635 - 16) / 2 - 40) / 20) = min(43, 13). */
    ck_assert(!p.stacked);
    ck_assert_int_eq(p.cell, 21);
    /* Left half x 12..440 (428 wide): the 420-pixel board centred at 16; the block
     * (40 + 420 high) centred in 635: y = 43 + 87. */
    assert_rect(p.label[0], 16, 130, 420, 40);
    assert_rect(p.board[0], 16, 170, 420, 420);
    /* Right half starts at 12 + 428 + 16 = 456. */
    assert_rect(p.board[1], 460, 170, 420, 420);
    /* The caption line stays above them. */
    for (int k = 0; k < 2; k++)
        ck_assert(!rects_overlap(p.label[k], f.caption));
    /* The race's boards and labels stay above the timeline strip. */
    for (int k = 0; k < 2; k++) {
        ck_assert(!rects_overlap(p.board[k], f.timeline));
        ck_assert(!rects_overlap(p.label[k], f.timeline));
    }
}
END_TEST

START_TEST(pair_side_by_side_at_800x600) {
    FrameLayout f;
    layout_frame(&f, 800, 600, true);
    PairLayout p;
    layout_pair(&p, f.board_area, 20, 20, 30);
    /* Area 536 x 550 (576 less the timeline strip, 20 + a 6 gap): side by side
     * min(260 / 20, 520 / 20) = 13; stacked min(26, 237 / 20) = 11. */
    ck_assert(!p.stacked);
    ck_assert_int_eq(p.cell, 13);
    ck_assert_int_eq(p.board[0].w, 260);
    /* Halves of 260: each board fills its half; the gap between them is 16. */
    ck_assert_int_eq(p.board[1].x - (p.board[0].x + p.board[0].w), 16);
}
END_TEST

START_TEST(pair_stacks_in_a_tall_window) {
    FrameLayout f;
    layout_frame(&f, 500, 1000, true);
    PairLayout p;
    layout_pair(&p, f.board_area, 20, 20, 40);
    /* HUD below (333 high): area 476 x 584 at (12, 41), under the caption line
     * (29) and above the timeline strip (24 + a 6 gap). Side by side
     * min(230 / 20, 544 / 20) = 11; stacked min(476 / 20, (284 - 40) / 20) = 12. */
    ck_assert(p.stacked);
    ck_assert_int_eq(p.cell, 12);
    assert_rect(p.label[0], 12 + (476 - 240) / 2, 41 + (284 - 40 - 240) / 2, 240, 40);
    assert_rect(p.board[1], 12 + (476 - 240) / 2, 41 + 284 + 16 + (284 - 40 - 240) / 2 + 40, 240,
                240);
    ck_assert(!rects_overlap(p.label[0], f.caption));
}
END_TEST

START_TEST(pair_wide_boards_stack) {
    /* A 40 x 10 board in a 4:3 area: two rows of it fit better than two columns. */
    PixRect area = {0, 0, 800, 600};
    PairLayout p;
    layout_pair(&p, area, 40, 10, 20);
    ck_assert(p.stacked);
    ck_assert_int_eq(p.cell, 20); /* min(800 / 40, (292 - 20) / 10 = 27) */
}
END_TEST

/* At every window size from 640 x 360 up: both boards and labels inside the
 * board area, apart, each label right above its board and as wide. */
START_TEST(pair_fits_every_window) {
    for (int w = 640; w <= 2560; w += 97)
        for (int h = 360; h <= 1600; h += 89) {
            FrameLayout f;
            layout_frame(&f, w, h, true);
            PairLayout p;
            int label_h = 2 * f.hud_px;
            layout_pair(&p, f.board_area, 20, 20, label_h);
            ck_assert_msg(p.cell >= 5, "%dx%d: cells of %d pixels", w, h, p.cell);
            for (int k = 0; k < 2; k++) {
                ck_assert_msg(rect_inside(p.board[k], f.board_area), "%dx%d: board %d outside", w,
                              h, k);
                ck_assert_msg(rect_inside(p.label[k], f.board_area), "%dx%d: label %d outside", w,
                              h, k);
                ck_assert_int_eq(p.label[k].y + p.label[k].h, p.board[k].y);
                ck_assert_int_eq(p.label[k].w, p.board[k].w);
                ck_assert_int_eq(p.board[k].w, 20 * p.cell);
                ck_assert_int_eq(p.board[k].h, 20 * p.cell);
            }
            PixRect a = {p.label[0].x, p.label[0].y, p.board[0].w, label_h + p.board[0].h};
            PixRect b = {p.label[1].x, p.label[1].y, p.board[1].w, label_h + p.board[1].h};
            ck_assert_msg(!rects_overlap(a, b), "%dx%d: the boards overlap", w, h);
            BoardLayout bl;
            layout_board(&bl, p.board[1], 20, 20);
            ck_assert_int_eq(bl.cell, p.cell); /* the board maps its cells exactly there */
            ck_assert_int_eq(bl.x0, p.board[1].x);
            ck_assert_int_eq(bl.y0, p.board[1].y);
        }
}
END_TEST

static Suite *layout_suite(void) {
    Suite *s = suite_create("layout");
    TCase *frame = tcase_create("frame");
    tcase_add_test(frame, frame_wide_window_puts_hud_right);
    tcase_add_test(frame, frame_limits_panel_width);
    tcase_add_test(frame, frame_tall_window_puts_hud_below);
    tcase_add_test(frame, frame_without_hud_uses_whole_window);
    tcase_add_test(frame, frame_small_window_gets_a_strip);
    tcase_add_test(frame, frame_wide_and_portrait);
    tcase_add_test(frame, durations_switch_units);
    tcase_add_test(frame, labels_never_overlap);
    suite_add_tcase(s, frame);
    TCase *fit = tcase_create("fit");
    tcase_add_test(fit, portrait_replay_keeps_reason_and_legend);
    tcase_add_test(fit, portrait_arena_and_sea_give_the_empty_rows_to_the_hud);
    tcase_add_test(fit, wide_low_arena_keeps_a_legend);
    tcase_add_test(fit, a_wide_board_leaves_room_for_the_legend_under_it);
    tcase_add_test(fit, a_notice_does_not_move_the_view_lines);
    tcase_add_test(fit, values_wrap_between_phrases);
    tcase_add_test(fit, a_cut_ends_at_a_word_before_its_dots);
    suite_add_tcase(s, fit);

    TCase *board = tcase_create("board");
    tcase_add_test(board, board_fits_and_centres);
    tcase_add_test(board, board_rescales_on_resize);
    tcase_add_test(board, board_never_below_one_pixel);
    tcase_add_test(board, pixel_to_cell_round_trip);
    suite_add_tcase(s, board);
    TCase *pair = tcase_create("pair");
    tcase_add_test(pair, pair_side_by_side_at_1280x720);
    tcase_add_test(pair, pair_side_by_side_at_800x600);
    tcase_add_test(pair, pair_stacks_in_a_tall_window);
    tcase_add_test(pair, pair_wide_boards_stack);
    tcase_add_test(pair, pair_fits_every_window);
    suite_add_tcase(s, pair);
    TCase *colour = tcase_create("colour");
    tcase_add_test(colour, ramp_endpoints);
    tcase_add_test(colour, ramp_midpoint_interpolates);
    tcase_add_test(colour, ramp_luminance_is_monotonic);
    tcase_add_test(colour, ramp_t_and_blend);
    tcase_add_test(colour, text_colour_contrasts);
    tcase_add_test(colour, base62_digits);
    suite_add_tcase(s, colour);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(layout_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
