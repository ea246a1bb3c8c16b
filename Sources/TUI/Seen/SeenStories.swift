import Engine
import Glibc
import ViewerCore

/// What the viewer starts with from earlier runs of the same deck: the ids seen to their end, the
/// store that keeps new ones, and at most one notice when the file was damaged or cannot be used
/// (then this run starts afresh, or is not remembered; never an error).
struct SeenStories {
    var seen: Set<String> = []
    var store: SeenStoriesStore?
    var notice: String?

    /// Opens the seen stories of the deck at `deckPath` (nothing for standard input). Only ids of
    /// stories the deck still has are kept.
    static func open(deckPath: String, deck: Deck, environment: Environment, messages: Messages) -> SeenStories {
        guard deckPath != "-", let resolved = realpath(deckPath, nil) else { return SeenStories() }
        let realPath = String(cString: resolved)
        free(resolved)
        guard let folder = SeenStoriesStore.folder(environment: environment) else {
            let notice = messages.seenStoriesUnusable(path: "~/.local/state", reason: messages.noStateFolder)
            return SeenStories(notice: notice)
        }
        let path = folder + "/" + SeenStoriesStore.fileName(forDeck: realPath)
        var result = SeenStories()
        var ids: [String] = []
        var folderThere = false
        switch SeenStoriesStore.read(path) {
        case .success(let bytes)?:
            folderThere = true
            switch SeenStoriesFile.ids(in: bytes, deckPath: realPath) {
            case .success(let found): ids = found
            case .failure: result.notice = messages.seenStoriesDamaged(path: path)
            }
        case .failure(.system(let error))? where error.code == EFBIG:
            result.notice = messages.seenStoriesDamaged(path: path)
        case .failure(.system(let error))?:
            return SeenStories(notice: messages.seenStoriesUnusable(path: path, reason: error.description))
        case .failure(.notRegular(let found))?:
            // Reported once, here; the file is left alone and this run is not remembered.
            return SeenStories(notice: messages.seenStoriesUnusable(path: path, reason: messages.notARegularFile(found)))
        case nil:
            break
        }
        // A file read from the folder says it is there: only whether it can be written is asked (no
        // `mkdir` of each of its parents before the first frame).
        if let code = folderThere ? SeenStoriesStore.writable(folder) : SeenStoriesStore.makeFolder(folder) {
            let reason = SeenStoriesStore.Errno(code).description
            return SeenStories(notice: messages.seenStoriesUnusable(path: folder, reason: reason))
        }
        let deckIDs = Set(deck.stories.map(\.id))
        ids = ids.filter { deckIDs.contains($0) }
        result.seen = Set(ids)
        result.store = SeenStoriesStore(path: path, deckPath: realPath, ids: ids)
        return result
    }

    /// Where `--resume` starts: the first story, in deck order, not seen to its end; nil when
    /// every story was seen (then the deck starts where it would without `--resume`).
    static func resumeIndex(deck: Deck, seen: Set<String>) -> Int? {
        deck.stories.firstIndex { !seen.contains($0.id) }
    }

    /// The playback options for a run: with `resume`, and no `--start` given, the first story not
    /// seen (the command line's `--start` wins; `--resume` wins over the deck's own `start`).
    func playbackOptions(_ options: PlaybackOptions, deck: Deck, resume: Bool) -> PlaybackOptions {
        guard resume, options.start == nil, let index = Self.resumeIndex(deck: deck, seen: seen) else { return options }
        var adjusted = options
        adjusted.start = .position(index + 1)
        return adjusted
    }

    /// Hands the seen ids and the notice to the model.
    func apply(to model: inout ViewerModel) {
        model.seen = seen
        if let notice { model.notice = notice }
    }
}
