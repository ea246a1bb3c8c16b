import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// The man page's KEYS section held against `Keymap`, as OPTIONS is held against `OptionTable`.
@Suite
struct KeymapDocumentationTests {
    /// A key as the man page reads (`DocumentationTests.manText`: groff's arrows stay, fonts are gone).
    static func manName(_ key: Key) -> String {
        switch key {
        case .right: return "\\(->"
        case .left: return "\\(<-"
        case .up: return "\\(ua"
        case .down: return "\\(da"
        case .character(" "): return "space"
        default: return key.label(ascii: true)
        }
    }

    static func keysSection() throws -> String { try DocumentationTests.manSection("KEYS") }

    @Test("every row of the story screen's keymap has a KEYS entry whose tag names all its keys", arguments: Keymap.story)
    func storyRows(binding: KeyBinding) throws {
        let entries = DocumentationTests.entries(of: try Self.keysSection())
        let names = binding.keys.map(Self.manName)
        #expect(entries.contains { entry in names.allSatisfy { DocumentationTests.contains(entry.tag, word: $0) } },
                "no KEYS entry of docs/stories-tui.1 names \(names) in its tag (\(binding.action))")
    }

    @Test("every Ctrl key of the keymap is in KEYS", arguments: Keymap.control)
    func controlKeys(binding: KeyBinding) throws {
        let section = try Self.keysSection()
        for key in binding.keys {
            let name = Keymap.controlLabel(key)
            #expect(section.contains(name), "\(name) (\(binding.action)) is not in KEYS")
        }
    }

    @Test("each panel's named keys are in the entry of the key that opens it (q, which quits from anywhere, in quit's)",
          arguments: [(KeyMode.help, ViewerAction.help), (.caption, .caption), (.storyList, .storyList)])
    func panelKeys(mode: KeyMode, opener: ViewerAction) throws {
        let entries = DocumentationTests.entries(of: try Self.keysSection())
        let openers = Keymap.keys(for: opener).map(Self.manName)
        let entry = try #require(entries.first { entry in openers.allSatisfy { DocumentationTests.contains(entry.tag, word: $0) } })
        for binding in Keymap.bindings(in: mode) where binding.action != .quit {
            for key in Keymap.keys(for: binding.action, in: mode) {
                #expect(DocumentationTests.contains(entry.body, word: Self.manName(key)),
                        "\(key) (\(binding.action) in \(mode)) is not in the KEYS entry of \(openers)")
            }
        }
        let quit = try #require(entries.first { DocumentationTests.contains($0.tag, word: "q") && $0.tag.contains("Esc") })
        #expect(quit.body.contains("quits from anywhere"))
    }

    @Test("--help's key list names every help row's keys, in both languages", arguments: [Language.english, .spanish])
    func helpKeyList(language: Language) {
        let messages = Messages(language: language)
        let usage = messages.usage.split(separator: "\n").joined(separator: " ")
        for row in HelpRow.all {
            let label = row.label(ascii: false, spaceName: language == .english ? "space" : "espacio", between: " / ")
            #expect(usage.contains(label), "--help (\(language)) lacks \(label)")
        }
        #expect(messages.keyList.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }
}
