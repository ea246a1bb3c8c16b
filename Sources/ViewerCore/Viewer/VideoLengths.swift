import Engine

/// The videos' lengths the viewer asks the picture helper for (`Deck.awaitedLengths`; docs/IMAGES.md, "Video"): a
/// story that waits is asked for when it is shown or next to it (`ViewerModel.pictureStories()`), once each, one
/// job a file however many of them show it (a file answered already answers at once); the answer comes back as
/// `.videoScanned`. What a scan found is kept for a reload, whose deck awaits every video again (each file is
/// scanned again: it may have changed): a story kept on screen keeps its length meanwhile.
package struct VideoLengths: Sendable {
    /// The stories asked for since the deck was (re)loaded.
    private var asked: Set<Int> = []
    /// The stories each file's scan under way answers.
    private var pending: [String: [Int]] = [:]
    /// What the scans found, by file: the moving ones (one missing is a still, or not scanned yet).
    private var known: [String: AnimationPacing] = [:]
    /// The files whose scan came back since the deck was (re)loaded.
    private var answeredFiles: Set<String> = []

    package init() {}

    /// The files to scan for the stories of `deck` at `indices` that await their length and were not asked for
    /// yet (from now on they count as asked), and the answers already known for some of them.
    package mutating func ask(stories indices: [Int], of deck: Deck)
        -> (scan: [String], known: (pacing: [Int: AnimationPacing], answered: Set<Int>)) {
        var paths: [String] = []
        var pacing: [Int: AnimationPacing] = [:]
        var answered: Set<Int> = []
        for index in indices where deck.awaitedLengths.contains(index) && !asked.contains(index) {
            asked.insert(index)
            guard deck.stories.indices.contains(index), let path = deck.stories[index].imagePath else { continue }
            if answeredFiles.contains(path) {
                answered.insert(index)
                pacing[index] = known[path]
            } else if pending[path] != nil {
                pending[path]?.append(index)
            } else {
                pending[path] = [index]
                paths.append(path)
            }
        }
        return (paths, (pacing, answered))
    }

    /// The helper's answer for the video at `path` (its frames' delays; nil when it could not be read): the pacing
    /// of the stories it answers (none for a still) and those stories.
    package mutating func receive(path: String, delays: [Int]?) -> (pacing: [Int: AnimationPacing], answered: Set<Int>) {
        let stories = pending.removeValue(forKey: path) ?? []
        answeredFiles.insert(path)
        guard let delays, delays.count > 1 else {
            known[path] = nil
            return ([:], Set(stories))
        }
        let pacing = AnimationPacing(storedDelays: delays)
        known[path] = pacing
        return (Dictionary(stories.map { ($0, pacing) }, uniquingKeysWith: { first, _ in first }), Set(stories))
    }

    /// A reloaded deck, with the lengths found before for its awaited videos (they are asked for again, and a
    /// story waits for the new answer when it is shown); the asks under way are forgotten.
    package mutating func reloaded(_ deck: Deck) -> Deck {
        asked.removeAll()
        pending.removeAll()
        answeredFiles.removeAll()
        guard !known.isEmpty else { return deck }
        var deck = deck
        for index in deck.awaitedLengths {
            guard deck.stories.indices.contains(index), let path = deck.stories[index].imagePath,
                  let pacing = known[path] else { continue }
            deck.movingPictures[index] = pacing
        }
        return deck
    }
}
