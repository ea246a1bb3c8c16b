import CImages
import Engine

/// What a GIF's or WebP's blocks say, read without decoding a pixel (`cimg_animation_scan`): the canvas, each
/// frame's stored delay, the loop count, and whether the file ends inside a frame. Every limit is applied.
struct AnimationScan: Sendable, Equatable {
    let width: Int
    let height: Int
    /// Each complete frame's delay as stored, in milliseconds (`AnimationPacing` makes them play).
    let delays: [Int]
    /// 0: for ever.
    let loopCount: Int
    let truncated: Bool

    /// Scans `bytes`: the scan, or why the file cannot be shown (a canvas or frame over 40 megapixels, more than
    /// 10 000 frames, no frame at all, not a GIF or WebP).
    static func read(_ bytes: [UInt8]) -> Result<AnimationScan, ImageProblem> {
        bytes.withUnsafeBufferPointer { read($0) }
    }

    /// As `read(_:)`, from bytes in memory (a file buffer, not copied).
    static func read(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<AnimationScan, ImageProblem> {
        var info = cimg_animation_info()
        var status = cimg_status()
        var delays = [Int32](repeating: 0, count: Int(CIMG_MAX_FRAMES))
        let result = delays.withUnsafeMutableBufferPointer { delayBuffer in
            cimg_animation_scan(buffer.baseAddress, buffer.count, &info, delayBuffer.baseAddress, CIMG_MAX_FRAMES,
                                &status)
        }
        guard result == 0 else { return .failure(ImageProblem(failedStatus: status)) }
        return .success(AnimationScan(width: Int(info.width), height: Int(info.height),
                                      delays: delays.prefix(Int(info.frame_count)).map(Int.init),
                                      loopCount: Int(info.loop_count), truncated: info.truncated != 0))
    }

    /// The story clock's pacing of these frames.
    var pacing: AnimationPacing { AnimationPacing(storedDelays: delays) }
}
