/* engine_line.h - the engine protocol's line grammar, for its two readers:
 * the client reading an engine's answers (engine.c) and the info kept per
 * tick read back (engine_info.c).
 *
 * A line is ASCII words (bytes 0x21..0x7e) separated by single spaces,
 * without its "\n"; integers are decimal, with an optional '-'. Nothing
 * here allocates or keeps state: a reader walks a line with an offset.
 */
#ifndef WS_ENGINE_LINE_H
#define WS_ENGINE_LINE_H

#include <stdbool.h>
#include <stddef.h>

/* NULL when s[0..n) is words separated by single spaces, else what is
 * wrong ("an empty line", "a byte that is not printable ASCII", ...). */
const char *engine_line_shape(const char *s, size_t n);

/* Whether the line's first word is "info" (however malformed the rest). */
bool engine_line_is_info(const char *s, size_t n);

/* The next word of s[*at..n) into *w / *wl, *at moved past it and its
 * space; false at the end of the line. */
bool engine_line_word(const char *s, size_t n, size_t *at, const char **w, size_t *wl);

/* Whether the word is the literal lit. */
bool engine_word_is(const char *w, size_t wl, const char *lit);

/* Whether the word is a decimal integer in [lo, hi] (at most 11 digits);
 * *v gets it. */
bool engine_word_int(const char *w, size_t wl, long lo, long hi, long *v);

#endif
