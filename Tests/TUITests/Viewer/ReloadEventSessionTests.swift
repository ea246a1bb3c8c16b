import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// What an events reader sees when a reload (`r`, `reload`, `--watch`) changes the deck under the story on
/// screen (docs/PLAYBACK.md, "Reload"): a `reload` line with the story's new index and the new deck's count,
/// whether the story stays (at another index) or is gone (between its `end` and the next story's `begin`).
@Suite
struct ReloadEventSessionTests {
    static func deck(_ ids: [String]) -> Deck {
        Deck(defaultDuration: 10, stories: ids.map { Story(id: $0, title: $0.capitalized, art: $0) })
    }

    @Test("stories inserted before the one on screen: it plays on, and the reload line gives its new index")
    func storyMoves() {
        let harness = SessionHarness(Self.deck(["dawn", "noon", "dusk"]))
        harness.type("l", at: 1)
        _ = harness.take()
        _ = harness.takeEventLines()
        harness.type("r", at: 2)
        harness.send(.deckLoaded(.success(Self.deck(["early", "dawn", "brunch", "noon", "dusk"]))), at: 3)
        #expect(harness.takeEventLines() == [#"{"t":3.000,"event":"reload","index":3,"id":"noon","stories":5}"#])
        #expect(harness.screen[1].hasPrefix(" Noon"), "the same story stays on screen")
        #expect(harness.screen[1].hasSuffix(" 4/5"))
        // Later events carry the new index, and the next story is the new deck's.
        harness.type("l", at: 4)
        #expect(harness.takeEventLines() == [#"{"t":4.000,"event":"end","index":3,"id":"noon","reason":"next"}"#,
                                             #"{"t":4.000,"event":"begin","index":4,"id":"dusk"}"#])
    }

    @Test("the story on screen is gone: its end (old index), the reload (new index, count), the next story's begin")
    func storyGone() {
        let harness = SessionHarness(Self.deck(["dawn", "noon", "dusk"]))
        harness.type("G", at: 1)
        _ = harness.takeEventLines()
        harness.send(.deckLoaded(.success(Self.deck(["dawn", "noon"]))), at: 2)
        #expect(harness.takeEventLines() == [#"{"t":2.000,"event":"end","index":2,"id":"dusk","reason":"reload"}"#,
                                             #"{"t":2.000,"event":"reload","index":1,"id":"noon","stories":2}"#,
                                             #"{"t":2.000,"event":"begin","index":1,"id":"noon"}"#])
        #expect(harness.screen[1].hasPrefix(" Noon"))
    }

    @Test("a reload that changes nothing still says so (a reader cannot tell from the file); a failed one is no reload")
    func sameDeckAndFailure() {
        let harness = SessionHarness(Self.deck(["dawn", "noon"]))
        _ = harness.takeEventLines()
        harness.send(.deckLoaded(.success(Self.deck(["dawn", "noon"]))), at: 1)
        #expect(harness.takeEventLines() == [#"{"t":1.000,"event":"reload","index":0,"id":"dawn","stories":2}"#])
        harness.send(.deckLoaded(.failure(.load(.notFound("deck.json")))), at: 2)
        #expect(!harness.takeEventLines().contains { $0.contains(#""event":"reload""#) })
        #expect(harness.screen[1].hasPrefix(" Dawn"))
    }
}
