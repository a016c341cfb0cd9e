#ifndef CHEAP_TUNING_H
#define CHEAP_TUNING_H
/*
 * How the process's heap serves long evaluations, set once at start by each executable.
 *
 * A run of 1,024 days' records takes blocks of a few hundred KiB. Above glibc's default
 * threshold (128 KiB, raised only by what was freed) each such block was mapped, zero-filled
 * a page at a time on first touch and unmapped again: ~4,600 page faults for a 300-year CSV,
 * about a tenth of its time. Served from the heap, they are reused. Free heap above the trim
 * threshold still goes back to the system.
 */
#include <stddef.h>

/* Blocks up to `mmap_threshold` bytes come from the heap; free heap above `trim_threshold`
 * is returned. Returns 0 when both were set (glibc's mallopt), -1 otherwise. */
int cht_tune_heap(size_t mmap_threshold, size_t trim_threshold);

/* Brings the next `bytes` of heap into memory in one system call (MADV_POPULATE_WRITE) instead of
 * a page fault per page as the start-up first touches them: a cold start allocates a few hundred
 * KiB (the Lua state, the prelude, the policy, Swift's metadata), and in a virtual machine each
 * fault costs microseconds. Returns 0 when done, -1 when the system or the allocator would not
 * (a sanitizer's allocator, an old kernel): harmless either way. */
int cht_prefault_heap(size_t bytes);

#endif
