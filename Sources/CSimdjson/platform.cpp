// platform.cpp — what CSimdjson does differently per system: only the save's file-to-file
// copy. On Linux copy_file_range(2) copies in the kernel; on any other POSIX system — and on
// Linux too when TABLEKIT_PORTABLE is defined (`make test-portable`), so that this path is
// built and tested here — the bytes go through a buffer, pread(2) and write(2), and the binary
// holds no reference to copy_file_range at all.
#include "csimdjson.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/types.h>
#include <unistd.h>

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
