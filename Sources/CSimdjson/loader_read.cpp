// loader_read.cpp — reads the file into a padded Buffer (see DESIGN, "Bytes", in loader.cpp):
// a mapping of a regular file (loader_map.cpp), else a read(2) loop for pipes and devices and
// two threads of pread(2) for big regular files.
#include "loader_internal.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <thread>
#include <cstdint>
#include <poll.h>
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

constexpr const char *kCancelled = "loading cancelled";
/// The most one read(2) or pread(2) asks for: between two, a cancel is noticed.
constexpr size_t kReadChunk = size_t(64) << 20;

/// Reads bytes [from, to) of the file into `destination`; `got` counts them. Stops early at
/// the end of the file, or when cancelled (`cancelled` set). Returns false (errno set) on a
/// read error.
bool pread_fully(int fd, uint8_t *destination, size_t from, size_t to, size_t &got, const ReadLimits &limits, bool &cancelled) {
    got = 0;
    while (from + got < to) {
        if (limits.cancelled()) { cancelled = true; return true; }
        const size_t chunk = std::min<size_t>(to - from - got, kReadChunk);
        const ssize_t n = ::pread(fd, destination + got, chunk, static_cast<off_t>(from + got));
        if (n < 0 && errno == EINTR) { continue; }
        if (n < 0) { return false; }
        if (n == 0) { return true; }
        got += static_cast<size_t>(n);
    }
    return true;
}

/// Whether `byte`, the first after white space, may start a JSON text of records (or JSON
/// Lines): `[`, `{`, or the first byte of a UTF-8 byte order mark. Anything else is an error
/// the parser would report anyway; a stream is stopped on it at once instead of being read to
/// its end first.
bool may_start_records(uint8_t byte) {
    return byte == '[' || byte == '{' || byte == 0xEF;
}

std::string byte_name(uint8_t byte) {
    static const char *digits = "0123456789ABCDEF";
    std::string name = "byte 0x";
    name += digits[byte >> 4];
    name += digits[byte & 15];
    return name;
}

/// "1 second", "3 seconds": a wait as the messages say it, rounded up to whole seconds.
std::string seconds_text(int milliseconds) {
    const int seconds = (milliseconds + 999) / 1000;
    return std::to_string(seconds) + (seconds > 1 ? " seconds" : " second");
}

/// "1 GiB (1073741824 bytes)", "1000 bytes": a size limit as the messages say it.
std::string size_text(size_t bytes) {
    if (bytes == kMaxFileSize) { return "4 GiB - 1 (" + std::to_string(bytes) + " bytes)"; }
    const char *units[] = {"GiB", "MiB", "KiB"};
    const size_t sizes[] = {size_t(1) << 30, size_t(1) << 20, size_t(1) << 10};
    for (int i = 0; i < 3; ++i) {
        if (bytes >= sizes[i] && bytes % sizes[i] == 0) {
            return std::to_string(bytes / sizes[i]) + " " + units[i] + " (" + std::to_string(bytes) + " bytes)";
        }
    }
    return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
}

/// Waits until `fd` (non-blocking) has bytes or has ended, asking `limits` every 50 ms.
/// `deadline_ms` counts down the silence (negative: no deadline); `received` (how many bytes
/// came before it) only chooses the words of a timeout. Returns false with `why` set when
/// cancelled, timed out or failed; `hung_up` says whether the writer has gone (a FIFO that
/// no writer has opened yet shows neither bytes nor a hang-up).
bool wait_readable(int fd, const ReadLimits &limits, long &deadline_ms, size_t received, bool &hung_up, std::string &why) {
    constexpr int kSlice = 50;
    while (true) {
        if (limits.cancelled()) { why = kCancelled; return false; }
        struct pollfd waiting { fd, POLLIN, 0 };
        const int ready = ::poll(&waiting, 1, kSlice);
        if (ready < 0 && errno == EINTR) { continue; }
        if (ready < 0) { why = describe_errno(errno); return false; }
        if (ready > 0) {
            hung_up = (waiting.revents & POLLIN) == 0 && (waiting.revents & (POLLHUP | POLLERR)) != 0;
            return true;
        }
        if (deadline_ms >= 0) {
            deadline_ms -= kSlice;
            if (deadline_ms < 0) {
                why = received == 0
                    ? "no data after " + seconds_text(limits.wait_milliseconds) + " (a pipe or FIFO with no writer?)"
                    : "no data for " + seconds_text(limits.wait_milliseconds) + " after " + std::to_string(received) +
                          " bytes (a writer that stopped without closing?)";
                return false;
            }
        }
    }
}

