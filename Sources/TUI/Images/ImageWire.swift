import CImages
import Engine
import ViewerCore

/// The helper's protocol: frames of a 4-byte little-endian length and a payload, over a socket pair.
///
/// Request payload: kind (1 byte: 1 render, 2 verify, 3 crash, 4 hang, 5 render in pixels, 6 a video's
/// delays), id (4), columns (2), rows (2), mode (1), fit (1), the backdrop: its colour count and, in bit 7,
/// whether it is known (1), three colours 0xRRGGBB (12, unused ones 0), the frame of a moving picture (4; 0
/// for a still one; bit 31 set: a playing frame, `ImageRequest.playing`), for kind 5 the protocol (1: 1 kitty, 2 sixel, 3 iTerm2, 4 kitty by temporary file), the cell's width and height
/// in pixels (2 + 2) and sixel's colour registers (2), then the path's bytes (kinds 2 and 6: the fields zero). The id of a kind 5 job is the
/// kitty picture's id too.
/// Reply payload: id (4), status (1: 0 cells, 1 failure, 2 verified, 3 pixels, 4 delays), then for cells:
/// columns (2), rows (2) and 12 bytes a cell (code point, foreground, background); for pixels: the
/// cells covered, columns (2) and rows (2), the rows of a band (2; 0: one sequence), the columns of a band's tiles (2;
/// 0: the whole width), and the terminal's bytes (the rest, at most
/// `maximumPixelBytes`); for delays: their count (4) and each in milliseconds (4); for a failure: code (1),
/// errno (4), bytes (8: a file's size, a video's claimed seconds, or the frame limit of `tooManyFrames`), width (4),
/// height (4), message length (1) and message.
enum ImageWire {
    /// The longest path sent (Linux PATH_MAX).
    static let maximumPathBytes = 4096
    /// The most bytes of a pixel picture (kitty's commands, a sixel or iTerm2 string).
    static let maximumPixelBytes = 16 << 20
    /// The longest reply accepted: a full box of cells, or the largest pixel picture, and the reply's fields.
    static let maximumReplyBytes = 16 + max(ImageLimits.maximumColumns * ImageLimits.maximumRows * 12, maximumPixelBytes)
    /// The protocols' numbers in a kind 5 request.
    private static let protocolCodes: [GraphicsProtocol: UInt8] = [.kitty: 1, .sixel: 2, .iterm2: 3]
    /// The protocol number of kitty by temporary file (`KittyTransmission.file`: the bare data, no base64).
    private static let kittyFileCode: UInt8 = 4
    /// The longest request accepted by the helper.
    static let maximumRequestBytes = 40 + maximumPathBytes
    /// The frame field's bit that marks a playing frame (`ImageRequest.playing`).
    private static let playingBit: UInt32 = 1 << 31
    /// The request's fields before the path, after kind and id.
    private static let requestFieldBytes = 23

    // MARK: requests

    /// The frame for a job; nil when its path is too long to send.
    static func request(_ job: ImageJob, id: UInt32) -> [UInt8]? {
        var payload = ByteWriter()
        var path: [UInt8] = []
        switch job {
        case let .render(request):
            payload.u8(request.pixels == nil ? 1 : 5)
            payload.u32(id)
            payload.u16(UInt16(request.columns))
            payload.u16(UInt16(request.rows))
            payload.u8(request.mode.rawValue)
            payload.u8(request.fit.rawValue)
            let backdrop = request.backdrop
            payload.u8(UInt8(backdrop.colors.count) | (backdrop.isKnown ? 0x80 : 0))
            for slot in 0..<ImageBackdrop.maximumColors { payload.u32(slot < backdrop.colors.count ? backdrop.colors[slot] : 0) }
            payload.u32(UInt32(clamping: min(request.frame, Int(playingBit - 1))) | (request.playing ? playingBit : 0))
            if let pixels = request.pixels {
                payload.u8(pixels.kittyTransmission == .file ? kittyFileCode : protocolCodes[pixels.graphicsProtocol] ?? 0)
                payload.u16(UInt16(clamping: pixels.cell.width))
                payload.u16(UInt16(clamping: pixels.cell.height))
                payload.u16(UInt16(clamping: pixels.registers))
            }
            path = Array(request.path.utf8)
        case let .verify(verified), let .scan(verified):
            if case .scan = job { payload.u8(6) } else { payload.u8(2) }
            payload.u32(id)
            payload.bytes([UInt8](repeating: 0, count: requestFieldBytes))
            path = Array(verified.utf8)
        case .crashForTesting, .hangForTesting:
            payload.u8(job == .crashForTesting ? 3 : 4)
            payload.u32(id)
            payload.bytes([UInt8](repeating: 0, count: requestFieldBytes))
        }
        guard path.count <= maximumPathBytes, !path.contains(0) else { return nil }
        payload.bytes(path)
        return frame(payload.data)
    }

