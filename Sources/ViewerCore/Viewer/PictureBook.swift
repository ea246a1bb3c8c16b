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
    /// those of the last few stories shown, and a moving picture's frames ahead.
    package static let kept = 6 + framesAhead
    /// A moving picture's frames asked for after the one due: a bounded queue ahead, so that each
    /// frame is converted before its time, and never more (memory bounded by the frame, not the length).
    package static let framesAhead = 3

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
    /// The current story's moving picture: the frame due (0 when still) and when the next one is due
    /// (monotonic seconds; nil while it stands still: paused, held, `--no-autoplay`, one frame).
    package private(set) var frame = 0
    package private(set) var frameWake: Double?
    /// The request shown last (the current story's, at its frame), and the last frame of it that came
    /// back: what stays on screen while the frame due is converted, or when it cannot be decoded.
    private var showing: ImageRequest?
    private var held: (picture: ImageRequest, cells: ImageCells)?

    package init() {}

    /// Whether the size is settled (no resize waiting out `resizeSettle`).
    package var sizeIsSettled: Bool { sizeSettlesAt == nil }

    /// What the layout shows for a story whose picture needs `request` (nil: not yet known, such as
    /// during a resize or before the terminal's background answered).
    package func state(for request: ImageRequest?) -> PictureState {
        guard let request else { return .pending }
        let heldCells = held.flatMap { $0.picture == request.at(frame: 0) ? $0.cells : nil }
        switch converted[request] {
        case .success(let cells)?: return .ready(cells)
        // A frame after the first that cannot be decoded: the last good one stays.
        case .failure(let problem)?:
            guard request.frame > 0 else { return .failed(problem) }
            return heldCells.map { .ready($0) } ?? .pending
        case nil: return heldCells.map { .ready($0) } ?? .pending
        }
    }

    /// The current story's moving picture moved to frame `due` (0 for a still picture or none); `wake` is when
    /// the next frame is due on the monotonic clock (nil: none is).
    package mutating func show(frame due: Int, wake: Double?) {
        frame = due
        frameWake = wake
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
        showing = requests.first
        hold(showing)
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
        if result.request == showing { hold(showing) } else { holdLate(result) }
        order.removeAll { $0 == result.request }
        order.append(result.request)
        while order.count > Self.kept {
            converted[order.removeFirst()] = nil
        }
        guard case .failure(let failure) = result.outcome,
              reportedFailures.insert(result.request.path).inserted else { return [] }
        return [.logError(Messages.pictureFailed(path: result.request.path, failure))]
    }

    /// Keeps the cells of `request` as its picture's frame on screen, when they came back.
    private mutating func hold(_ request: ImageRequest?) {
        guard let request, case .success(let cells)? = converted[request] else { return }
        held = (request.at(frame: 0), cells)
    }

    /// A frame of the picture on screen came back after its time, while the frame due is not back: it is shown
    /// until the due one comes, so that frames slower to convert than their delays play at the rate they can
    /// (by the story's clock, skipping those behind it) instead of freezing on the last one that came in time.
    private mutating func holdLate(_ result: ImageResult) {
        guard let showing, converted[showing] == nil, result.request.at(frame: 0) == showing.at(frame: 0),
              case .success(let cells) = result.outcome else { return }
        held = (showing.at(frame: 0), cells)
    }

    /// The deck was read again: a picture may have changed with it (`--watch` sees pictures too), so
    /// every conversion is asked for again; the loader's cache knows each file by its modification
    /// time and size. Failures already reported stay reported.
    package mutating func forgetConversions() {
        converted.removeAll()
        order.removeAll()
        wanted.removeAll()
        askedFor = nil
        held = nil
        showing = nil
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
