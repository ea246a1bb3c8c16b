import Engine

extension ImageFailure {
    /// The Engine's name for this failure, as `--check` reports it (a helper that failed while working
    /// on the picture counts as undecodable).
    var problem: ImageProblem {
        switch self {
        case .missing: return .missing
        case .notRegularFile: return .notRegularFile
        case .unreadable(let code): return .unreadable(errno: code)
        case .fileTooLarge(let bytes, let limit): return .fileTooLarge(bytes: bytes, limit: limit)
        case .tooManyPixels(let width, let height, let limit):
            return .tooManyPixels(width: width, height: height, limitMegapixels: limit)
        case .notAnImage: return .notAnImage
        case .undecodable(let reason), .workerFailed(let reason): return .undecodable(reason)
        }
    }
}

extension ImageInspector {
    /// The Engine's image check for `--check`: each batch of paths verified by a fresh helper process.
    static let check: ImageCheck = { paths in ImageInspector().inspect(paths).map { $0?.problem } }
}