    /// A request as the helper reads it: its id and job; nil when malformed.
    static func parseRequest(_ payload: [UInt8]) -> (id: UInt32, job: ImageJob)? {
        var reader = ByteReader(payload)
        guard let kind = reader.u8(), let id = reader.u32(), let columns = reader.u16(), let rows = reader.u16(),
              let modeValue = reader.u8(), let fitValue = reader.u8(), let backdropHead = reader.u8(),
              let first = reader.u32(), let second = reader.u32(), let third = reader.u32(),
              let frame = reader.u32() else { return nil }
        var pixels: PixelFormat?
        if kind == 5 {
            guard let code = reader.u8(), let width = reader.u16(), let height = reader.u16(), let registers = reader.u16(),
                  let graphicsProtocol = code == kittyFileCode ? .kitty : protocolCodes.first(where: { $0.value == code })?.key,
                  width > 0, height > 0 else { return nil }
            pixels = PixelFormat(graphicsProtocol: graphicsProtocol, cell: PixelSize(width: Int(width), height: Int(height)),
                                 registers: Int(registers), kittyTransmission: code == kittyFileCode ? .file : .direct)
        }
        let path = String(decoding: reader.rest(), as: UTF8.self)
        switch kind {
        case 1, 5:
            let count = Int(backdropHead & 0x7F)
            guard let mode = ImageColorMode(rawValue: modeValue), let fit = ImageFit(rawValue: fitValue),
                  let backdrop = ImageBackdrop.decoded(colors: Array([first, second, third].prefix(count)),
                                                       isKnown: backdropHead & 0x80 != 0) else { return nil }
            return (id, .render(ImageRequest(path: path, columns: Int(columns), rows: Int(rows), mode: mode, fit: fit,
                                             backdrop: backdrop, frame: Int(frame & ~playingBit), pixels: pixels,
                                             playing: frame & playingBit != 0)))
        case 2: return (id, .verify(path: path))
        case 6: return (id, .scan(path: path))
        case 3: return (id, .crashForTesting)
        case 4: return (id, .hangForTesting)
        default: return nil
        }
    }

    // MARK: replies

    /// The reply frame for an outcome.
    static func reply(_ outcome: ImageJobOutcome, id: UInt32) -> [UInt8] {
        var payload = ByteWriter()
        payload.u32(id)
        switch outcome {
        case let .cells(grid):
            payload.u8(0)
            payload.u16(UInt16(grid.columns))
            payload.u16(UInt16(grid.rows))
            payload.reserve(grid.cells.count * 12)
            for cell in grid.cells {
                payload.u32(cell.codepoint)
                payload.u32(UInt32(bitPattern: cell.foreground))
                payload.u32(UInt32(bitPattern: cell.background))
            }
        case .verified:
            payload.u8(2)
        case let .pixels(picture):
            payload.u8(3)
            payload.u16(UInt16(picture.columns))
            payload.u16(UInt16(picture.rows))
            payload.u16(UInt16(clamping: picture.bandRows))
            payload.u16(UInt16(clamping: picture.bandColumns))
            payload.bytes(picture.bytes)
        case let .failed(failure):
            payload.u8(1)
            encode(failure, into: &payload)
        case let .delays(delays):
            payload.u8(4)
            payload.u32(UInt32(clamping: delays.count))
            for delay in delays { payload.u32(UInt32(clamping: delay)) }
        }
        return frame(payload.data)
    }

