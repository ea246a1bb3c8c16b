import Testing
@testable import TUI
@testable import ViewerCore

/// A colour pair is handed back to be freed exactly when the last cell showing it changes.
@Suite("Terminal: colour pairs counted per cell")
struct ColorPairLedgerTests {
    @Test("a pair is freed when its last cell takes another pair, not before")
    func freedWithLastCell() {
        var ledger = ColorPairLedger(width: 3, height: 2)
        #expect(ledger.assign(5, row: 0, column: 0) == nil)
        #expect(ledger.assign(5, row: 1, column: 2) == nil)
        #expect(ledger.pairsInUse == 1 && ledger.isInUse(5))
        #expect(ledger.assign(7, row: 0, column: 0) == nil, "another cell still shows 5")
        #expect(ledger.assign(0, row: 1, column: 2) == 5, "the last cell of 5 went back to the default")
        #expect(!ledger.isInUse(5) && ledger.isInUse(7) && ledger.pairsInUse == 1)
    }

    @Test("the default pair and cells outside the screen are never counted; the same pair twice changes nothing")
    func ignored() {
        var ledger = ColorPairLedger(width: 2, height: 2)
        #expect(ledger.assign(0, row: 0, column: 0) == nil)
        #expect(ledger.assign(3, row: 5, column: 0) == nil)
        #expect(ledger.assign(3, row: 0, column: 2) == nil)
        #expect(ledger.pairsInUse == 0 && !ledger.isInUse(0) && !ledger.isInUse(3))
        #expect(ledger.assign(40_000, row: 1, column: 1) == nil)
        #expect(ledger.assign(40_000, row: 1, column: 1) == nil)
        #expect(ledger.pairsInUse == 1)
        #expect(ledger.assign(2, row: 1, column: 1) == 40_000)
    }
}
