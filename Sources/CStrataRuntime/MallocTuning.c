#include <malloc.h>
#include <stdlib.h>
#include "CStrataRuntime.h"

int strata_keep_freed_heap(unsigned long trim_threshold, unsigned long mmap_threshold, unsigned long top_pad) {
    // glibc's own environment variables win: someone tuning by hand keeps their settings.
    if (getenv("MALLOC_TRIM_THRESHOLD_") || getenv("MALLOC_MMAP_THRESHOLD_") || getenv("MALLOC_TOP_PAD_")
        || getenv("GLIBC_TUNABLES"))
        return 0;
    return mallopt(M_MMAP_THRESHOLD, (int)mmap_threshold) && mallopt(M_TRIM_THRESHOLD, (int)trim_threshold)
        && mallopt(M_TOP_PAD, (int)top_pad);
}
