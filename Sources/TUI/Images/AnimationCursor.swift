import CImages
import Engine
import ViewerCore

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
    /// What the last frame converted to cells left for the next (`cimg_convert_frame`): its pixels at 8 × 8 a
    /// cell and its cells, so that only the cells that changed are converted again.
    private var frameMemory: OpaquePointer?
    /// The cells chafa drew for the last frame converted (the others were the frame before's).
    private(set) var cellsConverted = 0

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

    deinit { cimg_frame_memory_free(frameMemory) }

    /// `picture` (a frame of this cursor's, composited) as the cells of `grid`, converting only the cells whose
    /// pixels differ from the last frame converted here in the same box and conversion (docs/IMAGES.md, "Cells that
    /// did not change").
    func cells(of picture: cimg_picture, grid: (columns: Int, rows: Int), request: ImageRequest)
        -> Result<RawImageGrid, ImageProblem> {
        var picture = picture
        var status = cimg_status()
        var conversion = ImageRenderer.conversion(for: request)
        let rect = ImageRenderer.sourceRect(of: picture, grid: grid, request: request)
        var cells = [cimg_cell](repeating: cimg_cell(), count: grid.columns * grid.rows)
        var converted: Int32 = 0
        let result = cells.withUnsafeMutableBufferPointer { buffer in
            cimg_convert_frame(&picture, rect, Int32(grid.columns), Int32(grid.rows), &conversion, &frameMemory,
                               buffer.baseAddress, &converted, &status)
        }
        guard result == 0 else { return .failure(ImageProblem(failedStatus: status)) }
        cellsConverted = Int(converted)
        return .success(RawImageGrid(columns: grid.columns, rows: grid.rows, cells: cells))
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
