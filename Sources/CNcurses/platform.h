#ifndef TABLEKIT_CNCURSES_PLATFORM_H
#define TABLEKIT_CNCURSES_PLATFORM_H

// What CNcurses does differently per system: only the process's wake-up. On Linux a futex; on
// any other POSIX system — and on Linux too when TABLEKIT_PORTABLE is defined (`make
// test-portable`), so that this path is built and tested here — a condition variable, told of
// each post through a pipe. Included by shim.h (its weak-globals note applies here as well).
//
// The process's wake-up: posted by a termination signal and by work that finishes
// (tk_wakeup_post), so that a thread waiting for either blocks in tk_wakeup_wait instead of
// polling. A post adds one to a generation and wakes every waiter; each thread remembers the
// generation it last woke at, so a post made after that — before its wait, or during it —
// ends its wait, whoever else is waiting. (A counting semaphore let one waiter take the post
// another was waiting for, which then waited for ever.) A post is async-signal-safe.

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#if defined(__linux__) && !defined(TABLEKIT_PORTABLE)
#define TK_WAKEUP_FUTEX 1
#include <linux/futex.h>
#include <sys/syscall.h>
#endif

__attribute__((weak)) int tk_wakeup_generation = 0;
__attribute__((weak)) __thread int tk_wakeup_seen = 0;

/// The monotonic clock `milliseconds` from now.
static inline struct timespec tk_wakeup_deadline(long milliseconds) {
    struct timespec end = {0, 0};
    clock_gettime(CLOCK_MONOTONIC, &end);
    end.tv_sec += milliseconds / 1000;
    end.tv_nsec += (milliseconds % 1000) * 1000000L;
    if (end.tv_nsec >= 1000000000L) {
        end.tv_sec += 1;
        end.tv_nsec -= 1000000000L;
    }
    return end;
}

/// The time from now to `end` (monotonic) in `left`; 0 when `end` has come.
static inline int tk_wakeup_time_left(struct timespec end, struct timespec *left) {
    struct timespec clock;
    clock_gettime(CLOCK_MONOTONIC, &clock);
    left->tv_sec = end.tv_sec - clock.tv_sec;
    left->tv_nsec = end.tv_nsec - clock.tv_nsec;
    if (left->tv_nsec < 0) {
        left->tv_sec -= 1;
        left->tv_nsec += 1000000000L;
    }
    return !(left->tv_sec < 0 || (left->tv_sec == 0 && left->tv_nsec == 0));
}

#ifdef TK_WAKEUP_FUTEX

