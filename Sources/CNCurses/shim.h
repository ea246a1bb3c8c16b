#ifndef STORIES_TUI_CNCURSES_SHIM_H
#define STORIES_TUI_CNCURSES_SHIM_H

/* SwiftPM drops pkg-config's -D flags; the wide-character API needs these. */
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1

#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/* Swift 6 rejects C globals and does not import macros: expose them as functions and constants. */
static inline WINDOW *shim_stdscr(void) { return stdscr; }
static inline WINDOW *shim_curscr(void) { return curscr; }
static inline int shim_lines(void) { return LINES; }
static inline int shim_cols(void) { return COLS; }
static inline int shim_color_pairs(void) { return COLOR_PAIRS; }
static inline int shim_colors(void) { return COLORS; }
static inline FILE *shim_stdout(void) { return stdout; }

/* A file in memory that holds curses' output until the first frame (CursesBackend.start, FirstFrameCapture.swift).
 * glibc (2.27+) declares memfd_create only under _GNU_SOURCE, which this header must not set. */
extern int memfd_create(const char *name, unsigned int flags);
static inline int shim_memory_file(void) { return memfd_create("stories-tui-first-frame", 1U /* MFD_CLOEXEC */); }

/* The terminal's absolute cursor move to (row, column), its "cup" string (CursesBackend+Links.swift); NULL
 * without one. tiparm is variadic, which Swift does not import. */
static inline const char *shim_cursor_to(int row, int column) {
    char *cup = tigetstr("cup");
    if (cup == NULL || cup == (char *)-1) return NULL;
    return tiparm(cup, row, column);
}

/* The terminal's move right by `columns` in the same row, "cuf1" for one where it has it, else "cuf"
 * (CursesBackend+CellRuns.swift); NULL without either. */
static inline const char *shim_cursor_forward(int columns) {
    char *one = tigetstr("cuf1");
    if (columns == 1 && one != NULL && one != (char *)-1) return one;
    char *cuf = tigetstr("cuf");
    if (cuf == NULL || cuf == (char *)-1) return NULL;
    return tiparm(cuf, columns);
}

/* The terminal's own sequence that sets the foreground (setaf) or background (setab) to colour `number`
 * (CursesBackend+CellRuns.swift); NULL without one. */
static inline const char *shim_color_sequence(int background, int number) {
    char *set = tigetstr(background ? "setab" : "setaf");
    if (set == NULL || set == (char *)-1) return NULL;
    return tiparm(set, number);
}

static const attr_t shim_attr_normal = A_NORMAL;
static const attr_t shim_attr_bold = A_BOLD;
static const attr_t shim_attr_dim = A_DIM;
static const attr_t shim_attr_reverse = A_REVERSE;
static const attr_t shim_attr_underline = A_UNDERLINE;
static const attr_t shim_attr_invis = A_INVIS;


#endif
