/// One thing that happened in the story lifecycle (the man page, EVENTS), stamped with when it happened.
public struct LifecycleEvent: Sendable, Equatable {
    /// When it happened, on the caller's clock (a deadline's own time, not the time the caller woke).
    public var time: Double
    /// What happened.
    public var kind: Kind
    /// The 0-based position in the deck of the story concerned, if any.
    public var index: Int?
    /// The id of the story concerned, if any.
    public var id: String?
    /// For a `suspend` or `resume` caused by holding or tapping space: which detector served it.
    public var via: HoldDetection?
    /// For the `begin` of a story with a moving picture: one run of it, in seconds.
    public var length: Double?
    /// For a `reload`: how many stories the new deck has.
    public var stories: Int?

    /// Creates an event.
    public init(time: Double, kind: Kind, index: Int? = nil, id: String? = nil, via: HoldDetection? = nil) {
        self.time = time
        self.kind = kind
        self.index = index
        self.id = id
        self.via = via
    }

    /// The event as one line of JSON (the man page, EVENTS), without the line break:
    /// `{"t":1.234,"event":"begin","index":0,"id":"dawn"}`.
    ///
    /// - Parameter origin: the time that `t` counts from (the program's start).
    /// - Returns: `t` in seconds with three decimals, the event name, `index` and `id` when known,
    ///   `reason` or `cause` where they apply, `via` when known, a moving story's `length` (seconds, as
    ///   `"length":1.2`), and a reload's `stories` (the new deck's count). Every control character of the id
    ///   is escaped.
    public func jsonLine(origin: Double) -> String {
        var line = "{\"t\":" + JSONText.seconds(time - origin) + ",\"event\":\"" + kind.name + "\""
        if let index {
            line += ",\"index\":" + String(index)
        }
        if let id {
            line += ",\"id\":" + JSONText.quoted(id)
        }
        switch kind {
        case .end(let reason):
            line += ",\"reason\":\"" + reason.rawValue + "\""
        case .suspend(let cause), .resume(let cause):
            line += ",\"cause\":\"" + cause.rawValue + "\""
            if let via { line += ",\"via\":\"" + via.rawValue + "\"" }
        case .begin:
            if let length { line += ",\"length\":" + NumberText.plain(length) }
        case .reload:
            if let stories { line += ",\"stories\":" + String(stories) }
        case .ready, .start, .finish, .quit:
            break
        }
        return line + "}"
    }
}
