import Foundation
import Glibc
import Testing

/// Issue 14 item 9: a terminal that claims to be 10000×10000 (or 65535×65535), even for 0.2 s. Before, the
/// frame was sized by the claim: 8.3 GB and 14 s without an answer (7.7 GB and over 20 s for 65535²). The
/// drawn area is clamped to 1000×1000 now. The program runs under a 4 GiB address-space limit, so that the old
/// behaviour fails the test instead of exhausting the machine.
extension ReliabilityEndToEndTests {
    /// The most memory a clamped frame may take (a normal screen peaks near 15 MiB, a 1000×1000 one near 120 MiB).
    static let resizePeakLimitKiB = 256 * 1024

    @Test("a huge size through the pty (TIOCSWINSZ + SIGWINCH): q is answered within 1 s, peak memory bounded",
          arguments: [(10_000, 10_000, false), (10_000, 10_000, true), (65_535, 65_535, false)] as [(Int, Int, Bool)])
    func hugeResize(columns: Int, rows: Int, backAfterAMoment: Bool) throws {
        let run = ScratchRun(deck: Self.manyStories)
        let back = backAfterAMoment ? ["resize 80 24"] : []
        let outcome = try Self.drive([run.deck], steps: ["wait-output Story 1", "resize \(columns) \(rows)", "wait 0.2"] + back
            + ["mark", "send q", "wait-exit 3", "alive"])
        let label = "\(columns)×\(rows)\(backAfterAMoment ? " for 0.2 s" : "")"
        #expect(outcome.status == 0, "\(label): \(outcome)")
        #expect((outcome.exitSeconds ?? 99) < 1, "\(label): q answered after \(outcome.exitSeconds.map { "\($0) s" } ?? "never")")
        #expect(outcome.peakKiB > 0 && outcome.peakKiB < Self.resizePeakLimitKiB, "\(label): peak \(outcome.peakKiB) KiB")
        #expect(outcome.restored, "\(label)")
    }
}
