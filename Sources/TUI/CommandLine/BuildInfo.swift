/// The version of this build, and the commit it was built from when the build said so.
///
/// `make build` (and every target built on it) writes `Sources/TUI/CommandLine/Generated/BuildCommit.swift`
/// (not in git) and compiles with `-DSTORIES_TUI_BUILD_COMMIT`; a plain `swift build` knows no commit.
enum BuildInfo {
    /// The release this source is; CHANGELOG.md and the man page's header name the same.
    static let version = "0.1.0"

    /// The commit (`git rev-parse --short=12 HEAD`, `-dirty` when the tree had changes), or nil.
    static var commit: String? {
        #if STORIES_TUI_BUILD_COMMIT
        return BuildCommit.value
        #else
        return nil
        #endif
    }
}
