import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// GIF frames composited as browsers show them: disposal, transparency, interlace, delays, a broken or cut file
/// (docs/IMAGES.md, "Moving pictures"). The files are written by `GIFEncoder`, so each says what it holds.
@Suite("GIF decoder")
struct GIFDecoderTests {
    static let red: [UInt8] = [255, 0, 0, 255]
    static let green: [UInt8] = [0, 255, 0, 255]
    static let blue: [UInt8] = [0, 0, 255, 255]
    static let clear: [UInt8] = [0, 0, 0, 0]
    static let palette: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]

    /// A 4 × 4 canvas whose first frame is all red (index 0) with `disposal`.
    static func redFirst(disposal: Int = 1) -> GIFEncoder {
        var gif = GIFEncoder(width: 4, height: 4, palette: palette)
        gif.frames.append(.init(width: 4, height: 4, indices: [UInt8](repeating: 0, count: 16), disposal: disposal))
        return gif
    }

    /// Every frame the decoder gives, then whether it ended cleanly.
    static func frames(of bytes: [UInt8]) throws -> [AnimationFrame] {
        let decoder = try AnimationDecoder.open(bytes).get()
        var frames: [AnimationFrame] = []
        while let frame = try decoder.next().get() { frames.append(frame) }
        return frames
    }

    @Test func keepLeavesTheFrameBeforeAroundTheNextOne() throws {
        var gif = Self.redFirst(disposal: 1)
        gif.frames.append(.init(x: 1, y: 1, width: 2, height: 2, indices: [2, 2, 2, 2]))
        let frames = try Self.frames(of: gif.bytes())
        #expect(frames.count == 2)
        #expect(frames[0].pixel(x: 1, y: 1) == Self.red)
        #expect(frames[1].pixel(x: 1, y: 1) == Self.blue)
        #expect(frames[1].pixel(x: 2, y: 2) == Self.blue)
        #expect(frames[1].pixel(x: 0, y: 0) == Self.red)
        #expect(frames[1].pixel(x: 3, y: 3) == Self.red)
    }

    @Test func restoreToBackgroundClearsTheFrameToTransparent() throws {
        var gif = Self.redFirst(disposal: 2)
        gif.frames.append(.init(x: 1, y: 1, width: 2, height: 2, indices: [1, 1, 1, 1]))
        let frames = try Self.frames(of: gif.bytes())
        #expect(frames[1].pixel(x: 1, y: 1) == Self.green)
        #expect(frames[1].pixel(x: 0, y: 0) == Self.clear)
        #expect(frames[1].pixel(x: 3, y: 0) == Self.clear)
    }

    @Test func restorePreviousPutsBackWhatWasUnderTheFrame() throws {
        var gif = Self.redFirst(disposal: 1)
        gif.frames.append(.init(x: 0, y: 0, width: 2, height: 2, indices: [2, 2, 2, 2], disposal: 3))
        gif.frames.append(.init(x: 2, y: 2, width: 2, height: 2, indices: [1, 1, 1, 1]))
        let frames = try Self.frames(of: gif.bytes())
        #expect(frames.count == 3)
        #expect(frames[1].pixel(x: 0, y: 0) == Self.blue)
        #expect(frames[2].pixel(x: 0, y: 0) == Self.red)
        #expect(frames[2].pixel(x: 1, y: 1) == Self.red)
        #expect(frames[2].pixel(x: 3, y: 3) == Self.green)
    }

    @Test func theTransparentIndexShowsTheCanvasUnderIt() throws {
        var gif = Self.redFirst()
        gif.frames.append(.init(width: 4, height: 4, indices: [UInt8](repeating: 3, count: 8) + [UInt8](repeating: 2, count: 8),
                                transparent: 3))
        let frames = try Self.frames(of: gif.bytes())
        #expect(frames[1].pixel(x: 0, y: 0) == Self.red)
        #expect(frames[1].pixel(x: 3, y: 1) == Self.red)
        #expect(frames[1].pixel(x: 0, y: 2) == Self.blue)
        // Alone on an empty canvas, the transparent index is transparent.
        var alone = GIFEncoder(width: 2, height: 1, palette: Self.palette)
        alone.frames.append(.init(width: 2, height: 1, indices: [3, 0], transparent: 3))
        let only = try Self.frames(of: alone.bytes())
        #expect(only[0].pixel(x: 0, y: 0) == Self.clear)
        #expect(only[0].pixel(x: 1, y: 0) == Self.red)
    }

    @Test func interlacedRowsLandWhereTheyBelong() throws {
        // Eleven rows of one pixel: row r has index r % 3; the file stores them in the four passes' order.
        let indices = (0..<11).map { UInt8($0 % 3) }
        var gif = GIFEncoder(width: 1, height: 11, palette: Self.palette)
        gif.frames.append(.init(width: 1, height: 11, indices: indices, interlaced: true))
        #expect(GIFEncoder.fileOrder(gif.frames[0]) != indices)
        let frame = try #require(try Self.frames(of: gif.bytes()).first)
        let colours = [Self.red, Self.green, Self.blue]
        for row in 0..<11 { #expect(frame.pixel(x: 0, y: row) == colours[row % 3], "row \(row)") }
    }

    @Test func aLocalColourTableIsUsedForItsFrameOnly() throws {
        var gif = Self.redFirst()
        gif.frames.append(.init(width: 1, height: 1, indices: [0], palette: [(0, 0, 255)]))
        gif.frames.append(.init(x: 1, width: 1, height: 1, indices: [0]))
        let frames = try Self.frames(of: gif.bytes())
        #expect(frames[1].pixel(x: 0, y: 0) == Self.blue)
        #expect(frames[2].pixel(x: 1, y: 0) == Self.red)
    }

    @Test func delaysAndTheLoopCountComeFromTheBlocks() throws {
        var gif = Self.redFirst()
        gif.frames[0].delay = 0
        gif.frames.append(.init(width: 1, height: 1, indices: [1], delay: 1))
        gif.frames.append(.init(width: 1, height: 1, indices: [2], delay: 25))
        gif.loopCount = 3
        let scan = try AnimationScan.read(gif.bytes()).get()
        #expect(scan.width == 4 && scan.height == 4)
        #expect(scan.delays == [0, 10, 250])
        #expect(scan.loopCount == 3)
        #expect(!scan.truncated)
        #expect(scan.pacing.delays == [100, 100, 250])
        #expect(try Self.frames(of: gif.bytes()).map(\.delay) == [0, 10, 250])
        gif.loopCount = nil
        #expect(try AnimationScan.read(gif.bytes()).get().loopCount == 1)
    }

    @Test func rewindPlaysTheSameFramesAgain() throws {
        var gif = Self.redFirst(disposal: 2)
        gif.frames.append(.init(x: 1, y: 1, width: 2, height: 2, indices: [1, 1, 1, 1]))
        let decoder = try AnimationDecoder.open(gif.bytes()).get()
        var first: [AnimationFrame] = []
        while let frame = try decoder.next().get() { first.append(frame) }
        #expect(decoder.rewind() == nil)
        var second: [AnimationFrame] = []
        while let frame = try decoder.next().get() { second.append(frame) }
        #expect(first == second)
        #expect(first.count == 2)
    }

    @Test func aCutFileKeepsItsGoodFramesAndReportsOnce() throws {
        var gif = Self.redFirst()
        gif.frames.append(.init(width: 4, height: 4, indices: [UInt8](repeating: 1, count: 16)))
        gif.frames.append(.init(width: 4, height: 4, indices: [UInt8](repeating: 2, count: 16)))
        let whole = gif.bytes()
        let cut = Array(whole.prefix(whole.count - 6)) // inside the third frame's data
        let scan = try AnimationScan.read(cut).get()
        #expect(scan.delays.count == 2)
        #expect(scan.truncated)
        let decoder = try AnimationDecoder.open(cut).get()
        #expect(try decoder.next().get()?.pixel(x: 0, y: 0) == Self.red)
        #expect(try decoder.next().get()?.pixel(x: 0, y: 0) == Self.green)
        guard case .failure(.undecodable(let reason)) = decoder.next() else {
            Issue.record("the cut frame is not reported")
            return
        }
        #expect(reason.contains("frame 3"))
        #expect(try decoder.next().get() == nil)
        #expect(decoder.rewind() == nil)
        #expect(try decoder.next().get() != nil)
        #expect(try decoder.next().get() != nil)
        #expect(try decoder.next().get() == nil, "reported once, not on every pass")
        #expect(decoder.frameCount == 2)
    }

    @Test func aBrokenFrameMidwayKeepsTheLastGoodOneAndReportsOnce() throws {
        var gif = Self.redFirst()
        // Code size 2, then codes that name table entries that do not exist yet.
        gif.frames.append(.init(width: 4, height: 4, indices: [], rawData: [2, 2, 0xFF, 0xFF, 0]))
        gif.frames.append(.init(width: 4, height: 4, indices: [UInt8](repeating: 2, count: 16)))
        let decoder = try AnimationDecoder.open(gif.bytes()).get()
        #expect(decoder.frameCount == 3)
        #expect(try decoder.next().get()?.pixel(x: 0, y: 0) == Self.red)
        guard case .failure(.undecodable) = decoder.next() else {
            Issue.record("the broken frame is not reported")
            return
        }
        #expect(decoder.frameCount == 1)
        #expect(try decoder.next().get() == nil)
        #expect(decoder.rewind() == nil)
        #expect(try decoder.next().get()?.pixel(x: 0, y: 0) == Self.red)
        #expect(try decoder.next().get() == nil)
    }
}
