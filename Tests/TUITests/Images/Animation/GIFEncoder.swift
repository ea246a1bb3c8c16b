/// Writes GIF89a files for the tests, byte by byte, so that each case says exactly what its file holds: frames with
/// their rectangles, disposal, delay and transparent index, interlaced or not, a local colour table or the global
/// one. The LZW data uses literal codes only, with a clear code before the code size would grow: valid for every
/// decoder, and a few lines.
struct GIFEncoder {
    /// One frame: colour indices for its rectangle, row by row (top to bottom, as shown: the encoder interlaces).
    struct Frame {
        var x = 0
        var y = 0
        var width: Int
        var height: Int
        var indices: [UInt8]
        /// 0 unspecified, 1 keep, 2 restore to background, 3 restore previous.
        var disposal = 0
        /// Hundredths of a second.
        var delay = 10
        var transparent: UInt8?
        var interlaced = false
        /// RGB triples; nil uses the global table.
        var palette: [(UInt8, UInt8, UInt8)]?
        /// Bytes to write instead of the frame's LZW data (a broken stream).
        var rawData: [UInt8]?
    }

    var width: Int
    var height: Int
    /// The global colour table (RGB triples; padded to 256 entries).
    var palette: [(UInt8, UInt8, UInt8)]
    var frames: [Frame] = []
    /// The NETSCAPE2.0 loop count; nil writes no block.
    var loopCount: Int? = 0

    /// The file's bytes.
    func bytes() -> [UInt8] {
        var out = Array("GIF89a".utf8)
        out += Self.word(width) + Self.word(height) + [0xF7, 0, 0] // global table of 256 colours
        out += Self.table(palette)
        if let loopCount {
            out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1] + Self.word(loopCount) + [0]
        }
        for frame in frames {
            out += [0x21, 0xF9, 4, UInt8(frame.disposal << 2) | (frame.transparent == nil ? 0 : 1)]
            out += Self.word(frame.delay) + [frame.transparent ?? 0, 0]
            var flags: UInt8 = frame.interlaced ? 0x40 : 0
            if frame.palette != nil { flags |= 0x87 }
            out += [0x2C] + Self.word(frame.x) + Self.word(frame.y) + Self.word(frame.width) + Self.word(frame.height)
            out.append(flags)
            if let local = frame.palette { out += Self.table(local) }
            if let raw = frame.rawData {
                out += raw
                continue
            }
            out.append(8)
            out += Self.subBlocks(Self.lzw(Self.fileOrder(frame)))
        }
        out.append(0x3B)
        return out
    }

    /// The rows in the order the file stores them: four passes when interlaced.
    static func fileOrder(_ frame: Frame) -> [UInt8] {
        guard frame.interlaced else { return frame.indices }
        var rows: [Int] = []
        for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] { rows += Array(stride(from: start, to: frame.height, by: step)) }
        return rows.flatMap { row in frame.indices[row * frame.width..<(row + 1) * frame.width] }
    }

    /// Literal 9-bit codes (minimum code size 8): clear, up to 250 literals, clear, …, end.
    static func lzw(_ indices: [UInt8]) -> [UInt8] {
        var codes: [Int] = [256]
        for (offset, index) in indices.enumerated() {
            if offset > 0, offset % 250 == 0 { codes.append(256) }
            codes.append(Int(index))
        }
        codes.append(257)
        var out: [UInt8] = []
        var buffer = 0
        var bits = 0
        for code in codes {
            buffer |= code << bits
            bits += 9
            while bits >= 8 {
                out.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                bits -= 8
            }
        }
        if bits > 0 { out.append(UInt8(buffer & 0xFF)) }
        return out
    }

    static func subBlocks(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var start = 0
        while start < data.count {
            let end = min(start + 255, data.count)
            out.append(UInt8(end - start))
            out += data[start..<end]
            start = end
        }
        return out + [0]
    }

    static func word(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }

    static func table(_ colours: [(UInt8, UInt8, UInt8)]) -> [UInt8] {
        var out = colours.prefix(256).flatMap { [$0.0, $0.1, $0.2] }
        out += [UInt8](repeating: 0, count: 768 - out.count)
        return out
    }
}
