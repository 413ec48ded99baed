/* Heap allocation counter for the benchmarks. Linking alloc_counter.c into an executable
 * replaces malloc and its relatives for the whole process (the executable's definitions
 * win symbol lookup over libc's, also for calls from shared libraries), so every heap
 * allocation made by Swift, the Switchyard library or a peer router is counted. */
#ifndef SWITCHYARD_BENCH_ALLOC_COUNTER_H
#define SWITCHYARD_BENCH_ALLOC_COUNTER_H
#include <stdint.h>

/* Number of allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign,
 * valloc, pvalloc) since the process started. Relaxed: read it on the thread that allocates. */
uint64_t bench_alloc_count(void);

#endif
