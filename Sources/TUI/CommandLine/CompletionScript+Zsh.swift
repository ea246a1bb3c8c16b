import Engine

/// The zsh script: an `_arguments` spec a option, autoloadable from `$fpath` or sourced.
extension CompletionScript {
    static func zsh(language: Language) -> String {
        var specs: [String] = []
        for (spec, description) in describedOptions(in: language) {
            let explanation = "[" + zshEscaped(description) + "]"
            var value = ""
            if spec.value.takesValue {
                let message = zshEscaped(spec.value.placeholder(in: language) ?? "")
                let action: String
                if !spec.value.choices.isEmpty {
                    action = "(" + spec.value.choices.joined(separator: " ") + ")"
                } else if spec.value.completesPaths {
                    action = "_files"
                } else {
                    action = " "
                }
                value = "=" + explanation + ":" + message + ":" + action
            }
            // Names of one option exclude each other: `(-h --help)-h[…]`.
            let exclusions = spec.names.count > 1 ? "(" + spec.names.joined(separator: " ") + ")" : ""
            for name in spec.names {
                specs.append("    '" + exclusions + name + (value.isEmpty ? explanation : value) + "'")
            }
        }
        let deck = language == .spanish ? "mazo" : "deck"
        let standardInput = language == .spanish ? "entrada estándar" : "standard input"
        let lines = ["#compdef stories-tui"]
            + header(.zsh, install: "Install as")
            + ["# _stories-tui in a folder of $fpath, or source it after compinit.",
               "",
               "_stories-tui_deck() {",
               "  _alternative 'files:\(deck):_files -g \"*.(json|md|markdown)(-.)\"' 'stdin:\(standardInput):(-)'",
               "}",
               "",
               "_stories-tui() {",
               "  local -a specs",
               "  specs=("]
            + specs
            + ["    '1:\(deck):_stories-tui_deck'",
               "  )",
               "  _arguments -S $specs",
               "}",
               "",
               "if [[ $funcstack[1] == _stories-tui ]]; then",
               "  _stories-tui \"$@\"",
               "else",
               "  compdef _stories-tui stories-tui",
               "fi"]
        return lines.joined(separator: "\n")
    }

    /// Text for a single-quoted `_arguments` spec: brackets and colons escaped for `_arguments`,
    /// single quotes closed and reopened for the shell.
    private static func zshEscaped(_ text: String) -> String {
        escaping(text) { character in
            switch character {
            case "[", "]", ":", "\\": return "\\" + String(character)
            case "'": return "'\\''"
            default: return nil
            }
        }
    }
}
