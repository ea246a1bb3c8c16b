import Engine
import ViewerCore

/// The viewer's one entry to pictures: a cache in front of the helper process. Ask `cached` when
/// drawing; `submit` what is missing (the story shown, then the next one: prefetch); poll
/// `descriptor`, and call `receive` when it is readable or `nextDeadline` has passed.
final class ImageLoader {
    private let worker: ImageWorker
    private var cache: ImageCache
    /// Keys with the helper or queued, by job id, and the requests each answers (two requests for an
    /// opaque file that differ only in backdrop share a key).
    private var pending: [UInt32: ImageCacheKey] = [:]
    private var pendingKeys: Set<ImageCacheKey> = []
    private var askedFor: [ImageCacheKey: [ImageRequest]] = [:]
    /// The videos' scans with the helper, by job id, and those that came back since `takeScans()`.
    private var scans: [UInt32: String] = [:]
    private var scanned: [(path: String, delays: [Int]?)] = []
    /// Which file versions are in a format without transparency (`OpaqueFormat`), read once each.
    private var opaqueFiles: [FileIdentity: Bool] = [:]

    /// The cache's budget: 1 MiB, about 18 grids at 80 × 24 (55 KB each), and whatever they cost the 4
    /// grids used last (the story shown, its two neighbours and one more: 250 × 60 grids are 460 KB each).
    /// 8 MiB had a viewer of 100 picture stories at 14.4 MiB (Benchmarks/memory.py).
    static let cacheBudget = 1 << 20
    static let cacheMinimumKept = 4

    init(worker: ImageWorker = ImageWorker(), cacheBudget: Int = ImageLoader.cacheBudget) {
        self.worker = worker
        cache = ImageCache(budget: cacheBudget, minimumKept: Self.cacheMinimumKept)
    }

    /// The descriptor to poll for input, -1 while no helper runs.
    var descriptor: Int32 { worker.descriptor }

    /// When `receive` must be called even if `descriptor` stays quiet (monotonic seconds).
    var nextDeadline: Double? { worker.nextDeadline }

    /// Whether a request is waiting for the helper.
    func isPending(_ request: ImageRequest) -> Bool { pendingKeys.contains(key(request)) }

    /// The cells or failure for the file as it is now; nil when not converted yet. One `stat`.
    func cached(_ request: ImageRequest) -> Result<ImageCells, ImageProblem>? {
        cache.outcome(for: key(request))
    }

    /// The cache key of a request, looking at the file now: without the backdrop when the file is in a
    /// format without transparency (its first bytes read once a file version).
    func key(_ request: ImageRequest) -> ImageCacheKey {
        let file = FileIdentity(path: request.path)
        guard let file else { return ImageCacheKey(request: request, file: nil) }
        let opaque: Bool
        if let known = opaqueFiles[file] {
            opaque = known
        } else {
            opaque = OpaqueFormat.isOpaque(path: request.path)
            if opaqueFiles.count >= Self.opaqueFilesLimit { opaqueFiles.removeAll(keepingCapacity: true) }
            opaqueFiles[file] = opaque
        }
        guard opaque else { return ImageCacheKey(request: request, file: file) }
        return ImageCacheKey(request: request.over(.unknown()), file: file)
    }

    /// Most file versions whose format `key` remembers.
    static let opaqueFilesLimit = 1024

    /// Asks for a request unless it is cached or already asked for: cheap (a `stat`, at most one
    /// small write), so it can be called on every frame. Returns whether a job was queued.
    @discardableResult
    func submit(_ request: ImageRequest, now: Double = MonotonicClock.now()) -> Bool {
        let key = key(request)
        if pendingKeys.contains(key) {
            if askedFor[key]?.contains(request) == false { askedFor[key]?.append(request) }
            return false
        }
        guard cache.outcome(for: key) == nil else { return false }
        let id = worker.submit(.render(request), now: now)
        pending[id] = key
        pendingKeys.insert(key)
        askedFor[key] = [request]
        return true
    }

    /// Asks the helper for the videos' frames' delays (`ImageJob.scan`), after the jobs already queued; a story-change
    /// `cancelQueued` keeps them. The answers come out of `receive` into `takeScans()`.
    func scan(_ paths: [String], now: Double = MonotonicClock.now()) {
        for path in paths { scans[worker.submit(.scan(path: path), now: now)] = path }
    }

    /// The scans finished since the last call, in order: each video's delays, nil when it cannot be read (the
    /// helper's failure, time-out or crash).
    func takeScans() -> [(path: String, delays: [Int]?)] {
        defer { scanned.removeAll() }
        return scanned
    }

    /// Drops queued requests that `keep` refuses (the one being converted goes on): call it on a
    /// story change before submitting the new story and the next, so that skipped stories cost nothing.
    func cancelQueued(keeping keep: (ImageRequest) -> Bool = { _ in false }) {
        let dropped = worker.cancelQueued { job in
            if case let .render(request) = job { return keep(request) }
            return true
        }
        for id in dropped {
            if let key = pending.removeValue(forKey: id) {
                pendingKeys.remove(key)
                askedFor[key] = nil
            }
        }
    }

    /// The requests finished since the last call (cells or failures), now also in the cache: one result
    /// for each request the conversion answers.
    func receive(now: Double = MonotonicClock.now()) -> [ImageResult] {
        worker.receive(now: now).flatMap { reply -> [ImageResult] in
            if let path = scans.removeValue(forKey: reply.id) {
                if case let .delays(delays) = reply.outcome { scanned.append((path, delays)) } else { scanned.append((path, nil)) }
                return []
            }
            guard let key = pending.removeValue(forKey: reply.id) else { return [] }
            pendingKeys.remove(key)
            let requests = askedFor.removeValue(forKey: key) ?? [key.request]
            let outcome: Result<ImageCells, ImageProblem>
            switch reply.outcome {
            case let .cells(grid):
                outcome = .success(grid.imageCells(mode: key.request.mode))
            case let .pixels(picture):
                let payload = key.request.pixels.map {
                    PixelPayload(graphicsProtocol: $0.graphicsProtocol, id: reply.id, bytes: picture.bytes,
                                 bandRows: picture.bandRows, bandColumns: picture.bandColumns,
                                 kittyTransmission: $0.kittyTransmission)
                }
                outcome = .success(ImageCells(columns: picture.columns, rows: picture.rows, cells: [], pixels: payload))
            case let .failed(failure):
                outcome = .failure(failure)
            case .verified, .delays:
                outcome = .failure(.helperFailed("the image helper answered another question"))
            }
            cache.store(outcome, for: key)
            return requests.map { ImageResult(request: $0, outcome: outcome) }
        }
    }

    /// Stops the helper and forgets what was asked (the cache stays).
    func stop() {
        worker.stop()
        scans.removeAll()
        pending.removeAll()
        pendingKeys.removeAll()
        askedFor.removeAll()
    }
}
