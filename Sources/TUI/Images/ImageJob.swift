import Engine
import ViewerCore

/// What the helper process is asked to do.
enum ImageJob: Sendable, Hashable {
    /// Decode and convert a picture into cells.
    case render(ImageRequest)
    /// Decode a whole picture at the smallest scale, for `--check`.
    case verify(path: String)
    /// Test hooks: the helper aborts, or spins for ever, on receiving it.
    case crashForTesting
    case hangForTesting
}

/// What the helper answered for one job.
enum ImageJobOutcome: Sendable {
    case cells(RawImageGrid)
    case verified
    case failed(ImageProblem)
}
