#ifndef TABLEKIT_CNCURSES_SHIM_H
#define TABLEKIT_CNCURSES_SHIM_H

// SwiftPM drops the pkg-config defines, so ask for the wide-character API here.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncurses.h>
#include <langinfo.h>
#include <errno.h>
#include <pthread.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

// C globals are not concurrency-safe to read from Swift 6: read them through functions.
static inline WINDOW *tk_stdscr(void) { return stdscr; }
static inline WINDOW *tk_curscr(void) { return curscr; }
static inline int tk_lines(void) { return LINES; }
static inline int tk_cols(void) { return COLS; }
static inline int tk_colors(void) { return COLORS; }
static inline int tk_color_pairs(void) { return COLOR_PAIRS; }

// Macros built from function-like macros do not reach Swift: expose their values.
static inline attr_t tk_attr_bold(void) { return A_BOLD; }
static inline attr_t tk_attr_dim(void) { return A_DIM; }
static inline attr_t tk_attr_reverse(void) { return A_REVERSE; }
static inline attr_t tk_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t tk_attr_italic(void) { return A_ITALIC; }
static inline int tk_key_f(int n) { return KEY_F(n); }

static inline mmask_t tk_mouse_all_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t tk_mouse_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t tk_mouse_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t tk_mouse_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t tk_mouse_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t tk_mouse_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline mmask_t tk_mouse_position(void) { return REPORT_MOUSE_POSITION; }
static inline mmask_t tk_mouse_shift(void) { return BUTTON_SHIFT; }
static inline mmask_t tk_mouse_control(void) { return BUTTON_CTRL; }
static inline mmask_t tk_mouse_alt(void) { return BUTTON_ALT; }

/// A terminfo string capability, or NULL when the terminal lacks it (tigetstr's -1 included).
static inline const char *tk_tigetstr(const char *name) {
    char *value = tigetstr(name);
    return (value == (char *)-1) ? NULL : value;
}

/// The kernel's idea of the terminal size on `fd`; 0 on success (ioctl is variadic in C).
static inline int tk_window_size(int fd, int *rows, int *cols) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *rows = size.ws_row;
    *cols = size.ws_col;
    return 0;
}

// glibc declares wcwidth only under _XOPEN_SOURCE, which the prebuilt C library module lacks.
extern int wcwidth(wchar_t);
/// The columns glibc gives a character in the current locale: 0, 1, 2, or -1 (unprintable).
static inline int tk_wcwidth(wchar_t c) { return wcwidth(c); }

static inline FILE *tk_stdout(void) { return stdout; }
static inline FILE *tk_stdin(void) { return stdin; }

/// Whether the current locale (after setlocale) encodes text as UTF-8.
static inline int tk_codeset_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

// ---------------------------------------------------------------------------------------------
// Signals and the emergency restore.
//
// Swift never emits a definition for a plain C global declared in a header, and a `static` one
// would be copied into every object file. A weak definition *with an initializer* is emitted
// wherever it is used and the linker keeps exactly one, so the handlers and Swift share these
// variables. (Without an initializer Swift leaves an undefined weak symbol: address 0. Keep the
// initializers; tk_signal_storage_available() checks.)
//
// Handlers only do async-signal-safe work: set a flag, or (for a crash, a second termination
// signal, or exit) write a prepared byte string and tcsetattr() the saved terminal modes.
// ---------------------------------------------------------------------------------------------

#define TK_SIGNAL_SLOTS 32

