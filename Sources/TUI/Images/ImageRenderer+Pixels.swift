import CImages
import Engine
import ViewerCore

/// A pixel picture from the helper: the cells it covers (its box's centre by whole cells, as the
/// symbols' grid) and the terminal's bytes that draw it at the cursor: for sixel and iTerm2, bands of
/// `bandRows` cell rows (`PixelPayload.bandRows`; 0: one sequence), for sixel each cut into tiles of
/// `bandColumns` cell columns (`PixelPayload.bandColumns`; 0: the whole width).
struct PixelPicture: Sendable {
    let columns: Int
    let rows: Int
    let bytes: [UInt8]
    var bandRows = 0
    var bandColumns = 0
}

extension ImageRenderer {
    /// The most pixels a pixel picture is scaled to (a 2560 × 1600 window), so that its bytes stay within
    /// the helper's reply and the terminal's time. Past it the picture is made smaller and kitty is told to
    /// scale it to its cells (`c=`, `r=`: it fills its box, as below the limit); iTerm2 always stretches it
    /// over its cells; a sixel is drawn pixel for pixel, so smaller, centred in its box by whole cells.
    static let maximumPixels = 4_096_000

    /// About the most pixels of a sixel or iTerm2 band (some tens to a few hundred kilobytes of sixel, below
    /// `PictureWriter.pieceBytes`): a picture at 80 × 24 is one or two bands, a full-screen one on a large
    /// window a dozen, which the writer sends a piece a frame.
    static let bandPixels = 131_072

    /// What a kitty picture by temporary file holds (`KittyTransmission.file`): zlib's RGB or RGBA, as sent
    /// directly, or the pixels as they are (Benchmarks/README.md, "Kitty pictures by file").
    static let kittyFileFormat = CIMG_KITTY_ZLIB_FILE

    /// About the most pixels of a sixel band or tile (docs/IMAGES.md, "Sixel tiles"): about 40 KB of dithered
    /// sixel, 10 ms of a slow terminal's 4 MB/s, so that a bar step queued behind one is still within its
    /// interval (a bar step cannot be written inside a DCS string: a tile is the smallest piece); more pieces
    /// cost bytes, as each repeats the colour registers it uses.
    static let sixelBandPixels = 32_768

    /// The cell rows of a band for a picture `width` pixels wide: as many as `bandPixels` (sixel:
    /// `sixelBandPixels`) allow, at least one; for sixel a multiple of the rows whose pixels are a multiple
    /// of 6 (a band is whole sixel rows and whole cell rows, so the next starts exactly at a cell).
    static func bandRows(_ graphicsProtocol: GraphicsProtocol, width: Int, cellHeight: Int) -> Int {
        guard width > 0, cellHeight > 0 else { return 0 }
        var common = 6, other = cellHeight
        while other != 0 { (common, other) = (other, common % other) }
        let unit = graphicsProtocol == .sixel ? 6 / common : 1
        let budget = graphicsProtocol == .sixel ? sixelBandPixels : bandPixels
        return max(unit, budget / (width * cellHeight) / unit * unit)
    }

    /// The cell columns of a sixel band's tiles for a picture `width` pixels wide in bands of `rows` cell
    /// rows: 0 (the band is the whole width) while a band is within `sixelBandPixels`; past it the fewest
    /// tiles of whole cells within it, of the same width but the last (the rest), each placed at its own
    /// column (`BandUpload`). There are `(picture's columns + tile's - 1) / tile's` tiles a band. Only sixel
    /// has tiles.
    static func bandColumns(_ graphicsProtocol: GraphicsProtocol, width: Int, rows: Int, cell: PixelSize) -> Int {
        guard graphicsProtocol == .sixel, width > 0, rows > 0, cell.width > 0, cell.height > 0 else { return 0 }
        let pixels = width * rows * cell.height
        guard pixels > sixelBandPixels else { return 0 }
        let tiles = (pixels + sixelBandPixels - 1) / sixelBandPixels
        let cells = (width + cell.width - 1) / cell.width
        let columns = (cells + tiles - 1) / tiles
        return columns < cells ? columns : 0
    }

    /// The picture at `request.path` in the terminal's own pixels (`request.pixels`): decoded at the
    /// smallest scale that still has the pixels needed, scaled to the box's pixels with the request's fit
    /// (`ImageFit.placement`), and encoded for kitty (zlib RGB or RGBA, image id `id`), sixel or iTerm2.
    static func renderPixels(_ request: ImageRequest, id: UInt32) -> Result<PixelPicture, ImageProblem> {
        var cursor: AnimationCursor?
        return renderPixels(request, id: id, cursor: &cursor)
    }

