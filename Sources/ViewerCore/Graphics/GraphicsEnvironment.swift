/// What the environment says about the terminal's pictures: the variables that name the terminal
/// (iTerm2 and WezTerm are known by them) and those that say a multiplexer sits in between.
package struct GraphicsEnvironment: Sendable, Hashable {
    package var term: String?
    package var termProgram: String?
    package var lcTerminal: String?
    /// Set inside tmux (its socket path).
    package var tmux: String?
    /// Set inside GNU screen (its session name).
    package var screenSession: String?

    package init(term: String? = nil, termProgram: String? = nil, lcTerminal: String? = nil, tmux: String? = nil,
         screenSession: String? = nil) {
        self.term = term
        self.termProgram = termProgram
        self.lcTerminal = lcTerminal
        self.tmux = tmux
        self.screenSession = screenSession
    }
}
