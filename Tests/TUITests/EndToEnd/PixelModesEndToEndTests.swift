import Foundation
import Testing

/// Every pixel mode, forced (`--images kitty|sixel|iterm2`), plays a moving picture in tmux without a crash:
/// the real program's frames go through the picture writer's pieces and frame replacement, which the model's
/// tests drive with a fake backend only. tmux does not draw the pictures; what is checked is the program: it
/// plays the GIF, moves to a text story and quits with 0. A debug build checks exclusive access at run time,
/// and a read of the picture writer inside its own mutation once aborted here on the first frame.
@Suite
struct PixelModesEndToEndTests {
    static let orbit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/moving/orbit.gif").path

    static let deck = ViewerEndToEndTests.deck("""
    { "stories": [
      { "title": "Orbit", "image": \(String(reflecting: orbit)), "duration": 60 },
      { "title": "Words", "caption": "Only text, no picture.", "duration": 60 }
    ] }
    """)

    @Test("a moving picture in a forced pixel mode plays, → reaches the text story, q exits 0",
          arguments: ["kitty", "sixel", "iterm2"])
    func playsAndQuits(mode: String) throws {
        let session = TmuxSession(command: ViewerEndToEndTests.command(Self.deck, "--images \(mode)"))
        defer { session.close() }
        #expect(session.waitForScreen { $0.joined().contains("Orbit") } != nil, "\(session.screen())")
        // orbit.gif's frames are 80 ms: a second is a dozen of them through the writer.
        usleep(1_200_000)
        session.send("Right")
        let words = session.waitForScreen { $0.joined().contains("Only text") }
        #expect(words != nil, "\(session.screen().joined(separator: "\n"))")
        session.send("q")
        #expect(session.waitForExit() == 0, "\(session.screen().joined(separator: "\n"))")
    }
}
