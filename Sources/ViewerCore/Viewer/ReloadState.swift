/// Reloading the deck as a small value of its own (`r`, the `reload` command, `--watch`): a change
/// waits a moment for its writer to finish, one read runs at a time, and a request during a read
/// waits for it. Each call returns the effects to perform (`.loadDeck`); the model only says whether
/// the deck can be reloaded at all and what a finished read changes.
package struct ReloadState: Sendable, Equatable {
    /// How long to wait after the deck changed before reloading, so that a writer can finish.
    package static let settle = 0.05

    /// When a changed deck is due to be read.
    package private(set) var due: Double?
    /// A read is under way; another request waits for it.
    package private(set) var inFlight = false
    private var requestedAgain = false

    /// `--watch` saw the deck (or a picture) change at `now`.
    package mutating func changed(at now: Double) {
        due = now + Self.settle
    }

    /// Asks for a read: one now, or once the read under way finished.
    package mutating func request() -> [ViewerEffect] {
        if inFlight {
            requestedAgain = true
            return []
        }
        inFlight = true
        return [.loadDeck]
    }

    /// Whether a change is due to be read by `now` (it is then no longer pending).
    package mutating func takeDue(at now: Double) -> Bool {
        guard let due, due <= now else { return false }
        self.due = nil
        return true
    }

    /// The read under way finished; a request that waited for it asks again (`.loadDeck`).
    package mutating func finished() -> [ViewerEffect] {
        inFlight = false
        guard requestedAgain else { return [] }
        requestedAgain = false
        return request()
    }
}
