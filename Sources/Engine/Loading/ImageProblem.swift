/// Why a story's image cannot be shown (docs/IMAGES.md), as the viewer's image code finds it: the Engine has no image
/// library, so `DeckLoader` asks an `ImageCheck` and reports the answer as a deck problem at the `image` key. The
/// viewer's picture code uses the same value for a picture it cannot draw (one name and one wording for each reason).
public enum ImageProblem: Error, Sendable, Hashable {
    /// No such file (or a folder on the way is missing).
    case missing
    /// A folder, FIFO, device or socket.
    case notRegularFile
    /// It could not be opened or read; `errno` says why (EACCES, ELOOP, EIO…).
    case unreadable(errno: Int32)
    /// More bytes than `limit` (`DeckLimits.maximumImageFileSize`).
    case fileTooLarge(bytes: Int, limit: Int)
    /// More pixels than `limitMegapixels` million (`DeckLimits.maximumImageMegapixels`), as its header says.
    case tooManyPixels(width: Int, height: Int, limitMegapixels: Int)
    /// A moving picture (GIF, WebP) of more frames than `limit` (`DeckLimits.maximumAnimationFrames`), as its
    /// blocks say.
    case tooManyFrames(limit: Int)
    /// Not a PNG, JPEG, GIF or WebP by its first bytes.
    case notAnImage
    /// The decoder refused it; the text is the decoder's reason (untrusted: cleaned when quoted).
    case undecodable(String)
    /// The helper process that decodes pictures stopped, hung or broke its protocol on this one (the text says
    /// how: `signal 6`, `no answer within 10 s`).
    case helperFailed(String)
    /// A video story, and FFmpeg's libraries cannot be opened here (the text is the loader's reason); the message
    /// says what to install (`VideoLimits.installPackages`).
    case videoLibrariesMissing(String)
    /// A video file without a video stream (audio only).
    case noVideoStream
    /// A video longer than `limitSeconds` (`VideoLimits.maximumLength`), as it claims or as its frames add up.
    case videoTooLong(seconds: Int, limitSeconds: Int)

    /// What is wrong, in a few words: `no such file`.
    public func message(in language: Language) -> String {
        DeckMessageCatalogue.describe(self, in: language)
    }

    /// A stable machine name, as in `DeckProblemKind.code`: `image-missing`, …
    public var code: String {
        switch self {
        case .missing: return "image-missing"
        case .notRegularFile: return "image-not-a-file"
        case .unreadable: return "image-unreadable"
        case .fileTooLarge: return "image-too-large"
        case .tooManyPixels: return "image-too-many-pixels"
        case .tooManyFrames: return "image-too-many-frames"
        // The name is older than GIF and WebP; it stays, as machine names do.
        case .notAnImage: return "image-not-png-or-jpeg"
        case .undecodable: return "image-undecodable"
        case .helperFailed: return "image-helper-failed"
        case .videoLibrariesMissing: return "video-libraries-missing"
        case .noVideoStream: return "video-no-video-stream"
        case .videoTooLong: return "video-too-long"
        }
    }
}
