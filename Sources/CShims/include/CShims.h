// The few Linux facilities a Wayland client or compositor needs that Swift's Glibc module does not expose.
// Glibc is imported without _GNU_SOURCE, so these GNU-only declarations and constants are invisible to Swift; the
// implementations in CShims.c define _GNU_SOURCE and pass them through unchanged.
#ifndef CSHIMS_H
#define CSHIMS_H

// Why: memfd_create is declared only under _GNU_SOURCE. Anonymous shared memory for wl_shm pools.
int CShims_memfd_create(const char *name, unsigned int flags);

// Why: the MFD_* flags are defined only under _GNU_SOURCE.
extern const unsigned int CShims_MFD_CLOEXEC;
extern const unsigned int CShims_MFD_ALLOW_SEALING;

// Why: the file-sealing fcntl commands and seals are defined only under _GNU_SOURCE. Use them with Glibc's
// fcntl(fd, cmd, value): fcntl(fd, CShims_F_ADD_SEALS, CShims_F_SEAL_SHRINK | CShims_F_SEAL_SEAL).
extern const int CShims_F_ADD_SEALS;
extern const int CShims_F_GET_SEALS;
extern const int CShims_F_SEAL_SEAL;
extern const int CShims_F_SEAL_SHRINK;
extern const int CShims_F_SEAL_GROW;
extern const int CShims_F_SEAL_WRITE;

// Why: <sys/timerfd.h> is not part of Swift's Glibc module. timerfd_create, timerfd_settime and the TFD_* flags
// come through this include unchanged (key repeat and program timers polled with the Wayland display fd).
#include <sys/timerfd.h>
// signalfd: the programs take SIGINT, SIGTERM and SIGHUP on the event loop, to save before they end.
#include <sys/signalfd.h>

// Why: <malloc.h> is not part of Swift's Glibc module. glibc raises its mmap threshold each time a large mapped block
// is freed (up to 32 MiB), after which frames and tiles come from the heap and their memory, once freed, is rarely
// given back; the painting program keeps the threshold at its default instead (docs/performance.md). malloc_trim comes
// through unchanged: a resting window hands the heap's free memory back with it (docs/reliability.md).
#include <malloc.h>
static inline void CShims_keepLargeAllocationsMapped(void) { mallopt(M_MMAP_THRESHOLD, 128 * 1024); }
// glibc's heap: bytes in use (from the arenas and mapped), mapped, and free in the arenas (mallinfo2), for the
// window's memory report.
static inline void CShims_heapStatistics(size_t *inUse, size_t *mapped, size_t *free) {
    struct mallinfo2 info = mallinfo2();
    *inUse = info.uordblks + info.hblkhd;
    *mapped = info.hblkhd;
    *free = info.fordblks;
}

// Why: ppoll is declared only under _GNU_SOURCE. The event loop waits to the nanosecond for a paced draw, which aims at
// a moment a millisecond or two before a vblank (poll's whole milliseconds would eat most of that).
#include <poll.h>
#include <time.h>
int CShims_ppoll(struct pollfd *fds, nfds_t count, const struct timespec *timeout);

// Why: pipe2 is declared only under _GNU_SOURCE. A pipe for the clipboard's bytes, close-on-exec from the start (the
// program starts subprocesses) and, for the reading end, non-blocking: 0, or -1 with errno.
int CShims_pipeForReading(int ends[2]);

// Why: pthread_setname_np is declared only under _GNU_SOURCE. Threading's threads carry their names (`top -H`).
#include <pthread.h>
int CShims_pthread_setname(pthread_t thread, const char *name);

// Why: renameat2 and RENAME_NOREPLACE are declared only under _GNU_SOURCE. Renames a file to a name no file has,
// atomically, never replacing one (a drawing renamed in the gallery): 0, or -1 with errno (EEXIST when the name is
// taken). On a file system without RENAME_NOREPLACE it links the new name and unlinks the old one instead, which
// refuses a taken name as well.
int CShims_renameNoReplace(const char *from, const char *to);

// Why: Swift cannot ask the processor to read memory ahead. A tile's parts are read a short row at a time, at a
// stride its prefetchers follow late (PaintRender's TileLayers).
static inline void CShims_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

// Why: <libintl.h> is not part of Swift's Glibc module. gettext, ngettext, textdomain, bindtextdomain and
// bind_textdomain_codeset come through this include unchanged (the Localization module's messages).
#include <libintl.h>

#endif
