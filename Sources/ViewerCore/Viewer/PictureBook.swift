import Engine

/// Pictures as a small value of its own: the conversions asked for, those that came back (a few at
/// most), the files whose failure was already reported, and whether the terminal's size has settled
/// after a resize. The model works out which requests it wants (`ViewerModel+Pictures`); each call
/// here returns the effects to perform (`.loadImages`, `.logError`), like `ReloadState`'s.
package struct PictureBook: Sendable {
    /// How long the size must stay put before pictures are converted again: a drag of the window
    /// edge sends many SIGWINCHes, and converting for each would be wasted.
    package static let resizeSettle = 0.15
    /// Conversions kept (the loader's cache keeps more): the current story's, both neighbours' and
    /// those of the last few stories shown.
    package static let kept = 6

    /// Converted pictures by request, and the order they came in (oldest first).
    private var converted: [ImageRequest: Result<ImageCells, ImageProblem>] = [:]
    private var order: [ImageRequest] = []
    /// The conversions last asked for and not yet back, the current story's first.
    package private(set) var wanted: [ImageRequest] = []
    private var reportedFailures: Set<String> = []
    /// After a resize: when the size counts as settled and pictures are converted again.
    package private(set) var sizeSettlesAt: Double?
    /// What the wanted list was last worked out for; nil when the deck, the background or the
    /// conversions changed since, so the next `needsAsking` says yes.
    private var askedFor: PictureInputs?

    package init() {}

    /// Whether the size is settled (no resize waiting out `resizeSettle`).
    package var sizeIsSettled: Bool { sizeSettlesAt == nil }

    /// What the layout shows for a story whose picture needs `request` (nil: not yet known, such as
    /// during a resize or before the terminal's background answered).
    package func state(for request: ImageRequest?) -> PictureState {
        guard let request else { return .pending }
        switch converted[request] {
        case .success(let cells)?: return .ready(cells)
        case .failure(let problem)?: return .failed(problem)
        case nil: return .pending
        }
    }

    /// Whether the wanted list must be worked out again for `inputs`: they changed, or something
    /// the list depends on did. Cheap, so the model can ask after every update (a bar step too).
    package func needsAsking(for inputs: PictureInputs) -> Bool {
        inputs != askedFor
    }

    /// Asks for the pictures of `requests` not converted yet, in order (the shell drops queued
    /// conversions no longer listed); nothing when the list is the one already asked for.
    package mutating func ask(for requests: [ImageRequest], inputs: PictureInputs) -> [ViewerEffect] {
        askedFor = inputs
        let missing = requests.filter { converted[$0] == nil }
        guard missing != wanted else { return [] }
        wanted = missing
        return missing.isEmpty ? [] : [.loadImages(missing)]
    }

    /// A conversion finished: keep it (a few at most), report a failure once per file.
    package mutating func receive(_ result: ImageResult) -> [ViewerEffect] {
        wanted.removeAll { $0 == result.request }
        askedFor = nil
        converted[result.request] = result.outcome
        order.removeAll { $0 == result.request }
        order.append(result.request)
        while order.count > Self.kept {
            converted[order.removeFirst()] = nil
        }
        guard case .failure(let failure) = result.outcome,
              reportedFailures.insert(result.request.path).inserted else { return [] }
        return [.logError(Messages.pictureFailed(path: result.request.path, failure))]
    }

    /// The deck was read again: a picture may have changed with it (`--watch` sees pictures too), so
    /// every conversion is asked for again; the loader's cache knows each file by its modification
    /// time and size. Failures already reported stay reported.
    package mutating func forgetConversions() {
        converted.removeAll()
        order.removeAll()
        wanted.removeAll()
        askedFor = nil
    }

    /// Something the requests depend on besides `PictureInputs` changed (the terminal's background
    /// answered or will not): work the list out again at the next chance.
    package mutating func inputsChanged() {
        askedFor = nil
    }

    /// The size changed at `now`: no conversions until it has stayed put for `resizeSettle`.
    package mutating func sizeChanged(at now: Double) {
        sizeSettlesAt = now + Self.resizeSettle
    }

    /// Time passed: the size counts as settled once its moment came.
    package mutating func advance(to now: Double) {
        if let settles = sizeSettlesAt, settles <= now { sizeSettlesAt = nil }
    }
}
