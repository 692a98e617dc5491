/* text.h - cached text drawing with SDL2_ttf: labels, and a glyph atlas per size.
 *
 * Each distinct (string, pixel size) is rendered once with SDL2_ttf into a
 * white texture and kept in a fixed-size label cache (least recently used
 * entries are replaced), so a frame draws every HUD line or cell number with
 * one texture copy, tinted with a colour mod. Strings too long for a label
 * (over 127 bytes) are drawn glyph by glyph from an atlas: every glyph of the
 * monospace font (printable ASCII plus the few UTF-8 symbols listed in
 * text.c) rendered once per size, at most TEXT_MAX_SIZES sizes. Nothing is
 * rendered per cell per frame: text that does not change is never rendered
 * again, and changing text (a step counter) costs one render per new value.
 *
 * A TextCache borrows the renderer (which must outlive it) and owns the
 * font, the label textures and the atlas textures.
 */
#ifndef WS_TEXT_H
#define WS_TEXT_H

#include <SDL.h>
#include <SDL_ttf.h>

#include "ws_error.h"

enum { TEXT_MAX_SIZES = 8, TEXT_MIN_PX = 6, TEXT_MAX_PX = 96 };

typedef struct TextCache TextCache;

/* Opens the TTF font at font_path (TTF_Init must have succeeded) for drawing
 * with renderer. Fails with WS_ERR_IO (and a message naming the file) when
 * the font is missing or unreadable. */
WsStatus text_create(TextCache **out, SDL_Renderer *renderer, const char *font_path, WsError *err);

/* TTF_OpenFont with a close-on-exec descriptor (SDL's own file opening has
 * none, and an engine started later would inherit the font:
 * docs/reliability.md). NULL with TTF_GetError() set on failure. */
TTF_Font *text_open_font(const char *path, int px);

/* Frees the atlases and closes the font. Safe on NULL. */
void text_destroy(TextCache *tc);

typedef enum TextAlign { TEXT_LEFT = 0, TEXT_CENTER, TEXT_RIGHT } TextAlign;

/* Draws UTF-8 `s` with its top edge at y and, by align, its left edge,
 * centre or right edge at x, in colour c (alpha respected), at px pixels
 * (clamped to TEXT_MIN_PX..TEXT_MAX_PX). Returns the drawn width in pixels.
 * A failure to build an atlas draws nothing and returns 0 (text is cosmetic;
 * the game goes on). */
int text_draw(TextCache *tc, int px, int x, int y, TextAlign align, SDL_Color c, const char *s);

/* Like text_draw, with printf formatting (truncated at 255 bytes). */
#if defined(__GNUC__)
__attribute__((format(printf, 7, 8)))
#endif
int text_drawf(TextCache *tc, int px, int x, int y, TextAlign align, SDL_Color c,
               const char *fmt, ...);

/* Width of `s` at px pixels as text_draw draws it: the rendered label's
 * width (SDL_ttf's own advances), or glyph count * the atlas advance for a
 * string too long for a label. */
int text_width(TextCache *tc, int px, const char *s);

/* Advance of one glyph and the line height at px pixels. */
int text_advance(TextCache *tc, int px);
int text_line_height(TextCache *tc, int px);

/* The transcript: every string drawn since text_transcript_clear, one a
 * line, in the order drawn (cut at TEXT_TRANSCRIPT_MAX bytes; a fixed
 * buffer, nothing allocated). The front end clears it before each frame, so
 * it says what the last frame showed in words (frontend_frame_text). */
enum { TEXT_TRANSCRIPT_MAX = 16 << 10 };
void text_transcript_clear(TextCache *tc);
const char *text_transcript(const TextCache *tc);

/* How many TTF renders (labels and atlas glyphs) happened so far: tests use it to prove
 * that drawing the same text again renders nothing new. */
long text_render_count(const TextCache *tc);

#endif
