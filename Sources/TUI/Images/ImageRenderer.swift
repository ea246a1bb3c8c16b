import CImages
import Engine
import ViewerCore

/// Decodes and converts a picture in this process, with the C library: what the helper process
/// does for each request (and what the tests call directly). Blocking: never on the main loop.
enum ImageRenderer {
    /// chafa rasterises each cell as 8 × 8 pixels: the decoded picture needs at least that many.
    static let pixelsPerCell = 8

    /// The picture at `request.path` as raw cells in the request's box, mode and fit (a GIF's or WebP's frame
    /// `request.frame`).
    static func render(_ request: ImageRequest) -> Result<RawImageGrid, ImageProblem> {
        var cursor: AnimationCursor?
        return render(request, cursor: &cursor)
    }

    /// As `render(_:)`, keeping a moving picture open in `cursor` for the next frame (the helper's loop): a run
    /// of frames of the file as it is now reads it once.
    static func render(_ request: ImageRequest, cursor: inout AnimationCursor?) -> Result<RawImageGrid, ImageProblem> {
        let identity = FileIdentity(path: request.path)
        if let open = cursor, open.isOpen(on: request.path, identity: identity) {
            return convert(open.frame(request.frame), request: request, cursor: open)
        }
        if let video = renderVideo(request, identity: identity, cursor: &cursor) { return video }
        switch read(request.path) {
        case let .failure(failure): return .failure(failure)
        case let .success((file, header)):
            defer { var file = file; cimg_file_free(&file) }
            guard header.format == CIMG_FORMAT_GIF || header.format == CIMG_FORMAT_WEBP else {
                return request.frame == 0 ? convert(file: file, header: header, request: request)
                    : .failure(.undecodable("a still picture has no frame \(request.frame + 1)"))
            }
            switch AnimationCursor.open(path: request.path, identity: identity,
                                        bytes: UnsafeBufferPointer(start: file.bytes, count: file.length)) {
            case let .failure(failure): return .failure(failure)
            case let .success(opened):
                cursor = opened
                return convert(opened.frame(request.frame), request: request, cursor: opened)
            }
        }
    }

    /// A moving picture's frame (the whole canvas) as cells: composited as a still picture is, and converted
    /// through `cursor`'s memory of the frame before, so that only the cells whose pixels changed are converted
    /// again (`cimg_convert_frame`; docs/IMAGES.md, "Cells that did not change").
    static func convert(_ frame: Result<cimg_animation_frame, ImageProblem>, request: ImageRequest,
                        cursor: AnimationCursor) -> Result<RawImageGrid, ImageProblem> {
        switch frame {
        case let .failure(failure): return .failure(failure)
        case let .success(frame):
            var picture = cimg_picture()
            var status = cimg_status()
            var backdrop = request.backdrop.value
            let made = cimg_picture_from_canvas(frame.pixels, frame.width, frame.height, &backdrop, &picture, &status)
            guard made == 0 else { return .failure(ImageProblem(failedStatus: status)) }
            defer { cimg_picture_free(&picture) }
            let grid = request.fit.grid(width: Int(frame.width), height: Int(frame.height),
                                        columns: request.columns, rows: request.rows)
            return cursor.cells(of: picture, grid: grid, request: request)
        }
    }

    /// Reads a whole file and its header, applying every limit before anything is decoded.
    static func read(_ path: String) -> Result<(cimg_file, cimg_header), ImageProblem> {
        var file = cimg_file()
        var status = cimg_status()
        guard cimg_file_read(path, Int(CIMG_MAX_FILE_BYTES), &file, &status) == 0 else {
            return .failure(ImageProblem(failedStatus: status))
        }
        var header = cimg_header()
        guard cimg_header_read(file.bytes, file.length, 1, &header, &status) == 0 else {
            cimg_file_free(&file)
            return .failure(ImageProblem(failedStatus: status))
        }
        return .success((file, header))
    }

    /// Decodes the whole picture at the smallest scale (checks every byte the decoder reads): what
    /// `--check` asks of the helper. Nil when the picture can be shown.
    static func verify(_ path: String) -> ImageProblem? {
        if let video = verifyVideo(path) { return video }
        switch read(path) {
        case let .failure(failure): return failure
        case let .success((file, header)):
            var file = file
            defer { cimg_file_free(&file) }
            if header.format == CIMG_FORMAT_GIF || header.format == CIMG_FORMAT_WEBP {
                return verifyFrames(UnsafeBufferPointer(start: file.bytes, count: file.length))
            }
            var picture = cimg_picture()
            var status = cimg_status()
            guard cimg_decode(file.bytes, file.length, 1, 1, nil, &picture, &status) == 0 else {
                return ImageProblem(failedStatus: status)
            }
            cimg_picture_free(&picture)
            return nil
        }
    }

    /// Pixels of frames `verifyFrames` decodes at most (about 2 s on this machine): past them the frames are
    /// only scanned, as opening the decoder does.
    static let verifiedFramePixels = 200_000_000

