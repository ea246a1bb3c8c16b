import Engine
import ViewerCore

/// What the helper process is asked to do.
enum ImageJob: Sendable, Hashable {
    /// Decode and convert a picture into cells, or into the terminal's pixels when `request.pixels` is set.
    case render(ImageRequest)
    /// Decode a whole picture at the smallest scale, for `--check`.
    case verify(path: String)
    /// Read a video's container for its frames' delays (no frame decoded): FFmpeg is the helper's alone, so
    /// the viewer asks it for what `MovingPictureScan` reads of a GIF itself.
    case scan(path: String)
    /// Test hooks: the helper aborts, or spins for ever, on receiving it.
    case crashForTesting
    case hangForTesting
}

/// What the helper answered for one job.
enum ImageJobOutcome: Sendable {
    case cells(RawImageGrid)
    /// The terminal's bytes for a pixel picture and the cells it covers.
    case pixels(PixelPicture)
    case verified
    /// A video's frames' delays in milliseconds, in order (`.scan`).
    case delays([Int])
    case failed(ImageProblem)
}
