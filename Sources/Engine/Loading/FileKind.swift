/// What a file is, told by its first bytes (`FileSignature`): a picture or a video for a folder deck, or the
/// wrong kind of file given as a deck (`DeckProblemKind.notADeck`).
public enum FileKind: String, Sendable, Equatable, CaseIterable {
    case png, jpeg, gif, webp
    /// MP4 or QuickTime (an ISO base media file: `ftyp`, `moov`, `mdat`, … at byte 4).
    case mp4
    /// WebM or Matroska (an EBML header).
    case webm
    case pdf, zip, gzip, executable
    /// Bytes that are not text: a NUL byte near the start (and not UTF-16).
    case binary
    case html, xml, yaml
    /// Markdown in a file whose name does not end in `.md` or `.markdown`.
    case markdown
    /// Other text that cannot be JSON: it starts with a word that is not `true`, `false` or `null`.
    case text

    /// The name a message gives it (the same in both languages: these are format names).
    public var formatName: String {
        switch self {
        case .png: return "PNG"
        case .jpeg: return "JPEG"
        case .gif: return "GIF"
        case .webp: return "WebP"
        case .mp4: return "MP4/QuickTime"
        case .webm: return "WebM/Matroska"
        case .pdf: return "PDF"
        case .zip: return "ZIP"
        case .gzip: return "gzip"
        case .executable: return "ELF"
        case .binary: return "binary"
        case .html: return "HTML"
        case .xml: return "XML"
        case .yaml: return "YAML"
        case .markdown: return "Markdown"
        case .text: return "text"
        }
    }

    /// A picture or a video: what a folder deck is made of.
    public var isPictureOrVideo: Bool { isPicture || isVideo }

    /// A still or animated picture.
    public var isPicture: Bool { [.png, .jpeg, .gif, .webp].contains(self) }

    /// A video.
    public var isVideo: Bool { self == .mp4 || self == .webm }
}
