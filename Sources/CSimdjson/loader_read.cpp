// loader_read.cpp — reads the file into a padded Buffer (see DESIGN, "Bytes", in loader.cpp):
// a read(2) loop for pipes and devices, two threads of pread(2) for big regular files.
#include "loader_internal.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <thread>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace tk_loader {

// MARK: - Errors

namespace {

std::string describe_errno(int code) {
    switch (code) {
    case ENOENT: return "no such file";
    case EACCES: case EPERM: return "permission denied";
    case EISDIR: return "is a directory";
    case ENOTDIR: return "a component of the path is not a directory";
    case ENOMEM: return "out of memory";
    default: break;
    }
    std::string text = std::strerror(code);
    if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z') { text[0] = static_cast<char>(text[0] - 'A' + 'a'); }
    return text;
}

}  // namespace

std::string too_large_message(size_t size) {
    return "file is " + std::to_string(size) + " bytes; the largest that can be loaded is 4 GiB - 1 (" +
           std::to_string(kMaxFileSize) + " bytes)";
}

// MARK: - Reading

namespace {

/// Reads until `buffer` holds `want` bytes or the file ends. Returns false (errno set) on
/// a read error.
bool read_into(int fd, Buffer &buffer, size_t want) {
    while (buffer.length < want) {
        const size_t chunk = std::min<size_t>(want - buffer.length, size_t(1) << 30);
        const ssize_t got = ::read(fd, buffer.bytes.get() + buffer.length, chunk);
        if (got < 0 && errno == EINTR) { continue; }
        if (got < 0) { return false; }
        if (got == 0) { return true; }
        buffer.length += static_cast<size_t>(got);
    }
    return true;
}

/// Reads bytes [from, to) of the file into the same range of `bytes`; `got` counts them.
/// Stops early at the end of the file. Returns false (errno set) on a read error.
bool pread_fully(int fd, uint8_t *bytes, size_t from, size_t to, size_t &got) {
    got = 0;
    while (from + got < to) {
        const size_t chunk = std::min<size_t>(to - from - got, size_t(1) << 30);
        const ssize_t n = ::pread(fd, bytes + from + got, chunk, static_cast<off_t>(from + got));
        if (n < 0 && errno == EINTR) { continue; }
        if (n < 0) { return false; }
        if (n == 0) { return true; }
        got += static_cast<size_t>(n);
    }
    return true;
}

/// Reads a pipe or device of unknown size, doubling the buffer as it fills.
bool read_stream(int fd, Buffer &buffer, std::string &why) {
    if (!buffer.allocate(size_t(1) << 16)) { why = "out of memory"; return false; }
    while (true) {
        if (!read_into(fd, buffer, buffer.capacity)) { why = describe_errno(errno); return false; }
        if (buffer.length < buffer.capacity) { return true; }
        if (buffer.capacity >= kMaxFileSize) { why = "input is larger than 4 GiB - 1 bytes"; return false; }
        Buffer bigger;
        if (!bigger.allocate(std::min(buffer.capacity * 2, kMaxFileSize))) { why = "out of memory"; return false; }
        std::memcpy(bigger.bytes.get(), buffer.bytes.get(), buffer.length);
        bigger.length = buffer.length;
        buffer = std::move(bigger);
    }
}

/// Reads `size` bytes of a regular file into `buffer` (allocated, empty). Big files are
/// read as two halves by two threads: most of the time goes into the kernel allocating
/// (zeroing) fresh pages and copying from the page cache, and that work splits evenly.
bool read_regular(int fd, size_t size, Buffer &buffer, std::string &why) {
    constexpr size_t kParallelReadMinimum = size_t(16) << 20;
    size_t split = size >= kParallelReadMinimum ? size / 2 : size;
    int second_errno = 0;
    size_t second_got = 0;
    std::thread second;
    if (split < size) {
        try {
            second = std::thread([&] {
                if (!pread_fully(fd, buffer.bytes.get(), split, size, second_got)) { second_errno = errno; }
            });
        } catch (...) {  // no thread available: read it all here
            split = size;
        }
    }
    size_t first_got = 0;
    const bool first_ok = pread_fully(fd, buffer.bytes.get(), 0, split, first_got);
    const int first_errno = errno;
    if (second.joinable()) { second.join(); }
    if (!first_ok || second_errno != 0) {
        why = describe_errno(first_ok ? second_errno : first_errno);
        return false;
    }
    if (first_got + second_got != size) {
        why = "the file changed while it was being read";
        return false;
    }
    buffer.length = size;
    return true;
}

}  // namespace

/// Reads the whole file at `path` into `buffer` (padded). On failure says why in `why`.
bool read_file(const char *path, Buffer &buffer, std::string &why) {
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) { why = describe_errno(errno); return false; }
    struct stat info {};
    bool ok = ::fstat(fd, &info) == 0;
    if (!ok) {
        why = describe_errno(errno);
    } else if (S_ISDIR(info.st_mode)) {
        why = "is a directory";
        ok = false;
    } else if (!S_ISREG(info.st_mode) || info.st_size == 0) {
        ok = read_stream(fd, buffer, why);  // pipes, devices, and /proc-style files of size 0
    } else if (static_cast<uint64_t>(info.st_size) > kMaxFileSize) {
        why = too_large_message(static_cast<size_t>(info.st_size));
        ok = false;
    } else if (!buffer.allocate(static_cast<size_t>(info.st_size))) {
        why = "out of memory";
        ok = false;
    } else {
        ok = read_regular(fd, buffer.capacity, buffer, why);
    }
    ::close(fd);
    if (ok) { buffer.pad(); }
    return ok;
}

}  // namespace tk_loader
