// The allocation counter (see CAllocationCounter.h).
#include "CAllocationCounter.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define CALLOCATIONCOUNTER_SANITIZED 1
#endif
#endif

#ifdef CALLOCATIONCOUNTER_SANITIZED

int CAllocationCounter_isAvailable(void) { return 0; }
void CAllocationCounter_start(void) {}
long CAllocationCounter_stop(void) { return -1; }
long CAllocationCounter_largest(void) { return -1; }

#else

#include <errno.h>
#include <stddef.h>

// malloc and its kin, defined here, are the ones every library in the program calls (the executable's definitions
// come first in the dynamic linker's lookup); each passes the call to glibc's own allocator unchanged, counting it
// first while the calling thread counts. free is glibc's: these blocks are glibc's own.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

// Thread-local in the executable (initial-exec): reaching them allocates nothing.
static __thread int countsAllocations __attribute__((tls_model("initial-exec")));
static __thread long countedAllocations __attribute__((tls_model("initial-exec")));
static __thread size_t largestAllocation __attribute__((tls_model("initial-exec")));

static inline void count(size_t size) {
    if (countsAllocations) {
        countedAllocations += 1;
        if (size > largestAllocation) largestAllocation = size;
    }
}

void *malloc(size_t size) { count(size); return __libc_malloc(size); }
void *calloc(size_t count_, size_t size) {
    count(size != 0 && count_ > (size_t)-1 / size ? (size_t)-1 : count_ * size);
    return __libc_calloc(count_, size);
}
void *realloc(void *pointer, size_t size) { count(size); return __libc_realloc(pointer, size); }
void *memalign(size_t alignment, size_t size) { count(size); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(size); return __libc_memalign(alignment, size); }
int posix_memalign(void **result, size_t alignment, size_t size) {
    count(size);
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) return ENOMEM;
    *result = pointer;
    return 0;
}

int CAllocationCounter_isAvailable(void) { return 1; }

void CAllocationCounter_start(void) {
    countedAllocations = 0;
    largestAllocation = 0;
    countsAllocations = 1;
}

long CAllocationCounter_stop(void) {
    countsAllocations = 0;
    return countedAllocations;
}

long CAllocationCounter_largest(void) {
    return largestAllocation > (size_t)0x7FFFFFFFFFFFFFFF ? 0x7FFFFFFFFFFFFFFF : (long)largestAllocation;
}

#endif
