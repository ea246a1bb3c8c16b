import Foundation
import Testing
@testable import Engine

/// `--print-deck`'s JSON (DeckJSONWriter): reading it back gives the same deck, from JSON, Markdown and folders.
@Suite("Print deck")
struct PrintDeckTests {
    static func roundTrip(_ deck: Deck) throws -> Deck {
        let text = DeckJSONWriter.text(of: deck)
        return try DeckLoader.decode(Array(text.utf8), baseDirectory: deck.baseDirectory).get()
    }

    @Test("every key of a JSON deck survives the round trip, groups and all")
    func jsonRoundTrip() throws {
        let source = """
        { "title": "T \\"q\\"", "duration": 2.5, "strategy": "loop", "leeway": 1, "start": "b", "theme": "light",
          "background": ["#112233", "#445566", "red"], "accent": "bright-red",
          "groups": [
            { "title": "G1", "stories": [
              { "id": "a", "title": "A\\u00e9", "caption": "two\\nlines\\tand a tab", "duration": 1, "art": " x\\n  y",
                "image": "p/a.png", "alt": "alt", "fit": "cover", "theme": "dark", "background": "blue", "accent": "#abcdef",
                "link": "https://example.com/a?b=c" },
              { "caption": "no id", "background": ["black", "#ffffff"] } ] },
            { "title": "", "stories": [ { "id": "b", "art": "\\\\ back \\"slash\\"" } ] } ] }
        """
        let deck = try DeckLoader.decode(Array(source.utf8), baseDirectory: "d").get()
        #expect(try Self.roundTrip(deck) == deck)
        let text = DeckJSONWriter.text(of: deck)
        #expect(text.hasPrefix("{\n  \"$schema\": \"\(DeckJSONWriter.schemaLocation)\",\n"))
        // Line breaks are written as \n, as a person writes them.
        #expect(text.contains(#""caption": "two\nlines    and a tab""#))
        // A default id (the position) is left out; an explicit one is kept.
        #expect(!text.contains(#""id": "2""#) && text.contains(#""id": "a""#))
        #expect(try Self.roundTrip(Self.positionStart) == Self.positionStart)
        // A link and gradients are kept: a gradient as its array of colours.
        #expect(text.contains(#""link": "https://example.com/a?b=c""#))
        #expect(text.contains(##""background": ["#112233", "#445566", "red"]"##))
        #expect(text.contains(##""background": ["black", "#ffffff"]"##))
    }

    static let positionStart = Deck(start: .position(2), stories: [Story(id: "1", title: "a"), Story(id: "x", title: "b")])

    @Test("a deck at its defaults prints only its stories")
    func defaultsLeftOut() {
        let deck = Deck(stories: [Story(id: "1", title: "Hi")])
        #expect(DeckJSONWriter.text(of: deck) == """
        {
          "$schema": "\(DeckJSONWriter.schemaLocation)",
          "stories": [
            {
              "title": "Hi"
            }
          ]
        }

        """)
    }

    @Test("every example deck round-trips")
    func examples() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples").path
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".md") }
        #expect(names.count >= 7)
        for name in names {
            let deck = try DeckLoader.load(path: folder + "/" + name).get()
            #expect(try Self.roundTrip(deck) == deck, "\(name)")
        }
        let pictures = try DeckLoader.load(path: folder + "/images").get()
        #expect(try Self.roundTrip(pictures) == pictures)
    }

    @Test("a large deck is written in parts, and a failed write stops it")
    func parts() {
        let deck = Deck(stories: (1...1_000).map { Story(id: String($0), title: "s\($0)") })
        var parts = 0
        DeckJSONWriter.write(deck) { _ in
            parts += 1
            return parts < 3
        }
        #expect(parts == 3)
        var all = 0
        DeckJSONWriter.write(deck) { _ in
            all += 1
            return true
        }
        #expect(all == 1_002)
    }
}
