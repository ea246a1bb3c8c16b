import Foundation
import Testing
@testable import TUI
@testable import ViewerCore

/// The command line as a user meets it: the built program's exit codes and output.
@Suite("Command line: the program")
struct CommandLineProgramTests {
    static func run(_ arguments: [String], environment: [String: String] = ["LANG": "C.UTF-8"]) -> ProcessRunner.Output {
        ProcessRunner.run([TmuxSession.binary] + arguments, environment: environment, timeout: 10)
    }

    @Test("an unknown option says which one was meant, in the language asked for even after it")
    func didYouMean() {
        let english = Self.run(["--duratoin", "5", "deck.json"])
        #expect(english.status == 64)
        #expect(english.standardError == """
            stories-tui: unknown option `--duratoin`; did you mean `--duration`?
            stories-tui: Try `stories-tui --help`.

            """)
        let spanish = Self.run(["--duratoin", "5", "deck.json", "--lang", "es"])
        #expect(spanish.status == 64)
        #expect(spanish.standardError.hasPrefix("stories-tui: opción desconocida `--duratoin`; ¿quisiste decir `--duration`?\n"))
        #expect(english.standardOutput.isEmpty && spanish.standardOutput.isEmpty)
    }

    @Test("a hostile argument cannot split, reorder or escape a message line")
    func hostileArgument() {
        for argument in ["--x\nstories-tui: forged line", "--\u{202E}noitpo", "--x\u{1B}]0;title\u{07}",
                         "--" + String(repeating: "y", count: 500)] {
            let result = Self.run([argument, "deck.json"])
            #expect(result.status == 64)
            let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 3 && lines.last == "", "\(result.standardError.debugDescription)")
            #expect(lines.dropLast().allSatisfy { $0.hasPrefix("stories-tui: ") })
            #expect(!result.errorBytes.contains(0x1B) && !result.standardError.unicodeScalars.contains("\u{202E}"))
            #expect(result.standardError.count < 200)
        }
    }

    @Test("--version prints the version, and the commit when the build knows it")
    func version() throws {
        let result = Self.run(["--version"])
        #expect(result.status == 0)
        let pattern = #/stories-tui (\d+\.\d+\.\d+)( \(commit [0-9a-f]{7,40}(-dirty)?\))?\n/#
        let match = try #require(result.standardOutput.wholeMatch(of: pattern), "\(result.standardOutput)")
        #expect(String(match.output.1) == BuildInfo.version)
        #expect((match.output.2 != nil) == (BuildInfo.commit != nil))
    }

    @Test("scripts/write-build-commit writes a C header naming this checkout's commit, or none, and touches the C file only on a change")
    func buildCommitScript() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("commit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("generated/commit.h").path
        let source = folder.appendingPathComponent("build_commit.c").path
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: source, contents: Data())
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000)], ofItemAtPath: source)
        let root = DocumentationTests.root.path
        let command = "cd \(TmuxSession.quote(root)) && scripts/write-build-commit \(TmuxSession.quote(output)) \(TmuxSession.quote(source))"
        let result = ProcessRunner.run(["sh", "-c", command])
        #expect(result.status == 0, "\(result.standardError)")
        let text = try String(contentsOfFile: output, encoding: .utf8)
        let head = ProcessRunner.run(["git", "-C", root, "rev-parse", "--short=12", "HEAD"])
        if head.status == 0 {
            let commit = head.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(text.contains("#define STORIES_TUI_COMMIT \"\(commit)"), "\(text)")
        } else {
            #expect(!text.contains("#define"))
        }
        func modified() -> Date? { (try? FileManager.default.attributesOfItem(atPath: source))?[.modificationDate] as? Date }
        #expect(modified() != Date(timeIntervalSince1970: 1_000), "a new header must touch the C file")
        // Run again: the same text, nothing rewritten, nothing touched (no rebuild).
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000)], ofItemAtPath: source)
        #expect(ProcessRunner.run(["sh", "-c", command]).status == 0)
        #expect(modified() == Date(timeIntervalSince1970: 1_000))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == text)
    }

    @Test("--completions needs no deck; --format needs --check")
    func modes() {
        #expect(Self.run(["--completions", "fish"]).status == 0)
        let format = Self.run(["--format", "json", "deck.json"])
        #expect(format.status == 64)
        #expect(format.standardError.contains("--format applies to --check only"))
    }
}
