// platform.cpp — what CSimdjson does differently per system: the save's file-to-file copy,
// and its renames that exchange two files or refuse to replace one. On Linux copy_file_range(2) copies in the kernel; on any other POSIX system — and on
// Linux too when TABLEKIT_PORTABLE is defined (`make test-portable`), so that this path is
// built and tested here — the bytes go through a buffer, pread(2) and write(2), and the binary
// holds no reference to copy_file_range at all.
#include "csimdjson.h"

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <sys/types.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
// The flags as <linux/fs.h> has them; <stdio.h> declares them only with _GNU_SOURCE.
#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif
#endif

extern "C" long long tk_json_copy_by_reading(int source, long long offset, int destination, size_t count) {
    // Large enough that a stretch of megabytes costs few calls; on the stack, so that a copy
    // never allocates.
    char buffer[64 * 1024];
    size_t copied = 0;
    while (copied < count) {
        size_t wanted = count - copied < sizeof buffer ? count - copied : sizeof buffer;
        ssize_t got = ::pread(source, buffer, wanted, static_cast<off_t>(offset) + static_cast<off_t>(copied));
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return copied > 0 ? static_cast<long long>(copied) : -1;
        if (got == 0) break;  // the source ends here
        size_t written = 0;
        while (written < static_cast<size_t>(got)) {
            ssize_t put = ::write(destination, buffer + written, static_cast<size_t>(got) - written);
            if (put < 0 && errno == EINTR) continue;
            // Bytes already written stay counted, as write(2) counts a short write: the caller
            // goes on from there, and meets the error on its next call.
            if (put <= 0) return copied + written > 0 ? static_cast<long long>(copied + written) : -1;
            written += static_cast<size_t>(put);
        }
        copied += written;
    }
    return static_cast<long long>(copied);
}

#if defined(__linux__) && !defined(TABLEKIT_PORTABLE)

extern "C" long long tk_json_copy_file_range(int source, long long offset, int destination, size_t count) {
    loff_t from = static_cast<loff_t>(offset);
    return static_cast<long long>(::copy_file_range(source, &from, destination, nullptr, count, 0));
}

extern "C" int tk_json_copies_in_kernel(void) { return 1; }

#else

extern "C" long long tk_json_copy_file_range(int source, long long offset, int destination, size_t count) {
    return tk_json_copy_by_reading(source, offset, destination, count);
}

extern "C" int tk_json_copies_in_kernel(void) { return 0; }

#endif

// renameat2(2) through syscall(2): glibc declares it only from 2.28 on, and only with
// _GNU_SOURCE. Where the system has no such call, errno says ENOSYS and the save falls back.
#if defined(__linux__) && defined(SYS_renameat2) && !defined(TABLEKIT_PORTABLE)

extern "C" int tk_json_rename_exchange(const char *first, const char *second) {
    return static_cast<int>(::syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE));
}

extern "C" int tk_json_rename_noreplace(const char *source, const char *destination) {
    return static_cast<int>(::syscall(SYS_renameat2, AT_FDCWD, source, AT_FDCWD, destination, RENAME_NOREPLACE));
}

#elif defined(__APPLE__) && defined(RENAME_SWAP) && !defined(TABLEKIT_PORTABLE)

extern "C" int tk_json_rename_exchange(const char *first, const char *second) {
    return ::renamex_np(first, second, RENAME_SWAP);
}

extern "C" int tk_json_rename_noreplace(const char *source, const char *destination) {
    return ::renamex_np(source, destination, RENAME_EXCL);
}

#else

extern "C" int tk_json_rename_exchange(const char *, const char *) {
    errno = ENOSYS;
    return -1;
}

extern "C" int tk_json_rename_noreplace(const char *, const char *) {
    errno = ENOSYS;
    return -1;
}

#endif
