import Engine
import Glibc

/// Appends lifecycle events to a file as JSON lines (SPEC 5), one `write` per event so that a
/// reader sees each line as soon as it happens.
final class EventLog {
    private let descriptor: Int32
    private let origin: Double

    /// Opens (creating if needed) the file for appending; nil if it cannot be opened.
    init?(path: String, origin: Double) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        self.origin = origin
    }

    deinit { close(descriptor) }

    /// Writes each event as one line.
    func write(_ events: [LifecycleEvent]) {
        for event in events { writeLine(event.jsonLine(origin: origin)) }
    }

    /// Writes an `error` event: something the program ignored, such as an unknown control command.
    func writeError(_ message: String, at time: Double) {
        writeLine("{\"t\":" + JSONText.seconds(time - origin) + ",\"event\":\"error\",\"message\":"
            + JSONText.quoted(message) + "}")
    }

    /// Writes a line that is already JSON (for example a message about an unknown control command).
    func writeLine(_ json: String) {
        DescriptorWriter.writeAll(descriptor, json + "\n")
    }
}
