import Engine
import ViewerCore

/// The viewer's one entry to pictures: a cache in front of the helper process. Ask `cached` when
/// drawing; `submit` what is missing (the story shown, then the next one: prefetch); poll
/// `descriptor`, and call `receive` when it is readable or `nextDeadline` has passed.
final class ImageLoader {
    private let worker: ImageWorker
    private var cache: ImageCache
    /// Keys with the helper or queued, by job id.
    private var pending: [UInt32: ImageCacheKey] = [:]
    private var pendingKeys: Set<ImageCacheKey> = []

    init(worker: ImageWorker = ImageWorker(), cacheBudget: Int = 8 << 20) {
        self.worker = worker
        cache = ImageCache(budget: cacheBudget)
    }

    /// The descriptor to poll for input, -1 while no helper runs.
    var descriptor: Int32 { worker.descriptor }

    /// When `receive` must be called even if `descriptor` stays quiet (monotonic seconds).
    var nextDeadline: Double? { worker.nextDeadline }

    /// Whether a request is waiting for the helper.
    func isPending(_ request: ImageRequest) -> Bool { pendingKeys.contains(ImageCacheKey(request)) }

    /// The cells or failure for the file as it is now; nil when not converted yet. One `stat`.
    func cached(_ request: ImageRequest) -> Result<ImageCells, ImageProblem>? {
        cache.outcome(for: ImageCacheKey(request))
    }

    /// Asks for a request unless it is cached or already asked for: cheap (a `stat`, at most one
    /// small write), so it can be called on every frame. Returns whether a job was queued.
    @discardableResult
    func submit(_ request: ImageRequest, now: Double = MonotonicClock.now()) -> Bool {
        let key = ImageCacheKey(request)
        guard !pendingKeys.contains(key), cache.outcome(for: key) == nil else { return false }
        let id = worker.submit(.render(request), now: now)
        pending[id] = key
        pendingKeys.insert(key)
        return true
    }

    /// Drops queued requests that `keep` refuses (the one being converted goes on): call it on a
    /// story change before submitting the new story and the next, so that skipped stories cost nothing.
    func cancelQueued(keeping keep: (ImageRequest) -> Bool = { _ in false }) {
        let dropped = worker.cancelQueued { job in
            if case let .render(request) = job { return keep(request) }
            return true
        }
        for id in dropped {
            if let key = pending.removeValue(forKey: id) { pendingKeys.remove(key) }
        }
    }

    /// The requests finished since the last call (cells or failures), now also in the cache.
    func receive(now: Double = MonotonicClock.now()) -> [ImageResult] {
        worker.receive(now: now).compactMap { reply in
            guard let key = pending.removeValue(forKey: reply.id) else { return nil }
            pendingKeys.remove(key)
            let outcome: Result<ImageCells, ImageProblem>
            switch reply.outcome {
            case let .cells(grid):
                outcome = .success(grid.imageCells(mode: key.request.mode))
            case let .pixels(picture):
                let payload = key.request.pixels.map {
                    PixelPayload(graphicsProtocol: $0.graphicsProtocol, id: reply.id, bytes: picture.bytes)
                }
                outcome = .success(ImageCells(columns: picture.columns, rows: picture.rows, cells: [], pixels: payload))
            case let .failed(failure):
                outcome = .failure(failure)
            case .verified:
                outcome = .failure(.helperFailed("the image helper answered another question"))
            }
            cache.store(outcome, for: key)
            return ImageResult(request: key.request, outcome: outcome)
        }
    }

    /// Stops the helper and forgets what was asked (the cache stays).
    func stop() {
        worker.stop()
        pending.removeAll()
        pendingKeys.removeAll()
    }
}
