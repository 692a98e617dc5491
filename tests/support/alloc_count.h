/* alloc_count.h - counting the heap allocations a test makes.
 *
 * A test that links ws_alloc_count gets -Wl,--wrap=malloc,calloc,realloc,free:
 * every allocation in the core then passes through counting wrappers, so the
 * test can prove that a tick allocates nothing. Read the count before calling
 * Check's assertions, which may allocate themselves.
 */
#ifndef WS_ALLOC_COUNT_H
#define WS_ALLOC_COUNT_H

/* Allocations (malloc, calloc, realloc) made so far by the wrapped objects. */
long alloc_count(void);

#endif