/// Reads a pipe or FIFO of unknown size in time linear in its bytes, into room for one byte
/// past the limit reserved up front (Buffer::reserve): memory is taken as bytes arrive, and
/// nothing is ever copied to a bigger buffer (one that doubled would hold the old buffer and
/// the new, twice the limit, at the moment it grew). Where the system will not reserve, the
/// buffer doubles as it fills. More than `limits.stream_limit()` bytes are refused as soon
/// as they arrive (the crossing is seen without waiting for the end); every silence longer
/// than `limits.wait_milliseconds` fails, before the first byte and after it. A first byte
/// that cannot start records stops it at once; `syntax_at` then says where.
bool read_stream(int fd, Buffer &buffer, const ReadLimits &limits, std::string &why, size_t &syntax_at) {
    const size_t limit = limits.stream_limit();
    if (!buffer.reserve(limit + 1) && !buffer.allocate(std::min(size_t(1) << 16, limit + 1))) { why = "out of memory"; return false; }
    const int flags = ::fcntl(fd, F_GETFL);
    const bool blocking = flags >= 0 && (flags & O_NONBLOCK) == 0;
    // Polled (non-blocking) so that a silent writer can be waited for with a deadline and a
    // cancel; the descriptor's own mode is put back after.
    if (blocking) { ::fcntl(fd, F_SETFL, flags | O_NONBLOCK); }
    const long deadline = limits.wait_milliseconds > 0 ? limits.wait_milliseconds : -1;
    long deadline_ms = deadline;
    struct stat info {};
    const bool is_fifo = ::fstat(fd, &info) == 0 && S_ISFIFO(info.st_mode);
#ifdef F_SETPIPE_SZ
    // A bigger pipe (up to the 1 MiB an unprivileged process may ask for) means fewer reads
    // and wake-ups: a fast writer is read about three times as fast. Nothing lost if refused.
    if (is_fifo) { ::fcntl(fd, F_SETPIPE_SZ, 1 << 20); }
#endif
    bool checked_start = false;
    // The white space before the first other byte is looked at once, however many reads
    // bring it: the look goes on from here.
    size_t scanned = 0;
    bool ok = true;
    while (ok) {
        if (buffer.length == buffer.capacity) {
            Buffer bigger;
            if (!bigger.allocate(std::min(buffer.capacity * 2, limit + 1))) { why = "out of memory"; ok = false; break; }
            std::memcpy(bigger.bytes.get(), buffer.bytes.get(), buffer.length);
            if (limits.counts) { limits.counts->stream_moved += buffer.length; }
            bigger.length = buffer.length;
            buffer = std::move(bigger);
        }
        const size_t want = std::min(buffer.capacity - buffer.length, kReadChunk);
        const ssize_t got = ::read(fd, buffer.bytes.get() + buffer.length, want);
        if (got < 0 && errno == EINTR) { continue; }
        bool hung_up = false;
        if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            ok = wait_readable(fd, limits, deadline_ms, buffer.length, hung_up, why);
            continue;
        }
        if (got < 0) { why = describe_errno(errno); ok = false; break; }
        if (got == 0 && buffer.length == 0 && is_fifo) {
            // A FIFO reads as ended while no writer has opened it: wait for one, unless one
            // came and went without a byte.
            ok = wait_readable(fd, limits, deadline_ms, 0, hung_up, why);
            if (ok && hung_up) { break; }
            continue;
        }
        if (got == 0) { break; }
        buffer.length += static_cast<size_t>(got);
        deadline_ms = deadline;  // a new silence starts: it gets the whole wait again
        if (buffer.length > limit) {
            why = "more than " + size_text(limit) + " arrived, the most a pipe or FIFO may send";
            ok = false;
            break;
        }
        if (!checked_start) {
            const size_t from = scanned;
            const size_t first = tk::skip_space(buffer.bytes.get(), buffer.length, from);
            if (limits.counts) { limits.counts->stream_scanned += first - from; }
            scanned = first;
            if (first < buffer.length) {
                checked_start = true;
                if (!may_start_records(buffer.bytes[first])) {
                    syntax_at = first;
                    why = byte_name(buffer.bytes[first]) + " cannot start JSON records (an array, an object or JSON Lines)";
                    ok = false;
                    break;
                }
            }
        }
        if (limits.cancelled()) { why = kCancelled; ok = false; }
    }
    if (blocking) { ::fcntl(fd, F_SETFL, flags); }
    // The reservation's pages past the bytes and their padding go back (as address space:
    // unwritten pages held no memory).
    if (ok) { buffer.bytes.shrink_anonymous(buffer.length + simdjson::SIMDJSON_PADDING); }
    return ok;
}