__attribute__((weak)) volatile sig_atomic_t tk_pending_termination = 0;
__attribute__((weak)) volatile sig_atomic_t tk_pending_stop = 0;
__attribute__((weak)) volatile sig_atomic_t tk_pending_continue = 0;
__attribute__((weak)) volatile sig_atomic_t tk_terminal_active = 0;
__attribute__((weak)) int tk_handlers_installed = 0;
__attribute__((weak)) int tk_atexit_registered = 0;
__attribute__((weak)) int tk_terminal_fd = -1;
__attribute__((weak)) int tk_modes_saved = 0;
__attribute__((weak)) struct termios tk_saved_termios = {0};
__attribute__((weak)) char tk_leave_sequence[512] = {0};
__attribute__((weak)) size_t tk_leave_length = 0;
__attribute__((weak)) struct sigaction tk_previous_actions[TK_SIGNAL_SLOTS] = {{{0}}};
// Set by tk_install_process_signal_handlers(): the handlers stay for the process's whole life.
__attribute__((weak)) int tk_handlers_for_process = 0;
// 1: a crash goes on to the handler from before ours (the Swift runtime's backtracer); 0: a
// short line (tk_crash_prefix, then the signal's name) and the signal's default action.
__attribute__((weak)) int tk_crashes_to_previous = 1;
__attribute__((weak)) char tk_crash_prefix[128] = {0};
__attribute__((weak)) size_t tk_crash_prefix_length = 0;

// The process's wake-up (tk_wakeup_post, tk_wakeup_wait): platform.h, a futex on Linux and a
// condition variable elsewhere.
#include "platform.h"

/// Whether the weak globals above were really emitted (see the note above).
static inline int tk_signal_storage_available(void) {
    return &tk_pending_termination != NULL && &tk_terminal_active != NULL && &tk_terminal_fd != NULL
        && &tk_saved_termios != NULL && &tk_leave_sequence[0] != NULL && &tk_leave_length != NULL
        && &tk_previous_actions[0] != NULL && &tk_handlers_installed != NULL
        && &tk_atexit_registered != NULL && &tk_pending_stop != NULL && &tk_pending_continue != NULL
        && &tk_modes_saved != NULL && &tk_handlers_for_process != NULL && &tk_crashes_to_previous != NULL
        && &tk_crash_prefix[0] != NULL && &tk_crash_prefix_length != NULL && &tk_wakeup_generation != NULL;
}

/// Puts the terminal back as the shell had it: async-signal-safe, and a no-op when curses is
/// not active. Used by crash handlers, a second termination signal, and atexit.
static inline void tk_emergency_restore(void) {
    if (!tk_signal_storage_available() || !tk_terminal_active) return;
    tk_terminal_active = 0;
    size_t written = 0;
    while (written < tk_leave_length) {
        ssize_t n = write(tk_terminal_fd, tk_leave_sequence + written, tk_leave_length - written);
        if (n <= 0) break;
        written += (size_t)n;
    }
    // TCSANOW: a handler must not wait for a terminal that may never drain.
    if (tk_modes_saved) tcsetattr(tk_terminal_fd, TCSANOW, &tk_saved_termios);
}

/// Remembers the terminal modes of `fd` as the shell left them. Call before curses changes them.
static inline int tk_save_terminal_modes(int fd) {
    if (!tk_signal_storage_available()) return -1;
    tk_terminal_fd = fd;
    tk_modes_saved = tcgetattr(fd, &tk_saved_termios) == 0;
    return tk_modes_saved ? 0 : -1;
}

/// Remembers the bytes that leave curses' screen (alternate screen, cursor, mouse modes).
static inline void tk_set_leave_sequence(const char *leave, size_t length) {
    if (!tk_signal_storage_available()) return;
    if (length >= sizeof(tk_leave_sequence)) length = sizeof(tk_leave_sequence) - 1;
    memcpy(tk_leave_sequence, leave, length);
    tk_leave_length = length;
}

static inline void tk_set_terminal_active(int active) {
    if (tk_signal_storage_available()) tk_terminal_active = active;
}

