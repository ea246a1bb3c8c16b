import Engine
import Glibc

/// What keys, the mouse and signals do (SPEC 4).
extension Viewer {
    /// Applies one input event at a time.
    func handle(_ event: CursesInputEvent, at now: Double) {
        switch event {
        case .resize:
            backend.updateSize()
        case .endOfInput:
            quit(at: now, code: 0)
        case .mousePress(let column, let width):
            guard overlay == nil else { return }
            // A release the terminal never sent must not leave the deck held for ever.
            if mouseHolding, playback.pauseReasons.contains(.hold) {
                emit(playback.handle(.hold(.ended, .mouse), at: now))
            }
            mousePress = (now, column, width)
            mouseHolding = false
        case .mouseRelease(let column, let width):
            // A press and release read together come back from curses as a lone release: a click.
            if mousePress == nil {
                if overlay == nil { click(column: column, width: width, at: now) }
                return
            }
            releaseMouse(at: now)
        case .mouseClick(let column, let width):
            guard overlay == nil else { return }
            click(column: column, width: width, at: now)
        case .key, .character:
            switch overlay {
            case .help?: handleHelpKey(event, at: now)
            case .storyList(let selection)?: handleListKey(event, selection: selection, at: now)
            case nil: handleStoryKey(event, at: now)
            }
        }
    }

    private func handleStoryKey(_ event: CursesInputEvent, at now: Double) {
        switch event {
        case .key(.right), .character("l"): navigate(.next, at: now)
        case .key(.left), .character("h"): navigate(.previous, at: now)
        case .key(.down): navigate(.nextGroup, at: now)
        case .key(.up): navigate(.previousGroup, at: now)
        case .key(.home), .character("g"): navigate(.first, at: now)
        case .key(.end), .character("G"): navigate(.last, at: now)
        case .character(" "):
            let signals = hold.spaceKey(at: now)
            spaceKeysInHold += 1
            for signal in signals { applyHold(signal, at: now) }
        case .character("p"): emit(playback.handle(.togglePause(.toggle), at: now))
        case .key(.tab): open(.storyList(selection: playback.currentIndex), at: now)
        case .character("?"): open(.help, at: now)
        case .character("r"): reload(at: now)
        case .character("q"), .key(.escape): quit(at: now, code: 0)
        default: break
        }
    }

    private func handleHelpKey(_ event: CursesInputEvent, at now: Double) {
        switch event {
        case .key(.escape), .character("?"): close(at: now)
        case .character("q"): quit(at: now, code: 0)
        default: break
        }
    }

    private func handleListKey(_ event: CursesInputEvent, selection: Int, at now: Double) {
        let last = playback.deck.stories.count - 1
        switch event {
        case .key(.down), .character("j"): overlay = .storyList(selection: min(last, selection + 1))
        case .key(.up), .character("k"): overlay = .storyList(selection: max(0, selection - 1))
        case .key(.home), .character("g"): overlay = .storyList(selection: 0)
        case .key(.end), .character("G"): overlay = .storyList(selection: last)
        case .key(.enter):
            close(at: now)
            navigate(.jump(selection), at: now)
        case .key(.escape), .key(.tab): close(at: now)
        case .character("q"): quit(at: now, code: 0)
        default: break
        }
    }

    /// Manual navigation: the new story starts from 0; pauses (a hold too) stay as they were.
    func navigate(_ input: PlaybackInput, at now: Double) {
        emit(playback.handle(input, at: now))
        checkEnd()
    }

    func open(_ panel: Overlay, at now: Double) {
        // A press under way belongs to the story, not the panel: its release must not navigate.
        if mouseHolding, playback.pauseReasons.contains(.hold) {
            emit(playback.handle(.hold(.ended, .mouse), at: now))
        }
        mousePress = nil
        mouseHolding = false
        overlay = panel
        emit(playback.handle(.overlayOpened, at: now))
    }

    func close(at now: Double) {
        overlay = nil
        emit(playback.handle(.overlayClosed, at: now))
    }

    /// Ends the run: the playback says `quit`, and the loop stops with `code`.
    func quit(at now: Double, code: Int32) {
        emit(playback.handle(.quit, at: now))
        exitCode = code
    }

    /// Passes a hold signal to the playback; counts spaces so that only a sure hold hides text.
    func applyHold(_ signal: HoldSignal, at now: Double) {
        switch signal {
        case .began, .tapRetracted: break
        case .becameTap, .ended: spaceKeysInHold = 0
        }
        emit(playback.handle(.hold(signal, .hold), at: now))
    }

    private func releaseMouse(at now: Double) {
        guard let press = mousePress else { return }
        mousePress = nil
        if mouseHolding {
            mouseHolding = false
            if playback.pauseReasons.contains(.hold) {
                emit(playback.handle(.hold(.ended, .mouse), at: now))
            }
            return
        }
        click(column: press.column, width: press.width, at: now)
    }

    private func click(column: Int, width: Int, at now: Double) {
        navigate(column < width / 2 ? .previous : .next, at: now)
    }

    /// Reloads the deck from disk, keeping the story; a deck that became invalid keeps the last
    /// good one on screen and shows its first problem.
    func reload(at now: Double) {
        guard configuration.deckPath != "-" else {
            notice = messages.cannotReloadStandardInput
            return
        }
        switch DeckLoader.load(path: configuration.deckPath) {
        case .success(let deck):
            notice = nil
            emit(playback.handle(.reload(deck), at: now))
            if case .storyList(let selection)? = overlay {
                overlay = .storyList(selection: min(selection, max(0, deck.stories.count - 1)))
            }
        case .failure(let error):
            notice = messages.reloadFailed(error.message(in: messages.language).first ?? "")
        }
    }

    /// Acts on the signals that arrived: quit ones restore the terminal and end with 128 + N,
    /// SIGUSR1 toggles pause, SIGWINCH resizes, SIGTSTP suspends with the terminal restored.
    func handleSignals(at now: Double) {
        for signal in signals.take() {
            switch signal {
            case SIGINT, SIGTERM, SIGHUP, SIGPIPE:
                quit(at: now, code: 128 + signal)
                return
            case SIGUSR1:
                emit(playback.handle(.togglePause(.control), at: now))
            case SIGWINCH:
                backend.updateSize()
            case SIGTSTP:
                suspendProcess()
            case SIGCONT:
                backend.resume()
            default:
                break
            }
        }
    }

    /// Ctrl-Z: give the terminal back, stop for real, and redraw everything on `fg`.
    private func suspendProcess() {
        emit(playback.handle(.stopped, at: MonotonicClock.now()))
        backend.suspend()
        SignalWatcher.reset(SIGTSTP)
        kill(getpid(), SIGTSTP)
        SignalWatcher.install(SIGTSTP)
        // The SIGCONT that woke us is handled right here; without this the screen would be repainted twice.
        signals.discard(SIGCONT)
        backend.resume()
        backend.updateSize()
        // The story did not run while the process was stopped.
        emit(playback.handle(.continued, at: MonotonicClock.now()))
    }
}
