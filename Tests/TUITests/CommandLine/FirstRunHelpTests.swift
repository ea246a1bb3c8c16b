import Foundation
import Engine
import Testing
@testable import TUI
@testable import ViewerCore

@Suite("A first run without the docs: --help ends with a deck to start from and where the examples are")
struct FirstRunHelpTests {
    /// The deck lines at the end of `--help`, as a file would hold them.
    static func deck(in help: String) -> String {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = lines.firstIndex { $0.hasPrefix("  [") } ?? lines.count
        let end = lines[start...].firstIndex { $0.hasSuffix("]") } ?? start
        return lines[start...min(end, lines.count - 1)].joined(separator: "\n")
    }

    @Test("in both languages the help's last lines are a minimal deck that --check accepts, then the examples' folders")
    func minimalDeckChecks() throws {
        for language in ["en", "es"] {
            let help = ProcessRunner.run([TmuxSession.binary, "--lang", language, "--help"])
            #expect(help.status == 0)
            let lines = help.standardOutput.split(separator: "\n").map(String.init)
            #expect(lines.last?.contains("/usr/share/doc/stories-tui/examples") == true, "\(language)")
            #expect(lines.last?.contains("Examples/") == true)
            let deck = Self.deck(in: help.standardOutput)
            #expect(deck.contains("\"link\"") && deck.contains("\"background\": ["))
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("first-run-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: file) }
            try deck.write(to: file, atomically: true, encoding: .utf8)
            let check = ProcessRunner.run([TmuxSession.binary, "--check", file.path])
            #expect(check.status == 0, "\(language): \(check.standardError)")
            #expect(check.standardOutput.contains("valid, 3 stories"))
            // The new lines fit an 80-column terminal, as the rest of --help does.
            let tail = lines.suffix(6)
            #expect(tail.allSatisfy { DisplayWidth.of($0) <= 80 }, "\(tail.filter { DisplayWidth.of($0) > 80 })")
        }
    }

    @Test("every line of --help fits 80 columns, in both languages, and wrapped option text keeps its column")
    func helpFits80Columns() {
        for language in [Language.english, .spanish] {
            let lines = Messages(language: language).usage.split(separator: "\n").map(String.init)
            let wide = lines.filter { DisplayWidth.of($0) > OptionHelpText.width }
            #expect(OptionHelpText.width == 80 && wide.isEmpty, "\(language): \(wide)")
            // A continuation line of an option starts at the text column, under the text above it.
            let options = OptionHelpText.lines(in: language)
            let continued = options.filter { !$0.hasPrefix("  -") }
            #expect(continued.count > 3 && continued.allSatisfy {
                $0.prefix(OptionHelpText.textColumn).allSatisfy { $0 == " " } && $0.dropFirst(OptionHelpText.textColumn).first != " "
            }, "\(language)")
        }
    }

    @Test("the examples' folder named is the one the Debian package installs them into")
    func examplesFolderIsPackaged() throws {
        let script = try String(contentsOf: DocumentationTests.root.appendingPathComponent("scripts/build-deb"), encoding: .utf8)
        let control = try String(contentsOf: DocumentationTests.root.appendingPathComponent("packaging/control"), encoding: .utf8)
        #expect(control.contains("Package: stories-tui"))
        #expect(script.contains(#"doc="$root/usr/share/doc/$package""#))
        #expect(script.contains(#"cp -R Examples "$doc/examples""#))
        #expect(Messages.installedExamples == "/usr/share/doc/stories-tui/examples")
        #expect(FileManager.default.fileExists(atPath: DocumentationTests.root.appendingPathComponent("Examples").path))
    }
}
