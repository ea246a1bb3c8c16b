import Foundation
import Testing
@testable import Engine
@testable import TUI
@testable import ViewerCore

/// The documents stay true to the program: the Examples decks pass `--check`, every option of the
/// option table (names, aliases, values) has its man page entry and a README example, `--help` (in both
/// languages) lists them all, and the JSON Schema names every deck key.
/// The man page is read as roff source (no groff needed).
@Suite
struct DocumentationTests {
    /// The repository root: this file is `Tests/TUITests/Documentation/DocumentationTests.swift`.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func file(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: file(relativePath), encoding: .utf8)
    }

    /// The man page as it reads: `\-` becomes `-`, font escapes and `\&` are gone.
    static func manText() throws -> String {
        var text = try self.text("docs/stories-tui.1")
        for escape in ["\\fB", "\\fR", "\\fI", "\\fP", "\\&"] {
            text = text.replacingOccurrences(of: escape, with: "")
        }
        text = text.replacingOccurrences(of: "\\(aq", with: "'")
        text = text.replacingOccurrences(of: "\\e", with: "\\")
        return text.replacingOccurrences(of: "\\-", with: "-")
    }

    /// Every `--option` token in a text.
    static func optionTokens(_ text: String) -> Set<String> {
        Set(text.matches(of: #/--[a-z][a-z-]*/#).map { String($0.output) })
    }

    /// `stories-tui --help` with some arguments before it, in a neutral environment.
    static func help(_ arguments: [String] = [], environment: [String: String] = ["LANG": "C.UTF-8"]) -> ProcessRunner.Output {
        ProcessRunner.run([TmuxSession.binary] + arguments + ["--help"], environment: environment)
    }

    static var exampleDecks: [URL] {
        let folder = file("Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") || $0.hasSuffix(".md") }.sorted()
            .map { folder.appendingPathComponent($0) }
    }

    // MARK: Examples

    @Test("every Examples deck passes stories-tui --check")
    func examplesAreValid() {
        let decks = Self.exampleDecks
        #expect(decks.count >= 6)
        for deck in decks {
            let result = ProcessRunner.run([TmuxSession.binary, "--check", deck.path])
            #expect(result.status == 0, "\(deck.lastPathComponent): \(result.standardError)")
            #expect(result.standardOutput.contains("valid"), "\(deck.lastPathComponent)")
        }
    }

    @Test("the JSON Schema and --check agree on every example and on the script's invalid decks (docs/check-schema.py)")
    func schemaAgreesWithCheck() {
        // Debian's python3 with python3-jsonschema (scripts/debian-packages.txt); the script gives each deck to
        // the built binary too.
        let result = ProcessRunner.run(["/usr/bin/python3", Self.file("docs/check-schema.py").path], timeout: 120)
        #expect(result.status == 0, "\(result.standardOutput.suffix(2000)) \(result.standardError.suffix(2000))")
        #expect(result.standardOutput.contains("the schema agrees with the Examples and with stories-tui --check"))
    }

    @Test("the Examples show groups, themes, art, leeway, loop and Spanish")
    func examplesShowEveryFeature() throws {
        let names = Set(Self.exampleDecks.map(\.lastPathComponent))
        for name in ["groups.json", "themes.json", "es.json", "loop.json", "welcome.json", "quick.json", "trip.md"] {
            #expect(names.contains(name), "Examples/\(name) is missing")
        }
        let all = try Self.exampleDecks.map { try String(contentsOf: $0, encoding: .utf8) }.joined()
        for key in ["\"groups\"", "\"theme\": \"light\"", "\"art\"", "\"leeway\"", "\"strategy\": \"loop\"",
                    "\"start\"", "\"image\"", "\"alt\""] {
            #expect(all.contains(key), "no Examples deck uses \(key)")
        }
    }

    @Test("the Examples' pictures folder plays as a folder deck, and --print-deck of each example passes --check")
    func examplesWithoutJSON() throws {
        let pictures = ProcessRunner.run([TmuxSession.binary, "--check", Self.file("Examples/images").path])
        #expect(pictures.status == 0, "\(pictures.standardError)")
        #expect(pictures.standardOutput.contains("valid, 4 stories"))
        for deck in Self.exampleDecks {
            let printed = ProcessRunner.run([TmuxSession.binary, "--print-deck", deck.path])
            #expect(printed.status == 0, "\(deck.lastPathComponent): \(printed.standardError)")
            let check = ProcessRunner.run([TmuxSession.binary, "--check", "-"], input: printed.standardOutput)
            // From standard input, pictures are relative to the current folder: only the decks without them.
            if !printed.standardOutput.contains("\"image\"") {
                #expect(check.status == 0, "\(deck.lastPathComponent): \(check.standardError)")
            }
        }
    }

    // MARK: Man page

    @Test("the man page has every section")
    func manPageSections() throws {
        let source = try Self.text("docs/stories-tui.1")
        #expect(source.contains(".TH STORIES\\-TUI 1"))
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "KEYS", "DECK FORMAT", "EVENTS", "CONTROL",
                        "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES", "SEE ALSO"] {
            #expect(source.contains("\n.SH \(section)\n") || source.contains("\n.SH \"\(section)\"\n"),
                    "no section \(section)")
        }
    }

    /// A section of the man page as it reads (see `manText`), without its `.SH` line.
    static func manSection(_ name: String) throws -> String {
        let man = try manText()
        guard let start = man.range(of: ".SH \(name)\n") else { return "" }
        let rest = man[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n.SH ")?.lowerBound ?? rest.endIndex)])
    }

    /// The `.TP` entries of a section: each entry's tag line and body.
    static func entries(of section: String) -> [(tag: String, body: String)] {
        section.components(separatedBy: ".TP").dropFirst().map { entry in
            let lines = entry.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            return (String(lines.first ?? ""), lines.dropFirst().joined(separator: "\n"))
        }
    }

    /// Whether `word` stands in `text` as a word of its own.
    static func contains(_ text: String, word: String) -> Bool {
        let letters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
        var rest = text[...]
        while let range = rest.range(of: word) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            if !(before.map(letters.contains) ?? false) && !(after.map(letters.contains) ?? false) { return true }
            rest = text[range.upperBound...]
        }
        return false
    }

    @Test("every option of the table has its OPTIONS entry, with its aliases and values", arguments: OptionTable.all)
    func optionsInManPage(spec: OptionSpec) throws {
        let entries = Self.entries(of: try Self.manSection("OPTIONS"))
        #expect(entries.count >= OptionTable.all.count - 1)
        let entry = try #require(entries.first { Self.optionTokens($0.tag).contains(spec.name) },
                                 "\(spec.name) has no .TP entry in OPTIONS of docs/stories-tui.1")
        let text = entry.tag + "\n" + entry.body
        for name in spec.names { #expect(Self.contains(entry.tag, word: name), "\(name) is not in the tag of its entry") }
        for alias in spec.aliases { #expect(Self.contains(text, word: alias), "alias \(alias) is not in the entry of \(spec.name)") }
        for choice in spec.value.choices {
            #expect(Self.contains(entry.tag, word: choice), "\(spec.name) \(choice) is not in the tag of its entry")
            #expect(Self.contains(entry.body, word: choice), "the entry of \(spec.name) does not say what \(choice) does")
        }
        if let placeholder = spec.value.placeholder(in: .english), spec.value.choices.isEmpty {
            let first = String(placeholder.prefix { $0 != "|" })
            #expect(Self.contains(entry.tag, word: first), "\(spec.name)'s entry does not name its value \(placeholder)")
        }
    }

    @Test("the man page and CHANGELOG name the version --version prints")
    func versions() throws {
        let source = try Self.text("docs/stories-tui.1")
        #expect(source.contains(".TH STORIES\\-TUI 1 \"2026\" \"stories\\-tui \(BuildInfo.version)\""))
        let changelog = try Self.text("CHANGELOG.md")
        #expect(changelog.contains("\n## [Unreleased]\n"))
        #expect(changelog.contains("\n## [\(BuildInfo.version)] - "))
        #expect(Messages(language: .english).versionLine.hasPrefix("stories-tui \(BuildInfo.version)"))
    }

    /// Every long option name the table shows (aliases are accepted, not shown).
    static var tableOptions: Set<String> {
        Set(OptionTable.all.flatMap(\.names).filter { $0.hasPrefix("--") })
    }

    @Test("every option of --help is in the man page, and --help lists every option of the table")
    func helpOptionsInManPage() throws {
        let man = try Self.manText()
        let documented = Self.optionTokens(man)
        let result = Self.help()
        #expect(result.status == 0)
        let listed = Self.optionTokens(result.standardOutput)
        #expect(listed.isSuperset(of: Self.tableOptions))
        for option in listed {
            #expect(documented.contains(option), "\(option) of --help is not in docs/stories-tui.1")
        }
        #expect(result.standardOutput.contains("-h, --help"))
        #expect(man.contains("-h, --help") || man.contains("-h \", \" --help"))
    }

    @Test("--help in Spanish lists the same options, all in the man page")
    func spanishHelpOptions() throws {
        let documented = Self.optionTokens(try Self.manText())
        let english = Self.optionTokens(Self.help().standardOutput)
        let spanish = Self.help(environment: ["LANG": "es_ES.UTF-8"])
        #expect(spanish.status == 0)
        #expect(spanish.standardOutput.contains("Opciones"))
        let listed = Self.optionTokens(spanish.standardOutput)
        #expect(listed == english)
        for option in listed {
            #expect(documented.contains(option), "\(option) of the Spanish --help is not in docs/stories-tui.1")
        }
    }

    @Test("--lang es --help is the Spanish help with the same options")
    func langOptionHelp() {
        let spanish = Self.help(["--lang", "es"])
        #expect(spanish.status == 0)
        #expect(Self.optionTokens(spanish.standardOutput) == Self.optionTokens(Self.help().standardOutput))
        #expect(spanish.standardOutput.contains("Opciones"))
        // One option a line: the help keeps its line breaks.
        #expect(spanish.standardOutput.split(separator: "\n").count > 15)
    }

    @Test("the README gives every option an example line")
    func readmeOptions() throws {
        let lines = try Self.text("README.md").split(separator: "\n").map(String.init)
        for option in Self.tableOptions {
            let example = lines.contains { $0.contains("`stories-tui ") && Self.optionTokens($0).contains(option) }
            #expect(example, "README.md has no example command with \(option)")
        }
    }

    @Test("the man page names every deck key, event, reason, cause, control command and exit code")
    func manPageContents() throws {
        let man = try Self.manText()
        func section(_ name: String) -> String { (try? Self.manSection(name)) ?? "" }
        func expectWords(_ words: [String], in name: String) {
            let text = section(name)
            #expect(!text.isEmpty, "no section \(name)")
            for word in words {
                let found = text.contains(try! Regex("(^|[^A-Za-z_])\(NSRegularExpression.escapedPattern(for: word))($|[^A-Za-z_])"))
                #expect(found, "\(word) is not in the \(name) section of docs/stories-tui.1")
            }
        }
        expectWords(Self.deckKeys + Self.storyKeys + ["86400", "3600", "16 MiB"], in: "DECK FORMAT")
        expectWords(["ready", "start", "begin", "end", "suspend", "resume", "finish", "quit"]
            + EndReason.allCases.map(\.rawValue) + PauseCause.allCases.map(\.rawValue), in: "EVENTS")
        expectWords(["next", "prev", "pause", "resume", "toggle", "goto", "reload", "quit", "SIGUSR1"], in: "CONTROL")
        expectWords(["LC_ALL", "LC_MESSAGES", "LANG", "NO_COLOR", "TERM", "dumb"], in: "ENVIRONMENT")
        expectWords(["0", "64", "65", "66", "74", "130", "143", "129", "141", "SIGINT", "SIGTERM", "SIGHUP"], in: "EXIT STATUS")
        #expect(man.contains("install -Dm644 docs/stories-tui.1 /usr/local/share/man/man1/stories-tui.1"))
        // The events example is real: every line is JSON, and a quit ends the story shown first.
        let lines = section("EVENTS").split(separator: "\n").filter { $0.hasPrefix("{") }
        #expect(lines.count >= 5)
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "not JSON: \(line)")
        }
        if let quit = lines.firstIndex(where: { $0.contains(#""event":"quit""#) }) {
            #expect(quit > 0 && lines[quit - 1].contains(#""reason":"quit""#))
        }
        // The deck example, as a reader would copy it from the rendered page, is a valid deck.
        let deckFormat = section("DECK FORMAT")
        let example = deckFormat.components(separatedBy: ".EX\n").dropFirst().first?.components(separatedBy: "\n.EE").first
        let json = try #require(example)
        if case .failure(let error) = DeckLoader.decode(Array(json.utf8), baseDirectory: nil) {
            Issue.record("the man page's deck example is not valid: \(error.message(in: .english))")
        }
    }

    // MARK: Schema

    /// The keys of SPEC 2.
    static let deckKeys = [
        "title", "duration", "strategy", "leeway", "start", "theme", "background", "accent", "stories", "groups",
        "$schema",
    ]
    static let storyKeys = [
        "id", "title", "caption", "duration", "art", "image", "alt", "theme", "background", "accent", "fit", "link",
    ]
    static let groupKeys = ["title", "stories"]

    static func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: file("docs/deck.schema.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func properties(of definition: String, in schema: [String: Any]) throws -> [String: Any] {
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let object = try #require(definitions[definition] as? [String: Any], "no $defs/\(definition)")
        #expect(object["additionalProperties"] as? Bool == false, "\(definition) allows unknown keys")
        return try #require(object["properties"] as? [String: Any])
    }

    @Test("the schema parses and names every key the validator knows, and no other")
    func schemaKeys() throws {
        let schema = try Self.schema()
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(Set(Self.deckKeys) == Set(DeckValidator.deckKeys))
        #expect(Set(Self.storyKeys) == Set(DeckValidator.storyKeys))
        #expect(Set(Self.groupKeys) == Set(DeckValidator.groupKeys))
        #expect(Set(try Self.properties(of: "deckObject", in: schema).keys) == Set(Self.deckKeys))
        #expect(Set(try Self.properties(of: "story", in: schema).keys) == Set(Self.storyKeys))
        #expect(Set(try Self.properties(of: "group", in: schema).keys) == Set(Self.groupKeys))
    }

    @Test("the schema's defaults and ranges are the validator's")
    func schemaRules() throws {
        let schema = try Self.schema()
        let deck = try Self.properties(of: "deckObject", in: schema)
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let seconds = try #require(definitions["seconds"] as? [String: Any])
        #expect(seconds["exclusiveMinimum"] as? Double == 0)
        #expect(seconds["maximum"] as? Double == DeckLimits.maximumDuration)
        let duration = try #require(deck["duration"] as? [String: Any])
        #expect(duration["default"] as? Double == 5)
        let leeway = try #require(deck["leeway"] as? [String: Any])
        #expect(leeway["minimum"] as? Double == 0)
        #expect(leeway["maximum"] as? Double == DeckLimits.maximumLeeway)
        #expect(leeway["default"] as? Double == 0)
        let strategy = try #require(deck["strategy"] as? [String: Any])
        #expect(Set(strategy["enum"] as? [String] ?? []) == Set(Strategy.allCases.map(\.rawValue)))
        #expect(strategy["default"] as? String == "once")
        let theme = try #require(definitions["theme"] as? [String: Any])
        #expect(Set(theme["enum"] as? [String] ?? []) == Set(Theme.allCases.map(\.rawValue)))
        let storyList = try #require(definitions["storyList"] as? [String: Any])
        #expect(storyList["minItems"] as? Int == 1)
        let story = try #require(definitions["story"] as? [String: Any])
        let anyOf = try #require(story["anyOf"] as? [[String: Any]])
        let required = Set(anyOf.flatMap { $0["required"] as? [String] ?? [] })
        #expect(required == DeckValidator.contentKeys)
    }
}
