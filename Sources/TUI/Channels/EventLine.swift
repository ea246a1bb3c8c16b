import Engine

/// The lines of the events file (the man page, EVENTS), one JSON object each, without the line break. Every line
/// the program writes there comes from here: lifecycle events through the Engine's
/// `LifecycleEvent.jsonLine`, and the program's own `error` and `dropped` lines, built on the same
/// `{"t":…,"event":…}` head with `JSONText`.
enum EventLine {
    /// A lifecycle event: `{"t":1.234,"event":"begin","index":0,"id":"dawn"}`.
    static func lifecycle(_ event: LifecycleEvent, origin: Double) -> String {
        event.jsonLine(origin: origin)
    }

    /// Something the program ignored or could not do: `{"t":…,"event":"error","message":"…"}`.
    /// - Parameter message: English prose (the stream is for programs); escaped, so it may hold anything.
    static func error(_ message: String, at time: Double, origin: Double) -> String {
        head("error", at: time, origin: origin) + ",\"message\":" + JSONText.quoted(message) + "}"
    }

    /// Lines left out because the reader stalled: `{"t":…,"event":"dropped","count":N}`.
    /// - Parameter time: when the last of them happened.
    static func dropped(_ count: Int, at time: Double, origin: Double) -> String {
        head("dropped", at: time, origin: origin) + ",\"count\":" + String(count) + "}"
    }

    private static func head(_ name: String, at time: Double, origin: Double) -> String {
        "{\"t\":" + JSONText.seconds(time - origin) + ",\"event\":\"" + name + "\""
    }
}
