/* text.h - cached text drawing with SDL2_ttf (a glyph atlas per pixel size).
 *
 * The font is monospace (DejaVu Sans Mono), so every string is drawn glyph by
 * glyph from one atlas texture per pixel size: each glyph is rendered with
 * TTF_RenderGlyph32_Blended exactly once (white, then tinted with a colour
 * mod), and no TTF_Render* call ever happens per cell or per frame after
 * that. Atlases are made lazily for at most TEXT_MAX_SIZES sizes; asking for
 * another size evicts the least recently used one. Glyphs: printable ASCII
 * plus a few UTF-8 symbols the HUD uses (listed in text.c: µ × · → ← ↑ ↓ • ─
 * ▲ ▼ ◀ ▶ ■ □ ● …); any other character draws as '?'.
 *
 * A TextCache borrows the renderer (which must outlive it) and owns the
 * font and the atlas textures.
 */
#ifndef WS_TEXT_H
#define WS_TEXT_H

#include <SDL.h>

#include "ws_error.h"

enum { TEXT_MAX_SIZES = 8, TEXT_MIN_PX = 6, TEXT_MAX_PX = 96 };

typedef struct TextCache TextCache;

/* Opens the TTF font at font_path (TTF_Init must have succeeded) for drawing
 * with renderer. Fails with WS_ERR_IO (and a message naming the file) when
 * the font is missing or unreadable. */
WsStatus text_create(TextCache **out, SDL_Renderer *renderer, const char *font_path,
                     WsError *err);

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

/* Width of `s` at px pixels (glyph count * advance; the font is monospace). */
int text_width(TextCache *tc, int px, const char *s);

/* Advance of one glyph and the line height at px pixels. */
int text_advance(TextCache *tc, int px);
int text_line_height(TextCache *tc, int px);

/* How many glyph renders (TTF calls) happened so far: tests use it to prove
 * that drawing the same text again renders nothing new. */
long text_render_count(const TextCache *tc);

#endif
