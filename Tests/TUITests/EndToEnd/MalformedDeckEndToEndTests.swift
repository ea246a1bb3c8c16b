import Foundation
import Glibc
import Testing

/// Decks that are too large, endless, on a FIFO or standard input, or not openable, through the real binary
/// (issue 6). No terminal needed: standard output is a pipe, so the program prints plain text.
///
/// Exit codes: a file that cannot be opened as a deck at all (missing, a folder, no permission, over 16 MiB,
/// endless) is 66; a file that was read but is not a valid deck is 65 (docs/RELIABILITY.md).
@Suite(.serialized)
struct MalformedDeckEndToEndTests {
    static let binary = TmuxSession.binary
    static let smallDeck = #"[{"title": "Hello", "caption": "from a pipe"}]"#

    static func folder() -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("stories-malformed-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The address space the binary gets in the size tests (`prlimit --as`): it runs a normal deck in 96 MiB here,
    /// and could not read 1 GiB or an endless device whole within 128 MiB. (`ru_maxrss` from `wait4` is no use:
    /// after `posix_spawn`'s vfork it includes the test process's own peak.)
    static let addressSpaceLimit = 128 * 1024 * 1024

    /// Runs the binary and checks how much work it did (CPU seconds, its own: a loaded machine lengthens wall
    /// time, not this); with `limitMemory`, under `prlimit --as`. The wall clock only bounds a hang (10 s).
    static func run(_ arguments: [String], input: String? = nil, within seconds: Double = 2, limitMemory: Bool = false,
                    sourceLocation: SourceLocation = #_sourceLocation) -> ProcessRunner.Output {
        let prefix = limitMemory ? ["prlimit", "--as=\(addressSpaceLimit)"] : []
        let output = ProcessRunner.run(prefix + [binary] + arguments, input: input, timeout: 10)
        #expect(output.cpuSeconds < seconds, "used \(output.cpuSeconds) s of CPU", sourceLocation: sourceLocation)
        #expect(TerminalBytes.textViolations(output.errorBytes) == [], sourceLocation: sourceLocation)
        return output
    }

    static let hasPrlimit = FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")

    @Test("the memory limit of these tests is tight enough to fail a reader that reads everything",
          .enabled(if: hasPrlimit, "prlimit (util-linux) is needed to bound memory"))
    func limitIsMeaningful() throws {
        // `head -c 1G /dev/zero | wc` streams; `sort` holds its input: 256 MiB of it cannot fit in the limit.
        let greedy = ProcessRunner.run(["sh", "-c", "head -c 268435456 /dev/zero | prlimit --as=\(Self.addressSpaceLimit) sort > /dev/null"],
                                       timeout: 20)
        #expect(greedy.status != 0)
        let valid = ViewerEndToEndTests.deck(Self.smallDeck)
        #expect(Self.run(["--check", valid], limitMemory: true).status == 0)
    }

    @Test("a 1 GiB sparse file is refused from its size, quickly, with bounded memory",
          .enabled(if: hasPrlimit, "prlimit (util-linux) is needed to bound memory"))
    func hugeSparseFile() throws {
        let path = Self.folder() + "/huge.json"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(descriptor >= 0)
        #expect(ftruncate(descriptor, 1 << 30) == 0)
        close(descriptor)
        defer { unlink(path) }
        for mode in [["--check"], ["--plain"], []] {
            let result = Self.run(mode + [path], limitMemory: true)
            #expect(result.status == 66)
            #expect(result.standardError.contains("is too large: a deck may be at most 16 MiB"), "\(result.standardError)")
            #expect(result.outputBytes.isEmpty)
        }
    }

    @Test("/dev/zero is read in chunks and refused after 16 MiB, quickly, with bounded memory",
          .enabled(if: hasPrlimit, "prlimit (util-linux) is needed to bound memory"))
    func endlessDevice() {
        for mode in [["--check"], []] {
            let result = Self.run(mode + ["/dev/zero"], limitMemory: true)
            #expect(result.status == 66)
            #expect(result.standardError.contains("'/dev/zero' is too large"), "\(result.standardError)")
        }
        // Standard input that never ends is refused the same way.
        let endless = ProcessRunner.run(["sh", "-c", "exec prlimit --as=\(Self.addressSpaceLimit) \(TmuxSession.quote(Self.binary)) --check - < /dev/zero"],
                                        timeout: 10)
        #expect(endless.status == 66)
        #expect(endless.standardError.contains("standard input is too large"), "\(endless.standardError)")
    }

    @Test("a deck on a FIFO and on standard input is read and printed")
    func fifoAndStandardInput() throws {
        let folder = Self.folder()
        let fifo = folder + "/deck.fifo"
        try #require(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let quoted = TmuxSession.quote(fifo)
        let script = "printf '%s' \(TmuxSession.quote(Self.smallDeck)) > \(quoted) & exec \(TmuxSession.quote(Self.binary)) --plain \(quoted)"
        let viaFIFO = ProcessRunner.run(["sh", "-c", script], timeout: 10)
        #expect(viaFIFO.status == 0, "\(viaFIFO.standardError)")
        #expect(viaFIFO.standardOutput == "[1/1] Hello\nfrom a pipe\n\n")

        let viaStandardInput = Self.run(["--plain", "-"], input: Self.smallDeck)
        #expect(viaStandardInput.status == 0)
        #expect(viaStandardInput.standardOutput == viaFIFO.standardOutput)
        let check = Self.run(["--check", "-"], input: Self.smallDeck)
        #expect(check.status == 0)
        #expect(check.standardOutput == "standard input: valid, 1 story\n")
        let invalid = Self.run(["--check", "-"], input: "[{\"title\": ")
        #expect(invalid.status == 65)
        #expect(invalid.standardError.hasPrefix("-:1:12: error: [0].title: "), "\(invalid.standardError)")
    }

    @Test("a folder without pictures, a missing file and an unreadable file each have their own message and exit 66")
    func cannotOpen() throws {
        let folder = Self.folder()
        let directory = Self.run(["--check", folder])
        #expect(directory.status == 66)
        #expect(directory.standardError.contains("holds no picture or video to show"), "\(directory.standardError)")

        let missing = Self.run(["--check", folder + "/missing.json"])
        #expect(missing.status == 66)
        #expect(missing.standardError.contains("no such file"), "\(missing.standardError)")
        let missingFolder = Self.run(["--plain", folder + "/no/such/deck.json"])
        #expect(missingFolder.status == 66)
        #expect(missingFolder.standardError == missing.standardError.replacingOccurrences(of: "missing.json", with: "no/such/deck.json"))

        #expect(Set([directory.standardError, missing.standardError]).count == 2)
    }

    /// Root reads any file, so the unreadable case drops to `nobody` with `setpriv` when run as root.
    static let canDropPrivileges = geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    @Test("an unreadable file says permission denied and exits 66",
          .enabled(if: canDropPrivileges, "running as root without setpriv: cannot make a file unreadable"))
    func unreadable() throws {
        let folder = Self.folder()
        let path = folder + "/secret.json"
        try Self.smallDeck.write(toFile: path, atomically: true, encoding: .utf8)
        try #require(chmod(path, 0o000) == 0)
        chmod(folder, 0o755)
        var command = [Self.binary, "--check", path]
        if geteuid() == 0 {
            command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + command
        }
        let result = ProcessRunner.run(command, timeout: 10)
        #expect(result.status == 66)
        #expect(result.standardError == "stories-tui: cannot open '\(path)': permission denied\n"
                + "stories-tui: check that you may read it (ls -l)\n")
        // The same file with read permission loads: the refusal was about permission, not the binary or folder.
        chmod(path, 0o644)
        let readable = ProcessRunner.run(command, timeout: 10)
        #expect(readable.status == 0, "\(readable.standardError)")
    }
}
