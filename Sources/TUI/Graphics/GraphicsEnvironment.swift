/// What the environment says about the terminal's pictures: the variables that name the terminal
/// (iTerm2 and WezTerm are known by them) and those that say a multiplexer sits in between.
struct GraphicsEnvironment: Sendable, Hashable {
    var term: String?
    var termProgram: String?
    var lcTerminal: String?
    /// Set inside tmux (its socket path).
    var tmux: String?
    /// Set inside GNU screen (its session name).
    var screenSession: String?

    init(term: String? = nil, termProgram: String? = nil, lcTerminal: String? = nil, tmux: String? = nil,
         screenSession: String? = nil) {
        self.term = term
        self.termProgram = termProgram
        self.lcTerminal = lcTerminal
        self.tmux = tmux
        self.screenSession = screenSession
    }

    /// The variables TERM, TERM_PROGRAM, LC_TERMINAL, TMUX and STY of `environment`.
    init(_ environment: Environment) {
        self.init(term: environment["TERM"], termProgram: environment["TERM_PROGRAM"],
                  lcTerminal: environment["LC_TERMINAL"], tmux: environment["TMUX"],
                  screenSession: environment["STY"])
    }
}
