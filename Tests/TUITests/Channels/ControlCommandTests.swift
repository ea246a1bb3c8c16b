import Testing
@testable import TUI

@Suite("Control commands (SPEC 6)")
struct ControlCommandTests {
    @Test("every known command", arguments: [
        ("next", ControlCommand.next), ("prev", .previous), ("pause", .pause), ("resume", .resume),
        ("toggle", .toggle), ("reload", .reload), ("quit", .quit), ("goto dusk", .goto("dusk")),
        ("  goto   3  ", .goto("3")), ("next\r", .next),
    ])
    func known(line: String, command: ControlCommand) {
        #expect(ControlCommand(line: line) == command)
    }

    @Test("anything else is unknown, not fatal", arguments: ["jump", "goto", "next now", "NEXT", "\u{1B}[2J"])
    func unknown(line: String) {
        if case .unknown = ControlCommand(line: line) {} else { Issue.record("\(line) was accepted") }
    }
}
