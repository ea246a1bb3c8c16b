/// The next bar steps of a quiet stretch, worked out ahead for a quiet run (`ViewerSession.barSchedule`):
/// when each is due and the one cell it writes, from the same `BarStep` chain a step drawn one by one
/// follows, so the two cannot disagree. The loop hands it to its host, which sleeps and writes each step
/// past the model and the screen (`ViewerHost.runQuiet`), then gives the screen the steps written
/// (`ViewerSession.took`). Valid only while nothing arrives: any input, signal or channel ends the run.
package struct BarSchedule {
    /// When each step is due, and one time more: a wake-up in `times[k]..<times[k + 1]` draws step `k` (a
    /// later one draws another step, or something else is due: the run hands back without writing).
    package let times: [Double]
    /// The cell each step writes; nil when the step shows nothing new (an ASCII bar's hidden eighths).
    package let cells: [PlacedCell?]
    /// The bar's progress at each step's time, as the loop would draw it then.
    let progress: [Double]
    /// The steps themselves, for the screen to take as drawn.
    let steps: [BarStep]

    /// How many steps.
    package var count: Int { cells.count }

    /// The shortest sleep between two wake-ups (`ViewerModel.nextWake`'s): a step after a wake-up at `now`
    /// is slept to `max(times[k], now + gap)`.
    package static var gap: Double { ViewerModel.frameInterval }

    init(times: [Double], cells: [PlacedCell?], progress: [Double], steps: [BarStep]) {
        self.times = times
        self.cells = cells
        self.progress = progress
        self.steps = steps
    }
}
