import Foundation
import Testing
@testable import TUI
@testable import ViewerCore

/// The completion scripts of `--completions`: they load in their shells, complete options, values and
/// decks from the option table, and the copies in completions/ are what the program prints.
@Suite("Command line: completion scripts")
struct CompletionScriptTests {
    /// The committed copy of each script, as installed (`make install` and the package read these).
    static let committed: [(shell: CompletionShell, path: String)] = [
        (.bash, "completions/stories-tui.bash"), (.zsh, "completions/_stories-tui"), (.fish, "completions/stories-tui.fish"),
    ]

    /// A folder with decks, another file, a subfolder and a FIFO to complete in, plus the scripts.
    final class Workspace {
        let folder: URL

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("completions-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
            for name in ["a.json", "b.txt", "with space.json", "c.md"] {
                try Data().write(to: folder.appendingPathComponent(name))
            }
            #expect(mkfifo(folder.appendingPathComponent("pipe").path, 0o600) == 0)
            for shell in CompletionShell.allCases {
                try CompletionScript.text(for: shell, language: .english)
                    .write(to: script(shell), atomically: true, encoding: .utf8)
            }
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        func script(_ shell: CompletionShell) -> URL { folder.appendingPathComponent("script." + shell.rawValue) }

        /// Runs `command` in `shell` inside the folder.
        func run(_ shell: [String], _ command: String) -> ProcessRunner.Output {
            ProcessRunner.run(shell + ["-c", "cd \(TmuxSession.quote(folder.path)) && " + command],
                              environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path, "LANG": "C.UTF-8"], timeout: 30)
        }

        /// What the bash function offers for a command line whose last word is being completed.
        func bash(_ words: [String]) -> [String] {
            let array = words.map(TmuxSession.quote).joined(separator: " ")
            let result = run(["bash", "--norc", "--noprofile"], """
                source ./script.bash; COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1); _stories_tui
                printf '%s\\n' "${COMPREPLY[@]}"
                """)
            #expect(result.status == 0, "\(result.standardError)")
            return result.standardOutput.split(separator: "\n").map(String.init)
        }
    }

