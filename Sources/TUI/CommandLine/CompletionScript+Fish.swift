import Engine

/// The fish script: one `complete` line an option, then the deck.
extension CompletionScript {
    static func fish(language: Language) -> String {
        var lines = header(.fish, install: "Install as")
            + ["# ~/.config/fish/completions/stories-tui.fish (or /usr/share/fish/vendor_completions.d).",
               "",
               "complete -c stories-tui -f"]
        for (spec, description) in describedOptions(in: language) {
            var line = "complete -c stories-tui"
            for name in spec.names {
                line += name.hasPrefix("--") ? " -l " + name.dropFirst(2) : " -s " + name.dropFirst(1)
            }
            if !spec.value.choices.isEmpty {
                line += " -x -a '" + spec.value.choices.joined(separator: " ") + "'"
            } else if spec.value.completesPaths {
                line += " -r -F"
            } else if spec.value.takesValue {
                line += " -x"
            }
            lines.append(line + " -d " + fishQuoted(description))
        }
        let deck = language == .spanish ? "mazo" : "deck"
        let standardInput = language == .spanish ? "entrada estándar" : "standard input"
        // Folders and the deck files (JSON, Markdown) first; fish's own file completion lists the rest after.
        lines += ["complete -c stories-tui -k -a '(__fish_complete_path (commandline -ct) | string match -er -- \"(?:/|\\\\.json|\\\\.md|\\\\.markdown)\\\\t\")' -d \(fishQuoted(deck))",
                  "complete -c stories-tui -a - -d \(fishQuoted(standardInput))"]
        return lines.joined(separator: "\n")
    }

    /// Text in fish single quotes (where only `\\` and `\'` are escapes).
    private static func fishQuoted(_ text: String) -> String {
        "'" + escaping(text) { $0 == "\\" || $0 == "'" ? "\\" + String($0) : nil } + "'"
    }
}
