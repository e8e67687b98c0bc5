#ifndef CALLOCATIONCOUNTER_H
#define CALLOCATIONCOUNTER_H

// Why: a test that a touch event's path allocates nothing, and paint-benchmark's allocations per event, need the
// count of heap allocations a piece of code makes, which glibc does not keep. AllocationCounter.c defines malloc,
// calloc, realloc and the aligned allocations, counting each call made on a thread between these two calls and
// passing it to glibc's allocator unchanged; every other thread, and every other moment, costs one thread-local
// test. Only the test bundle and paint-benchmark link this target: the programs keep glibc's allocator as it is.
// Built with a sanitizer (make sanitize, make fuzz), which brings its own allocator, it defines nothing and counts
// nothing. Not reentrant: one count at a time per thread.

// 1 where allocations are counted; 0 in a sanitizer's build.
int CAllocationCounter_isAvailable(void);
// Starts counting the calling thread's allocations from 0.
void CAllocationCounter_start(void);
// The allocations the calling thread made since CAllocationCounter_start(); stops counting. -1 when not available.
long CAllocationCounter_stop(void);
// The size in bytes of the largest single allocation (or reallocation) the calling thread asked for during its last
// count (between CAllocationCounter_start() and CAllocationCounter_stop()). -1 when not available.
long CAllocationCounter_largest(void);

#endif
