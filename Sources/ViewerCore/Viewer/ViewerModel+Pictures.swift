import Engine

/// Pictures: which conversions to ask for (the current story's, then the next one's), what came
/// back, and what the layout shows meanwhile. The shell converts off the loop (`ImageLoader`, a
/// helper process) and answers `.loadImage` with `.imageLoaded`; playback never waits for it.
extension ViewerModel {
    /// How long the size must stay put before pictures are converted again: a drag of the window
    /// edge sends many SIGWINCHes, and converting for each would be wasted.
    package static let resizeSettle = 0.15
    /// Conversions kept in the model (the loader's cache keeps more).
    package static let keptPictures = 6

    /// What the layout shows for the current story's picture, or nil for a story without one.
    package var currentPicture: PictureState? {
        guard let story = playing.playback.currentStory, story.image != nil else { return nil }
        guard case .symbols = settings.images else { return .unavailable }
        guard let request = pictureRequest(forStory: playing.playback.currentIndex) else { return .pending }
        switch pictures[request] {
        case .success(let cells)?: return .ready(cells)
        case .failure(let problem)?: return .failed(problem)
        case nil: return .pending
        }
    }

    /// The conversion a story's picture needs at the current (settled) size, or nil.
    package func pictureRequest(forStory index: Int) -> ImageRequest? {
        guard case .symbols(let mode) = settings.images, pictureSizeSettledAt == nil,
              !settings.asksBackground || background.isSettled,
              playing.playback.deck.stories.indices.contains(index) else { return nil }
        // The current story is kept by the playback; another is read from the deck's records once.
        let story = index == playing.playback.currentIndex ? playing.playback.currentStory : playing.playback.deck.stories[index]
        guard let story, let path = story.imagePath else { return nil }
        let box = ScreenLayout.pictureBox(width: size.width, height: size.height)
        guard box.columns > 0, box.rows > 0 else { return nil }
        let deck = playing.playback.deck
        var backdrop = ImageBackdrop.choose(storyBackground: (story.background ?? deck.background).map(TerminalColor.init),
                                            theme: story.theme ?? deck.theme, terminalBackground: background.color)
        // A gradient background (the story's own, else the deck's) shows through as the rows the
        // picture's box covers: its colours at the box's top, middle and bottom rows.
        let gradient = story.background != nil ? story.backgroundGradient : deck.backgroundGradient
        if mode == .shapes { backdrop = .withoutColor(terminalBackground: background.color) }
        if let gradient, gradient.count > 1, mode != .shapes {
            let colors = StoryColors(gradient: BackgroundGradient(stops: gradient.map(TerminalColor.init)))
            let top = ScreenLayout.headerRow, bottom = ScreenLayout.headerRow + box.rows - 1
            backdrop = .gradient([top, (top + bottom) / 2, bottom].compactMap {
                colors.background(row: $0, of: size.height, mode: mode)
            })
        }
        return ImageRequest(path: path, columns: box.columns, rows: box.rows, mode: mode,
                            fit: story.fit == .cover ? .cover : .contain, backdrop: backdrop)
    }

    /// Asks for the current story's picture, then the next one's (so a story change finds it ready),
    /// whenever that list changes; the shell drops queued conversions no longer wanted.
    package mutating func requestPictures() {
        let count = playing.playback.deck.stories.count
        guard count > 0 else { return }
        let inputs = PictureInputs(story: playing.playback.currentIndex, size: size, settled: pictureSizeSettledAt == nil)
        guard inputs != pictureInputs else { return }
        pictureInputs = inputs
        let wanted = [playing.playback.currentIndex, (playing.playback.currentIndex + 1) % count]
            .compactMap { pictureRequest(forStory: $0) }
            .filter { pictures[$0] == nil }
        guard wanted != wantedPictures else { return }
        wantedPictures = wanted
        if !wanted.isEmpty { queue([.loadImages(wanted)]) }
    }

    /// A conversion finished: keep it (a few at most), report a failure once per file.
    package mutating func receivePicture(_ result: ImageResult) {
        wantedPictures.removeAll { $0 == result.request }
        pictureInputs = nil
        pictures[result.request] = result.outcome
        pictureOrder.removeAll { $0 == result.request }
        pictureOrder.append(result.request)
        while pictureOrder.count > Self.keptPictures {
            pictures[pictureOrder.removeFirst()] = nil
        }
        if case .failure(let failure) = result.outcome, !reportedPictureFailures.contains(result.request.path) {
            reportedPictureFailures.insert(result.request.path)
            logError(Messages.pictureFailed(path: result.request.path, failure))
        }
    }

    /// Tells the shell which picture files `--watch` must watch besides the deck.
    package mutating func watchPictures() {
        var paths: [String] = []
        var seen: Set<String> = []
        for story in playing.playback.deck.stories {
            guard let path = story.imagePath else { continue }
            if seen.insert(path).inserted { paths.append(path) }
        }
        queue([.watchFiles(paths)])
    }

    /// The terminal answered its background colour, or will not: the pictures can be asked for.
    package mutating func backgroundSettled() {
        pictureInputs = nil
        requestPictures()
    }

    /// The size changed: forget conversions at the old size once it settles.
    package mutating func pictureSizeChanged(at now: Double) {
        pictureSizeSettledAt = now + Self.resizeSettle
    }

    /// Called as time passes: once the size settled, ask for the pictures at the new size.
    package mutating func settlePictureSize(at now: Double) {
        if let settled = pictureSizeSettledAt, settled <= now { pictureSizeSettledAt = nil }
        requestPictures()
    }
}
