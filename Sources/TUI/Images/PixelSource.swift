import CImages
import Engine
import ViewerCore

/// What a pixel picture is drawn from (`ImageRenderer.renderPixels`): a still file read whole, decoded at the
/// smallest scale that keeps the pixels needed; or a moving picture's frame (a GIF's, a WebP's or a video's
/// canvas) through the helper's `AnimationCursor`, so that a kitty, sixel or iTerm2 frame is the frame the story's
/// clock named, as a symbols frame is (docs/IMAGES.md, "Moving pictures in pixels"). Owns the file's bytes.
final class PixelSource {
    /// A still picture's file and header, or a frame's canvas (valid until the cursor decodes again).
    private enum Origin {
        case file(cimg_file, cimg_header)
        case frame(cimg_animation_frame)
    }

    private var origin: Origin

    private init(_ origin: Origin) {
        self.origin = origin
    }

    deinit {
        if case .file(var file, _) = origin { cimg_file_free(&file) }
    }

    /// The source of `request`: its frame through `cursor` when the file is a moving picture (opened there and
    /// kept for the next frame), else the still file (frame 0 only).
    static func open(_ request: ImageRequest, cursor: inout AnimationCursor?) -> Result<PixelSource, ImageProblem> {
        let identity = FileIdentity(path: request.path)
        if let open = cursor, open.isOpen(on: request.path, identity: identity) {
            return open.frame(request.frame).map { PixelSource(.frame($0)) }
        }
        if let video = ImageRenderer.videoCheck(request.path) {
            if let problem = video { return .failure(problem) }
            return AnimationCursor.open(path: request.path, identity: identity).flatMap { opened in
                cursor = opened
                return opened.frame(request.frame).map { PixelSource(.frame($0)) }
            }
        }
        switch ImageRenderer.read(request.path) {
        case let .failure(failure): return .failure(failure)
        case let .success((file, header)):
            guard header.format == CIMG_FORMAT_GIF || header.format == CIMG_FORMAT_WEBP else {
                let source = PixelSource(.file(file, header))
                return request.frame == 0 ? .success(source)
                    : .failure(.undecodable("a still picture has no frame \(request.frame + 1)"))
            }
            defer { var file = file; cimg_file_free(&file) }
            let bytes = UnsafeBufferPointer(start: file.bytes, count: file.length)
            return AnimationCursor.open(path: request.path, identity: identity, bytes: bytes).flatMap { opened in
                cursor = opened
                return opened.frame(request.frame).map { PixelSource(.frame($0)) }
            }
        }
    }

    /// The picture's size upright (a JPEG's EXIF orientation applied; a frame is its canvas).
    var upright: (width: Int, height: Int) {
        switch origin {
        case let .file(_, header): return ImageRenderer.upright(header)
        case let .frame(frame): return (Int(frame.width), Int(frame.height))
        }
    }

    /// The picture upright and composited over `backdrop`, with at least `width` × `height` pixels (a JPEG may
    /// come at 1/2, 1/4, 1/8; a frame comes whole); the caller frees it.
    func decode(atLeast width: Int, _ height: Int, backdrop: ImageBackdrop) -> Result<cimg_picture, ImageProblem> {
        switch origin {
        case let .file(file, _):
            return ImageRenderer.decode(file, atLeast: width, height, backdrop: backdrop)
        case let .frame(frame):
            var picture = cimg_picture()
            var status = cimg_status()
            var value = backdrop.value
            guard cimg_picture_from_canvas(frame.pixels, frame.width, frame.height, &value, &picture, &status) == 0 else {
                return .failure(ImageProblem(failedStatus: status))
            }
            return .success(picture)
        }
    }
}
