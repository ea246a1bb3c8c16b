import Engine

/// The viewer without the operating system: the model, the input decoder and the screen, wired as
/// the loop runs them. Bytes and events go in, effects come out, frames go to the backend. The loop
/// (`Viewer`) performs the effects and brings the time and what its host's sources bring, in the
/// program and in the tests alike.
package final class ViewerSession {
    // Unchecked (as `Viewer.queued`): only the loop's thread calls the session, and nothing the model or the
    // decoder does while one is being changed reaches the session again; the runtime's check of each access
    // cost a bar step about 230 instructions (Benchmarks/README.md, issue 24).
    @exclusivity(unchecked) private(set) var model: ViewerModel
    @exclusivity(unchecked) private(set) var decoder = InputDecoder()
    package let screen: Screen

    package init(model: ViewerModel, screen: Screen) {
        self.model = model
        self.screen = screen
    }

    /// The model's exit code, once it decided to end.
    package var exitCode: Int32? { model.exitCode }

    /// Applies an event; returns the effects for the loop to perform.
    package func update(_ event: ViewerEvent, at now: Double) -> [ViewerEffect] {
        model.update(event, at: now)
    }

    /// Decodes input bytes and applies each event, stopping at an exit. The bytes are the slice the
    /// loop read, not `some Collection`: a generic called from TUI, another module, would run
    /// unspecialised in a release build; this way the decoder is specialised here, once.
    package func receive(_ bytes: ArraySlice<UInt8>, at now: Double) -> [ViewerEffect] {
        apply(decoder.feed(bytes, at: now), at: now)
    }

    /// Decodes bytes typed before the program sent any query: keys and the mouse act as ever, but
    /// nothing among them is the terminal's answer (a reply there is dropped, never seen by the probe).
    package func receiveTypedAhead(_ bytes: [UInt8], at now: Double) -> [ViewerEffect] {
        apply(decoder.feed(bytes, at: now).filter { if case .reply = $0 { return false } else { return true } }, at: now)
    }

    /// Resolves input the decoder held back (a lone Esc) once its deadline passed.
    package func flushInput(at now: Double) -> [ViewerEffect] {
        apply(decoder.flush(at: now), at: now)
    }

    private func apply(_ inputs: [InputEvent], at now: Double) -> [ViewerEffect] {
        var effects: [ViewerEffect] = []
        for input in inputs where model.exitCode == nil {
            effects += update(.input(input), at: now)
        }
        return effects
    }

    /// Draws the state at `now`; returns how many cells were written. While the model has not changed
    /// since the last draw and nothing is due, only the bar moves: the screen steps it without a new
    /// state to build and compare.
    @discardableResult
    package func render(at now: Double) -> Int {
        if drawnRevision == model.revision, inPlace({ $0.isQuiet(at: now) }),
           let written = screen.step(toProgress: inPlace { $0.playing.playback.progress(at: now) }) {
            return written
        }
        drawnRevision = model.revision
        return screen.draw(inPlace { $0.viewState(at: now) })
    }

    /// The next steps of the bar while nothing but the bar moves (the model quiet and unchanged since the
    /// last draw, no input held back, a bar step already drawn since the last full layout), at most `limit`:
    /// each step due before anything else is (`pendingDeadline`: a story's end, a hold's timer, a picture's
    /// frame…), at least `BarSchedule.gap` after the one before, and changing at most one cell. Nil when there
    /// is no such step (the loop then wakes for the next one as ever). A quiet run that writes these steps
    /// leaves the model exactly as a tick at each would (a quiet tick changes nothing) and, after `took`, the
    /// screen as each step drawn one by one would.
    package func barSchedule(at now: Double, limit: Int) -> BarSchedule? {
        guard limit > 0, drawnRevision == model.revision, decoder.escapeDeadline == nil, screen.followsStep,
              inPlace({ $0.isQuiet(at: now) }), let first = inPlace({ $0.nextBarStep(at: now) }),
              first >= now + BarSchedule.gap else { return nil }
        let end = model.pendingDeadline ?? .infinity
        var times: [Double] = [], progress: [Double] = []
        times.reserveCapacity(limit + 1)
        progress.reserveCapacity(limit)
        var next: Double? = first
        while let time = next, time < end, times.count < limit {
            times.append(time)
            progress.append(inPlace { $0.playing.playback.progress(at: time) })
            next = inPlace { $0.nextBarStep(at: time) }
            // Closer than a frame, the loop would wake a frame later and draw another step: the run ends here.
            if let later = next, later - time < BarSchedule.gap { break }
        }
        guard var steps = screen.steps(toProgress: progress) else { return nil }
        var cells: [PlacedCell?] = []
        cells.reserveCapacity(steps.count)
        for step in steps {
            var placed: PlacedCell?
            let changed = step.forEachChange { column, cell in placed = PlacedCell(cell: cell, row: step.row, column: column) }
            // Two cells at once are not a quiet step's: the loop draws it.
            guard changed <= 1 else { break }
            cells.append(placed)
        }
        guard !cells.isEmpty else { return nil }
        if cells.count < times.count {
            next = times[cells.count]
            times.removeLast(times.count - cells.count)
            progress.removeLast(progress.count - cells.count)
            steps.removeLast(steps.count - cells.count)
        }
        times.append(min(next ?? end, end))
        return BarSchedule(times: times, cells: cells, progress: progress, steps: steps)
    }

    /// The first `count` steps of a quiet run were written by the backend: the screen takes them as drawn.
    package func took(_ count: Int, of schedule: BarSchedule) {
        let count = min(count, schedule.count)
        guard count > 0 else { return }
        screen.took(schedule.steps[count - 1], progress: schedule.progress[count - 1], cells: schedule.cells.prefix(count))
    }

    /// The model's revision the screen last drew whole.
    private var drawnRevision: Int?

    /// When the loop must look again: the model's next change or the decoder's Esc deadline.
    package func nextWake(at now: Double) -> Double? {
        inPlace { $0.nextWake(at: now) }.earliest(decoder.escapeDeadline)
    }

    /// Reads the model where it is stored. A call on a struct stored in a class copies the struct first
    /// (the call could reach the class and change it), which for this model is about 2 k instructions
    /// on every wake-up; through `inout` the access is exclusive and the call gets its address.
    private func inPlace<Answer>(_ read: (inout ViewerModel) -> Answer) -> Answer {
        read(&model)
    }
}
