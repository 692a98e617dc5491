#include "text.h"

#include <SDL_ttf.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ======================================================================== */
/* Types                                                                     */
/* ======================================================================== */

/* The glyphs an atlas holds: printable ASCII, then these symbols. */
static const Uint32 EXTRA_GLYPHS[] = {
    0x00B5, /* µ */ 0x00D7, /* × */ 0x00B7, /* · */ 0x2192, /* → */
    0x2190, /* ← */ 0x2191, /* ↑ */ 0x2193, /* ↓ */ 0x2022, /* • */
    0x2500, /* ─ */ 0x25B2, /* ▲ */ 0x25BC, /* ▼ */ 0x25C0, /* ◀ */
    0x25B6, /* ▶ */ 0x25A0, /* ■ */ 0x25A1, /* □ */ 0x25CF, /* ● */
    0x2026, /* … */ 0x2014, /* — */ 0x00B0, /* ° */ 0x2264, /* ≤ */
    0x2265, /* ≥ */ 0x2713, /* ✓ */ 0x2717, /* ✗ */ 0x221E, /* ∞ */
    0x25CB,                                                 /* ○ */
};
enum {
    ASCII_FIRST = 32,
    ASCII_COUNT = 95,
    EXTRA_COUNT = (int)(sizeof EXTRA_GLYPHS / sizeof EXTRA_GLYPHS[0]),
    GLYPH_COUNT = ASCII_COUNT + EXTRA_COUNT,
    ATLAS_COLS = 16,
    FALLBACK_GLYPH = '?' - ASCII_FIRST
};

typedef struct Atlas {
    int px;             /* pixel size; 0 marks a free slot */
    SDL_Texture *tex;   /* ATLAS_COLS x rows cells of cell_w x height */
    int cell_w, height; /* atlas cell size */
    int advance;        /* horizontal advance of every glyph (monospace) */
    int glyph_w[GLYPH_COUNT];
    unsigned long used; /* last use, for least-recently-used eviction */
} Atlas;

/* Label cache: each distinct (string, size) is rendered once with
 * TTF_RenderUTF8_Blended into its own white texture and then drawn with one
 * copy per frame (tinted by colour mod), which is far cheaper than a copy per
 * glyph with the software renderer. Open addressing without deletion: a key
 * lives in one of LABEL_PROBES slots after its hash; when they are all taken
 * the least recently used of them is replaced. */
enum { LABEL_SLOTS = 2048, LABEL_PROBES = 8, LABEL_MAX_LEN = 127 };

typedef struct Label {
    uint32_t hash;
    int px; /* 0 marks a free slot */
    SDL_Texture *tex;
    int w, h;
    unsigned long used;
    char text[LABEL_MAX_LEN + 1];
} Label;

struct TextCache {
    SDL_Renderer *ren;
    TTF_Font *font;
    int font_px; /* the size the font is set to now */
    Atlas atlas[TEXT_MAX_SIZES];
    Label *labels; /* LABEL_SLOTS */
    unsigned long clock;
    long renders;
    char transcript[TEXT_TRANSCRIPT_MAX]; /* text_transcript */
    size_t transcript_len;
};

/* ======================================================================== */
/* Static helpers                                                            */
/* ======================================================================== */

static int clamp_px(int px) {
    return px < TEXT_MIN_PX ? TEXT_MIN_PX : px > TEXT_MAX_PX ? TEXT_MAX_PX : px;
}

static Uint32 glyph_codepoint(int slot) {
    return slot < ASCII_COUNT ? (Uint32)(slot + ASCII_FIRST) : EXTRA_GLYPHS[slot - ASCII_COUNT];
}

static int glyph_slot(Uint32 cp) {
    if (cp >= ASCII_FIRST && cp < ASCII_FIRST + ASCII_COUNT)
        return (int)cp - ASCII_FIRST;
    for (int i = 0; i < EXTRA_COUNT; i++)
        if (EXTRA_GLYPHS[i] == cp)
            return ASCII_COUNT + i;
    return FALLBACK_GLYPH;
}

