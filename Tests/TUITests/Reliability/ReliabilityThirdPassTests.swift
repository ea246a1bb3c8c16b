import Engine
import Foundation
import Glibc
import Testing
@testable import TUI
@testable import ViewerCore

/// Issue 26 (reliability, third pass) in process: the pieces behind each promise, without a terminal.
/// docs/RELIABILITY.md lists them with the end-to-end tests (`ReliabilityEndToEndTests+ThirdPass.swift`).
@Suite("Reliability, third pass: seen stories merged, special files left alone, one size clamp, whole event lines")
struct ReliabilityThirdPassTests {
    static let messages = Messages(language: .english)
    static let deck = Deck(stories: (1...6).map { Story(id: "s\($0)", title: "S\($0)") })

    // MARK: Seen stories

    /// A folder as XDG_STATE_HOME with a deck in it.
    static func stateHome() -> (TemporaryFolder, String, Environment) {
        let home = TemporaryFolder()
        return (home, home.write("deck.json", "[]"), ["XDG_STATE_HOME": home.path])
    }

    static func openSeen(_ deckPath: String, _ environment: Environment) -> SeenStories {
        SeenStories.open(deckPath: deckPath, deck: deck, environment: environment, messages: messages)
    }

    @Test("two programs on one deck, their writes interleaved: the file keeps both sets of marks",
          arguments: [["a1", "b1", "a2", "b2"], ["a1", "a2", "b1", "b2"], ["b1", "a1", "a2", "b2"]])
    func overlappingInstances(order: [String]) throws {
        let home = TemporaryFolder()
        let deckPath = home.write("deck.json", "[]")
        let environment: Environment = ["XDG_STATE_HOME": home.path]
        // Both open before either writes, as two terminals started on one deck.
        let first = try #require(SeenStories.open(deckPath: deckPath, deck: Self.deck, environment: environment,
                                                  messages: Self.messages).store)
        let second = try #require(SeenStories.open(deckPath: deckPath, deck: Self.deck, environment: environment,
                                                   messages: Self.messages).store)
        let ids = ["a1": "s1", "a2": "s2", "b1": "s4", "b2": "s5"]
        for step in order {
            let store = step.hasPrefix("a") ? first : second
            #expect(store.record(try #require(ids[step])))
        }
        let reopened = SeenStories.open(deckPath: deckPath, deck: Self.deck, environment: environment, messages: Self.messages)
        #expect(reopened.seen == ["s1", "s2", "s4", "s5"], "\(order)")
        #expect(home.files(in: "stories-tui") == [SeenStoriesStore.fileName(forDeck: first.deckPath)],
                "no lock file or temporary file is left beside the state")
    }

    @Test("a mark made while another program holds the lock is carried by the next write")
    func lockHeld() throws {
        let (home, deckPath, environment) = Self.stateHome()
        let store = try #require(Self.openSeen(deckPath, environment).store)
        let folder = home.path + "/stories-tui"
        let holder = open(folder, O_RDONLY | O_DIRECTORY)
        try #require(holder >= 0 && flock(holder, LOCK_EX) == 0)
        #expect(!store.record("s1"), "the lock is held: this write is left out, never waited for")
        close(holder)
        #expect(store.record("s2"))
        let reopened = SeenStories.open(deckPath: deckPath, deck: Self.deck, environment: environment, messages: Self.messages)
        #expect(reopened.seen == ["s1", "s2"])
    }

    @Test("a FIFO, a folder or a device at the seen path: one notice, no store, nothing read or written, never a wait",
          arguments: ["fifo", "folder", "device"])
    func specialFileAtSeenPath(kind: String) throws {
        let home = TemporaryFolder()
        let deckPath = home.write("deck.json", "[]")
        let environment: Environment = ["XDG_STATE_HOME": home.path]
        let path = home.path + "/" + TemporaryFolder.seenFile(forDeck: deckPath)
        try FileManager.default.createDirectory(atPath: home.path + "/stories-tui", withIntermediateDirectories: true)
        switch kind {
        case "fifo": try #require(mkfifo(path, 0o600) == 0)
        case "folder": try #require(mkdir(path, 0o700) == 0)
        default: try #require(symlink("/dev/zero", path) == 0)
        }
        // Before: open(2) of a FIFO without O_NONBLOCK waited for a writer for good (this test hung).
        let opened = SeenStories.open(deckPath: deckPath, deck: Self.deck, environment: environment, messages: Self.messages)
        #expect(opened.store == nil)
        let expected = ["fifo": "a named pipe", "folder": "a folder", "device": "a device"][kind] ?? ""
        #expect(opened.notice?.contains("not remembered") == true && opened.notice?.contains(expected) == true,
                "\(opened.notice ?? "no notice")")
        var status = stat()
        #expect(lstat(path, &status) == 0 && FileType(mode: status.st_mode) != .regular, "left as it was")
        let spanish = SeenStories.open(deckPath: deckPath, deck: Self.deck, environment: environment,
                                       messages: Messages(language: .spanish))
        #expect(spanish.notice?.contains("no un archivo normal") == true)
    }

    @Test("a seen file replaced by a FIFO during the run: the next mark is left out, the FIFO untouched")
    func becameFIFO() throws {
        let (home, deckPath, environment) = Self.stateHome()
        let store = try #require(Self.openSeen(deckPath, environment).store)
        #expect(store.record("s1"))
        unlink(store.path)
        try #require(mkfifo(store.path, 0o600) == 0)
        #expect(!store.record("s2"))
        #expect(home.files(in: "stories-tui").count == 1, "no temporary file left")
        var status = stat()
        #expect(lstat(store.path, &status) == 0 && FileType(mode: status.st_mode) == .fifo)
    }

    @Test("--events on a block device is refused before a byte is written, with a message in both languages",
          .enabled(if: FileManager.default.fileExists(atPath: "/dev/loop0"), "no block device to name"))
    func eventsOnBlockDevice() {
        guard case .failure(let failure) = EventLog.open(path: "/dev/loop0", origin: 0) else {
            Issue.record("a block device was opened for events")
            return
        }
        #expect(failure.reason == .wrongType(.blockDevice))
        #expect(Self.messages.channelFailure(failure).contains("is a device: name a regular file"))
        #expect(Messages(language: .spanish).channelFailure(failure).contains("es un dispositivo"))
    }

    // MARK: One size clamp

    @Test("COLUMNS/LINES and the terminal's size: one clamp, the variables win where they are sizes")
    func toldSizes() {
        let terminal = TerminalSize(width: 80, height: 24)
        #expect(TerminalSize.told(columns: nil, lines: nil, terminal: terminal) == terminal)
        #expect(TerminalSize.told(columns: "120", lines: "40", terminal: terminal) == TerminalSize(width: 120, height: 40))
        #expect(TerminalSize.told(columns: "40000", lines: "30000", terminal: terminal) == TerminalSize.drawable)
        #expect(TerminalSize.told(columns: "65535", lines: "65535", terminal: nil) == TerminalSize.drawable)
        #expect(TerminalSize.told(columns: "99999999999999999999999", lines: "5", terminal: nil)
                == TerminalSize(width: 1000, height: 5))
        #expect(TerminalSize.told(columns: "100", lines: nil, terminal: terminal) == TerminalSize(width: 100, height: 24))
        for junk in ["", "0", "-5", "80x", " 80", "+80", "٨٠"] {
            #expect(TerminalSize.told(columns: junk, lines: junk, terminal: terminal) == terminal, "\(junk)")
        }
        #expect(TerminalSize.told(columns: "junk", lines: nil, terminal: nil) == nil)
        #expect(TerminalSize.told(columns: nil, lines: nil, terminal: TerminalSize(width: 65535, height: 65535))
                == TerminalSize.drawable)
    }

    // MARK: Whole event lines

    static let canMount: Bool = {
        let probe = NSTemporaryDirectory() + "stories-mount-probe-\(getpid())"
        mkdir(probe, 0o700)
        defer { rmdir(probe) }
        guard Self.mountTmpfs(at: probe) else { return false }
        umount(probe)
        return true
    }()

    /// Mounts a 64 KiB tmpfs at `folder`.
    static func mountTmpfs(at folder: String) -> Bool {
        "size=64k".withCString { mount("tmpfs", folder, "tmpfs", 0, $0) } == 0
    }

    @Test("a full disk (a 64 KiB tmpfs): the events file holds only whole lines, and the failure is kept once",
          .enabled(if: canMount, "mounting a tmpfs needs root (CAP_SYS_ADMIN)"),
          arguments: [0, 1000, 4000])
    func fullDisk(filler: Int) throws {
        let folder = NSTemporaryDirectory() + "stories-full-\(getpid())-\(filler)"
        try #require(mkdir(folder, 0o700) == 0)
        defer { rmdir(folder) }
        try #require(Self.mountTmpfs(at: folder))
        defer { umount(folder) }
        if filler > 0 { try Data(repeating: 0x2E, count: filler).write(to: URL(fileURLWithPath: folder + "/filler")) }
        let path = folder + "/events.jsonl"
        let log = try EventLog.open(path: path, origin: 0).get()
        for index in 0..<3000 {
            log.enqueue([LifecycleEvent(time: Double(index) / 100, kind: .begin, index: index, id: "story-\(index)")])
            if index % 50 == 0 { log.flush() }
        }
        log.flush()
        let failure = try #require(log.failure, "64 KiB cannot take 3000 lines")
        #expect(failure.errno == ENOSPC)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.count > 50_000, "the disk was filled: \(bytes.count)")
        #expect(bytes.last == 0x0A, "no torn line at the end (before: the file ended inside a line)")
        for line in bytes.split(separator: 0x0A) {
            #expect((try? JSONSerialization.jsonObject(with: Data(line))) != nil, "\(String(decoding: line, as: UTF8.self))")
        }
    }
}
