/// Tells what a file is from its first bytes (its magic number), never from its name.
public enum FileSignature {
    /// How many bytes `kind(of:)` needs at most to tell a picture or a video (`mediaKind(of:)`).
    public static let mediaPrefixLength = 16
    /// How many bytes the text checks look at (NUL bytes, invalid UTF-8, the first line).
    public static let textPrefixLength = 4096

    /// The picture or video these bytes start, or nil.
    /// - Parameter bytes: the file's first bytes (at least `mediaPrefixLength` when the file has them).
    public static func mediaKind<Bytes: RandomAccessCollection>(of bytes: Bytes) -> FileKind?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            guard bytes.count >= offset + signature.count else { return false }
            let base = bytes.startIndex + offset
            return signature.indices.allSatisfy { bytes[base + $0] == signature[$0] }
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts([0x1A, 0x45, 0xDF, 0xA3]) { return .webm }
        for box in ["ftyp", "moov", "mdat", "wide", "free"] where starts(Array(box.utf8), at: 4) { return .mp4 }
        return nil
    }

    /// What a file given as a deck is, when it is not a JSON deck and not what its name says: a picture, a video,
    /// another binary format, HTML, XML, YAML, Markdown, or other text that starts with a word (when
    /// `markdownIsExpected` is false); nil for text that may be a JSON deck (the parser then says what is wrong
    /// with it).
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - markdownIsExpected: the name ends in `.md` or `.markdown` (Markdown and HTML-looking text is fine then).
    public static func wrongKind(of bytes: [UInt8], markdownIsExpected: Bool) -> FileKind? {
        let prefix = bytes.prefix(textPrefixLength)
        if let media = mediaKind(of: prefix) { return media }
        if prefix.starts(with: Array("%PDF-".utf8)) { return .pdf }
        if prefix.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .zip }
        if prefix.starts(with: [0x1F, 0x8B]) { return .gzip }
        if prefix.starts(with: [0x7F, 0x45, 0x4C, 0x46]) { return .executable }
        // UTF-16 has NUL bytes too: the parser names it (it is text, in the wrong encoding).
        if JSONParser.encodingProblem(bytes) != nil { return nil }
        var start = prefix.startIndex
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 }
        let text = prefix[start...].drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        // What starts like JSON is left to the parser, which names a stray NUL or control exactly.
        if !markdownIsExpected, let first = text.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            return nil
        }
        if prefix.contains(0) { return .binary }
        guard text.first != nil, !markdownIsExpected else { return nil }
        let head = String(decoding: text.prefix(64), as: UTF8.self).lowercased()
        if head.hasPrefix("<!doctype html") || head.hasPrefix("<html") || head.hasPrefix("<head")
            || head.hasPrefix("<body") {
            return .html
        }
        if head.hasPrefix("<?xml") || head.hasPrefix("<svg") { return .xml }
        if head.hasPrefix("---") || head.hasPrefix("%yaml") || looksLikeYAMLKey(text) { return .yaml }
        if head.hasPrefix("# ") || head.hasPrefix("![") { return .markdown }
        if startsWithWord(text) { return .text }
        return nil
    }

    /// The text starts with a letter, and not with `true`, `false` or `null` (the only JSON values that do):
    /// it cannot be JSON (`root:x:0:0:…`, a passwd file; `hello`).
    private static func startsWithWord(_ text: ArraySlice<UInt8>) -> Bool {
        guard let first = text.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20) else { return false }
        let word = text.prefix { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }
        return !["true", "false", "null"].contains(String(decoding: word, as: UTF8.self))
    }

    /// `name: value` or `name:` on the first line, as a YAML mapping starts: the colon is followed by a blank or
    /// ends the line, as YAML requires of a key. `root:x:0:0:…` (a passwd file) or `a:b` is not YAML.
    private static func looksLikeYAMLKey(_ text: ArraySlice<UInt8>) -> Bool {
        var sawName = false
        for (offset, byte) in zip(text.indices, text) {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                sawName = true
            case UInt8(ascii: ":"):
                let next = text.index(after: offset)
                guard next < text.endIndex else { return sawName }
                return sawName && [0x20, 0x09, 0x0A, 0x0D].contains(text[next])
            default:
                return false
            }
        }
        return false
    }
}
