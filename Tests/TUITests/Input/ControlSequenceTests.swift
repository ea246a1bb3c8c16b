import Testing
@testable import TUI
@testable import ViewerCore

/// CSI sequences split into marker, parameters, intermediates and final byte.
struct ControlSequenceTests {
    static func parse(_ body: String, _ final: Character = "u") -> ControlSequence? {
        ControlSequence(body: Array(body.utf8), final: final.asciiValue ?? 0)
    }

    @Test("fields, sub-fields and empty values")
    func parameters() {
        let sequence = Self.parse("97:65;2:3;;65:66")
        #expect(sequence?.parameters == [[97, 65], [2, 3], [nil], [65, 66]])
        #expect(sequence?.value(0, 1) == 65)
        #expect(sequence?.value(1, 1) == 3)
        #expect(sequence?.value(2) == nil)
        #expect(sequence?.value(9) == nil)
        #expect(sequence?.values(3) == [65, 66])
        #expect(Self.parse("")?.parameters == [])
        #expect(Self.parse(";")?.parameters == [[nil], [nil]])
    }

    @Test("a private marker only as the first byte; intermediates only after the parameters")
    func grammar() {
        #expect(Self.parse("?15")?.marker == UInt8(ascii: "?"))
        #expect(Self.parse("1?5") == nil)
        #expect(Self.parse("1$", "y")?.intermediates == [UInt8(ascii: "$")])
        #expect(Self.parse("1$2", "y") == nil)
        #expect(ControlSequence(body: [0x31, 0x0D], final: 0x41) == nil)
    }

    @Test("a huge number saturates instead of overflowing")
    func saturation() {
        let sequence = Self.parse(String(repeating: "9", count: 300))
        #expect(sequence?.value(0) == ControlSequence.largestValue)
    }
}
