import CImages
import Engine
import Foundation
import Testing
@testable import TUI
@testable import ViewerCore

/// WebP through libwebp's WebPAnimDecoder: an animation's timestamps become each frame's delay, a still WebP is one
/// frame, and a canvas or frame count over the limits is refused from the chunks. The files are in
/// Tests/Fixtures/Animation, made by scripts/draw-moving-pictures.py.
@Suite("WebP decoder")
struct WebPDecoderTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/Animation")

    static func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    @Test func anAnimationsTimestampsAreItsFramesDelays() throws {
        let bytes = try Self.fixture("timestamps.webp")
        let scan = try AnimationScan.read(bytes).get()
        #expect(scan.width == 8 && scan.height == 8)
        #expect(scan.delays == [40, 120, 250])
        #expect(scan.loopCount == 0)
        let decoder = try AnimationDecoder.open(bytes).get()
        var frames: [AnimationFrame] = []
        while let frame = try decoder.next().get() { frames.append(frame) }
        #expect(frames.map(\.delay) == [40, 120, 250])
        #expect(frames.map(\.index) == [0, 1, 2])
        #expect(frames.map { $0.pixel(x: 4, y: 4) } == [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255]])
        #expect(decoder.rewind() == nil)
        #expect(try decoder.next().get()?.delay == 40, "the first frame's delay again, from its timestamp")
        #expect(scan.pacing.due(at: 0.2, paused: false, reduceMotion: false) == AnimationFrameDue(index: 2, nextChange: 0.41))
    }

    @Test(arguments: ["still-lossless.webp", "still-lossy.webp"])
    func aStillWebPIsOneFrame(name: String) throws {
        let bytes = try Self.fixture(name)
        let scan = try AnimationScan.read(bytes).get()
        #expect(scan.width == 12 && scan.height == 12)
        #expect(scan.delays == [0])
        let decoder = try AnimationDecoder.open(bytes).get()
        let frame = try #require(try decoder.next().get())
        let pixel = frame.pixel(x: 6, y: 6)
        #expect(pixel[0] < 30 && (100...156).contains(pixel[1]) && pixel[2] > 220 && pixel[3] == 255)
        #expect(try decoder.next().get() == nil)
    }

    @Test func aCutAnimationPlaysItsCompleteFramesAndReportsOnce() throws {
        let whole = try Self.fixture("timestamps.webp")
        let cut = Array(whole.prefix(whole.count - 10)) // inside the third frame's chunk
        let scan = try AnimationScan.read(cut).get()
        #expect(scan.delays == [40, 120])
        #expect(scan.truncated)
        let decoder = try AnimationDecoder.open(cut).get()
        #expect(try decoder.next().get()?.pixel(x: 0, y: 0) == [255, 0, 0, 255])
        #expect(try decoder.next().get()?.pixel(x: 0, y: 0) == [0, 255, 0, 255])
        #expect(decoder.next() == .failure(.undecodable("the file ends inside frame 3")))
        #expect(try decoder.next().get() == nil)
        #expect(decoder.rewind() == nil)
        #expect(try decoder.next().get()?.delay == 40)
        #expect(try decoder.next().get()?.delay == 120)
        #expect(try decoder.next().get() == nil, "reported once, not on every pass")
    }

    /// A RIFF file of `chunks` (four-character code, payload).
    static func riff(_ chunks: [(String, [UInt8])]) -> [UInt8] {
        var body = Array("WEBP".utf8)
        for (code, payload) in chunks {
            body += Array(code.utf8) + le32(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
        }
        return Array("RIFF".utf8) + le32(body.count) + body
    }

    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    static func le24(_ value: Int) -> [UInt8] { Array(le32(value).prefix(3)) }

    /// VP8X's payload: the animation flag and the canvas size.
    static func canvas(width: Int, height: Int) -> [UInt8] {
        [0x02, 0, 0, 0] + le24(width - 1) + le24(height - 1)
    }

    @Test func aHugeCanvasIsRefusedFromItsHeader() {
        let bytes = Self.riff([("VP8X", Self.canvas(width: 16384, height: 16384)), ("ANIM", [0, 0, 0, 0, 0, 0])])
        #expect(AnimationScan.read(bytes) == .failure(.tooManyPixels(width: 16384, height: 16384, limitMegapixels: 40)))
        guard case .failure(.tooManyPixels) = AnimationDecoder.open(bytes) else {
            Issue.record("the decoder opened a 268-megapixel canvas")
            return
        }
    }

    @Test func aHugeStillIsRefusedFromItsBitstreamHeader() {
        // VP8L: the signature, then width - 1 and height - 1 in 14 bits each.
        let size = (16383 | (16383 << 14))
        let bytes = Self.riff([("VP8L", [0x2F] + Self.le32(size) + [0, 0, 0])])
        #expect(AnimationScan.read(bytes) == .failure(.tooManyPixels(width: 16384, height: 16384, limitMegapixels: 40)))
    }

    @Test func filesAreRecognisedByTheirBytes() {
        func recognised(_ text: String, _ tail: [UInt8] = []) -> Bool {
            let bytes = Array(text.utf8) + tail
            return cimg_animation_recognise(bytes, bytes.count) == 1
        }
        #expect(recognised("GIF87a"))
        #expect(recognised("GIF89a"))
        #expect(recognised("RIFF\u{0}\u{0}\u{0}\u{0}WEBP"))
        #expect(!recognised("GIF88a"))
        #expect(!recognised("RIFF\u{0}\u{0}\u{0}\u{0}AVI "))
        #expect(!recognised("GIF8"))
        #expect(!recognised("", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(!recognised("", [0xFF, 0xD8, 0xFF, 0xE0]))
    }

    @Test func moreThanTenThousandFramesAreRefusedFromTheChunks() throws {
        let frame = ("ANMF", [UInt8](repeating: 0, count: 12) + Self.le24(40) + [0])
        let many = Self.riff([("VP8X", Self.canvas(width: 1, height: 1))] + Array(repeating: frame, count: 10_001))
        #expect(AnimationScan.read(many) == .failure(.tooManyFrames(limit: 10_000)))
        let enough = Self.riff([("VP8X", Self.canvas(width: 1, height: 1))] + Array(repeating: frame, count: 10_000))
        #expect(try AnimationScan.read(enough).get().delays.count == 10_000)
    }
}
