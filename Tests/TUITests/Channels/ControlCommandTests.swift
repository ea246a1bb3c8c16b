import Testing
@testable import TUI
@testable import ViewerCore

@Suite("Control commands (SPEC 6)")
struct ControlCommandTests {
    @Test("every known command", arguments: [
        ("next", ControlCommand.action(.next)), ("prev", .action(.previous)), ("previous", .action(.previous)),
        ("pause", .action(.pause)), ("resume", .action(.resume)), ("toggle", .action(.togglePause)),
        ("reload", .action(.reload)), ("quit", .action(.quit)), ("goto dusk", .goto("dusk")),
        ("  goto   3  ", .goto("3")), ("next\r", .action(.next)),
    ])
    func known(line: String, command: ControlCommand) {
        #expect(ControlCommand(line: line) == command)
    }

    @Test("anything else is unknown, not fatal", arguments: ["jump", "goto", "next now", "NEXT", "\u{1B}[2J"])
    func unknown(line: String) {
        if case .unknown = ControlCommand(line: line) {} else { Issue.record("\(line) was accepted") }
    }
}