static inline void tk_on_termination_signal(int sig, siginfo_t *info, void *context) {
    (void)context;
    // Ctrl-\ in a terminal that still makes signals of keys (before curses' raw mode, during a
    // load): in raw mode the same key means nothing, so here it means nothing either. A
    // SIGQUIT sent by a process (kill -QUIT) still ends the app.
#ifdef SI_KERNEL
    if (sig == SIGQUIT && info != NULL && info->si_code == SI_KERNEL) return;
#endif
    if (tk_pending_termination != 0) {
        // A second signal: the main loop did not get to it. Leave now, safely.
        tk_emergency_restore();
        _exit(128 + sig);
    }
    tk_pending_termination = sig;
    // Whoever waits for the load (or other work) hears of it at once.
    tk_wakeup_post();
}

static inline void tk_on_stop_signal(int sig) { (void)sig; tk_pending_stop = 1; }
static inline void tk_on_continue_signal(int sig) { (void)sig; tk_pending_continue = 1; }

/// Ends the handler so that `sig` is delivered again as soon as it returns (it is blocked while
/// the handler runs), with `action`: the default (the process ends as the signal says, with a
/// core dump where the signal makes one) or the handler that was there before ours.
static inline void tk_redeliver(int sig, const struct sigaction *action) {
    sigaction(sig, action, NULL);
    raise(sig);
}

static inline void tk_redeliver_by_default(int sig) {
    struct sigaction deflt;
    memset(&deflt, 0, sizeof deflt);
    deflt.sa_handler = SIG_DFL;
    sigemptyset(&deflt.sa_mask);
    tk_redeliver(sig, &deflt);
}

static inline void tk_write_all(int fd, const char *text, size_t length) {
    while (length > 0) {
        ssize_t n = write(fd, text, length);
        if (n <= 0) return;
        text += n;
        length -= (size_t)n;
    }
}

/// What a crash says on standard error when the runtime's backtracer is not asked for:
/// "table-browser: crashed: segmentation fault (SIGSEGV) ...". Async-signal-safe.
static inline void tk_report_crash(int sig) {
    const char *what = sig == SIGSEGV ? "segmentation fault (SIGSEGV)" : sig == SIGBUS ? "bus error (SIGBUS)"
        : sig == SIGILL ? "illegal instruction (SIGILL), a failed check" : sig == SIGFPE ? "arithmetic fault (SIGFPE)"
        : sig == SIGABRT ? "aborted (SIGABRT)" : sig == SIGTRAP ? "trap (SIGTRAP), a failed check" : "fatal signal";
    static const char crashed[] = "crashed: ";
    static const char hint[] = ". This is a bug; run with SWIFT_BACKTRACE=enable=yes,interactive=no for a backtrace.\n";
    tk_write_all(STDERR_FILENO, tk_crash_prefix, tk_crash_prefix_length);
    tk_write_all(STDERR_FILENO, crashed, sizeof crashed - 1);
    tk_write_all(STDERR_FILENO, what, strlen(what));
    tk_write_all(STDERR_FILENO, hint, sizeof hint - 1);
}

static inline void tk_on_fatal_signal(int sig, siginfo_t *info, void *context) {
    (void)context;
    tk_emergency_restore();
    if (sig <= 0 || sig >= TK_SIGNAL_SLOTS) return;
    // Sent by another process (kill): nothing faulted and nothing would repeat it, so end the
    // way the signal says, as if we had never caught it.
    if (info != NULL && info->si_code <= 0 && info->si_pid != getpid()) {
        tk_redeliver_by_default(sig);
        return;
    }
    // A crash of ours. Unless the runtime's backtracer was asked for, one line says so and the
    // default action ends the process (status 128 + signo, a core where the system keeps them).
    struct sigaction deflt;
    memset(&deflt, 0, sizeof deflt);
    deflt.sa_handler = SIG_DFL;
    sigemptyset(&deflt.sa_mask);
    const struct sigaction *next = tk_crashes_to_previous ? &tk_previous_actions[sig] : &deflt;
    if (!tk_crashes_to_previous) {
        static volatile sig_atomic_t reported = 0;
        if (!reported) { reported = 1; tk_report_crash(sig); }
    }
    // Raised by this process (abort(), raise()) or a trap: nothing repeats it either; the
    // next handler gets it again.
    if ((info != NULL && info->si_code <= 0) || sig == SIGTRAP) {
        tk_redeliver(sig, next);
        return;
    }
    // A real fault repeats when the handler returns, and then reaches the next handler.
    sigaction(sig, next, NULL);
}

