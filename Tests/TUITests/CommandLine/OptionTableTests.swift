import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// The option table itself, and the `--help` rows laid out from it.
@Suite("Command line: the option table")
struct OptionTableTests {
    @Test("every spelling is accepted once, and looks like an option")
    func names() {
        let spellings = OptionTable.all.flatMap(\.acceptedNames)
        #expect(Set(spellings).count == spellings.count)
        for name in spellings {
            #expect(name.wholeMatch(of: #/--[a-z][a-z-]*[a-z]|-[a-z]/#) != nil, "\(name)")
            #expect(OptionTable.spec(named: name)?.acceptedNames.contains(name) == true)
        }
        #expect(OptionTable.spec(named: "--nope") == nil)
    }

    @Test("every row has help in both languages, with as many lines in each")
    func helpRows() {
        if case .withPrevious = OptionTable.all.first?.help { Issue.record("the first option shares a row with nothing") }
        for spec in OptionTable.all {
            guard case .row(let english, let spanish) = spec.help else { continue }
            #expect(!english.isEmpty && english.allSatisfy { !$0.isEmpty }, "\(spec.name)")
            #expect(english.count == spanish.count, "\(spec.name)")
            #expect(english != spanish, "\(spec.name) is not translated")
        }
    }

    @Test("options sharing a help row are described apart in the completions, in both languages")
    func sharedRowsDescribedApart() {
        let table = OptionTable.all
        for (index, spec) in table.enumerated() {
            guard case .withPrevious = spec.help, index > 0 else { continue }
            for language in [Language.english, .spanish] {
                let described = CompletionScript.describedOptions(in: language)
                #expect(described[index].description != described[index - 1].description, "\(spec.name) \(language)")
            }
        }
        let fish = CompletionScript.fish(language: .english)
        #expect(fish.contains("-l loop -d 'wrap to the first story after the last'"), "\(fish)")
        #expect(fish.contains("-l once -d 'finish after the last story (the default)'"), "\(fish)")
    }

    @Test("help rows: text at column 23, labels too long for it on their own line")
    func layout() {
        let english = OptionHelpText.lines(in: .english)
        #expect(english.contains("  --duration SECONDS   duration of stories that set none"))
        #expect(english.contains("  --loop, --once       wrap to the first story after the last, or finish"))
        #expect(english.contains("  -h, --help           show this help"))
        let spanish = OptionHelpText.lines(in: .spanish)
        #expect(spanish.contains("  --duration SEGUNDOS  duración de las historias que no la indican"))
        // Text wider than the 80 columns of --help wraps under the text column.
        let events = spanish.firstIndex(of: "  --events ARCHIVO     añade los eventos del ciclo de vida a ARCHIVO, un JSON") ?? 0
        #expect(events > 0 && spanish[events + 1] == String(repeating: " ", count: OptionHelpText.textColumn) + "por línea")
        let column = OptionHelpText.textColumn
        for lines in [english, spanish] {
            for (index, line) in lines.enumerated() {
                let characters = Array(line)
                if line.hasPrefix("  -") {
                    // Names, then either nothing (the text is on the next line) or spaces up to the column.
                    let label = String(characters[2...]).components(separatedBy: "  ").first ?? ""
                    if label.count + 2 == characters.count {
                        #expect(index + 1 < lines.count && !lines[index + 1].hasPrefix("  -"), "\(line)")
                    } else {
                        #expect(characters.count > column && characters[column] != " "
                                && characters[column - 2..<column].allSatisfy { $0 == " " }, "\(line)")
                    }
                } else {
                    #expect(characters.count > column && characters[column] != " "
                            && characters[..<column].allSatisfy { $0 == " " }, "\(line)")
                }
            }
        }
        #expect(english.contains("  --completions bash|zsh|fish"))
    }

    @Test("--help holds every row of the table, in the language asked for")
    func usage() {
        for language in Language.allCases {
            let usage = Messages(language: language).usage
            for line in OptionHelpText.lines(in: language) { #expect(usage.contains(line + "\n"), "\(line)") }
        }
    }
}
