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

// C globals are not concurrency-safe to read from Swift 6: read them through functions.
static inline WINDOW *tk_stdscr(void) { return stdscr; }
static inline int tk_lines(void) { return LINES; }
static inline int tk_cols(void) { return COLS; }
static inline int tk_colors(void) { return COLORS; }
static inline int tk_color_pairs(void) { return COLOR_PAIRS; }

#endif
