import Engine
import ViewerCore

/// The lines of the events file (the man page, EVENTS), one JSON object each, without the line break. Every line
/// the program writes there comes from here: lifecycle events through the Engine's
/// `LifecycleEvent.jsonLine`, and the program's own `error` and `dropped` lines, built on the same
/// `{"t":…,"event":…}` head with `JSONText`.
enum EventLine {
    /// A lifecycle event: `{"t":1.234,"event":"begin","index":0,"id":"dawn"}`.
    /// - Parameter readyFacts: what `ready` adds about the terminal (`readyFacts(images:depth:)`).
    static func lifecycle(_ event: LifecycleEvent, origin: Double, readyFacts: String = "") -> String {
        let line = event.jsonLine(origin: origin)
        guard event.kind == .ready, !readyFacts.isEmpty, line.hasSuffix("}") else { return line }
        return line.dropLast() + readyFacts + "}"
    }

    /// What the terminal was found to have, for `ready`: `,"images":"symbols","colors":"256"` (images
    /// `kitty`, `sixel`, `iterm2`, `symbols` or `off`, kitty followed by its `"transfer"`; colors `truecolor`,
    /// `256`, `16`, `8`, or `none` without colour).
    static func readyFacts(images: ImagePresentation, depth: ColorDepth) -> String {
        ",\"images\":\"" + images.name + "\"" + kittyFact(images) + ",\"colors\":\"" + depth.rawValue + "\""
    }

    /// For kitty pictures, how their data goes (`,"transfer":"file"` or `"direct"`: `KittyTransmission`).
    private static func kittyFact(_ images: ImagePresentation) -> String {
        guard case .pixels(let format) = images, format.graphicsProtocol == .kitty else { return "" }
        return ",\"transfer\":\"" + format.kittyTransmission.rawValue + "\""
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
