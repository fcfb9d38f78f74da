// Quiet from the first instruction (issue 38).
//
// The Swift runtime installs its crash handlers (SIGQUIT, SIGSEGV, SIGBUS …) while
// libswiftCore is initialised, milliseconds before main() installs the app's own. A signal in
// between reached the runtime's backtracer, which printed "Program crashed" in colour onto the
// person's terminal and, on a terminal, waited 30 s for a key.
//
// The runtime leaves alone a signal that already has a handler when it is initialised, and
// the only moment before that is the executable's .preinit_array, which the dynamic linker
// runs before any shared library's initialiser. There each of those signals gets a handler
// that ends the process by the signal's default action (128 + signo, nothing printed, the
// terminal untouched: it is not taken over yet). main() then installs the app's handlers
// over these. (Setting SWIFT_BACKTRACE=enable=no here does not work: the runtime reads the
// environment it was started with, not the one setenv makes.) A person who sets
// SWIFT_BACKTRACE keeps the runtime's backtracer, as that variable says.
//
// .preinit_array is ELF's and Linux's. Elsewhere — and on Linux too when TABLEKIT_PORTABLE is
// defined (`make test-portable`), so that this path is built and tested here — the same work
// is an initialiser of the executable (a constructor), which runs after the shared libraries'
// initialisers, the runtime's included: the handlers the runtime has installed by then are
// replaced (nothing else can have installed one yet: a handler does not survive exec), and
// the window between the runtime's initialiser and this one stays the runtime's.

#include <signal.h>
#include <string.h>
#include "process_start.h"

static int tk_kept_signals = 0;

// Ends the process by `sig`'s default action: raised again with the default in place, it is
// delivered when this handler returns (a fault repeats on return and ends it the same way).
static void tk_end_by_default(int sig, siginfo_t *info, void *context) {
    (void)info;
    (void)context;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(sig, &action, NULL);
    raise(sig);
}

// Whether `envp` holds SWIFT_BACKTRACE. (libc's getenv cannot be asked yet: its environment
// is set up after the .preinit_array has run.)
static int tk_backtrace_requested(char **envp) {
    static const char name[] = "SWIFT_BACKTRACE=";
    for (char **entry = envp; entry != NULL && *entry != NULL; entry++) {
        if (strncmp(*entry, name, sizeof name - 1) == 0) return 1;
    }
    return 0;
}

#if defined(__ELF__) && defined(__linux__) && !defined(TABLEKIT_PORTABLE)
#define TK_START_EARLY 1
#endif

// Whether the start hook puts its handler in place of `current`: the default, and when run
// late any handler (the runtime's); never a signal the parent left ignored.
static int tk_replaceable(const struct sigaction *current) {
    int is_plain = !(current->sa_flags & SA_SIGINFO);
#ifdef TK_START_EARLY
    return is_plain && current->sa_handler == SIG_DFL;
#else
    return !(is_plain && current->sa_handler == SIG_IGN);
#endif
}

static void tk_process_start(int argc, char **argv, char **envp) {
    (void)argc;
    (void)argv;
    if (tk_backtrace_requested(envp)) return;
    static const int signals[] = { SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = tk_end_by_default;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_SIGINFO;
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction current;
        // Only where the default stands (or, run late, the runtime's handler): a signal the
        // parent left ignored stays ignored.
        if (sigaction(signals[i], NULL, &current) == 0 && tk_replaceable(&current)) {
            sigaction(signals[i], &action, NULL);
        }
    }
    tk_kept_signals = 1;
}

#ifdef TK_START_EARLY
// Run by the dynamic linker before the initialisers of every shared library, libswiftCore's
// included (.preinit_array is honoured in executables only, where this file is linked).
__attribute__((section(".preinit_array"), used))
static void (*const tk_process_start_entry)(int, char **, char **) = tk_process_start;
#else
extern char **environ;

// Run as the executable's first initialiser: after the shared libraries' (see above).
__attribute__((constructor(101), used))
static void tk_process_start_late(void) { tk_process_start(0, NULL, environ); }
#endif

int tk_process_start_runs_early(void) {
#ifdef TK_START_EARLY
    return 1;
#else
    return 0;
#endif
}

int tk_process_start_kept_signals(void) { return tk_kept_signals; }
