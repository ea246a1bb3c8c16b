import Engine

/// Videos' lengths, read by the picture helper while the deck already plays (docs/IMAGES.md, "Video"): a story
/// whose length is awaited waits for it (`Playback.lengthWait` at most), shown as its first frame or alt text.
extension ViewerModel {
    /// Asks the helper to scan the videos of the stories shown and next that await their length, before their
    /// pictures (the scan is what the story waits for); a file scanned already answers at once, at `now`.
    package mutating func askLengths(at now: Double) {
        let deck = playing.playback.deck
        guard !deck.awaitedLengths.isEmpty, !deck.stories.isEmpty else { return }
        let asked = lengths.ask(stories: pictureStories(), of: deck)
        if !asked.known.answered.isEmpty {
            emit(playing.handle(.lengths(asked.known.pacing, answered: asked.known.answered), at: now))
        }
        if !asked.scan.isEmpty { queue([.scanVideos(asked.scan)]) }
    }

    /// The helper's scan of the video at `path` came back: its stories learn their length, and the one waiting
    /// for it begins.
    package mutating func learnLength(path: String, delays: [Int]?, at now: Double) {
        let answer = lengths.receive(path: path, delays: delays)
        guard !answer.answered.isEmpty else { return }
        emit(playing.handle(.lengths(answer.pacing, answered: answer.answered), at: now))
    }
}
