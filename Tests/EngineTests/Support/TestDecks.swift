import Engine

/// Decks and readable event logs for the playback tests.
enum TestDecks {
    /// A deck of stories with these ids; each lasts `duration` unless `durations` says otherwise.
    static func deck(
        _ ids: [String],
        durations: [Double?]? = nil,
        defaultDuration: Double = 5,
        strategy: Strategy = .once,
        leeway: Double = 0,
        start: StartReference? = nil
    ) -> Deck {
        let stories = ids.enumerated().map { offset, id in
            Story(id: id, title: id, duration: durations?[offset])
        }
        return Deck(defaultDuration: defaultDuration, strategy: strategy, leeway: leeway, start: start, stories: stories)
    }

    /// A deck in groups: each pair is a group title and the ids of its stories.
    static func grouped(_ groups: [(String, [String])], strategy: Strategy = .once, duration: Double = 5) -> Deck {
        var stories: [Story] = []
        var ranges: [StoryGroup] = []
        for (title, ids) in groups {
            let lower = stories.count
            stories += ids.map { Story(id: $0, title: $0) }
            ranges.append(StoryGroup(title: title, range: lower..<stories.count))
        }
        return Deck(defaultDuration: duration, strategy: strategy, stories: stories, groups: ranges)
    }
}

extension LifecycleEvent {
    /// `"60.0 end(timer) dawn"`: the time to the millisecond, the kind, the story id.
    var brief: String {
        let t = (time * 1000).rounded() / 1000
        let name: String
        switch kind {
        case .end(let reason): name = "end(\(reason.rawValue))"
        case .suspend(let cause): name = "suspend(\(cause.rawValue))"
        case .resume(let cause): name = "resume(\(cause.rawValue))"
        default: name = kind.name
        }
        return ["\(t)", name, id].compactMap { $0 }.joined(separator: " ")
    }
}

extension Array where Element == LifecycleEvent {
    /// The events as brief lines, for expectations that read like the events file.
    var log: [String] { map(\.brief) }
}
