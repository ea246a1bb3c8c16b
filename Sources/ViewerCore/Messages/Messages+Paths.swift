import Engine

/// Paths in messages: cleaned and cut like deck text, a little later than other arguments.
extension Messages {
    /// A path argument, cut later than other arguments (as the Engine cuts a deck's path).
    package static func pathArgument(_ text: String) -> String {
        TextSanitizer.quoted(text, limit: 120)
    }

    /// A path quoted in a message: cleaned and cut like deck text, in backticks.
    package static func quotedPath(_ path: String) -> String {
        "`" + pathArgument(path) + "`"
    }
}
