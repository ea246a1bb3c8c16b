import Engine

/// Everything the command line says (SPEC 1), parsed but not yet acted on.
struct CommandLineOptions: Sendable, Equatable {
    /// What the user asked the program to do.
    enum Mode: Sendable, Equatable {
        case view
        case check
        case plain
        case help
        case version
    }

    var mode = Mode.view
    /// A path, or `-` for standard input.
    var deckPath = ""
    var strategy: Strategy?
    var start: String?
    var duration: Double?
    var leeway: Double?
    var autoplay = true
    var eventsPath: String?
    var controlPath: String?
    var watch = false
    var language: Language?
    var ascii = false
    var noColor = false
    /// `--resume`: start at the first story not yet seen to its end.
    var resume = false
}