/* Decodes one UTF-8 code point at *s and advances *s; malformed bytes give '?'. */
static Uint32 utf8_next(const char **s) {
    const unsigned char *p = (const unsigned char *)*s;
    Uint32 cp;
    int extra;
    if (p[0] < 0x80) {
        cp = p[0];
        extra = 0;
    } else if ((p[0] & 0xE0) == 0xC0) {
        cp = p[0] & 0x1Fu;
        extra = 1;
    } else if ((p[0] & 0xF0) == 0xE0) {
        cp = p[0] & 0x0Fu;
        extra = 2;
    } else if ((p[0] & 0xF8) == 0xF0) {
        cp = p[0] & 0x07u;
        extra = 3;
    } else {
        *s += 1;
        return '?';
    }
    for (int i = 1; i <= extra; i++) {
        if ((p[i] & 0xC0) != 0x80) {
            *s += i;
            return '?';
        }
        cp = (cp << 6) | (p[i] & 0x3Fu);
    }
    *s += 1 + extra;
    return cp;
}

static int utf8_count(const char *s) {
    int n = 0;
    while (*s) {
        utf8_next(&s);
        n++;
    }
    return n;
}

static void atlas_free(Atlas *a) {
    if (a->tex != NULL)
        SDL_DestroyTexture(a->tex);
    memset(a, 0, sizeof *a);
}

static bool font_set_size(TextCache *tc, int px) {
    if (tc->font_px == px)
        return true;
    if (TTF_SetFontSize(tc->font, px) != 0)
        return false;
    tc->font_px = px;
    return true;
}

/* FNV-1a over the text and the size. */
static uint32_t label_hash(const char *s, int px) {
    uint32_t h = 2166136261u ^ (uint32_t)px;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        h = (h ^ *p) * 16777619u;
    return h;
}

static void label_free(Label *l) {
    if (l->tex != NULL)
        SDL_DestroyTexture(l->tex);
    memset(l, 0, sizeof *l);
}

/* The cached label for s at px (rendered on first use); NULL if s is empty,
 * longer than LABEL_MAX_LEN bytes, or cannot be rendered. */
static Label *label_get(TextCache *tc, int px, const char *s) {
    size_t len = strlen(s);
    if (len == 0 || len > LABEL_MAX_LEN)
        return NULL;
    uint32_t h = label_hash(s, px);
    tc->clock++;
    Label *victim = NULL;
    for (int i = 0; i < LABEL_PROBES; i++) {
        Label *l = &tc->labels[(h + (uint32_t)i) & (LABEL_SLOTS - 1)];
        if (l->px == px && l->hash == h && strcmp(l->text, s) == 0) {
            l->used = tc->clock;
            return l;
        }
        if (victim == NULL || (victim->px != 0 && (l->px == 0 || l->used < victim->used)))
            victim = l;
    }
    label_free(victim);
    if (!font_set_size(tc, px))
        return NULL;
    SDL_Color white = {255, 255, 255, 255};
    SDL_Surface *surf = TTF_RenderUTF8_Blended(tc->font, s, white);
    tc->renders++;
    if (surf == NULL)
        return NULL;
    SDL_Texture *tex = SDL_CreateTextureFromSurface(tc->ren, surf);
    int w = surf->w, h_px = surf->h;
    SDL_FreeSurface(surf);
    if (tex == NULL)
        return NULL;
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
    victim->hash = h;
    victim->px = px;
    victim->tex = tex;
    victim->w = w;
    victim->h = h_px;
    victim->used = tc->clock;
    memcpy(victim->text, s, len + 1);
    return victim;
}

