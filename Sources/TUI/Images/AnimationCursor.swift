import CImages
import Engine

/// The helper's moving picture kept open from one job to the next, so that frames asked for in order (0, 1, 2,
/// …, then 0 again) cost one decode each: memory stays the decoder's canvas and the file's bytes, whatever the
/// number of frames (docs/IMAGES.md, "Moving pictures"). A frame before the last one given rewinds; a frame
/// further on decodes the ones between (at most `CIMG_MAX_FRAMES`, within the job's CPU limit).
final class AnimationCursor {
    let path: String
    /// The file's version it was opened on: another version opens a new cursor.
    let identity: FileIdentity?
    private let decoder: AnimationDecoder
    /// The last frame decoded (its pixels the decoder's canvas, valid until the next decode), and the index of
    /// the one `decoder.advance()` gives.
    private var current: cimg_animation_frame?
    private var nextIndex = 0

    /// A cursor on the file's bytes (already read within 32 MiB).
    static func open(path: String, identity: FileIdentity?, bytes: UnsafeBufferPointer<UInt8>)
        -> Result<AnimationCursor, ImageProblem> {
        AnimationDecoder.open(bytes).map { AnimationCursor(path: path, identity: identity, decoder: $0) }
    }

    /// A cursor on a video, read from its file as its frames are decoded (up to 4 GiB).
    static func open(path: String, identity: FileIdentity?) -> Result<AnimationCursor, ImageProblem> {
        AnimationDecoder.open(path: path).map { AnimationCursor(path: path, identity: identity, decoder: $0) }
    }

    private init(path: String, identity: FileIdentity?, decoder: AnimationDecoder) {
        self.path = path
        self.identity = identity
        self.decoder = decoder
    }

    /// Whether this cursor is on the file at `path` as it is now.
    func isOpen(on path: String, identity: FileIdentity?) -> Bool {
        self.path == path && identity != nil && self.identity == identity
    }

    /// The frame at `index` (0-based), or why it cannot be shown: a frame that cannot be decoded fails once, as
    /// `AnimationDecoder.next` does; a frame past the end (the animation ended early) is `undecodable`.
    func frame(_ index: Int) -> Result<cimg_animation_frame, ImageProblem> {
        if let current, Int(current.index) == index { return .success(current) }
        if index < nextIndex {
            if let problem = decoder.rewind() { return .failure(problem) }
            nextIndex = 0
            current = nil
        }
        while nextIndex <= index {
            switch decoder.advance() {
            case .success(let frame?):
                nextIndex += 1
                current = frame
            case .success(nil):
                return .failure(.undecodable("the animation has no frame \(index + 1)"))
            case .failure(let problem):
                return .failure(problem)
            }
        }
        guard let current else { return .failure(.undecodable("the animation has no frame \(index + 1)")) }
        return .success(current)
    }
}
