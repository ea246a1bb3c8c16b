import Engine

/// Pictures: which conversions to ask for (the current story's, then its neighbours', so that → and ←
/// find them ready), and what the layout shows meanwhile. What was asked for and what came back is
/// `PictureBook`'s; the shell converts off the loop (`ImageLoader`, a helper process) and answers
/// `.loadImages` with `.imageLoaded`; playback never waits for it.
extension ViewerModel {
    /// What the layout shows for the current story's picture, or nil for a story without one.
    package var currentPicture: PictureState? {
        guard let story = playing.playback.currentStory, story.image != nil else { return nil }
        if case .altText = images { return .unavailable }
        guard let request = pictureRequest(forStory: playing.playback.currentIndex) else { return pictures.state(for: nil) }
        return pictures.state(for: request.at(frame: pictures.frame, playing: framePlays(request, frame: pictures.frame, due: true)))
    }

    /// Whether the story's clock runs a moving picture's frames on: playing, autoplay, not paused, held or waiting
    /// for a video's length.
    private var framesRun: Bool {
        let playback = playing.playback
        return playback.phase == .playing && playback.autoplay && !playback.isPaused && !playback.isWaitingForLength
    }

    /// Whether `frame` of the current story's picture (`request`) is asked for as a playing frame (`FrameQuality`).
    private func framePlays(_ request: ImageRequest, frame: Int, due: Bool) -> Bool {
        playing.playback.deck.movingPictures[playing.playback.currentIndex] != nil
            && FrameQuality.isPlaying(frame: frame, due: due, running: framesRun, autoplay: playing.playback.autoplay,
                                      symbols: request.pixels == nil)
    }

    /// The current story's moving picture's frame due at `now` by the story's clock (`AnimationPacing`), and
    /// when the next one is due on the monotonic clock: nil for a still picture; no next while the story's
    /// clock stands (paused, held, an overlay, `--no-autoplay`, not yet started, waiting for a video's length).
    /// In symbols and in the terminal's pixels alike (kitty, sixel, iTerm2: each frame a picture of its own); never
    /// for alt text (`--images off`).
    package func movingFrame(at now: Double) -> (index: Int, wake: Double?)? {
        let playback = playing.playback
        if case .altText = images { return nil }
        guard let pacing = playback.deck.movingPictures[playback.currentIndex] else { return nil }
        let elapsed = playback.elapsed(at: now)
        let due = pacing.due(at: elapsed, paused: !framesRun, reduceMotion: !playback.autoplay)
        return (due.index, due.nextChange.map { now + ($0 - elapsed) })
    }

    /// How pictures are shown: symbols in the depth's mode until the graphics probe settled, then the
    /// terminal's pixels where it chose a pixel protocol (`GraphicsDetection.presentation(over:)`).
    package var images: ImagePresentation { graphics.presentation(over: settings.images) }

    /// The conversion a story's picture needs at the current (settled) size, or nil: in the terminal's
    /// pixels where they were chosen, unless the helper could not make those (the encoder failed, or the
    /// helper did on them): then in symbols, which take far fewer bytes (docs/IMAGES.md, "In the helper").
    package func pictureRequest(forStory index: Int) -> ImageRequest? {
        var pixels: PixelFormat?
        if case .pixels(let format) = images { pixels = format }
        guard let request = pictureRequest(forStory: index, pixels: pixels) else { return nil }
        guard pixels != nil, case .failed(let problem) = pictures.state(for: request) else { return request }
        switch problem {
        case .undecodable, .helperFailed: return pictureRequest(forStory: index, pixels: nil)
        default: return request
        }
    }

    /// The conversion of a story's picture in `pixels` (nil: symbols), or nil.
    private func pictureRequest(forStory index: Int, pixels: PixelFormat?) -> ImageRequest? {
        guard case .symbols(let mode) = settings.images, pictures.sizeIsSettled, graphics.isSettled,
              !settings.asksBackground || background.isSettled,
              playing.playback.deck.stories.indices.contains(index) else { return nil }
        // The current story is kept by the playback; another is read from the deck's records once.
        let story = index == playing.playback.currentIndex ? playing.playback.currentStory : playing.playback.deck.stories[index]
        guard let story, let path = story.imagePath else { return nil }
        let box = pixels.map {
            let area = ScreenLayout(options: settings.layout).pixelBox(for: story, underText: $0.drawsUnderText,
                                                                       width: size.width, height: size.height)
            return (columns: area.columns, rows: area.rows)
        } ?? ScreenLayout.pictureBox(width: size.width, height: size.height)
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
        // A sixel frame is painted over the one before it: no pixel of a moving picture is left transparent.
        if pixels?.graphicsProtocol == .sixel, deck.movingPictures[index] != nil { backdrop = backdrop.opaque }
        return ImageRequest(path: path, columns: box.columns, rows: box.rows, mode: mode,
                            fit: story.fit == .cover ? .cover : .contain, backdrop: backdrop, pixels: pixels)
    }

    /// The stories whose pictures are asked for, in order: the current one, the next (→, or the
    /// end of its time) and the previous (←); the first story's previous is none, since ← there
    /// starts it again.
    package func pictureStories() -> [Int] {
        let count = playing.playback.deck.stories.count, current = playing.playback.currentIndex
        var indices = [current]
        if count > 1 { indices.append((current + 1) % count) }
        if current > 0, current - 1 != indices.last { indices.append(current - 1) }
        return indices
    }

    /// Asks for the pictures of `pictureStories()` not converted yet whenever that list changes; the
    /// shell drops queued conversions no longer wanted.
    package mutating func requestPictures() {
        guard !playing.playback.deck.stories.isEmpty else { return }
        let inputs = PictureInputs(story: playing.playback.currentIndex, size: size, settled: pictures.sizeIsSettled,
                                   frame: pictures.frame, playing: framesRun)
        guard pictures.needsAsking(for: inputs) else { return }
        var requests = pictureStories().compactMap { pictureRequest(forStory: $0) }
        // A moving picture: the frame due, then a few ahead (round the loop), before the neighbours'.
        let playback = playing.playback
        // (The first request is the current story's only when that one could be worked out: not while the size
        // or the background settles.)
        if let pacing = playback.deck.movingPictures[playback.currentIndex], let current = requests.first,
           current == pictureRequest(forStory: playback.currentIndex) {
            let count = pacing.delays.count
            let ahead = playback.autoplay ? min(PictureBook.framesAhead, count - 1) : 0
            requests.replaceSubrange(0..<1, with: (0...ahead).map {
                let frame = (pictures.frame + $0) % count
                return current.at(frame: frame, playing: framePlays(current, frame: frame, due: $0 == 0))
            })
        }
        queue(pictures.ask(for: requests, inputs: inputs))
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

    /// The graphics probe settled (or asked nothing): the shell learns how pictures are drawn (the
    /// `ready` event says it), and the pictures can be asked for in that form.
    package mutating func graphicsSettled() {
        queue([.picturesChosen(images, synchronized: graphics.synchronizedOutput)])
        pictures.inputsChanged()
        requestPictures()
    }

    /// The terminal answered its background colour, or will not: the pictures can be asked for.
    package mutating func backgroundSettled() {
        pictures.inputsChanged()
        requestPictures()
    }
}
