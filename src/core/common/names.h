/* names.h - enum <-> name tables: the one way the program names its enums.
 *
 * A module keeps a `static const char *const NAMES[X_COUNT]` table indexed by
 * its enum and answers its own `x_name` / `x_parse` through these helpers, so
 * printing, parsing and listing the choices ("try: greedy, hamilton,
 * perfect") agree by construction. Tables are borrowed, never copied.
 */
#ifndef WS_NAMES_H
#define WS_NAMES_H

#include <stdbool.h>
#include <stddef.h>

/* names[value], or "?" when value is outside 0..count-1 or its entry is NULL. */
const char *names_of(const char *const *names, int count, int value);

/* The index whose name equals text exactly, into *out; false (and *out
 * untouched) when none does. Entries may be NULL (skipped). */
bool names_parse(const char *const *names, int count, const char *text, int *out);

/* Writes the names separated by ", " into buf (always NUL-terminated when
 * size > 0; cut if too small); returns the length it needed. */
size_t names_list(const char *const *names, int count, char *buf, size_t size);

#endif
