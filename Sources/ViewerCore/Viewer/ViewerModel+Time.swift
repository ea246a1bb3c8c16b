import Engine

/// Time in the viewer: deadlines applied at their own time, and when to wake next.
extension ViewerModel {
    /// Moves time forward for the holds, the playback and a due reload. Each deadline is applied at
    /// its own time, not at `now`, so that a hold ends (and the story resumes) when the key was
    /// released, however late the loop woke.
    package mutating func advance(to now: Double) {
        emit(playing.advance(to: now))
        if reload.takeDue(at: now) { requestReload() }
        if background.expire(at: now) { pictures.inputsChanged() }
        if graphics.expire(at: now, size: size) { graphicsSettled() }
        pictures.advance(to: now)
        let moving = movingFrame(at: now)
        pictures.show(frame: moving?.index ?? 0, wake: moving?.wake ?? nil)
        askLengths(at: now)
        requestPictures()
        checkEnd()
    }

    /// The earliest time something on screen or in the playback can change, or nil for never: the
    /// next bar step or `pendingDeadline`.
    package func nextWake(at now: Double) -> Double? {
        // Bar steps are cosmetic: at most 60 a second, whatever the width and duration.
        nextBarStep(at: now).map { max($0, now + Self.frameInterval) }.earliest(pendingDeadline)
    }

    /// Whether nothing but the bar's progress has changed by itself by `now`: it is before `pendingDeadline`.
    package func isQuiet(at now: Double) -> Bool {
        pendingDeadline.map { now < $0 } ?? true
    }

    /// Works out `pendingDeadline` after an update at `now`.
    package func nextDeadline(at now: Double) -> Double? {
        playing.nextDeadline   // the playback's and the holds' (the moment title and caption hide among them)
            .earliest(reload.due)
            .earliest(nextCountdownChange(at: now))
            .earliest(keyboard.deadline)
            .earliest(background.deadline)
            .earliest(graphics.deadline)
            .earliest(pictures.sizeSettlesAt)
            .earliest(pictures.frameWake)
    }

    /// When the current segment next gains a visible eighth of a cell, or nil when the bar does not move.
    package func nextBarStep(at now: Double) -> Double? {
        guard let width = movingSegmentWidth else { return nil }
        return BarClock.nextStep(progress: playing.playback.progress(at: now), segmentWidth: width) {
            playing.playback.time(whenProgressReaches: $0)
        }
    }

    /// Works out `movingSegmentWidth`: the current segment's width while the bar moves by itself.
    package func segmentWidthWhileMoving() -> Int? {
        guard playing.playback.options.autoplay, !playing.playback.isPaused, overlay == nil, playing.playback.phase == .playing,
              size.width >= ScreenLayout.minimumWidth, size.height >= ScreenLayout.minimumHeight else { return nil }
        let bars = ProgressBarLayout(segments: playing.playback.deck.segmentRange(ofStory: playing.playback.currentIndex),
                                     current: playing.playback.currentIndex, progress: 0, ascii: false)
        return bars.currentSegmentWidth(left: ScreenLayout.margin,
                                        width: ScreenLayout.barWidth(forTerminalWidth: size.width))
    }
}
