import Foundation
import Glibc
import Testing

/// Bar steps written past `doupdate` (`CellShortcut`) in a real terminal: the cursor they move is
/// given back to curses before it writes again, so whatever curses draws next lands where it should.
@Suite(.serialized)
struct ShortcutEndToEndTests {
    /// One story whose bar crosses a cell about every 80 ms at 80 columns.
    static let story = ViewerEndToEndTests.deck("""
    { "duration": 6, "stories": [
      { "title": "Steady", "caption": "One long bar.", "art": "|" },
      { "title": "Next", "caption": "The second story.", "art": "-" }
    ] }
    """)

    /// Whether the bar row reads as fills: full cells, at most one partly filled, then the track.
    static func isOneFill(_ row: String) -> Bool {
        let cells = Array(row.filter { $0 != " " })
        let full = cells.prefix { $0 == "█" }.count
        var rest = cells.dropFirst(full)
        if let first = rest.first, "▏▎▍▌▋▊▉".contains(first) { rest = rest.dropFirst() }
        return !cells.isEmpty && rest.allSatisfy { $0 == "░" }
    }

    /// The first story under `term`, once six cells of its bar are full: shortcuts have moved the
    /// cursor right of where curses left it by then (a column a cell).
    static func playing(term: String) -> TmuxSession {
        let session = TmuxSession(command: ViewerEndToEndTests.command(story), environment: ["TERM": term])
        #expect(session.waitForScreen { ViewerEndToEndTests.bars($0).filter { $0 == "█" }.count >= 6 } != nil)
        return session
    }

    /// tmux-256color moves by absolute column (`hpa`), which would hide a cursor curses misplaces;
    /// vt100 has none, so curses moves from where it believes the cursor is (`cud`, then `cub`/`cuf`).
    @Test("after bar steps, a tap pauses: 'Paused' and the position land in their place", arguments: ["tmux-256color", "vt100"])
    func pauseAfterSteps(term: String) throws {
        let session = Self.playing(term: term)
        defer { session.close() }
        session.send("Space")
        let paused = session.waitForScreen { $0.count > 1 && $0[1].contains("Paused") }
        let screen = try #require(paused, "\(session.screen())")
        #expect(screen[1].hasPrefix(" Steady ") && screen[1].hasSuffix(" Paused  1/2") && screen[1].count == 79,
                "\(screen.joined(separator: "\n"))")
        #expect(Self.isOneFill(ViewerEndToEndTests.bars(screen)), "\(screen.joined(separator: "\n"))")
    }

    @Test("after bar steps, a story change and the exit draw where they should", arguments: ["tmux-256color", "vt100"])
    func changeAfterSteps(term: String) throws {
        let session = Self.playing(term: term)
        defer { session.close() }
        session.send("Right")
        let next = session.waitForScreen { $0.count > 1 && $0[1].contains("Next") }
        let screen = try #require(next, "\(session.screen())")
        #expect(screen[1].hasPrefix(" Next") && screen[1].hasSuffix("2/2"), "\(screen.joined(separator: "\n"))")
        #expect(ViewerEndToEndTests.bars(screen).hasPrefix(" " + String(repeating: "█", count: 38) + " "),
                "the first segment full: \(ViewerEndToEndTests.bars(screen))")
        #expect(!screen.joined().contains("Steady"), "nothing of the first story left over")
        session.send("q")
        #expect(session.waitForExit() == 0)
        FaultEndToEndTests.expectRestored(session)
    }

    /// One story whose bar steps about 30 times a second at 80 columns, long enough for 256 steps.
    /// One story, so its segment is the whole row (78 cells): 34 are full at 7 s of its 16, and a loaded
    /// machine's late look still finds the story playing (two stories of 10 s left 1 s, and one run under
    /// load saw the next story).
    static let longStory = ViewerEndToEndTests.deck("""
    { "duration": 16, "stories": [
      { "title": "Steady", "caption": "One long bar.", "art": "|" }
    ] }
    """)

    /// Curses is told of the cells shortcuts wrote only before it draws again (`settle`), and at once
    /// after 256 of them. A restart draws the empty track over them: a cell curses still believed to
    /// be the track would be left showing its fill. 34 full cells are 272 steps, past one settle.
    @Test("after 272 bar steps, ← restarts the story: the whole segment is the empty track again",
          arguments: ["tmux-256color", "vt100"])
    func restartAfterSteps(term: String) throws {
        let session = TmuxSession(command: ViewerEndToEndTests.command(Self.longStory), environment: ["TERM": term])
        defer { session.close() }
        let filled = session.waitForScreen(timeout: 20) { ViewerEndToEndTests.bars($0).filter { $0 == "█" }.count >= 34 }
        let before = try #require(filled, "\(session.screen())")
        #expect(before[1].contains("Steady"), "still the first story: \(before.joined(separator: "\n"))")
        session.send("Left")
        let restarted = session.waitForScreen { screen in
            let bars = ViewerEndToEndTests.bars(screen)
            return bars.filter { $0 == "█" }.count < 3
        }
        let screen = try #require(restarted, "\(session.screen())")
        let bars = ViewerEndToEndTests.bars(screen)
        #expect(Self.isOneFill(bars), "\(screen.joined(separator: "\n"))")
        #expect(!bars.contains("█" + "█" + "█"), "no fill left from before the restart: \(bars)")
        #expect(screen[1].contains("Steady"), "\(screen.joined(separator: "\n"))")
    }
}