    /// A reply as the viewer reads it; nil when malformed (a broken helper: it is restarted).
    static func parseReply(_ payload: [UInt8]) -> (id: UInt32, outcome: ImageJobOutcome)? {
        var reader = ByteReader(payload)
        guard let id = reader.u32(), let status = reader.u8() else { return nil }
        switch status {
        case 0:
            guard let columns = reader.u16(), let rows = reader.u16(),
                  (1...ImageLimits.maximumColumns).contains(Int(columns)), (1...ImageLimits.maximumRows).contains(Int(rows)),
                  reader.remaining == Int(columns) * Int(rows) * 12 else { return nil }
            var cells: [cimg_cell] = []
            cells.reserveCapacity(Int(columns) * Int(rows))
            while let codepoint = reader.u32(), let foreground = reader.u32(), let background = reader.u32() {
                cells.append(cimg_cell(codepoint: codepoint, foreground: Int32(bitPattern: foreground),
                                       background: Int32(bitPattern: background)))
            }
            return (id, .cells(RawImageGrid(columns: Int(columns), rows: Int(rows), cells: cells)))
        case 1:
            return decodeFailure(&reader).map { (id, .failed($0)) }
        case 2:
            return (id, .verified)
        case 3:
            guard let columns = reader.u16(), let rows = reader.u16(), let bandRows = reader.u16(), let bandColumns = reader.u16(),
                  (1...ImageLimits.maximumColumns).contains(Int(columns)), (1...ImageLimits.maximumRows).contains(Int(rows)),
                  (1...maximumPixelBytes).contains(reader.remaining) else { return nil }
            return (id, .pixels(PixelPicture(columns: Int(columns), rows: Int(rows), bytes: Array(reader.rest()),
                                             bandRows: Int(bandRows), bandColumns: Int(bandColumns))))
        case 4:
            guard let count = reader.u32(), count <= CIMG_MAX_VIDEO_FRAMES, reader.remaining == Int(count) * 4 else { return nil }
            var delays: [Int] = []
            delays.reserveCapacity(Int(count))
            while let delay = reader.u32() { delays.append(Int(delay)) }
            return (id, .delays(delays))
        default:
            return nil
        }
    }

    private static func frame(_ payload: [UInt8]) -> [UInt8] {
        var frame = ByteWriter()
        frame.u32(UInt32(payload.count))
        frame.bytes(payload)
        return frame.data
    }

    // MARK: failures

    private static func encode(_ failure: ImageProblem, into payload: inout ByteWriter) {
        var code: UInt8 = 0, error: Int32 = 0, bytes = 0, width = 0, height = 0
        var message = ""
        switch failure {
        case .missing: code = 1
        case .notRegularFile: code = 2
        case let .unreadable(errno): code = 3; error = errno
        // The limit is the file's kind's (a picture's 32 MiB, a video's 4 GiB), in the width and height fields
        // as its high and low 32 bits.
        case let .fileTooLarge(size, limit):
            code = 4; bytes = size; width = Int(UInt64(limit) >> 32); height = Int(UInt64(limit) & 0xFFFF_FFFF)
        case let .tooManyPixels(w, h, _): code = 5; width = w; height = h
        case .notAnImage: code = 6
        case let .undecodable(text): code = 7; message = text
        case let .helperFailed(text): code = 8; message = text
        case let .tooManyFrames(limit): code = 9; bytes = limit
        // Video's (issue 23b) from 20 on.
        case let .videoLibrariesMissing(text): code = 20; message = text
        case .noVideoStream: code = 21
        case let .videoTooLong(seconds, _): code = 22; bytes = seconds
        }
        let text = Array(ImageText.printable(message.utf8).utf8)
        payload.u8(code)
        payload.u32(UInt32(bitPattern: error))
        payload.u64(UInt64(bitPattern: Int64(bytes)))
        payload.u32(UInt32(truncatingIfNeeded: width))
        payload.u32(UInt32(truncatingIfNeeded: height))
        payload.u8(UInt8(text.count))
        payload.bytes(text)
    }

    private static func decodeFailure(_ reader: inout ByteReader) -> ImageProblem? {
        guard let code = reader.u8(), let error = reader.u32(), let bytes = reader.u64(), let width = reader.u32(),
              let height = reader.u32(), let length = reader.u8(), let text = reader.take(Int(length)),
              reader.remaining == 0 else { return nil }
        let message = ImageText.printable(text)
        switch code {
        case 1: return .missing
        case 2: return .notRegularFile
        case 3: return .unreadable(errno: Int32(bitPattern: error))
        case 4:
            let limit = Int(truncatingIfNeeded: UInt64(width) << 32 | UInt64(height))
            return .fileTooLarge(bytes: Int(truncatingIfNeeded: bytes), limit: limit > 0 ? limit : ImageLimits.maximumFileBytes)
        case 5: return .tooManyPixels(width: Int(width), height: Int(height), limitMegapixels: ImageLimits.maximumMegapixels)
        case 6: return .notAnImage
        case 7: return .undecodable(message)
        case 8: return .helperFailed(message)
        // The limit is the file's kind's (a video's 36 000, a GIF's 10 000), in the bytes field.
        case 9: return .tooManyFrames(limit: bytes > 0 ? Int(truncatingIfNeeded: bytes) : ImageLimits.maximumFrames)
        case 20: return .videoLibrariesMissing(message)
        case 21: return .noVideoStream
        case 22: return .videoTooLong(seconds: Int(truncatingIfNeeded: bytes), limitSeconds: VideoLimits.maximumLength)
        default: return nil
        }
    }
}