    @Test("the program prints each script, and completions/ holds the same text")
    func committedCopies() throws {
        for (shell, path) in Self.committed {
            let expected = CompletionScript.text(for: shell, language: .english) + "\n"
            let printed = ProcessRunner.run([TmuxSession.binary, "--completions", shell.rawValue, "--lang", "en"])
            #expect(printed.status == 0)
            #expect(printed.standardOutput == expected, "stories-tui --completions \(shell.rawValue) prints another text")
            let copy = try? String(contentsOf: DocumentationTests.file(path), encoding: .utf8)
            #expect(copy == expected, """
                \(path) is out of date: run `swift run stories-tui --completions \(shell.rawValue) --lang en > \(path)`
                """)
        }
    }

    @Test("descriptions follow the language; bash has none")
    func languages() {
        #expect(CompletionScript.text(for: .fish, language: .spanish).contains("muestra esta ayuda"))
        #expect(CompletionScript.text(for: .zsh, language: .spanish).contains("muestra esta ayuda"))
        #expect(CompletionScript.text(for: .fish, language: .english).contains("show this help"))
        #expect(CompletionScript.text(for: .bash, language: .spanish) == CompletionScript.text(for: .bash, language: .english))
    }

    @Test("bash: the script parses, registers itself, and completes options, values and decks")
    func bash() throws {
        let workspace = try Workspace()
        #expect(workspace.run(["bash", "-n"], "bash -n ./script.bash").status == 0)
        let registered = workspace.run(["bash", "--norc", "--noprofile"], "source ./script.bash && complete -p stories-tui")
        #expect(registered.standardOutput == "complete -F _stories_tui stories-tui\n", "\(registered.standardError)")

        #expect(workspace.bash(["stories-tui", "--dur"]) == ["--duration"])
        #expect(workspace.bash(["stories-tui", "--images", "sy"]) == ["symbols"])
        #expect(workspace.bash(["stories-tui", "--key-release", ""]) == ["auto", "off"])
        #expect(workspace.bash(["stories-tui", "--lang", "=", "e"]) == ["en", "es"])
        #expect(workspace.bash(["stories-tui", "--lang", "="]) == ["en", "es"])
        #expect(workspace.bash(["stories-tui", "--format=j"]) == ["--format=json"])
        #expect(workspace.bash(["stories-tui", "--completions", ""]) == ["bash", "zsh", "fish"])
        #expect(workspace.bash(["stories-tui", "--control", "p"]) == ["pipe"])
        #expect(workspace.bash(["stories-tui", "--events", "b"]) == ["b.txt"])
        #expect(workspace.bash(["stories-tui", "--duration", ""]) == [])
        #expect(Set(workspace.bash(["stories-tui", "--loop", ""])) == ["sub", "a.json", "with space.json", "c.md", "-"])
        #expect(workspace.bash(["stories-tui", "--", "-"]) == ["-"])
        let options = workspace.bash(["stories-tui", "-"])
        #expect(Set(options) == Set(CompletionScript.offeredNames + ["-"]))
        #expect(!options.contains("--no-colour"))
    }

    @Test("zsh: the script parses, and completes options, values and decks")
    func zsh() throws {
        let workspace = try Workspace()
        #expect(workspace.run(["zsh", "-f"], "zsh -n ./script.zsh").status == 0)
        try Self.zshHarness.write(to: workspace.folder.appendingPathComponent("harness.zsh"), atomically: true, encoding: .utf8)
        let lines = ["stories-tui --ima", "stories-tui --images ", "stories-tui --lang=", "stories-tui --control p",
                     "stories-tui --loop ", "stories-tui -"]
        let result = workspace.run(["zsh", "-f"], "zsh -f ./harness.zsh ./script.zsh " + lines.map(TmuxSession.quote).joined(separator: " "))
        #expect(result.status == 0, "\(result.standardError)")
        var offered: [String: Set<String>] = [:]
        var current = ""
        for line in result.standardOutput.split(separator: "\n").map(String.init) {
            if line.hasPrefix("== ") {
                current = String(line.dropFirst(3))
            } else if line != "END-OF-COMPLETION" {
                offered[current, default: []].insert(line)
            }
        }
        #expect(offered["stories-tui --ima"] == ["--images"])
        #expect(offered["stories-tui --images "] == ["auto", "kitty", "sixel", "iterm2", "symbols", "off"])
        #expect(offered["stories-tui --lang="] == ["en", "es"])
        #expect(offered["stories-tui --control p"] == ["pipe"])
        #expect(offered["stories-tui --loop "] == ["a.json", "with\\ space.json", "c.md", "sub", "-"])
        #expect(offered["stories-tui -"]?.isSuperset(of: CompletionScript.offeredNames) == true)
    }

    @Test("fish: the script parses, and completes options, values and decks")
    func fish() throws {
        let workspace = try Workspace()
        #expect(workspace.run(["fish", "--no-config"], "fish -n ./script.fish").status == 0)
        func complete(_ line: String) -> [String] {
            let result = workspace.run(["fish", "--no-config"], "source ./script.fish; complete -C \(TmuxSession.quote(line))")
            #expect(result.status == 0, "\(result.standardError)")
            return result.standardOutput.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
        #expect(complete("stories-tui --ima") == ["--images"])
        #expect(Set(complete("stories-tui --images ")) == ["auto", "kitty", "sixel", "iterm2", "symbols", "off"])
        #expect(Set(complete("stories-tui --lang=")) == ["--lang=en", "--lang=es"])
        #expect(complete("stories-tui --control p") == ["pipe"])
        // fish lists matching files first, then the others (its own convention), and - for standard input.
        let decks = complete("stories-tui ")
        #expect(Array(decks.prefix(4)).sorted() == ["a.json", "c.md", "sub/", "with space.json"])
        #expect(decks.contains("-"))
    }

    /// Types each line into an interactive zsh under zpty and presses Tab; prints `== LINE`, then each word
    /// given to `compadd`, then END-OF-COMPLETION (written by the Tab widget once completion is over).
    static let zshHarness = #"""
        zmodload zsh/zpty
        script=$1; shift
        hits=$(mktemp)
        zpty z zsh -f -i
        zpty -w z "PS1='' RPS1=''; autoload -U compinit; compinit -u -D; source ${(q)script}; HITS=${(q)hits}"
        zpty -w z 'compadd () { if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi; typeset -a h; builtin compadd -A h "$@"; print -rl -- $h >> $HITS; builtin compadd "$@"; }'
        zpty -w z 'complete-and-mark() { zle complete-word; print -r -- END-OF-COMPLETION >> $HITS; }; zle -N complete-and-mark; bindkey "^I" complete-and-mark'
        zpty -w z "print READY''MARK"
        zpty -r z out '*READYMARK*'
        for line in "$@"; do
          : > $hits
          zpty -n -w z "$line"$'\t'
          for i in {1..400}; do
            [[ -s $hits && "$(<$hits)" == *END-OF-COMPLETION ]] && break
            sleep 0.05
          done
          zpty -n -w z $'\C-u'
          print -r -- "== $line"
          print -r -- "$(<$hits)"
        done
        zpty -d z
        rm -f $hits
        """#
}
