// loader_map.cpp — maps a regular file instead of reading it (see DESIGN, "Bytes", in
// loader.cpp), and keeps the process alive when the file shrinks under the mapping.
//
// A mapping is private (MAP_PRIVATE): the loader's own writes (the two-thread split's
// borrowed bytes, the padding) copy the page they touch and never reach the file. The
// region is an anonymous reservation of the file's size plus SIMDJSON_PADDING, rounded up
// to pages, with the file mapped over its start (MAP_FIXED): the padding past the file's
// last page is anonymous zero pages, so simdjson may read 64 bytes past the end even when
// the file's size is a multiple of the page size.
//
// A file truncated by another program while mapped would make every read past its new end
// a SIGBUS. The handler here (installed with the first mapping, and again if someone else
// took SIGBUS since) recognises an address inside one of the live mappings, maps anonymous
// zero pages over the rest of that mapping from the faulting page on, marks it as having
// lost bytes, and returns: the read is retried and finds zeros. Zeros are valid input for
// everything that reads the store (a string of NULs, a value that fails to decode), the
// store says it lost bytes (tk_json_store_lost_bytes), and a save checks the file's
// identity before it writes. Any other SIGBUS goes to the handler that was there before.
#include "loader_internal.hpp"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <cstdlib>
#include <mutex>
#include <sys/mman.h>
#include <unistd.h>