/* Renders every glyph once at px pixels into one texture. */
static bool atlas_build(TextCache *tc, Atlas *a, int px) {
    if (!font_set_size(tc, px))
        return false;
    SDL_Color white = {255, 255, 255, 255};
    SDL_Surface *glyphs[GLYPH_COUNT] = {0};
    int cell_w = 1, height = TTF_FontHeight(tc->font), advance = 0;
    if (TTF_GlyphMetrics32(tc->font, 'M', NULL, NULL, NULL, NULL, &advance) != 0 || advance < 1)
        advance = px / 2 + 1;
    for (int i = 0; i < GLYPH_COUNT; i++) {
        glyphs[i] = TTF_RenderGlyph32_Blended(tc->font, glyph_codepoint(i), white);
        tc->renders++;
        if (glyphs[i] != NULL) {
            if (glyphs[i]->w > cell_w)
                cell_w = glyphs[i]->w;
            if (glyphs[i]->h > height)
                height = glyphs[i]->h;
        }
    }
    int rows = (GLYPH_COUNT + ATLAS_COLS - 1) / ATLAS_COLS;
    SDL_Surface *sheet = SDL_CreateRGBSurfaceWithFormat(0, cell_w * ATLAS_COLS, height * rows, 32,
                                                        SDL_PIXELFORMAT_ARGB8888);
    bool ok = sheet != NULL;
    if (ok) {
        SDL_FillRect(sheet, NULL, 0); /* transparent */
        for (int i = 0; i < GLYPH_COUNT; i++) {
            a->glyph_w[i] = 0;
            if (glyphs[i] == NULL)
                continue;
            /* Copy the glyph's alpha as is instead of blending it onto the sheet. */
            SDL_SetSurfaceBlendMode(glyphs[i], SDL_BLENDMODE_NONE);
            SDL_Rect dst = {(i % ATLAS_COLS) * cell_w, (i / ATLAS_COLS) * height, glyphs[i]->w,
                            glyphs[i]->h};
            SDL_BlitSurface(glyphs[i], NULL, sheet, &dst);
            a->glyph_w[i] = glyphs[i]->w;
        }
        a->tex = SDL_CreateTextureFromSurface(tc->ren, sheet);
        ok = a->tex != NULL;
        if (ok)
            SDL_SetTextureBlendMode(a->tex, SDL_BLENDMODE_BLEND);
    }
    for (int i = 0; i < GLYPH_COUNT; i++)
        SDL_FreeSurface(glyphs[i]);
    SDL_FreeSurface(sheet);
    if (!ok) {
        atlas_free(a);
        return false;
    }
    a->px = px;
    a->cell_w = cell_w;
    a->height = height;
    a->advance = advance;
    return true;
}

/* The atlas for px, built on first use; NULL if it cannot be built. */
static Atlas *atlas_get(TextCache *tc, int px) {
    px = clamp_px(px);
    tc->clock++;
    Atlas *oldest = &tc->atlas[0];
    for (int i = 0; i < TEXT_MAX_SIZES; i++) {
        Atlas *a = &tc->atlas[i];
        if (a->px == px) {
            a->used = tc->clock;
            return a;
        }
        if (a->px == 0 || (oldest->px != 0 && a->used < oldest->used))
            oldest = a;
    }
    atlas_free(oldest);
    if (!atlas_build(tc, oldest, px))
        return NULL;
    oldest->used = tc->clock;
    return oldest;
}

/* ======================================================================== */
/* Public functions                                                          */
/* ======================================================================== */

TTF_Font *text_open_font(const char *path, int px) {
    FILE *f = fopen(path, "rbe"); /* "e": close-on-exec */
    if (f == NULL) {
        TTF_SetError("cannot open %s", path);
        return NULL;
    }
    SDL_RWops *rw = SDL_RWFromFP(f, SDL_TRUE);
    if (rw == NULL) {
        fclose(f);
        return NULL;
    }
    return TTF_OpenFontRW(rw, 1, px); /* closes rw (and f) on failure too */
}

