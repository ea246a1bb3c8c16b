/// Why a picture cannot be shown. Mirrors the Engine's `ImageProblem` case by case (the `--check`
/// report), plus `workerFailed` for a helper that crashed, hung or broke the protocol while working
/// on this picture (shown as `undecodable` there).
enum ImageFailure: Error, Sendable, Hashable {
    /// No such file (or a folder on the way is missing).
    case missing
    /// A folder, FIFO, device or socket.
    case notRegularFile
    /// It could not be opened or read: the errno says why (EACCES, ELOOP, EIO…).
    case unreadable(errno: Int32)
    /// More bytes than the limit (32 MiB).
    case fileTooLarge(bytes: Int, limit: Int)
    /// More pixels than the limit (40 megapixels), as its header says.
    case tooManyPixels(width: Int, height: Int, limitMegapixels: Int)
    /// Neither PNG nor JPEG by its first bytes.
    case notAnImage
    /// The decoder refused it; the text is the decoder's reason (English, from libpng or TurboJPEG).
    case undecodable(String)
    /// The helper process stopped or hung while converting it (the text says how).
    case workerFailed(String)
}
