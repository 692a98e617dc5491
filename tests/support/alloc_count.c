#include "alloc_count.h"

#include <stddef.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);

static long allocations;

long alloc_count(void) { return allocations; }

void *__wrap_malloc(size_t n) {
    allocations++;
    return __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size) {
    allocations++;
    return __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n) {
    allocations++;
    return __real_realloc(p, n);
}

void __wrap_free(void *p) { __real_free(p); }