namespace tk_loader {

namespace {

/// The most mappings alive at once (a reload keeps the old store while the new one loads,
/// and each edit keeps one until its save is done); past it, files are read instead.
constexpr int kSlots = 64;

struct Slot {
    std::atomic<uintptr_t> start{0};
    std::atomic<uintptr_t> end{0};
    std::atomic<bool> lost{false};
    std::atomic<bool> used{false};
};

Slot slots[kSlots];
std::mutex install_lock;
struct sigaction previous_action;
size_t page_size = 4096;

void on_bus_error(int signal, siginfo_t *info, void *context);

/// Installs on_bus_error for SIGBUS unless it is there already, keeping the action it
/// replaces to hand other faults to.
void install_handler() {
    std::lock_guard<std::mutex> guard(install_lock);
    struct sigaction current {};
    if (::sigaction(SIGBUS, nullptr, &current) != 0) { return; }
    if ((current.sa_flags & SA_SIGINFO) != 0 && current.sa_sigaction == on_bus_error) { return; }
    struct sigaction ours {};
    ours.sa_sigaction = on_bus_error;
    sigemptyset(&ours.sa_mask);
    ours.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    previous_action = current;
    ::sigaction(SIGBUS, &ours, nullptr);
}

/// Async-signal-safe: atomics and mmap(2) only.
void on_bus_error(int signal, siginfo_t *info, void *context) {
    const uintptr_t address = reinterpret_cast<uintptr_t>(info ? info->si_addr : nullptr);
    if (info && info->si_code > 0) {
        for (Slot &slot : slots) {
            const uintptr_t start = slot.start.load(std::memory_order_acquire);
            const uintptr_t end = slot.end.load(std::memory_order_acquire);
            if (start == 0 || address < start || address >= end) { continue; }
            const uintptr_t page = address & ~(uintptr_t(page_size) - 1);
            void *zeros = ::mmap(reinterpret_cast<void *>(page), end - page, PROT_READ | PROT_WRITE,
                                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
            if (zeros != MAP_FAILED) {
                slot.lost.store(true, std::memory_order_release);
                return;  // the read is retried, and finds zeros
            }
        }
    }
    // Not a mapping of ours: whoever handled SIGBUS before us decides.
    if ((previous_action.sa_flags & SA_SIGINFO) != 0 && previous_action.sa_sigaction != nullptr) {
        previous_action.sa_sigaction(signal, info, context);
        return;
    }
    if (previous_action.sa_handler != SIG_DFL && previous_action.sa_handler != SIG_IGN && previous_action.sa_handler != nullptr) {
        previous_action.sa_handler(signal);
        return;
    }
    // The default action: the fault repeats when this returns, and ends the process.
    struct sigaction deflt {};
    deflt.sa_handler = SIG_DFL;
    sigemptyset(&deflt.sa_mask);
    ::sigaction(SIGBUS, &deflt, nullptr);
}

int claim_slot() {
    for (int index = 0; index < kSlots; ++index) {
        bool expected = false;
        if (slots[index].used.compare_exchange_strong(expected, true)) { return index; }
    }
    return -1;
}

}  // namespace

bool map_file(int fd, size_t size, size_t minimum, OwnedBytes &bytes) {
    if (size == 0 || size < minimum) { return false; }
    const long page = ::sysconf(_SC_PAGESIZE);
    if (page <= 0) { return false; }
    page_size = static_cast<size_t>(page);
    const size_t length = (size + simdjson::SIMDJSON_PADDING + page_size - 1) / page_size * page_size;
    const int slot = claim_slot();
    if (slot < 0) { return false; }
    void *region = ::mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (region == MAP_FAILED) {
        slots[slot].used.store(false);
        return false;
    }
    // The file's pages over the start of the reservation; past the file's last page the
    // reservation's zero pages stay.
    // Not populated: the walk's two threads fault the pages in as they read, each half
    // its own (a populating mmap did it on one thread before the walk, a tenth of the load
    // at ten million records; populating a writable private mapping would also copy every
    // page). A read fault maps the page cache's page; only a page the loader writes to
    // (the windows' and the split's borrowed bytes) is copied.
    const size_t file_pages = (size + page_size - 1) / page_size * page_size;
    void *file = ::mmap(region, file_pages, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_FIXED, fd, 0);
    if (file == MAP_FAILED) {
        ::munmap(region, length);
        slots[slot].used.store(false);
        return false;
    }
    install_handler();
    slots[slot].lost.store(false);
    slots[slot].end.store(reinterpret_cast<uintptr_t>(region) + length, std::memory_order_release);
    slots[slot].start.store(reinterpret_cast<uintptr_t>(region), std::memory_order_release);
    // Kept for a save, which copies the file's unchanged stretches from it in the kernel:
    // writing them from the mapping would fault in every page of it first.
    const int kept = ::fcntl(fd, F_DUPFD_CLOEXEC, 0);
    bytes.adopt_mapping(static_cast<uint8_t *>(region), length, slot, kept);
    return true;
}

bool Buffer::reserve(size_t most) {
    const long page = ::sysconf(_SC_PAGESIZE);
    if (page <= 0) { return false; }
    const size_t mapped = (most + simdjson::SIMDJSON_PADDING + static_cast<size_t>(page) - 1) / static_cast<size_t>(page) *
                          static_cast<size_t>(page);
    int flags = MAP_PRIVATE | MAP_ANONYMOUS;
#ifdef MAP_NORESERVE
    // Not counted against the memory the system promises (a 4 GiB limit on a small machine):
    // only the pages written are.
    flags |= MAP_NORESERVE;
#endif
    void *region = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE, flags, -1, 0);
    if (region == MAP_FAILED) { return false; }
    bytes.adopt_anonymous(static_cast<uint8_t *>(region), mapped);
    capacity = most;
    length = 0;
    return true;
}

void OwnedBytes::shrink_anonymous(size_t length) {
    if (!anonymous_ || mapped_length_ == 0) { return; }
    const long page = ::sysconf(_SC_PAGESIZE);
    if (page <= 0) { return; }
    const size_t kept = (length + static_cast<size_t>(page) - 1) / static_cast<size_t>(page) * static_cast<size_t>(page);
    if (kept >= mapped_length_ || kept == 0) { return; }
    if (::munmap(pointer_ + kept, mapped_length_ - kept) == 0) { mapped_length_ = kept; }
}

void OwnedBytes::release() {
    if (mapped_length_ > 0) {
        if (slot_ >= 0) {
            slots[slot_].start.store(0, std::memory_order_release);
            slots[slot_].end.store(0, std::memory_order_release);
        }
        ::munmap(pointer_, mapped_length_);
        if (slot_ >= 0) { slots[slot_].used.store(false); }
        if (descriptor_ >= 0) { ::close(descriptor_); }
    } else {
        delete[] pointer_;
    }
    pointer_ = nullptr;
    mapped_length_ = 0;
    slot_ = -1;
    descriptor_ = -1;
    anonymous_ = false;
}

bool OwnedBytes::lost_bytes() const {
    return slot_ >= 0 && slots[slot_].lost.load(std::memory_order_acquire);
}

}  // namespace tk_loader

