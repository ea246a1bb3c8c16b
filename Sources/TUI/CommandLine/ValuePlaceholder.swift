import Engine

/// The word that stands for an option's free value in the help, and what a shell completes there.
enum ValuePlaceholder: Sendable, Equatable {
    /// A story id or a 1-based position (`--start`).
    case storyReference
    /// A number of seconds.
    case seconds
    /// A file to write (`--events`).
    case file
    /// A named pipe, made if missing (`--control`).
    case fifo

    /// The word in the help.
    func word(in language: Language) -> String {
        switch self {
        case .storyReference: return "ID|N"
        case .seconds: return language == .spanish ? "SEGUNDOS" : "SECONDS"
        case .file: return language == .spanish ? "ARCHIVO" : "FILE"
        case .fifo: return "FIFO"
        }
    }

    /// Whether a shell should offer file names for this value.
    var completesPaths: Bool { self == .file || self == .fifo }
}