    /// A moving picture's frames decoded one by one, as many as `verifiedFramePixels` allows (a frame that
    /// fails is the problem, its number in the words).
    private static func verifyFrames(_ bytes: UnsafeBufferPointer<UInt8>) -> ImageProblem? {
        switch AnimationDecoder.open(bytes) {
        case let .failure(failure): return failure
        case let .success(decoder):
            let frames = max(1, min(decoder.frameCount, verifiedFramePixels / max(decoder.width * decoder.height, 1)))
            for _ in 0..<frames {
                switch decoder.advance() {
                case .success(.some): continue
                case .success(nil): return nil
                case let .failure(failure): return failure
                }
            }
            // A file cut inside a frame says so after its last complete one.
            if frames == decoder.frameCount, case let .failure(failure) = decoder.advance() { return failure }
            return nil
        }
    }

    /// The picture's size as shown: its EXIF orientation 5 to 8 turns it a quarter.
    static func upright(_ header: cimg_header) -> (width: Int, height: Int) {
        header.orientation >= 5 ? (width: Int(header.height), height: Int(header.width))
            : (width: Int(header.width), height: Int(header.height))
    }

    /// Decodes `file` upright and composited over the request's backdrop, at the smallest scale that keeps
    /// at least `width` × `height` pixels (a JPEG may come at 1/2, 1/4, 1/8); the caller frees it.
    static func decode(_ file: cimg_file, atLeast width: Int, _ height: Int, backdrop: ImageBackdrop)
        -> Result<cimg_picture, ImageProblem> {
        var picture = cimg_picture()
        var status = cimg_status()
        var value = backdrop.value
        guard cimg_decode(file.bytes, file.length, Int32(clamping: width), Int32(clamping: height), &value,
                          &picture, &status) == 0 else {
            return .failure(ImageProblem(failedStatus: status))
        }
        return .success(picture)
    }

    private static func convert(file: cimg_file, header: cimg_header, request: ImageRequest)
        -> Result<RawImageGrid, ImageProblem> {
        let upright = upright(header)
        let grid = request.fit.grid(width: upright.width, height: upright.height,
                                    columns: request.columns, rows: request.rows)
        let crop = request.fit.source(width: upright.width, height: upright.height,
                                      columns: grid.columns, rows: grid.rows)
        // Enough pixels that the part drawn still has 8 × 8 a cell after a scaled decode.
        let minimumWidth = (grid.columns * pixelsPerCell * upright.width + crop.width - 1) / crop.width
        let minimumHeight = (grid.rows * pixelsPerCell * upright.height + crop.height - 1) / crop.height
        return decode(file, atLeast: minimumWidth, minimumHeight, backdrop: request.backdrop).flatMap { picture in
            var picture = picture
            defer { cimg_picture_free(&picture) }
            return cells(of: picture, grid: grid, request: request)
        }
    }

    /// A decoded picture as the cells of `grid` (the request's fit, mode and backdrop).
    static func cells(of picture: cimg_picture, grid: (columns: Int, rows: Int), request: ImageRequest)
        -> Result<RawImageGrid, ImageProblem> {
        var picture = picture
        var status = cimg_status()
        let rect = sourceRect(of: picture, grid: grid, request: request)
        var cells = [cimg_cell](repeating: cimg_cell(), count: grid.columns * grid.rows)
        var conversion = self.conversion(for: request)
        let converted = cells.withUnsafeMutableBufferPointer { buffer in
            cimg_convert(&picture, rect, Int32(grid.columns), Int32(grid.rows), &conversion, buffer.baseAddress, &status)
        }
        guard converted == 0 else { return .failure(ImageProblem(failedStatus: status)) }
        return .success(RawImageGrid(columns: grid.columns, rows: grid.rows, cells: cells))
    }

    /// The part of `picture` drawn into `grid` (for `cover`, a centred crop).
    static func sourceRect(of picture: cimg_picture, grid: (columns: Int, rows: Int), request: ImageRequest) -> cimg_rect {
        let source = request.fit.source(width: Int(picture.width), height: Int(picture.height),
                                        columns: grid.columns, rows: grid.rows)
        return cimg_rect(x: Int32(source.x), y: Int32(source.y), width: Int32(source.width), height: Int32(source.height))
    }

    /// How `request` is converted: its mode's conversion (`cimg_conversion_for`); a moving picture's frame after
    /// the first on chafa's one thread, a playing one with a lighter search (`FrameQuality`).
    static func conversion(for request: ImageRequest) -> cimg_conversion {
        var conversion = cimg_conversion_for(cimg_mode(UInt32(request.mode.rawValue)), request.backdrop.colors[0])
        conversion.one_thread = request.frame > 0 ? 1 : 0
        conversion.work_factor = FrameQuality.workFactor(playing: request.playing)
        return conversion
    }
}
