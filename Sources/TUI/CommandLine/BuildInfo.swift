import CBuildCommit

/// The version of this build, and the commit it was built from when the build said so.
///
/// `make build` (and every target built on it) writes `Sources/CBuildCommit/generated/commit.h` (not in git)
/// and compiles with `-DSTORIES_TUI_BUILD_COMMIT`; a plain `swift build` knows no commit. The commit is
/// C's (`CBuildCommit`), so that a new one relinks the program instead of recompiling this module.
enum BuildInfo {
    /// The release this source is; CHANGELOG.md and the man page's header name the same.
    static let version = "0.1.0"

    /// The commit (`git rev-parse --short=12 HEAD`, `-dirty` when the tree had changes), or nil.
    static var commit: String? {
        stories_tui_build_commit().map { String(cString: $0) }
    }
}
