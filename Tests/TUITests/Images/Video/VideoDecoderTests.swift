import CImages
import Engine
import Foundation
import Testing
@testable import TUI
@testable import ViewerCore

/// Video through FFmpeg's libraries behind `cimg_animation_*`: the example clip and a WebM give their frames in order
/// with their delays from the presentation times, loop by rewinding, and are told by their bytes.
@Suite("Video decoder")
struct VideoDecoderTests {
    /// Every frame of one run of `decoder`.
    static func run(_ decoder: AnimationDecoder) throws -> [AnimationFrame] {
        var frames: [AnimationFrame] = []
        while let frame = try decoder.next().get() {
            frames.append(frame)
            guard frames.count <= VideoLimits.maximumFrames else { break }
        }
        return frames
    }

    @Test func theExampleClipGivesTwentyFramesAtItsPresentationTimes() throws {
        let scan = try AnimationScan.read(videoAt: VideoFixtures.clip).get()
        #expect(scan.width == 480 && scan.height == 270)
        #expect(scan.delays == Array(repeating: 100, count: 20), "10 fps: 100 ms a frame from the PTS")
        #expect(scan.loopCount == 0 && !scan.truncated)
        #expect(scan.pacing.storyLength == 2, "a story without duration lasts one run: 2 s")
        let decoder = try AnimationDecoder.open(path: VideoFixtures.clip).get()
        #expect(decoder.width == 480 && decoder.height == 270)
        let frames = try Self.run(decoder)
        #expect(frames.map(\.index) == Array(0..<20))
        #expect(frames.map(\.delay) == scan.delays)
        #expect(frames.allSatisfy { $0.width == 480 && $0.height == 270 && $0.pixels.count == 480 * 270 * 4 })
        // SMPTE bars: 75 % grey at the left of the top part, opaque.
        let first = frames[0].pixel(x: 10, y: 60)
        #expect(first[3] == 255 && first[0...2].allSatisfy { (178...202).contains($0) }, "\(first)")
        // The bars move left a twentieth of the width a frame: what is at x = 10 changes.
        #expect(Set(frames.map { $0.pixel(x: 10, y: 60) }).count > 3)
        #expect(decoder.rewind() == nil)
        #expect(try decoder.next().get() == frames[0], "after rewind, the first frame again, the same pixels")
    }

    @Test("30 fps (a time scale of 30): delays of 33 and 34 ms, each frame within half a millisecond of its time, a run of 30 frames 1 s long")
    func thirtyFramesASecondKeepTheirTimes() throws {
        let path = VideoFixtures.write(MP4Writer(frames: 90, delay: 1, timescale: 30).bytes(), named: "thirty.mp4")
        defer { unlink(path) }
        let scan = try AnimationScan.read(videoAt: path).get()
        #expect(scan.delays.count == 90 && Set(scan.delays).isSubset(of: [33, 34]), "\(Set(scan.delays))")
        var start = 0
        for (index, delay) in scan.delays.enumerated() {
            start += delay
            #expect(abs(Double(start) - Double(index + 1) * 1000 / 30) <= 0.5, "frame \(index + 1) starts at \(start) ms")
        }
        #expect(start == 3000, "three runs of a second, not 2970 ms (1 % fast, as delays of 33 each played)")
    }

    @Test func theClipsBytesDecodeAsItsFileDoes() throws {
        let bytes = try VideoFixtures.bytes(VideoFixtures.clip)
        #expect(try AnimationScan.read(video: bytes).get().delays.count == 20)
        let fromBytes = try Self.run(try AnimationDecoder.open(bytes).get())
        let fromFile = try Self.run(try AnimationDecoder.open(path: VideoFixtures.clip).get())
        #expect(fromBytes == fromFile)
    }

    @Test func aWebMPlaysToo() throws {
        let path = VideoFixtures.fixture("bars.webm")
        let scan = try AnimationScan.read(videoAt: path).get()
        #expect(scan.width == 480 && scan.height == 270)
        #expect(scan.delays == Array(repeating: 100, count: 20))
        let frames = try Self.run(try AnimationDecoder.open(path: path).get())
        #expect(frames.count == 20)
        let first = frames[0].pixel(x: 10, y: 60)
        #expect(first[0...2].allSatisfy { (178...202).contains($0) }, "\(first)")
    }

    @Test func videosAreToldByTheirBytes() throws {
        let clip = try VideoFixtures.bytes(VideoFixtures.clip)
        let webm = try VideoFixtures.bytes(VideoFixtures.fixture("bars.webm"))
        let recognised = { (bytes: [UInt8]) in cimg_video_recognise(bytes, bytes.count) == 1 }
        #expect(recognised(clip) && recognised(webm))
        #expect(recognised([0, 0, 0, 8] + Array("moov".utf8)))
        #expect(!recognised(Array("GIF89a".utf8) + [0, 0]))
        #expect(!recognised([0x89] + Array("PNG\r\n\u{1A}\n".utf8)))
        #expect(!recognised([]) && !recognised([0x1A, 0x45, 0xDF]))
        // A still picture's path is not taken for a video.
        #expect(cimg_animation_recognise(clip, clip.count) == 0)
    }

    @Test func theCLimitsAreVideoLimits() {
        #expect(Int64(CIMG_MAX_VIDEO_BYTES) == VideoLimits.maximumFileSize)
        #expect(Int(CIMG_MAX_VIDEO_SIDE) == VideoLimits.maximumSide)
        #expect(Int(CIMG_MAX_VIDEO_MS) == VideoLimits.maximumLength * 1000)
        #expect(Int(CIMG_MAX_VIDEO_FRAMES) == VideoLimits.maximumFrames)
    }

    @Test func aVideoStoryShowsItsFirstFrameAsCells() throws {
        let request = ImageRequest(path: VideoFixtures.clip, columns: 40, rows: 12, mode: .truecolor, fit: .contain)
        let grid = try #require(try ImageRenderer.renderVideo(request)?.get())
        #expect(grid.columns == 40 && (10...12).contains(grid.rows), "16:9 in 40 columns, a cell twice as tall as wide")
        #expect(ImageRenderer.verifyVideo(VideoFixtures.clip) == .some(nil))
        #expect(ImageRenderer.verifyVideo(VideoFixtures.fixture("../Animation/timestamps.webp")) == nil,
                "not a video: the picture path answers")
    }
}