WsStatus text_create(TextCache **out, SDL_Renderer *renderer, const char *font_path,
                     WsError *err) {
    *out = NULL;
    TextCache *tc = calloc(1, sizeof *tc);
    if (tc == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for the text cache");
    tc->ren = renderer;
    tc->font_px = 16;
    tc->labels = calloc(LABEL_SLOTS, sizeof *tc->labels);
    if (tc->labels == NULL) {
        free(tc);
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for the text cache");
    }
    tc->font = text_open_font(font_path, tc->font_px);
    if (tc->font == NULL) {
        free(tc->labels);
        free(tc);
        return ws_fail(err, WS_ERR_IO, "cannot load the font %s: %s", font_path, TTF_GetError());
    }
    TTF_SetFontHinting(tc->font, TTF_HINTING_LIGHT);
    *out = tc;
    return WS_OK;
}

void text_destroy(TextCache *tc) {
    if (tc == NULL)
        return;
    for (int i = 0; i < TEXT_MAX_SIZES; i++)
        atlas_free(&tc->atlas[i]);
    for (int i = 0; i < LABEL_SLOTS; i++)
        label_free(&tc->labels[i]);
    free(tc->labels);
    TTF_CloseFont(tc->font);
    free(tc);
}

/* Appends s and a newline to the transcript while it has room. */
static void transcribe(TextCache *tc, const char *s) {
    size_t n = strlen(s);
    if (tc->transcript_len + n + 2 > sizeof tc->transcript)
        return;
    memcpy(tc->transcript + tc->transcript_len, s, n);
    tc->transcript_len += n;
    tc->transcript[tc->transcript_len++] = '\n';
    tc->transcript[tc->transcript_len] = '\0';
}

void text_transcript_clear(TextCache *tc) {
    tc->transcript_len = 0;
    tc->transcript[0] = '\0';
}

const char *text_transcript(const TextCache *tc) { return tc->transcript; }

int text_draw(TextCache *tc, int px, int x, int y, TextAlign align, SDL_Color c, const char *s) {
    if (s == NULL || s[0] == '\0')
        return 0;
    transcribe(tc, s);
    px = clamp_px(px);
    Label *l = label_get(tc, px, s);
    if (l != NULL) {
        if (align == TEXT_CENTER)
            x -= l->w / 2;
        else if (align == TEXT_RIGHT)
            x -= l->w;
        SDL_SetTextureColorMod(l->tex, c.r, c.g, c.b);
        SDL_SetTextureAlphaMod(l->tex, c.a);
        SDL_Rect dst = {x, y, l->w, l->h};
        SDL_RenderCopy(tc->ren, l->tex, NULL, &dst);
        return l->w;
    }
    /* Too long for a label (or it failed): glyph by glyph from the atlas. */
    Atlas *a = atlas_get(tc, px);
    if (a == NULL)
        return 0;
    int width = utf8_count(s) * a->advance;
    if (align == TEXT_CENTER)
        x -= width / 2;
    else if (align == TEXT_RIGHT)
        x -= width;
    SDL_SetTextureColorMod(a->tex, c.r, c.g, c.b);
    SDL_SetTextureAlphaMod(a->tex, c.a);
    int pen = x;
    while (*s) {
        int slot = glyph_slot(utf8_next(&s));
        if (slot != ' ' - ASCII_FIRST && a->glyph_w[slot] > 0) {
            SDL_Rect src = {(slot % ATLAS_COLS) * a->cell_w, (slot / ATLAS_COLS) * a->height,
                            a->glyph_w[slot], a->height};
            SDL_Rect dst = {pen, y, a->glyph_w[slot], a->height};
            SDL_RenderCopy(tc->ren, a->tex, &src, &dst);
        }
        pen += a->advance;
    }
    return width;
}

int text_drawf(TextCache *tc, int px, int x, int y, TextAlign align, SDL_Color c, const char *fmt,
               ...) {
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return text_draw(tc, px, x, y, align, c, buf);
}

int text_width(TextCache *tc, int px, const char *s) {
    if (s == NULL || s[0] == '\0')
        return 0;
    px = clamp_px(px);
    /* What text_draw will draw: a label is rendered whole by SDL_ttf, whose
     * advances are not the atlas's whole pixels (at 14 px a 47-character
     * caption is 396 pixels, not 47 x 8). The label is cached, so measuring
     * first and drawing after renders it once. */
    Label *l = label_get(tc, px, s);
    if (l != NULL)
        return l->w;
    Atlas *a = atlas_get(tc, px);
    return a == NULL ? 0 : utf8_count(s) * a->advance;
}

int text_advance(TextCache *tc, int px) {
    Atlas *a = atlas_get(tc, px);
    return a == NULL ? 0 : a->advance;
}

int text_line_height(TextCache *tc, int px) {
    Atlas *a = atlas_get(tc, px);
    return a == NULL ? 0 : a->height;
}

long text_render_count(const TextCache *tc) { return tc->renders; }
