/* mallopt lives in <malloc.h>, which Swift's Glibc module does not export. */
#include "CHeapTuning.h"
#include <limits.h>
#include <malloc.h>

int cht_tune_heap(size_t mmap_threshold, size_t trim_threshold) {
    if (mmap_threshold > INT_MAX || trim_threshold > INT_MAX) return -1;
    int mapped = mallopt(M_MMAP_THRESHOLD, (int)mmap_threshold);
    int trimmed = mallopt(M_TRIM_THRESHOLD, (int)trim_threshold);
    return mapped == 1 && trimmed == 1 ? 0 : -1;
}
