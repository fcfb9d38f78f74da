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
        // Only where the default stands: a signal the parent left ignored stays ignored.
        if (sigaction(signals[i], NULL, &current) == 0 && !(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_DFL) {
            sigaction(signals[i], &action, NULL);
        }
    }
    tk_kept_signals = 1;
}

// Run by the dynamic linker before the initialisers of every shared library, libswiftCore's
// included (.preinit_array is honoured in executables only, where this file is linked).
__attribute__((section(".preinit_array"), used))
static void (*const tk_process_start_entry)(int, char **, char **) = tk_process_start;

int tk_process_start_kept_signals(void) { return tk_kept_signals; }
