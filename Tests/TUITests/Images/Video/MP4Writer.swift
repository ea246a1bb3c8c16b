/// A minimal MP4 written byte by byte (ISO/IEC 14496-12: `ftyp`, `moov` with one video track, `mdat`), so that a test
/// makes a clip of any number of frames without FFmpeg's encoder or the `ffmpeg` command (neither is in CI). The
/// frames are uncompressed RGB (QuickTime's `raw ` at 24 bits), all of one colour and one delay: FFmpeg reads and
/// decodes them like any clip's, and a frame of 1 × 1 costs 3 bytes.
struct MP4Writer {
    var width = 1
    var height = 1
    var frames: Int
    /// Each frame's delay, in units of `timescale` a second (milliseconds by default).
    var delay = 10
    /// The media's time units a second: 30 with a delay of 1 is a clip of 30 fps, 33.3 ms a frame.
    var timescale = 1000

    /// The file's bytes.
    func bytes() -> [UInt8] {
        let ftyp = Self.box("ftyp", Self.text("isom") + Self.u32(0x200) + Self.text("isom") + Self.text("mp41"))
        let length = frames * delay
        // Two passes: the chunk's offset is where the media data starts, after the movie header.
        var movie = moov(length: length, chunkOffset: 0)
        movie = moov(length: length, chunkOffset: ftyp.count + movie.count + 8)
        let frame = Array(repeating: [0x20, 0x40, 0xC0] as [UInt8], count: width * height).joined()
        return ftyp + movie + Self.box("mdat", Array(Array(repeating: frame, count: frames).joined()))
    }

    private func moov(length: Int, chunkOffset: Int) -> [UInt8] {
        let matrix = Self.u32(0x10000) + Self.u32(0) + Self.u32(0) + Self.u32(0) + Self.u32(0x10000) + Self.u32(0)
            + Self.u32(0) + Self.u32(0) + Self.u32(0x4000_0000)
        let mvhd = Self.fullBox("mvhd", Self.u32(0) + Self.u32(0) + Self.u32(timescale) + Self.u32(length) + Self.u32(0x10000)
                                + Self.u16(0x100) + Self.zeros(10) + matrix + Self.zeros(24) + Self.u32(2))
        let tkhd = Self.fullBox("tkhd", Self.u32(0) + Self.u32(0) + Self.u32(1) + Self.zeros(4) + Self.u32(length)
                                + Self.zeros(8) + Self.u16(0) + Self.u16(0) + Self.u16(0) + Self.zeros(2) + matrix
                                + Self.u32(width << 16) + Self.u32(height << 16), flags: 3)
        let mdhd = Self.fullBox("mdhd", Self.u32(0) + Self.u32(0) + Self.u32(timescale) + Self.u32(length) + Self.u16(0x55C4)
                                + Self.u16(0))
        let hdlr = Self.fullBox("hdlr", Self.u32(0) + Self.text("vide") + Self.zeros(12) + [0])
        let vmhd = Self.fullBox("vmhd", Self.zeros(8), flags: 1)
        let dinf = Self.box("dinf", Self.fullBox("dref", Self.u32(1) + Self.fullBox("url ", [], flags: 1)))
        let entry = Self.box("raw ", Self.zeros(6) + Self.u16(1) + Self.zeros(16) + Self.u16(width) + Self.u16(height)
                             + Self.u32(0x48_0000) + Self.u32(0x48_0000) + Self.zeros(4) + Self.u16(1) + Self.zeros(32)
                             + Self.u16(0x18) + Self.u16(0xFFFF))
        let stbl = Self.box("stbl", Self.fullBox("stsd", Self.u32(1) + entry)
                            + Self.fullBox("stts", Self.u32(1) + Self.u32(frames) + Self.u32(delay))
                            + Self.fullBox("stsc", Self.u32(1) + Self.u32(1) + Self.u32(frames) + Self.u32(1))
                            + Self.fullBox("stsz", Self.u32(width * height * 3) + Self.u32(frames))
                            + Self.fullBox("stco", Self.u32(1) + Self.u32(chunkOffset)))
        let mdia = Self.box("mdia", mdhd + hdlr + Self.box("minf", vmhd + dinf + stbl))
        return Self.box("moov", mvhd + Self.box("trak", tkhd + mdia))
    }

    private static func box(_ type: String, _ body: [UInt8]) -> [UInt8] { u32(body.count + 8) + text(type) + body }
    private static func fullBox(_ type: String, _ body: [UInt8], flags: Int = 0) -> [UInt8] {
        box(type, u32(flags) + body)
    }
    private static func u32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    private static func u16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
    private static func zeros(_ count: Int) -> [UInt8] { [UInt8](repeating: 0, count: count) }
    private static func text(_ word: String) -> [UInt8] { Array(word.utf8) }
}
