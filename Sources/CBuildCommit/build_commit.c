#include "CBuildCommit.h"

/* `make build` compiles with STORIES_TUI_BUILD_COMMIT after scripts/write-build-commit has written
 * generated/commit.h (not in git; the script touches this file whenever it changes the header, so that it is
 * compiled again). A plain `swift build` knows no commit. */
#if defined(STORIES_TUI_BUILD_COMMIT) && __has_include("generated/commit.h")
#include "generated/commit.h"
#endif

const char *stories_tui_build_commit(void) {
#ifdef STORIES_TUI_COMMIT
    return STORIES_TUI_COMMIT;
#else
    return 0;
#endif
}
