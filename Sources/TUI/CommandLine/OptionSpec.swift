/// One option of the command line: how it is spelled, what value it takes and what it does with it,
/// and how `--help` describes it. `OptionTable.all` lists them all.
struct OptionSpec: Sendable {
    /// The names shown in the help and offered by completions, e.g. `-h` and `--help`.
    let names: [String]
    /// Other spellings that are accepted and documented in the man page only, e.g. `--no-colour`.
    let aliases: [String]
    let value: OptionValue
    let help: OptionHelp
    /// What the completion scripts say of this option alone, where its help row names another option too
    /// (`--loop, --once`: each is offered with its own words); nil: the row's text.
    let alone: (english: String, spanish: String)?

    init(_ names: String..., aliases: [String] = [], value: OptionValue, help: OptionHelp,
         alone: (english: String, spanish: String)? = nil) {
        self.names = names
        self.aliases = aliases
        self.value = value
        self.help = help
        self.alone = alone
    }

    init(_ names: String..., aliases: [String] = [], value: OptionValue, english: [String], spanish: [String],
         alone: (english: String, spanish: String)? = nil) {
        self.names = names
        self.aliases = aliases
        self.value = value
        self.help = .row(english: english, spanish: spanish)
        self.alone = alone
    }

    /// The main name: the long one (`--help` rather than `-h`).
    var name: String { names.last ?? "" }

    /// Every spelling the parser accepts.
    var acceptedNames: [String] { names + aliases }
}
