#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/mman.h>
#include <poll.h>
#include <errno.h>
#include <stdlib.h>
#include "CShims.h"

int CShims_memfd_create(const char *name, unsigned int flags) { return memfd_create(name, flags); }

const unsigned int CShims_MFD_CLOEXEC = MFD_CLOEXEC;
const unsigned int CShims_MFD_ALLOW_SEALING = MFD_ALLOW_SEALING;

const int CShims_F_ADD_SEALS = F_ADD_SEALS;
const int CShims_F_GET_SEALS = F_GET_SEALS;
const int CShims_F_SEAL_SEAL = F_SEAL_SEAL;
const int CShims_F_SEAL_SHRINK = F_SEAL_SHRINK;
const int CShims_F_SEAL_GROW = F_SEAL_GROW;
const int CShims_F_SEAL_WRITE = F_SEAL_WRITE;

int CShims_ppoll(struct pollfd *fds, nfds_t count, const struct timespec *timeout) {
    return ppoll(fds, count, timeout, NULL);
}

// The allocation counter (see CShims.h): malloc and its kin, defined here, are the ones every library in the program
// calls (the executable's definitions come first in the dynamic linker's lookup); each passes the call to glibc's
// own allocator unchanged, counting it first while the calling thread counts.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

// Thread-local in the executable (initial-exec): reaching them allocates nothing.
static __thread int countsAllocations __attribute__((tls_model("initial-exec")));
static __thread long countedAllocations __attribute__((tls_model("initial-exec")));

static inline void count(void) {
    if (countsAllocations) countedAllocations += 1;
}

void *malloc(size_t size) { count(); return __libc_malloc(size); }
void *calloc(size_t count_, size_t size) { count(); return __libc_calloc(count_, size); }
void *realloc(void *pointer, size_t size) { count(); return __libc_realloc(pointer, size); }
void *memalign(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
int posix_memalign(void **result, size_t alignment, size_t size) {
    count();
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) return ENOMEM;
    *result = pointer;
    return 0;
}

void CShims_startCountingAllocations(void) {
    countedAllocations = 0;
    countsAllocations = 1;
}

long CShims_stopCountingAllocations(void) {
    countsAllocations = 0;
    return countedAllocations;
}
