import Foundation
import Glibc
import Testing
@testable import TUI
@testable import ViewerCore

/// Issue 26 item 1: memory for a decode is bounded by the picture, not by what came before. A valid
/// 16-bit interlaced PNG near the pixel limit decoded once in a helper (470 MB of its 512 MiB) and then
/// failed "out of memory" in that helper for good.
@Suite("Reliability: a deep picture near the pixel limit decodes again in the same helper", .serialized)
struct ImageReliabilityTests {
    /// 6000 × 6600 (39.6 of the 40 megapixels allowed), 16 bits a channel, Adam7-interlaced, in stripes.
    static func deepPicture(in folder: String) -> String {
        let width = 6000, height = 6600
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        rgba.withUnsafeMutableBufferPointer { buffer in
            for row in 0..<height {
                let value = UInt8(truncatingIfNeeded: row / 100 * 37)
                memset(buffer.baseAddress! + row * width * 4, Int32(value), width * 4)
            }
        }
        let bytes = ImageFixtures.png(ImageFixtures.Pixels(width: width, height: height, rgba: rgba),
                                      type: .rgba, bitDepth: 16, interlaced: true)
        return ImageFixtures.write(bytes, named: "deep.png", in: folder)
    }

    @Test("shown, resized and shown again, checked, in one helper under the standard limits")
    func deepInterlacedAgain() throws {
        let folder = ImageFixtures.folder()
        defer { ImageFixtures.remove(folder) }
        let path = Self.deepPicture(in: folder)
        let worker = ImageWorker(executable: ImageFixtures.helper)
        let boxes = [(80, 20), (200, 60), (80, 20), (40, 10)]
        for (columns, rows) in boxes {
            worker.submit(.render(ImageRequest(path: path, columns: columns, rows: rows, mode: .truecolor)))
        }
        worker.submit(.verify(path: path))
        let replies = ImageWorkerTests.drain(worker, timeout: 120)
        #expect(replies.count == boxes.count + 1)
        for (index, reply) in replies.enumerated() {
            switch reply.outcome {
            case .cells where index < boxes.count, .verified where index == boxes.count: break
            default: Issue.record("job \(index): \(reply.outcome)")
            }
        }
        #expect(worker.starts == 1, "one helper did every job")
    }

    @Test("16-bit Adam7 bands come out row for row (the low-level path, scaled to 8 bits as it decodes)")
    func deepBands() throws {
        // 8 bands of 8 rows, black and white by turns, in 16 × 4 cells of 4 × 8 pixels... 2 bands a cell row.
        let pixels = ImageFixtures.Pixels(width: 64, height: 64) { _, y in y / 16 % 2 == 0 ? (255, 255, 255, 255) : (0, 0, 0, 255) }
        let folder = ImageFixtures.folder()
        defer { ImageFixtures.remove(folder) }
        for type in [ImageFixtures.PNGType.rgba, .rgb, .gray, .grayAlpha] {
            let path = ImageFixtures.write(ImageFixtures.png(pixels, type: type, bitDepth: 16, interlaced: true),
                                           named: "bands.png", in: folder)
            let cells = try ImageFixtures.render(path, columns: 16, rows: 8).get()
            for row in 0..<cells.rows {
                let (top, bottom) = ImageFixtures.halves(cells[row, 8])
                let white = row / 2 % 2 == 0
                #expect(white ? top.0 > 200 && bottom.0 > 200 : top.0 < 50 && bottom.0 < 50, "\(type) row \(row): \(top) \(bottom)")
            }
        }
    }

    @Test("out of memory is not the picture's verdict: done again, once, in a fresh helper; then handed out")
    func outOfMemoryRetried() {
        let folder = ImageFixtures.folder()
        defer { ImageFixtures.remove(folder) }
        // 3000 x 3000 RGBA is 36 MB of pixels; the helper gets 48 MiB of address space (it maps ~21 MB idle).
        let big = ImageFixtures.Pixels(width: 3000, height: 3000, rgba: [UInt8](repeating: 200, count: 3000 * 3000 * 4))
        let path = ImageFixtures.write(ImageFixtures.png(big), named: "big.png", in: folder)
        let worker = ImageWorker(executable: ImageFixtures.helper,
                                 limits: ImageWorkerLimits(cpuSeconds: 5, memoryBytes: 48 << 20, wallSeconds: 30))
        worker.submit(.render(ImageRequest(path: path, columns: 40, rows: 10, mode: .truecolor)))
        let replies = ImageWorkerTests.drain(worker)
        #expect(replies.count == 1)
        guard case .failed(.undecodable(let reason))? = replies.first?.outcome else {
            Issue.record("expected out of memory: \(replies)")
            return
        }
        #expect(reason.contains("out of memory"))
        #expect(worker.starts == 2, "the first helper, then a fresh one for the second try (before: 1)")
    }
}
