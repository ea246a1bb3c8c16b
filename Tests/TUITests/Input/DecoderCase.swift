import Testing
@testable import TUI
@testable import ViewerCore

/// One input and the events it must give, whatever the reads it is split into.
struct DecoderCase: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let events: [InputEvent]

    init(_ name: String, _ bytes: [UInt8], _ events: [InputEvent]) {
        self.name = name
        self.bytes = bytes
        self.events = events
    }

    init(_ name: String, _ text: String, _ events: [InputEvent]) {
        self.init(name, Array(text.utf8), events)
    }

    var testDescription: String { name }
}
