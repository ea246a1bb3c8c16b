import Engine

/// The catalogue's part for the events stream.
extension Messages {
    /// Messages of the events stream: English whatever the language, as the stream is for programs.
    package static func controlUnknownCommand(_ line: String) -> String {
        "unknown control command '\(TextSanitizer.quoted(line))'; known: next, prev, pause, resume, toggle, goto ID|N, reload, quit"
    }

    package static func pictureFailed(path: String, _ failure: ImageProblem) -> String {
        "cannot show the picture '\(TextSanitizer.quoted(path))': \(failure.message(in: .english))"
    }

    package static func controlUnknownStory(_ reference: String) -> String {
        "goto '\(TextSanitizer.quoted(reference))' names no story"
    }
}