/// The signals whose default action ends the process and that nothing else here handles: each
/// restores the terminal, then ends the process by its default action.
static const int tk_deadly_signals[] = { SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGSYS };

static inline void tk_on_deadly_signal(int sig) {
    tk_emergency_restore();
    tk_redeliver_by_default(sig);
}

/* `handler`, told the signal's details, for `sig`, with `flags` besides SA_SIGINFO. */
static inline void tk_install_with_info(int sig, void (*handler)(int, siginfo_t *, void *), int flags) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = flags | SA_SIGINFO;
    sigaction(sig, &action, &tk_previous_actions[sig]);
}

static inline void tk_install_one(int sig, void (*handler)(int)) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(sig, &action, &tk_previous_actions[sig]);
}

static inline void tk_install_fatal(int sig) {
    tk_install_with_info(sig, tk_on_fatal_signal, SA_ONSTACK);
}

/// Installs the handlers (once) and the atexit safety net. Install before newterm(), so that
/// ncurses sees our SIGINT/SIGTERM/SIGTSTP handlers and does not add its own. SIGWINCH is left
/// to ncurses (it turns it into KEY_RESIZE).
static inline void tk_own_job_control(int ours);

static inline void tk_install_signal_handlers(void) {
    if (!tk_signal_storage_available()) return;
    if (tk_handlers_installed) {
        // Installed for the process already: only the stop and continue handlers were left out.
        if (tk_handlers_for_process) tk_own_job_control(1);
        return;
    }
    tk_handlers_installed = 1;
    tk_pending_termination = 0;
    tk_pending_stop = 0;
    tk_pending_continue = 0;
    tk_install_with_info(SIGINT, tk_on_termination_signal, SA_RESTART);
    tk_install_with_info(SIGTERM, tk_on_termination_signal, SA_RESTART);
    tk_install_with_info(SIGHUP, tk_on_termination_signal, SA_RESTART);
    tk_install_with_info(SIGQUIT, tk_on_termination_signal, SA_RESTART);
    tk_install_one(SIGTSTP, tk_on_stop_signal);
    tk_install_one(SIGCONT, tk_on_continue_signal);
    tk_install_fatal(SIGSEGV);
    tk_install_fatal(SIGBUS);
    tk_install_fatal(SIGILL);
    tk_install_fatal(SIGFPE);
    tk_install_fatal(SIGABRT);
    tk_install_fatal(SIGTRAP);
    // Only where the default action stands: a signal the process ignores (SIGPIPE often is)
    // or handles already is left as it is.
    for (size_t i = 0; i < sizeof tk_deadly_signals / sizeof tk_deadly_signals[0]; i++) {
        struct sigaction current;
        if (sigaction(tk_deadly_signals[i], NULL, &current) == 0 && !(current.sa_flags & SA_SIGINFO)
            && current.sa_handler == SIG_DFL) {
            tk_install_one(tk_deadly_signals[i], tk_on_deadly_signal);
        } else {
            sigaction(tk_deadly_signals[i], NULL, &tk_previous_actions[tk_deadly_signals[i]]);
        }
    }
    if (!tk_atexit_registered) {
        tk_atexit_registered = 1;
        atexit(tk_emergency_restore);
    }
    // A parent may have started us with these blocked (a test runner's threads do); a blocked
    // SIGTERM or SIGWINCH would never reach us, so the terminal could not be restored or resized.
    sigset_t wanted;
    sigemptyset(&wanted);
    const int needed[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH,
                           SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGSYS };
    for (size_t i = 0; i < sizeof needed / sizeof needed[0]; i++) sigaddset(&wanted, needed[i]);
    pthread_sigmask(SIG_UNBLOCK, &wanted, NULL);
}

