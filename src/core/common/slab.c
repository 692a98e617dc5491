#include "slab.h"

#include <stdalign.h>
#include <stdlib.h>

enum { SLAB_ALIGN = alignof(max_align_t) };

void *slab_take(Slab *s, size_t count, size_t size) {
    size_t at = (s->used + SLAB_ALIGN - 1) / SLAB_ALIGN * SLAB_ALIGN;
    s->used = at + count * size;
    return s->base != NULL ? s->base + at : NULL;
}

void *slab_alloc(void (*layout)(void *owner, Slab *s), void *owner) {
    Slab measure = {NULL, 0};
    layout(owner, &measure); /* every pointer is NULL now */
    Slab s = {calloc(measure.used > 0 ? measure.used : 1, 1), 0};
    if (s.base == NULL)
        return NULL;
    layout(owner, &s);
    return s.base;
}
