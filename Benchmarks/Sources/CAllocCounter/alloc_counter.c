/* See include/alloc_counter.h. Each replacement counts, then forwards to glibc's own
 * entry points (__libc_*), which glibc exports precisely so that a program can wrap its
 * allocator. free is not replaced: only allocations are counted. */
#include "alloc_counter.h"
#include <stddef.h>
#include <errno.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void *__libc_valloc(size_t);
extern void *__libc_pvalloc(size_t);

static uint64_t count;

static inline void counted(void) { __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED); }

uint64_t bench_alloc_count(void) { return __atomic_load_n(&count, __ATOMIC_RELAXED); }

void *malloc(size_t n) { counted(); return __libc_malloc(n); }
void *calloc(size_t k, size_t n) { counted(); return __libc_calloc(k, n); }
void *realloc(void *p, size_t n) { counted(); return __libc_realloc(p, n); }
void *memalign(size_t a, size_t n) { counted(); return __libc_memalign(a, n); }
void *aligned_alloc(size_t a, size_t n) { counted(); return __libc_memalign(a, n); }
void *valloc(size_t n) { counted(); return __libc_valloc(n); }
void *pvalloc(size_t n) { counted(); return __libc_pvalloc(n); }

int posix_memalign(void **out, size_t a, size_t n) {
    /* posix_memalign's contract: a power of two multiple of sizeof(void *). */
    if (a < sizeof(void *) || (a & (a - 1)) != 0) return EINVAL;
    counted();
    void *p = __libc_memalign(a, n);
    if (p == NULL) return ENOMEM;
    *out = p;
    return 0;
}
