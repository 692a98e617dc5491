#include "alloc_count.h"

#include <stdatomic.h>
#include <stddef.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);

/* Atomic: the GIF encoder thread allocates too (its palette), and a plain
 * counter bumped from two threads is a data race (ThreadSanitizer, make
 * tsan) that can lose counts. Relaxed is enough: only the total matters. */
static atomic_long allocations;

static void counted(void) { atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed); }

long alloc_count(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }

void *__wrap_malloc(size_t n) {
    counted();
    return __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size) {
    counted();
    return __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n) {
    counted();
    return __real_realloc(p, n);
}

void __wrap_free(void *p) { __real_free(p); }
