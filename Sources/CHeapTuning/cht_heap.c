/* mallopt lives in <malloc.h>, which Swift's Glibc module does not export; madvise's
 * MADV_POPULATE_WRITE is newer than some headers. */
#include "CHeapTuning.h"
#include <limits.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 /* Linux 5.14 */
#endif

int cht_tune_heap(size_t mmap_threshold, size_t trim_threshold) {
    if (mmap_threshold > INT_MAX || trim_threshold > INT_MAX) return -1;
    int mapped = mallopt(M_MMAP_THRESHOLD, (int)mmap_threshold);
    int trimmed = mallopt(M_TRIM_THRESHOLD, (int)trim_threshold);
    return mapped == 1 && trimmed == 1 ? 0 : -1;
}

int cht_prefault_heap(size_t bytes) {
    /* A block from the heap's top (below the mmap threshold cht_tune_heap set), freed back to it:
     * the break then lies past it, and the pages from the block to the break are populated. Any
     * other allocator's block is not followed by the break: nothing is done. */
    void *block = malloc(bytes);
    if (block == NULL) return -1;
    free(block);
    char *end = sbrk(0);
    long page = sysconf(_SC_PAGESIZE);
    if (end == (char *)-1 || page <= 0) return -1;
    char *start = (char *)((uintptr_t)block & ~(uintptr_t)(page - 1));
    if (end <= start || (size_t)(end - start) > 2 * bytes + (size_t)page) return -1;
    return madvise(start, (size_t)(end - start), MADV_POPULATE_WRITE) == 0 ? 0 : -1;
}
