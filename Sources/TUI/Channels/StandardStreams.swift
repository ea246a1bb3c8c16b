import Engine
import Glibc
import Synchronization

/// Set once a write to standard error failed: the program cannot say so, but it exits 74.
private let standardErrorFailed = Atomic<Bool>(false)

/// Writes whole lines to standard output and standard error and reports a failed write as a value,
/// so that the program can exit 74 (the man page, OPTIONS and EXIT STATUS). Error lines get the `stories-tui: ` prefix. Every line
/// passes the deck's sanitiser on the way out (`TextSanitizer`: C0, DEL, C1, bidi controls), so
/// that nothing a user or a deck typed reaches the terminal as a control sequence.
enum StandardStreams {
    /// Writes lines to standard output; a string holding line breaks counts as several lines.
    /// - Parameter descriptor: where to write (standard output unless a test says otherwise).
    /// - Returns: nil when every byte was written, else why not (`ENOSPC` for `/dev/full`, `EBADF`
    ///   for a closed descriptor, `EPIPE` when SIGPIPE is ignored).
    @discardableResult
    static func printOut(_ lines: [String], to descriptor: Int32 = STDOUT_FILENO) -> ChannelFailure? {
        write(split(lines).map { safe($0) + "\n" }.joined(), to: descriptor, channel: .standardOutput)
    }

    /// Writes error lines to standard error, each prefixed with the program name.
    /// - Returns: nil when every byte was written, else why not.
    @discardableResult
    static func printError(_ lines: [String], to descriptor: Int32 = STDERR_FILENO) -> ChannelFailure? {
        remember(write(split(lines).map { "stories-tui: " + safe($0) + "\n" }.joined(), to: descriptor,
                       channel: .standardError))
    }

    /// Whether standard output is the file at `path` (same device and inode): a redirection into it.
    static func outputIs(_ path: String) -> Bool {
        var output = stat(), file = stat()
        return fstat(STDOUT_FILENO, &output) == 0 && stat(path, &file) == 0
            && output.st_dev == file.st_dev && output.st_ino == file.st_ino
    }

    /// Whether a write to standard error failed during this run (a closed or full stderr): the exit
    /// code becomes 74 unless a signal ended the program.
    static var standardErrorHasFailed: Bool { standardErrorFailed.load(ordering: .relaxed) }

    private static func remember(_ failure: ChannelFailure?) -> ChannelFailure? {
        if failure != nil { standardErrorFailed.store(true, ordering: .relaxed) }
        return failure
    }

    /// Writes deck problems to standard error in the editor form `PATH:LINE:COLUMN: error: MESSAGE`,
    /// which editors' quickfix lists parse from the start of the line (so without the program's prefix).
    @discardableResult
    static func printDiagnostics(_ lines: [String], to descriptor: Int32 = STDERR_FILENO) -> ChannelFailure? {
        remember(write(split(lines).map { safe($0) + "\n" }.joined(), to: descriptor, channel: .standardError))
    }

    /// One line made safe for a terminal: without control and bidi characters, a tab as spaces.
    static func safe(_ text: String) -> String {
        TextSanitizer.sanitize(text, keepingLineBreaks: false)
    }

    private static func split(_ lines: [String]) -> [String] {
        lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    private static func write(_ text: String, to descriptor: Int32, channel: ChannelFailure.Channel)
        -> ChannelFailure? {
        guard let error = DescriptorWriter.writeAll(descriptor, Array(text.utf8)) else { return nil }
        return ChannelFailure(channel: channel, path: "-", reason: .cannotWrite(error))
    }
}