    /// As `renderPixels(_:id:)`, a moving picture's frame `request.frame` through `cursor` (kept open for the next).
    static func renderPixels(_ request: ImageRequest, id: UInt32, cursor: inout AnimationCursor?)
        -> Result<PixelPicture, ImageProblem> {
        guard let format = request.pixels else { return .failure(.undecodable("no pixel format")) }
        switch PixelSource.open(request, cursor: &cursor) {
        case let .failure(failure): return .failure(failure)
        case let .success(source):
            let upright = source.upright
            guard let placement = request.fit.placement(width: upright.width, height: upright.height,
                                                        columns: request.columns, rows: request.rows, cell: format.cell)
            else { return .failure(.undecodable("nothing to draw")) }
            var size = placement.size
            var covered = (columns: placement.columns, rows: placement.rows)
            let pixels = size.width * size.height
            let shrunk = pixels > maximumPixels
            if shrunk {
                let shrink = (Double(maximumPixels) / Double(pixels)).squareRoot()
                size = PixelSize(width: max(1, Int(Double(size.width) * shrink)), height: max(1, Int(Double(size.height) * shrink)))
                if format.graphicsProtocol == .sixel {
                    covered = ((size.width + format.cell.width - 1) / format.cell.width,
                               (size.height + format.cell.height - 1) / format.cell.height)
                }
            }
            // Enough decoded pixels that the part shown still has one for each pixel drawn.
            let minimumWidth = (size.width * upright.width + placement.source.width - 1) / placement.source.width
            let minimumHeight = (size.height * upright.height + placement.source.height - 1) / placement.source.height
            var picture: cimg_picture
            switch source.decode(atLeast: minimumWidth, minimumHeight, backdrop: request.backdrop) {
            case let .failure(failure): return .failure(failure)
            case let .success(decoded): picture = decoded
            }
            defer { cimg_picture_free(&picture) }
            var status = cimg_status()
            // The same crop in the decoded picture's pixels (a JPEG may come at 1/2, 1/4, 1/8).
            guard let decoded = request.fit.placement(width: Int(picture.width), height: Int(picture.height),
                                                      columns: request.columns, rows: request.rows, cell: format.cell)
            else { return .failure(.undecodable("nothing to draw")) }
            let rect = cimg_rect(x: Int32(decoded.source.x), y: Int32(decoded.source.y),
                                 width: Int32(decoded.source.width), height: Int32(decoded.source.height))
            var scaled = cimg_picture()
            guard cimg_scale(&picture, rect, Int32(size.width), Int32(size.height), &scaled, &status) == 0 else {
                return .failure(ImageProblem(failedStatus: status))
            }
            defer { cimg_picture_free(&scaled) }
            var out = cimg_bytes()
            defer { cimg_bytes_free(&out) }
            let encoded: Int32
            let bandRows = Self.bandRows(format.graphicsProtocol, width: size.width, cellHeight: format.cell.height)
            let bandColumns = Self.bandColumns(format.graphicsProtocol, width: size.width, rows: min(bandRows, covered.rows),
                                               cell: format.cell)
            switch format.graphicsProtocol {
            case .kitty:
                let kittyFormat = format.kittyTransmission == .file ? kittyFileFormat : CIMG_KITTY_ZLIB
                encoded = cimg_kitty_encode(&scaled, kittyFormat, id, &out, &status)
            case .sixel:
                encoded = cimg_sixel_encode(&scaled, Int32(format.registers), Int32(bandRows * format.cell.height),
                                            Int32(bandColumns * format.cell.width), &out, &status)
            case .iterm2:
                encoded = cimg_iterm2_encode(&scaled, Int32(placement.columns), Int32(placement.rows), Int32(bandRows),
                                             &out, &status)
            case .symbols, .off: return .failure(.undecodable("no pixel format"))
            }
            guard encoded == 0, let bytes = out.bytes else { return .failure(ImageProblem(failedStatus: status)) }
            guard out.length <= ImageWire.maximumPixelBytes else {
                return .failure(.undecodable("the encoded picture is larger than \(ImageWire.maximumPixelBytes) bytes"))
            }
            var encodedBytes = Array(UnsafeBufferPointer(start: bytes, count: out.length))
            if shrunk, format.graphicsProtocol == .kitty {
                encodedBytes = KittyUpload.scaled(encodedBytes, columns: covered.columns, rows: covered.rows)
            }
            let banded = format.graphicsProtocol != .kitty && (bandRows < covered.rows || bandColumns > 0)
            return .success(PixelPicture(columns: covered.columns, rows: covered.rows, bytes: encodedBytes,
                                         bandRows: banded ? bandRows : 0, bandColumns: bandColumns))
        }
    }
}