/// Wakes every thread waiting in tk_wakeup_wait; a thread that waits later returns at once.
static inline void tk_wakeup_post(void) {
    __atomic_add_fetch(&tk_wakeup_generation, 1, __ATOMIC_SEQ_CST);
    syscall(SYS_futex, &tk_wakeup_generation, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

/// Waits for a post this thread has not yet woken for, or until `milliseconds` have passed
/// (negative: no limit). Returns 1 when woken, 0 when the time ran out.
static inline int tk_wakeup_wait(long milliseconds) {
    int seen = tk_wakeup_seen;
    struct timespec end = milliseconds >= 0 ? tk_wakeup_deadline(milliseconds) : (struct timespec){0, 0};
    for (;;) {
        int now = __atomic_load_n(&tk_wakeup_generation, __ATOMIC_SEQ_CST);
        if (now != seen) {
            tk_wakeup_seen = now;
            return 1;
        }
        struct timespec left, *timeout = NULL;
        if (milliseconds >= 0) {
            if (!tk_wakeup_time_left(end, &left)) return 0;
            timeout = &left;
        }
        // Sleeps only while the generation is still `seen` (EAGAIN otherwise); EINTR and a
        // timeout go round again, to look at the generation and the clock.
        syscall(SYS_futex, &tk_wakeup_generation, FUTEX_WAIT_PRIVATE, seen, timeout, NULL, 0);
    }
}

#else

// A signal handler may post, and may not take a lock: a post only adds to the generation and
// writes a byte into a pipe (both async-signal-safe). A relay thread reads the pipe and, under
// the mutex, broadcasts the condition. A waiter looks at the generation under that mutex and
// waits on the condition without letting go of it in between, so a post it did not see yet is
// broadcast after it waits, never lost. (A bare self-pipe cannot wake every waiter: one reads
// the byte, and the others sleep on.)
__attribute__((weak)) pthread_mutex_t tk_wakeup_mutex = PTHREAD_MUTEX_INITIALIZER;
__attribute__((weak)) pthread_cond_t tk_wakeup_condition = PTHREAD_COND_INITIALIZER;
__attribute__((weak)) pthread_once_t tk_wakeup_once = PTHREAD_ONCE_INIT;
// The pipe's write end once the relay runs, -1 before (or when it could not start: then a wait
// looks at the generation every TK_WAKEUP_UNRELAYED_MS instead, the one case that polls).
__attribute__((weak)) int tk_wakeup_pipe_writer = -1;
__attribute__((weak)) int tk_wakeup_pipe_reader = -1;
#define TK_WAKEUP_UNRELAYED_MS 20

/// Wakes every thread waiting in tk_wakeup_wait; a thread that waits later returns at once.
static inline void tk_wakeup_post(void) {
    __atomic_add_fetch(&tk_wakeup_generation, 1, __ATOMIC_SEQ_CST);
    int writer = __atomic_load_n(&tk_wakeup_pipe_writer, __ATOMIC_ACQUIRE);
    if (writer < 0) return;
    int saved = errno;
    // Non-blocking: a full pipe already holds a wake-up for the relay.
    static const char byte = 1;
    while (write(writer, &byte, 1) < 0 && errno == EINTR) {}
    errno = saved;
}

/// The relay: each read of posts' bytes becomes one broadcast, under the waiters' mutex.
static inline void *tk_wakeup_relay(void *unused) {
    (void)unused;
    char bytes[64];
    for (;;) {
        ssize_t count = read(tk_wakeup_pipe_reader, bytes, sizeof bytes);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return NULL;
        pthread_mutex_lock(&tk_wakeup_mutex);
        pthread_cond_broadcast(&tk_wakeup_condition);
        pthread_mutex_unlock(&tk_wakeup_mutex);
    }
}

/// Starts the relay (once, at the first wait): posts before it need none, since a waiter
/// looks at the generation before it ever sleeps.
static inline void tk_wakeup_start_relay(void) {
    int ends[2];
    if (pipe(ends) != 0) return;
    fcntl(ends[0], F_SETFD, FD_CLOEXEC);
    fcntl(ends[1], F_SETFD, FD_CLOEXEC);
    fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK);
    tk_wakeup_pipe_reader = ends[0];
    // With every signal blocked, so that signals go to the app's own threads.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pthread_t relay;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    int started = pthread_create(&relay, &attributes, tk_wakeup_relay, NULL) == 0;
    pthread_attr_destroy(&attributes);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    if (!started) {
        close(ends[0]);
        close(ends[1]);
        tk_wakeup_pipe_reader = -1;
        return;
    }
    __atomic_store_n(&tk_wakeup_pipe_writer, ends[1], __ATOMIC_RELEASE);
}

/// Waits for a post this thread has not yet woken for, or until `milliseconds` have passed
/// (negative: no limit). Returns 1 when woken, 0 when the time ran out.
static inline int tk_wakeup_wait(long milliseconds) {
    pthread_once(&tk_wakeup_once, tk_wakeup_start_relay);
    int relayed = __atomic_load_n(&tk_wakeup_pipe_writer, __ATOMIC_ACQUIRE) >= 0;
    int seen = tk_wakeup_seen;
    struct timespec end = milliseconds >= 0 ? tk_wakeup_deadline(milliseconds) : (struct timespec){0, 0};
    int woken = 0;
    pthread_mutex_lock(&tk_wakeup_mutex);
    for (;;) {
        int now = __atomic_load_n(&tk_wakeup_generation, __ATOMIC_SEQ_CST);
        if (now != seen) {
            tk_wakeup_seen = now;
            woken = 1;
            break;
        }
        if (milliseconds < 0 && relayed) {
            pthread_cond_wait(&tk_wakeup_condition, &tk_wakeup_mutex);
            continue;
        }
        struct timespec left;
        if (milliseconds >= 0) {
            if (!tk_wakeup_time_left(end, &left)) break;
        } else {
            left.tv_sec = 0;
            left.tv_nsec = 0;
        }
        if (!relayed && (milliseconds < 0 || left.tv_sec > 0 || left.tv_nsec > TK_WAKEUP_UNRELAYED_MS * 1000000L)) {
            left.tv_sec = 0;
            left.tv_nsec = TK_WAKEUP_UNRELAYED_MS * 1000000L;
        }
        // pthread_cond_timedwait takes a time of the real-time clock (macOS cannot choose the
        // monotonic one): the time left, measured on the monotonic clock, from the real-time
        // now. A clock set meanwhile moves at most this one round; the next measures again.
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += left.tv_sec;
        until.tv_nsec += left.tv_nsec;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec += 1;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&tk_wakeup_condition, &tk_wakeup_mutex, &until);
    }
    pthread_mutex_unlock(&tk_wakeup_mutex);
    return woken;
}

#endif

/// 1 when the wake-up is the portable one (a condition variable and a relay thread), 0 for the
/// futex: tests say which they ran against.
static inline int tk_wakeup_is_portable(void) {
#ifdef TK_WAKEUP_FUTEX
    return 0;
#else
    return 1;
#endif
}

#endif