/// Reads `size` bytes of a regular file into `buffer` (allocated, empty). Big files are
/// read as two halves by two threads: most of the time goes into the kernel allocating
/// (zeroing) fresh pages and copying from the page cache, and that work splits evenly.
bool read_regular(int fd, size_t size, Buffer &buffer, const ReadLimits &limits, std::string &why) {
    constexpr size_t kParallelReadMinimum = size_t(16) << 20;
    size_t split = size >= kParallelReadMinimum ? size / 2 : size;
    int second_errno = 0;
    size_t second_got = 0;
    bool second_cancelled = false;
    std::thread second;
    if (split < size) {
        try {
            second = std::thread([&] {
                if (!pread_fully(fd, buffer.bytes.get() + split, split, size, second_got, limits, second_cancelled)) { second_errno = errno; }
            });
        } catch (...) {  // no thread available: read it all here
            split = size;
        }
    }
    size_t first_got = 0;
    bool first_cancelled = false;
    const bool first_ok = pread_fully(fd, buffer.bytes.get(), 0, split, first_got, limits, first_cancelled);
    const int first_errno = errno;
    if (second.joinable()) { second.join(); }
    if (first_cancelled || second_cancelled) {
        why = kCancelled;
        return false;
    }
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

namespace {

bool read_descriptor_unpadded(int fd, Buffer &buffer, const ReadLimits &limits, std::string &why, size_t &syntax_at) {
    struct stat info {};
    if (::fstat(fd, &info) != 0) { why = describe_errno(errno); return false; }
    if (S_ISDIR(info.st_mode)) { why = "is a directory"; return false; }
    if (S_ISCHR(info.st_mode)) {
        why = ::isatty(fd) ? "is a terminal, not a file: give a file, or pipe one in"
                           : "not a regular file (a character device, such as /dev/zero)";
        return false;
    }
    if (S_ISBLK(info.st_mode)) { why = "not a regular file (a block device)"; return false; }
    if (S_ISSOCK(info.st_mode)) { why = "not a regular file (a socket)"; return false; }
    // Pipes and FIFOs, and /proc-style files that say they are empty.
    if (!S_ISREG(info.st_mode) || info.st_size == 0) { return read_stream(fd, buffer, limits, why, syntax_at); }
    off_t position = ::lseek(fd, 0, SEEK_CUR);
    if (position < 0) { position = 0; }
    if (position >= info.st_size) { buffer.allocate(0); return true; }
    const uint64_t size = static_cast<uint64_t>(info.st_size - position);
    if (size > kMaxFileSize) { why = too_large_message(static_cast<size_t>(size)); return false; }
    // Mapped where the platform allows: no copy of the file in the process's own memory, and
    // no time spent copying it (the pages come from the page cache as they are read).
    if (position == 0 && map_file(fd, static_cast<size_t>(size), limits.mapping_minimum, buffer.bytes)) {
        buffer.capacity = static_cast<size_t>(size);
        buffer.length = static_cast<size_t>(size);
        return true;
    }
    if (!buffer.allocate(static_cast<size_t>(size))) { why = "out of memory"; return false; }
    if (position == 0) { return read_regular(fd, buffer.capacity, buffer, limits, why); }
    // Standard input part-read by someone else: the rest, from where it stands.
    size_t got = 0;
    bool cancelled = false;
    if (!pread_fully(fd, buffer.bytes.get(), static_cast<size_t>(position), static_cast<size_t>(info.st_size), got, limits, cancelled)) {
        why = describe_errno(errno);
        return false;
    }
    if (cancelled) { why = kCancelled; return false; }
    buffer.length = got;
    return true;
}

}  // namespace

/// Reads what `fd` holds from where it stands into `buffer` (padded), as
/// tk_json_load_descriptor() says. On failure says why in `why`.
bool read_descriptor(int fd, Buffer &buffer, const ReadLimits &limits, ReadFailure &failure) {
    size_t syntax_at = SIZE_MAX;
    if (!read_descriptor_unpadded(fd, buffer, limits, failure.why, syntax_at)) {
        if (syntax_at != SIZE_MAX) {
            // Only white space precedes the byte: its line and column are counted here.
            failure.is_syntax = true;
            failure.offset = syntax_at;
            failure.line = 1;
            failure.column = 1;
            for (size_t i = 0; i < syntax_at; ++i) {
                if (buffer.bytes[i] == '\n') { ++failure.line; failure.column = 1; } else { ++failure.column; }
            }
        }
        return false;
    }
    buffer.pad();
    return true;
}

/// Reads the whole file at `path` into `buffer` (padded). On failure says why in `why`.
bool read_file(const char *path, Buffer &buffer, const ReadLimits &limits, ReadFailure &failure) {
    // Non-blocking, so that opening a FIFO without a writer does not wait here for ever
    // (read_stream waits, with a deadline and a cancel); regular files ignore the flag.
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) { failure.why = describe_errno(errno); return false; }
    const bool ok = read_descriptor(fd, buffer, limits, failure);
    ::close(fd);
    return ok;
}

}  // namespace tk_loader
