#ifndef TK_PROCESS_START_H
#define TK_PROCESS_START_H

/// Whether the process's first instruction kept the crash signals from the Swift runtime's
/// backtracer (see process_start.c): 0 when SWIFT_BACKTRACE was set, which leaves them to it.
int tk_process_start_kept_signals(void);

/// 1 when the start hook runs before every shared library's initialiser (.preinit_array, ELF on
/// Linux), 0 when it runs as the executable's first constructor (elsewhere, or TABLEKIT_PORTABLE).
int tk_process_start_runs_early(void);

#endif
