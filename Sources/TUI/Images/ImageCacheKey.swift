import ViewerCore

/// What a converted grid depends on: the request (path, box, mode, fit, background) and the file's
/// version at the time it was asked for (nil when it could not be looked at).
struct ImageCacheKey: Sendable, Hashable {
    let request: ImageRequest
    let file: FileIdentity?

    /// The key for a request, looking at the file now.
    init(_ request: ImageRequest) {
        self.request = request
        file = FileIdentity(path: request.path)
    }

    init(request: ImageRequest, file: FileIdentity?) {
        self.request = request
        self.file = file
    }
}
