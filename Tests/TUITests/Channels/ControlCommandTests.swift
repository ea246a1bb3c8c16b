import Testing
@testable import TUI

@Suite("Control commands and line splitting (SPEC 6)")
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

    @Test("lines split across chunks are joined; overlong lines are cut")
    func lineBuffer() {
        var buffer = LineBuffer(limit: 8)
        #expect(buffer.append(Array("ne".utf8)).isEmpty)
        #expect(buffer.append(Array("xt\ngoto 2\npa".utf8)) == ["next", "goto 2"])
        #expect(buffer.append(Array("use\n".utf8)) == ["pause"])
        #expect(buffer.append(Array("0123456789abcdef\n".utf8)) == ["01234567"])
    }
}
