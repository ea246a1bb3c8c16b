import ViewerCore

extension GraphicsEnvironment {
    /// The variables TERM, TERM_PROGRAM, LC_TERMINAL, TMUX and STY of `environment`.
    init(_ environment: Environment) {
        self.init(term: environment["TERM"], termProgram: environment["TERM_PROGRAM"],
                  lcTerminal: environment["LC_TERMINAL"], tmux: environment["TMUX"],
                  screenSession: environment["STY"])
    }
}
