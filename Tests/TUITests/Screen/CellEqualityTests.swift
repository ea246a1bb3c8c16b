import Testing
@testable import ViewerCore

/// Cells are equal when their styles are and their texts have the same bytes: what the terminal is sent.
/// The comparison looks at the strings' representations first (`Cell.==`); these cases hold it to bytes.
struct CellEqualityTests {
    @Test("the same small text is equal, another is not, and a style alone tells two cells apart")
    func smallTexts() {
        #expect(Cell(text: "▀", style: .plain) == Cell(text: String("▀"), style: .plain))
        #expect(Cell.blank() == Cell(text: " ", style: .plain))
        #expect(Cell(text: "▀", style: .plain) != Cell(text: "▄", style: .plain))
        #expect(Cell(text: "a", style: .plain) != Cell(text: "a", style: CellStyle(bold: true)))
        #expect(Cell(text: "", style: .plain) != Cell.blank())
    }

    @Test("canonically equivalent spellings are different cells (String's == would call them equal)")
    func canonicalEquivalents() {
        let composed = "\u{E9}", decomposed = "e\u{301}"
        #expect(composed == decomposed)
        #expect(Cell(text: composed, style: .plain) != Cell(text: decomposed, style: .plain))
        // The same length in bytes and equivalent: two combining marks in either order.
        let one = "a\u{301}\u{323}", other = "a\u{323}\u{301}"
        #expect(one == other && one.utf8.count == other.utf8.count)
        #expect(Cell(text: one, style: .plain) != Cell(text: other, style: .plain))
    }

    @Test("the same long text in two storages is equal; one byte apart is not")
    func longTexts() {
        // Longer than a small string (15 bytes): each is its own heap storage.
        let first = String(repeating: "👩‍👩‍👧", count: 2), second = String(repeating: "👩‍👩‍👧", count: 2)
        #expect(first.utf8.count > 15)
        #expect(Cell(text: first, style: .plain) == Cell(text: second, style: .plain))
        #expect(Cell(text: first, style: .plain) != Cell(text: first + " ", style: .plain))
        #expect(Cell(text: first, style: .plain) == Cell(text: first, style: .plain))
    }
}
