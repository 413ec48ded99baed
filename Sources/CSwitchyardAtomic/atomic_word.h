/* One 64-bit word read and written atomically: the router's table id, read once per
 * resolve. The compiler's __atomic builtins (GCC and Clang; what C11's <stdatomic.h> and
 * swift-atomics are built on) instead of Synchronization's Atomic, which needs macOS 15 /
 * iOS 18, and instead of a package dependency, which the CMake build of the C library
 * would have to build too. Header only: nothing to link. */
#ifndef SWITCHYARD_ATOMIC_WORD_H
#define SWITCHYARD_ATOMIC_WORD_H

#include <stdint.h>

static inline uint64_t sy_atomic_load_acquire(const uint64_t *word) {
    return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

static inline void sy_atomic_store_release(uint64_t *word, uint64_t value) {
    __atomic_store_n(word, value, __ATOMIC_RELEASE);
}

/* Adds 1 (wrapping) and returns the value before. */
static inline uint64_t sy_atomic_increment_relaxed(uint64_t *word) {
    return __atomic_fetch_add(word, 1, __ATOMIC_RELAXED);
}

#endif
