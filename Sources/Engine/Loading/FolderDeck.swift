/// A folder as a deck (docs/DECK-FORMAT.md, "Folder decks"): one story for each picture or video in it,
/// in natural name order, titled by its name, with the file name as its id (so that a reload after files were
/// added or removed keeps the story shown). The stories go through the validator like any deck's.
enum FolderDeck {
    /// The deck of the folder at `path` and what it left out.
    static func load(path: String, checkImages: ImageCheck?) -> DeckLoadOutcome {
        let listing: FolderLister.Listing
        switch FolderLister.list(path: path) {
        case .success(let found): listing = found
        case .failure(let error): return DeckLoadOutcome(result: .failure(error), notes: [], file: path)
        }
        // Every picture and video the listing found is a story (a video, MP4, MOV, WebM or MKV by its bytes, a
        // `video` story; the picture helper says whether it plays); only unreadable entries are left out.
        let shown = listing.media
        let notes = listing.unreadable.map(DeckNote.unreadable)
        guard !shown.isEmpty else {
            let error = DeckLoadError.noPictures(path, unreadable: listing.unreadable.count)
            return DeckLoadOutcome(result: .failure(error), notes: notes, file: path)
        }
        var feeder = DeckStreamFeeder(baseDirectory: path, checkImages: checkImages)
        for entry in shown {
            feeder.story([
                member("id", entry.name),
                member("title", title(ofFile: entry.name)),
                member(entry.kind?.isVideo == true ? "video" : "image", entry.name),
            ], line: 0, column: 0)
        }
        return DeckLoadOutcome(result: feeder.finish(line: 0, column: 0), notes: notes, file: path)
    }

    /// A story's title from its file name: without the extension, underscores and dashes as spaces
    /// (`summer_trip-2.jpg` is `summer trip 2`).
    static func title(ofFile name: String) -> String {
        var stem = Substring(name)
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = stem[..<dot] }
        return String(stem.map { $0 == "_" || $0 == "-" ? " " : $0 })
    }

    private static func member(_ key: String, _ text: String) -> JSONMember {
        JSONMember(key: key, line: 0, column: 0, value: JSONValue(kind: .string(text), line: 0, column: 0))
    }
}
