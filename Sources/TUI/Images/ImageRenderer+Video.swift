import CImages
import Engine
import ViewerCore

extension ImageRenderer {
    /// Whether the file at `path` is a video (by its first bytes, with no library: `cimg_video_file_check`): nil for
    /// another file, else the video's check (a video over 4 GiB is refused here).
    static func videoCheck(_ path: String) -> ImageProblem?? {
        var status = cimg_status()
        switch cimg_video_file_check(path, &status) {
        case 1: return .some(nil)
        case 0: return nil
        default: return .some(ImageProblem(videoStatus: status))
        }
    }

    /// `--check`'s question about a video, asked in the helper: the container read (a video stream, a known length,
    /// the size and length within `VideoLimits`) and its first frame decoded. Nil when `path` is not a video; else
    /// `.some(nil)` when it plays, or why not.
    static func verifyVideo(_ path: String) -> ImageProblem?? {
        guard let check = videoCheck(path) else { return nil }
        if let problem = check { return .some(problem) }
        switch firstFrame(path) {
        case .success: return .some(nil)
        case let .failure(problem): return .some(problem)
        }
    }

    /// A video's first frame as cells, as a still picture is drawn (the frames that follow are the animation's, played
    /// by the helper's frame job): `cimg_video_first_frame`, which reads no packet ahead, so a redraw of a large clip
    /// costs one frame. Nil when `request.path` is not a video.
    static func renderVideo(_ request: ImageRequest) -> Result<RawImageGrid, ImageProblem>? {
        var cursor: AnimationCursor?
        return renderVideo(request, identity: FileIdentity(path: request.path), cursor: &cursor)
    }

    /// As `renderVideo(_:)`; a later frame opens `cursor` on the file (the helper keeps it for the frames that
    /// follow: a clip is read as it plays, never whole).
    static func renderVideo(_ request: ImageRequest, identity: FileIdentity?, cursor: inout AnimationCursor?)
        -> Result<RawImageGrid, ImageProblem>? {
        guard let check = videoCheck(request.path) else { return nil }
        if let problem = check { return .failure(problem) }
        if request.frame > 0 {
            switch AnimationCursor.open(path: request.path, identity: identity) {
            case let .failure(failure): return .failure(failure)
            case let .success(opened):
                cursor = opened
                return convert(opened.frame(request.frame), request: request, cursor: opened)
            }
        }
        var picture = cimg_picture()
        var status = cimg_status()
        guard cimg_video_first_frame(request.path, &picture, &status) == 0 else {
            return .failure(ImageProblem(videoStatus: status))
        }
        defer { cimg_picture_free(&picture) }
        let grid = request.fit.grid(width: Int(picture.width), height: Int(picture.height),
                                    columns: request.columns, rows: request.rows)
        return cells(of: picture, grid: grid, request: request)
    }

    /// The video's first frame (every limit of its scan applied), or why it cannot be played.
    private static func firstFrame(_ path: String) -> Result<AnimationFrame, ImageProblem> {
        switch AnimationDecoder.open(path: path) {
        case let .failure(problem): return .failure(problem)
        case let .success(decoder):
            switch decoder.next() {
            case let .success(frame?): return .success(frame)
            case .success(nil): return .failure(.undecodable("the video has no frame that can be decoded"))
            case let .failure(problem): return .failure(problem)
            }
        }
    }
}