/// SIGTSTP and SIGCONT: ours (1, while curses owns the screen: the event loop suspends and
/// repaints) or as they were (0: before the screen, Ctrl-Z in a cooked terminal stops the
/// process as the shell expects).
static inline void tk_own_job_control(int ours) {
    if (ours) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        action.sa_handler = tk_on_stop_signal;
        sigaction(SIGTSTP, &action, NULL);
        action.sa_handler = tk_on_continue_signal;
        sigaction(SIGCONT, &action, NULL);
    } else {
        sigaction(SIGTSTP, &tk_previous_actions[SIGTSTP], NULL);
        sigaction(SIGCONT, &tk_previous_actions[SIGCONT], NULL);
    }
}

/// The handlers for the process's whole life, from its first instruction: installed now (once),
/// never put back by tk_restore_signal_handlers() — except SIGTSTP and SIGCONT, which are ours
/// only while curses owns the screen (tk_own_job_control). A crash says so in one line after
/// `program_name` and ends by its default action, unless SWIFT_BACKTRACE is set: then the
/// Swift runtime's backtracer gets it, as that variable says.
static inline void tk_install_process_signal_handlers(const char *program_name) {
    if (!tk_signal_storage_available()) return;
    size_t length = program_name ? strlen(program_name) : 0;
    if (length + 2 >= sizeof tk_crash_prefix) length = sizeof tk_crash_prefix - 3;
    if (length > 0) {
        memcpy(tk_crash_prefix, program_name, length);
        memcpy(tk_crash_prefix + length, ": ", 2);
        tk_crash_prefix_length = length + 2;
    }
    tk_crashes_to_previous = getenv("SWIFT_BACKTRACE") != NULL;
    tk_install_signal_handlers();
    tk_own_job_control(0);
    tk_handlers_for_process = 1;
}

/// Puts back the dispositions found by tk_install_signal_handlers(); pending flags are kept.
/// Nothing to put back once the handlers are the process's (tk_install_process_signal_handlers).
static inline void tk_restore_signal_handlers(void) {
    if (!tk_signal_storage_available() || !tk_handlers_installed) return;
    if (tk_handlers_for_process) {
        tk_own_job_control(0);
        return;
    }
    tk_handlers_installed = 0;
    const int signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT,
                            SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP,
                            SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGSYS };
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        sigaction(signals[i], &tk_previous_actions[signals[i]], NULL);
    }
}

/// The first termination signal received (SIGINT, SIGTERM, SIGHUP, SIGQUIT), or 0.
static inline int tk_pending_signal(void) {
    return tk_signal_storage_available() ? tk_pending_termination : 0;
}

/// Whether a SIGTSTP arrived since the last call; clears the request.
static inline int tk_take_stop_request(void) {
    if (!tk_signal_storage_available()) return 0;
    int pending = tk_pending_stop;
    tk_pending_stop = 0;
    return pending;
}

/// Whether a SIGCONT arrived since the last call; clears the notice.
static inline int tk_take_continue_notice(void) {
    if (!tk_signal_storage_available()) return 0;
    int pending = tk_pending_continue;
    tk_pending_continue = 0;
    return pending;
}

/// Stops the process as Ctrl-Z would in a cooked terminal, and returns once it is continued.
/// SIGTSTP (not SIGSTOP) so that an orphaned process group is not stopped for ever.
static inline void tk_stop_process(void) {
    struct sigaction ours, deflt;
    memset(&deflt, 0, sizeof deflt);
    deflt.sa_handler = SIG_DFL;
    sigemptyset(&deflt.sa_mask);
    sigaction(SIGTSTP, &deflt, &ours);
    sigset_t set, old;
    sigemptyset(&set);
    sigaddset(&set, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &set, &old);
    raise(SIGTSTP);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    sigaction(SIGTSTP, &ours, NULL);
    if (tk_signal_storage_available()) tk_pending_stop = 0;
}

#endif
