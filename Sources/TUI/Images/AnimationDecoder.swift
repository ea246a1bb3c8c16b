import CImages
import Engine

/// A GIF, WebP or video decoded a frame at a time (`cimg_animation_*`): memory bounded by the canvas, whatever the
/// number of frames. Blocking and run in the helper process only (the libraries are opened there); not yet wired to the
/// viewer (docs/IMAGES.md, "Moving pictures").
final class AnimationDecoder {
    /// The file's bytes, which the C decoder reads until it is closed (nil: it reads the file itself).
    private let bytes: UnsafeMutableBufferPointer<UInt8>?
    private let animation: OpaquePointer
    let width: Int
    let height: Int

    /// Opens a decoder on a copy of `bytes`, or says why the file cannot be shown (every limit of the scan applies).
    static func open(_ bytes: [UInt8]) -> Result<AnimationDecoder, ImageProblem> {
        bytes.withUnsafeBufferPointer { open($0) }
    }

    /// As `open(_:)`, from bytes in memory (the helper's file buffer): one copy, however they are held.
    static func open(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<AnimationDecoder, ImageProblem> {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = copy.initialize(from: bytes)
        var animation: OpaquePointer?
        var info = cimg_animation_info()
        var status = cimg_status()
        guard cimg_animation_open(copy.baseAddress, bytes.count, &animation, &info, &status) == 0,
              let animation else {
            copy.deallocate()
            return .failure(ImageProblem(videoStatus: status))
        }
        return .success(AnimationDecoder(bytes: copy, animation: animation, info: info))
    }

    /// Opens a decoder on the file at `path`: a video is read as its frames are decoded (up to 4 GiB), a GIF or WebP
    /// read whole (up to 32 MiB).
    static func open(path: String) -> Result<AnimationDecoder, ImageProblem> {
        var animation: OpaquePointer?
        var info = cimg_animation_info()
        var status = cimg_status()
        guard cimg_animation_open_file(path, &animation, &info, &status) == 0, let animation else {
            return .failure(ImageProblem(videoStatus: status))
        }
        return .success(AnimationDecoder(bytes: nil, animation: animation, info: info))
    }

    private init(bytes: UnsafeMutableBufferPointer<UInt8>?, animation: OpaquePointer, info: cimg_animation_info) {
        self.bytes = bytes
        self.animation = animation
        width = Int(info.width)
        height = Int(info.height)
    }

    deinit {
        cimg_animation_close(animation)
        bytes?.deallocate()
    }

    /// The frames that can be shown: all of them, or those before the first that failed to decode.
    var frameCount: Int { Int(cimg_animation_frame_count(animation)) }

    /// The next frame; nil after the last (then `rewind`); a failure once, for a frame that cannot be decoded,
    /// after which the animation ends before it.
    func next() -> Result<AnimationFrame?, ImageProblem> {
        advance().map { frame in
            frame.map { frame in
                let count = Int(frame.width) * Int(frame.height) * 4
                let pixels = frame.pixels.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
                return AnimationFrame(index: Int(frame.index), delay: Int(frame.delay_ms),
                                      width: Int(frame.width), height: Int(frame.height), pixels: pixels)
            }
        }
    }

    /// As `next()`, without copying the canvas: the frame's pixels are the decoder's, valid until the next call
    /// on it (the helper converts them at once: a 40-megapixel canvas is not copied twice).
    func advance() -> Result<cimg_animation_frame?, ImageProblem> {
        var frame = cimg_animation_frame()
        var status = cimg_status()
        switch cimg_animation_next(animation, &frame, &status) {
        case 1: return .success(frame)
        case 0: return .success(nil)
        default: return .failure(ImageProblem(failedStatus: status))
        }
    }

    /// Starts again at the first frame.
    func rewind() -> ImageProblem? {
        var status = cimg_status()
        return cimg_animation_rewind(animation, &status) == 0 ? nil : ImageProblem(failedStatus: status)
    }
}
