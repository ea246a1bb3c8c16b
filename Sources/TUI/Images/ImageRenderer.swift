import CImages
import Engine
import ViewerCore

/// Decodes and converts a picture in this process, with the C library: what the helper process
/// does for each request (and what the tests call directly). Blocking: never on the main loop.
enum ImageRenderer {
    /// chafa rasterises each cell as 8 × 8 pixels: the decoded picture needs at least that many.
    static let pixelsPerCell = 8

    /// The picture at `request.path` as raw cells in the request's box, mode and fit.
    static func render(_ request: ImageRequest) -> Result<RawImageGrid, ImageProblem> {
        if let video = renderVideo(request) { return video }
        switch read(request.path) {
        case let .failure(failure): return .failure(failure)
        case let .success((file, header)):
            defer { var file = file; cimg_file_free(&file) }
            return convert(file: file, header: header, request: request)
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
        case let .success((file, _)):
            var file = file
            defer { cimg_file_free(&file) }
            var picture = cimg_picture()
            var status = cimg_status()
            guard cimg_decode(file.bytes, file.length, 1, 1, nil, &picture, &status) == 0 else {
                return ImageProblem(failedStatus: status)
            }
            cimg_picture_free(&picture)
            return nil
        }
    }

    private static func convert(file: cimg_file, header: cimg_header, request: ImageRequest)
        -> Result<RawImageGrid, ImageProblem> {
        let upright = header.orientation >= 5
            ? (width: Int(header.height), height: Int(header.width))
            : (width: Int(header.width), height: Int(header.height))
        let grid = request.fit.grid(width: upright.width, height: upright.height,
                                    columns: request.columns, rows: request.rows)
        let crop = request.fit.source(width: upright.width, height: upright.height,
                                      columns: grid.columns, rows: grid.rows)
        // Enough pixels that the part drawn still has 8 × 8 a cell after a scaled decode.
        let minimumWidth = (grid.columns * pixelsPerCell * upright.width + crop.width - 1) / crop.width
        let minimumHeight = (grid.rows * pixelsPerCell * upright.height + crop.height - 1) / crop.height
        var picture = cimg_picture()
        var status = cimg_status()
        var backdrop = request.backdrop.value
        guard cimg_decode(file.bytes, file.length, Int32(clamping: minimumWidth), Int32(clamping: minimumHeight),
                          &backdrop, &picture, &status) == 0 else {
            return .failure(ImageProblem(failedStatus: status))
        }
        defer { cimg_picture_free(&picture) }
        return cells(of: picture, grid: grid, request: request)
    }

    /// A decoded picture as the cells of `grid` (the request's fit, mode and backdrop).
    static func cells(of picture: cimg_picture, grid: (columns: Int, rows: Int), request: ImageRequest)
        -> Result<RawImageGrid, ImageProblem> {
        var picture = picture
        var status = cimg_status()
        let source = request.fit.source(width: Int(picture.width), height: Int(picture.height),
                                        columns: grid.columns, rows: grid.rows)
        let rect = cimg_rect(x: Int32(source.x), y: Int32(source.y), width: Int32(source.width),
                             height: Int32(source.height))
        var cells = [cimg_cell](repeating: cimg_cell(), count: grid.columns * grid.rows)
        var conversion = cimg_conversion_for(cimg_mode(UInt32(request.mode.rawValue)), request.backdrop.colors[0])
        let converted = cells.withUnsafeMutableBufferPointer { buffer in
            cimg_convert(&picture, rect, Int32(grid.columns), Int32(grid.rows), &conversion, buffer.baseAddress, &status)
        }
        guard converted == 0 else { return .failure(ImageProblem(failedStatus: status)) }
        return .success(RawImageGrid(columns: grid.columns, rows: grid.rows, cells: cells))
    }
}
