import CImages
import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// The cache keeps the most recently used grids within its budget; the wire format refuses what
/// a broken helper could send.
@Suite struct ImageCacheTests {
    static func cells(_ count: Int) -> ImageCells {
        ImageCells(columns: count, rows: 1,
                   cells: Array(repeating: ImageCell(character: "▀", foreground: .indexed(16), background: .indexed(17)), count: count))
    }

    static func key(_ path: String) -> ImageCacheKey {
        ImageCacheKey(request: ImageRequest(path: path, columns: 10, rows: 1, mode: .indexed240), file: nil)
    }

    @Test("least recently used out first, never over budget")
    func lru() {
        let grid = Self.cells(100)
        var cache = ImageCache(budget: grid.memoryCost * 3)
        cache.store(.success(grid), for: Self.key("a"))
        cache.store(.success(grid), for: Self.key("b"))
        cache.store(.success(grid), for: Self.key("c"))
        #expect(cache.outcome(for: Self.key("a")) != nil)  // a is now newer than b
        cache.store(.success(grid), for: Self.key("d"))
        #expect(cache.outcome(for: Self.key("b")) == nil)
        #expect(cache.outcome(for: Self.key("a")) != nil && cache.outcome(for: Self.key("c")) != nil)
        #expect(cache.cost <= cache.budget && cache.count == 3)
        for index in 0..<500 { cache.store(.success(grid), for: Self.key("many \(index)")) }
        #expect(cache.cost <= cache.budget && cache.count == 3)
        // A grid larger than the whole budget is not kept (and evicts nothing).
        cache.store(.success(Self.cells(1000)), for: Self.key("huge"))
        #expect(cache.outcome(for: Self.key("huge")) == nil && cache.count == 3)
        cache.store(.failure(.notAnImage), for: Self.key("bad"))
        #expect(cache.outcome(for: Self.key("bad")) == .failure(.notAnImage))
    }

    @Test("the last grids used stay whatever they cost (the story shown and its neighbours), the rest within budget")
    func minimumKept() {
        let big = Self.cells(1000), small = Self.cells(10)
        var cache = ImageCache(budget: big.memoryCost, minimumKept: 3)
        for name in ["a", "b", "c"] { cache.store(.success(big), for: Self.key(name)) }
        #expect(cache.count == 3 && cache.cost > cache.budget)
        cache.store(.success(big), for: Self.key("d"))
        #expect(cache.count == 3 && cache.outcome(for: Self.key("a")) == nil && cache.outcome(for: Self.key("d")) != nil)
        // Small grids: the budget holds many, past the minimum.
        var roomy = ImageCache(budget: small.memoryCost * 10, minimumKept: 3)
        for index in 0..<20 { roomy.store(.success(small), for: Self.key("s\(index)")) }
        #expect(roomy.count == 10 && roomy.cost <= roomy.budget)
    }

    @Test("requests and replies survive the wire; failures keep their facts")
    func roundTrip() throws {
        let request = ImageRequest(path: "/tmp/ü.png", columns: 78, rows: 20, mode: .indexed16, fit: .cover,
                                   backdrop: .gradient([.rgb(1, 2, 3), .indexed(200), .black]))
        let frame = try #require(ImageWire.request(.render(request), id: 7))
        let parsed = try #require(ImageWire.parseRequest(Array(frame.dropFirst(4))))
        #expect(parsed.id == 7 && parsed.job == .render(request))
        let failures: [ImageProblem] = [.missing, .notRegularFile, .unreadable(errno: 13), .fileTooLarge(bytes: 40_000_000, limit: 33_554_432),
                                        .fileTooLarge(bytes: 5 << 30, limit: Int(VideoLimits.maximumFileSize)),
                                        .tooManyPixels(width: 12_000, height: 9_000, limitMegapixels: 40), .notAnImage,
                                        .undecodable("Not a JPEG file"), .helperFailed("signal 6")]
        for failure in failures {
            let reply = ImageWire.reply(.failed(failure), id: 9)
            guard let (id, outcome) = ImageWire.parseReply(Array(reply.dropFirst(4))), case let .failed(back) = outcome else {
                Issue.record("no round trip for \(failure)")
                continue
            }
            #expect(id == 9 && back == failure)
        }
        #expect(ImageWire.request(.verify(path: String(repeating: "x", count: 5000)), id: 1) == nil)
        #expect(ImageWire.request(.verify(path: "a\u{0}b"), id: 1) == nil)
    }

    @Test("a reply whose size, counts or text do not add up is refused; text is made printable")
    func malformed() {
        var writer = ByteWriter()
        writer.u32(1)
        writer.u8(0)
        writer.u16(2)
        writer.u16(2)
        writer.bytes([UInt8](repeating: 0, count: 12 * 3))  // 3 cells for a 2 x 2 grid
        #expect(ImageWire.parseReply(writer.data) == nil)
        var tooWide = ByteWriter()
        tooWide.u32(1)
        tooWide.u8(0)
        tooWide.u16(UInt16(ImageLimits.maximumColumns + 1))
        tooWide.u16(1)
        #expect(ImageWire.parseReply(tooWide.data) == nil)
        #expect(ImageWire.parseReply([1, 0, 0, 0, 9]) == nil)
        let hostile = ImageWire.reply(.failed(.undecodable("bad \u{1B}[2J chunk")), id: 3)
        if let (_, outcome) = ImageWire.parseReply(Array(hostile.dropFirst(4))), case let .failed(.undecodable(text)) = outcome {
            #expect(text == "bad ?[2J chunk")
        } else {
            Issue.record("no reply")
        }
        // A grid's raw cells are checked too: a control character or an unknown colour becomes harmless.
        let raw = RawImageGrid(columns: 2, rows: 1, cells: [cimg_cell(codepoint: 0x1B, foreground: 300, background: 0x1000000),
                                                            cimg_cell(codepoint: 0x2584, foreground: 17, background: 3)])
        let cells = raw.imageCells(mode: .indexed240)
        #expect(cells.cells[0] == ImageCell(character: " ", foreground: .standard, background: .standard))
        #expect(cells.cells[1] == ImageCell(character: "▄", foreground: .indexed(17), background: .standard))
    }
}
