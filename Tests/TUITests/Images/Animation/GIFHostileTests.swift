import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// Hostile GIFs (SPEC 8.4, issue 23): each refused from its blocks before anything is decoded, or bounded; never a
/// hang or a crash.
@Suite("GIF hostile files")
struct GIFHostileTests {
    static let palette: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0)]

    @Test func sixtyFiveThousandOnePixelFramesAreRefused() throws {
        var gif = GIFEncoder(width: 1, height: 1, palette: Self.palette)
        gif.frames = Array(repeating: .init(width: 1, height: 1, indices: [0]), count: 65_535)
        let bytes = gif.bytes()
        for problem in [AnimationScan.read(bytes).map { _ in () }, AnimationDecoder.open(bytes).map { _ in () }] {
            guard case .failure(let failure) = problem else {
                Issue.record("65 535 frames were accepted")
                continue
            }
            #expect(failure == .tooManyFrames(limit: 10_000))
        }
        // Exactly the limit is fine, and decodes a frame at a time.
        gif.frames.removeLast(65_535 - 10_000)
        #expect(try AnimationScan.read(gif.bytes()).get().delays.count == 10_000)
    }

    @Test func aCanvasOf65535By65535IsRefusedFromItsHeader() {
        var gif = GIFEncoder(width: 65535, height: 65535, palette: Self.palette)
        gif.frames = [.init(width: 1, height: 1, indices: [0])]
        let expected = ImageProblem.tooManyPixels(width: 65535, height: 65535, limitMegapixels: 40)
        #expect(AnimationScan.read(gif.bytes()) == .failure(expected))
        guard case .failure(expected) = AnimationDecoder.open(gif.bytes()) else {
            Issue.record("the decoder opened a 4-gigapixel canvas")
            return
        }
    }

    @Test func aFrameOver40MegapixelsInASmallCanvasIsRefused() {
        var gif = GIFEncoder(width: 2, height: 2, palette: Self.palette)
        gif.frames = [.init(width: 8000, height: 6000, indices: [], rawData: [8, 0])]
        #expect(AnimationScan.read(gif.bytes()) == .failure(.tooManyPixels(width: 8000, height: 6000, limitMegapixels: 40)))
    }

    @Test func aFrameOutsideItsCanvasIsClipped() throws {
        var gif = GIFEncoder(width: 4, height: 2, palette: Self.palette)
        gif.frames = [.init(width: 4, height: 2, indices: [UInt8](repeating: 0, count: 8)),
                      .init(x: 3, y: 1, width: 3, height: 3, indices: [UInt8](repeating: 1, count: 9))]
        let decoder = try AnimationDecoder.open(gif.bytes()).get()
        _ = try decoder.next().get()
        let frame = try #require(try decoder.next().get())
        #expect(frame.width == 4 && frame.height == 2)
        #expect(frame.pixel(x: 3, y: 1) == [0, 255, 0, 255])
        #expect(frame.pixel(x: 2, y: 1) == [255, 0, 0, 255])
        #expect(frame.pixel(x: 3, y: 0) == [255, 0, 0, 255])
    }

    @Test func emptyAndHeaderOnlyFilesSayWhy() {
        #expect(AnimationScan.read([]) == .failure(.notAnImage))
        guard case .failure(.notAnImage) = AnimationDecoder.open([]) else {
            Issue.record("a zero-length file opened")
            return
        }
        let header = GIFEncoder(width: 2, height: 2, palette: Self.palette).bytes()
        #expect(AnimationScan.read(header) == .failure(.undecodable("the file ends before its first frame")))
        #expect(AnimationScan.read(Array(header.prefix(10))) == .failure(.undecodable("the GIF file ends inside its header")))
        var zero = GIFEncoder(width: 0, height: 5, palette: Self.palette)
        zero.frames = [.init(width: 1, height: 1, indices: [0])]
        #expect(AnimationScan.read(zero.bytes()) == .failure(.undecodable("the image has no pixels")))
    }
}
