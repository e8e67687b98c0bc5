#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/mman.h>
#include <poll.h>
#include <stdio.h>
#include <errno.h>
#include <unistd.h>
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

int CShims_pipeForReading(int ends[2]) {
    if (pipe2(ends, O_CLOEXEC) != 0) return -1;
    if (fcntl(ends[0], F_SETFL, O_NONBLOCK) != 0) {
        close(ends[0]);
        close(ends[1]);
        return -1;
    }
    return 0;
}

int CShims_pthread_setname(pthread_t thread, const char *name) {
    return pthread_setname_np(thread, name);
}

int CShims_renameNoReplace(const char *from, const char *to) {
    if (renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0) return 0;
    if (errno != EINVAL && errno != ENOSYS) return -1;
    if (link(from, to) != 0) return -1;
    if (unlink(from) == 0) return 0;
    // The old name cannot go: the new one goes instead, so that the file keeps one name.
    int error = errno;
    unlink(to);
    errno = error;
    return -1;
}
