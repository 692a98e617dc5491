/* slab.h - many buffers in one allocation, listed and sized in one place.
 *
 * A module writes one layout function that calls slab_take for each of its
 * buffers. slab_alloc runs it twice: on an empty Slab to add up the sizes,
 * then on one zeroed block of that size to hand out the pointers, each
 * aligned for any type. The module keeps the block and frees it once; that
 * releases every buffer. Sizes are board-bounded, so they cannot overflow.
 */
#ifndef WS_SLAB_H
#define WS_SLAB_H

#include <stddef.h>

typedef struct Slab {
    unsigned char *base; /* NULL while measuring */
    size_t used;         /* bytes handed out so far */
} Slab;

/* The next count * size bytes of the slab; NULL while measuring. */
void *slab_take(Slab *s, size_t count, size_t size);

/* Measures layout(owner, ...), allocates that many zeroed bytes and lays the
 * buffers out in them. Returns the block (the caller frees it), or NULL when
 * out of memory: then every pointer the layout set is NULL. */
void *slab_alloc(void (*layout)(void *owner, Slab *s), void *owner);

#endif
