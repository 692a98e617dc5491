/* engine_line.c - the protocol's line grammar (engine_line.h). */
#include "engine_line.h"

#include <string.h>

/* Checks a line's shape: words of 0x21..0x7e, single spaces. NULL when fine,
 * else what is wrong. */
const char *engine_line_shape(const char *s, size_t n) {
    if (n == 0)
        return "an empty line";
    if (s[n - 1] == '\r')
        return "a line ending in CR (lines end in \\n alone)";
    if (s[0] == ' ' || s[n - 1] == ' ')
        return "a line with a leading or trailing space";
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == ' ') {
            if (s[i + 1] == ' ')
                return "words not separated by single spaces";
        } else if (c < 0x21 || c > 0x7e) {
            return "a byte that is not printable ASCII";
        }
    }
    return NULL;
}

bool engine_line_is_info(const char *s, size_t n) {
    return n >= 4 && memcmp(s, "info", 4) == 0 && (n == 4 || s[4] == ' ');
}

/* The next word of s[*at..n) (no spaces inside); false at the end. */
bool engine_line_word(const char *s, size_t n, size_t *at, const char **w, size_t *wl) {
    if (*at >= n)
        return false;
    size_t i = *at;
    while (i < n && s[i] != ' ')
        i++;
    *w = s + *at;
    *wl = i - *at;
    *at = i < n ? i + 1 : n;
    return true;
}

bool engine_word_is(const char *w, size_t wl, const char *lit) {
    return wl == strlen(lit) && memcmp(w, lit, wl) == 0;
}

/* A decimal integer word in [lo, hi]. */
bool engine_word_int(const char *w, size_t wl, long lo, long hi, long *v) {
    size_t i = 0;
    bool neg = false;
    if (wl > 0 && w[0] == '-') {
        neg = true;
        i = 1;
    }
    if (i == wl || wl - i > 11)
        return false;
    long x = 0;
    for (; i < wl; i++) {
        if (w[i] < '0' || w[i] > '9')
            return false;
        x = x * 10 + (w[i] - '0');
    }
    if (neg)
        x = -x;
    if (x < lo || x > hi)
        return false;
    *v = x;
    return true;
}
