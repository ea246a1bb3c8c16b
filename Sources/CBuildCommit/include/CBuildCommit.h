#ifndef STORIES_TUI_CBUILDCOMMIT_H
#define STORIES_TUI_CBUILDCOMMIT_H

/* The commit this build comes from, for --version (Sources/TUI/CommandLine/BuildInfo.swift), or NULL.
 * The value lives in C, behind this header that never changes, so that a new commit (or the first edit after
 * one) recompiles build_commit.c and relinks, instead of recompiling the whole TUI module (docs/PACKAGING.md,
 * "The commit in --version"). */
const char *stories_tui_build_commit(void);

#endif
