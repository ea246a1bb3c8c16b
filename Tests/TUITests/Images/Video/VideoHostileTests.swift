import CImages
import Engine
import Foundation
import Testing
@testable import TUI
@testable import ViewerCore

/// Hostile and broken videos: each is refused with its own problem or bounded, never a hang or a crash (issue 23:
/// a zero-length file, a stream of sound only, a 1e9 s claim, a damaged packet mid-way, a cut file, a picture wider
/// than 8192 px, a file over 4 GiB).
@Suite("Video hostile files")
struct VideoHostileTests {
    @Test func aFileOfSoundOnlyHasNoVideoStream() {
        let path = VideoFixtures.fixture("sound-only.mkv")
        #expect(VideoFixtures.problem(AnimationScan.read(videoAt: path)) == .noVideoStream)
        #expect(VideoFixtures.problem(AnimationDecoder.open(path: path)) == .noVideoStream)
        #expect(ImageRenderer.verifyVideo(path) == .some(.noVideoStream))
    }

    @Test func aZeroLengthFileIsNotAVideo() {
        let path = VideoFixtures.write([], named: "empty.mp4")
        #expect(VideoFixtures.problem(AnimationDecoder.open(path: path)) == .notAnImage)
        #expect(VideoFixtures.problem(AnimationScan.read(video: [])) == .notAnImage)
        #expect(ImageInspector.checkFile(path) == .notAnImage)
    }

    @Test func aClaimOfAThousandMillionSecondsIsRefused() throws {
        let path = VideoFixtures.write(try VideoFixtures.claimingLength(1_000_000_000), named: "long.mp4")
        let tooLong = ImageProblem.videoTooLong(seconds: 1_000_000_000, limitSeconds: VideoLimits.maximumLength)
        #expect(VideoFixtures.problem(AnimationScan.read(videoAt: path)) == tooLong)
        #expect(VideoFixtures.problem(AnimationDecoder.open(path: path)) == tooLong)
        let request = ImageRequest(path: path, columns: 40, rows: 12, mode: .truecolor, fit: .contain)
        #expect(ImageRenderer.renderVideo(request).map(VideoFixtures.problem) == .some(tooLong),
                "the first frame alone is refused by the claim too")
        #expect(tooLong.message(in: .english) == "the video is too long (1000000000 s; a video may last at most 600 s)")
        #expect(tooLong.message(in: .spanish) == "el vídeo es demasiado largo (1000000000 s; un vídeo puede durar como máximo 600 s)")
    }

    @Test func aDamagedPacketMidwayEndsTheVideoBeforeItReportedOnce() throws {
        let path = VideoFixtures.write(try VideoFixtures.damagedMidway(), named: "damaged.mp4")
        let decoder = try AnimationDecoder.open(path: path).get()
        var good: [AnimationFrame] = []
        var failures: [ImageProblem] = []
        for _ in 0..<40 {
            switch decoder.next() {
            case let .success(frame?): good.append(frame)
            case .success(nil): break
            case let .failure(problem): failures.append(problem)
            }
        }
        #expect(failures.count == 1, "\(failures)")
        #expect((1..<20).contains(good.count), "the frames before the damaged one: \(good.count)")
        #expect(decoder.frameCount == good.count)
        #expect(decoder.rewind() == nil)
        let again = try VideoDecoderTests.run(decoder)
        #expect(again.count == good.count, "the next run ends before it too, without reporting again")
        #expect(again.first == good.first)
        // Its first frame is good: the still picture of the story is drawn.
        let request = ImageRequest(path: path, columns: 40, rows: 12, mode: .truecolor, fit: .contain)
        #expect(ImageRenderer.renderVideo(request).map(VideoFixtures.problem) == .some(nil))
    }

    @Test func aCutFilePlaysWhatItHasAndEveryCutEnds() throws {
        let whole = try VideoFixtures.bytes(VideoFixtures.clip)
        let cut = Array(whole.prefix(whole.count * 8 / 10))
        let decoder = try AnimationDecoder.open(cut).get()
        var frames = 0
        var failures = 0
        for _ in 0..<40 {
            switch decoder.next() {
            case .success(.some): frames += 1
            case .success(nil): break
            case .failure: failures += 1
            }
        }
        #expect((1..<20).contains(frames) && failures == 1, "\(frames) frames, \(failures) failures")
        // Every cut, a step at a time: opened and played to its end, or refused; nothing hangs or crashes.
        for length in stride(from: 0, to: whole.count, by: 211) {
            guard case let .success(decoder) = AnimationDecoder.open(Array(whole.prefix(length))) else { continue }
            var steps = 0
            while steps < 60, (try? decoder.next().get()) ?? nil != nil { steps += 1 }
            #expect(steps < 60)
        }
    }

    @Test("more than 36 000 frames is tooManyFrames at the video key, as a GIF over 10 000 is; 36 000 are fine")
    func moreThan36000FramesAreTooMany() throws {
        // 10 ms frames: 360 s, within the 10 minutes, so the frame count is what refuses it.
        let path = VideoFixtures.write(MP4Writer(frames: VideoLimits.maximumFrames + 1).bytes(), named: "many.mp4")
        let problem = ImageProblem.tooManyFrames(limit: VideoLimits.maximumFrames)
        #expect(VideoFixtures.problem(AnimationScan.read(videoAt: path)) == problem)
        #expect(VideoFixtures.problem(AnimationDecoder.open(path: path)) == problem)
        #expect(ImageRenderer.verifyVideo(path) == .some(problem))
        #expect(problem.message(in: .english) == "too many frames (a moving picture may have at most 36000)")
        // Through the helper, as `--check` and the viewer's scan get it.
        let reply = ImageWire.reply(.failed(problem), id: 7)
        guard case .failed(problem)? = ImageWire.parseReply(Array(reply.dropFirst(4)))?.outcome else {
            Issue.record("the video's frame limit did not cross the wire")
            return
        }
        let exactly = VideoFixtures.write(MP4Writer(frames: VideoLimits.maximumFrames).bytes(), named: "exactly.mp4")
        let scan = try AnimationScan.read(videoAt: exactly).get()
        #expect(scan.delays.count == VideoLimits.maximumFrames)
        #expect(scan.delays.allSatisfy { $0 == 10 })
        #expect(scan.width == 1 && scan.height == 1)
    }

    @Test func aPictureWiderThan8192PixelsIsRefused() {
        let path = VideoFixtures.fixture("wide.webm")
        let problem = ImageProblem.tooManyPixels(width: 8200, height: 16, limitMegapixels: ImageLimits.maximumMegapixels)
        #expect(VideoFixtures.problem(AnimationScan.read(videoAt: path)) == problem)
        #expect(ImageRenderer.verifyVideo(path) == .some(problem))
    }

    @Test func aFileOver4GiBIsRefusedBeforeItIsRead() throws {
        let path = VideoFixtures.write(try VideoFixtures.bytes(VideoFixtures.clip), named: "huge.mp4")
        // Sparse: no disk space is used past the clip.
        let size = VideoLimits.maximumFileSize + 1
        #expect(truncate(path, off_t(size)) == 0)
        defer { unlink(path) }
        let problem = ImageProblem.fileTooLarge(bytes: Int(size), limit: Int(VideoLimits.maximumFileSize))
        #expect(VideoFixtures.problem(AnimationDecoder.open(path: path)) == problem)
        #expect(ImageInspector.checkFile(path) == problem)
        #expect(problem.message(in: .english) == "the file is too large (\(size) bytes; at most 4 GiB)")
    }
}
