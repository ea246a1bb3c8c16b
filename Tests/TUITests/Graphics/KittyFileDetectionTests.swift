import Testing
@testable import TUI
@testable import ViewerCore

/// Kitty pictures by temporary file, detected in the start-up batch (docs/IMAGES.md, "Kitty pictures by file"):
/// the second `a=q` (by file), the parser over kitty 0.26.5's answers recorded under Xvfb here (2026-12-02: `OK`
/// for a file it read, `EBADF … [2] No such file or directory` for a path it cannot open, as over ssh), silence,
/// and the transmission's table.
@Suite struct KittyFileDetectionTests {
    static let esc = GraphicsCapabilitiesTests.esc
    static let path = "/tmp/tty-graphics-protocol-stories-tui-AbC123"
    /// The direct query's answer in kitty 0.26.5's recording (`GraphicsCapabilitiesTests.kitty`).
    static let kittyOK = "\(esc)_Gi=31;OK\(esc)\\"
    /// The rest of that recording: XTVERSION, the pixel sizes, 2026 and DA1.
    static let afterKittyOK = String(GraphicsCapabilitiesTests.kitty.dropFirst(kittyOK.count))
    /// kitty 0.26.5 answering both queries `OK` (it read the probe's file, and deleted it).
    static let kittyReadsFiles = "\(esc)_Gi=31;OK\(esc)\\\(esc)_Gi=32;OK\(esc)\\" + afterKittyOK
    /// kitty 0.26.5 asked for a file it cannot open (recorded with a path that does not exist).
    static let kittyMissesFile = "\(esc)_Gi=31;OK\(esc)\\\(esc)_Gi=32;EBADF:Failed to open file for graphics "
        + "transmission with error: [2] No such file or directory\(esc)\\" + afterKittyOK

    @Test func theRecordedAnswersStartAsKittysDo() {
        // The fixtures above are that recording with the answer to the file's query put after the direct one's.
        #expect(GraphicsCapabilitiesTests.kitty == Self.kittyOK + Self.afterKittyOK)
        #expect(Self.afterKittyOK.hasPrefix("\(Self.esc)P>|kitty(0.26.5)"))
        #expect(GraphicsCapabilitiesTests.capabilities(Self.kittyReadsFiles).version == "kitty(0.26.5)")
    }

    @Test func theQueryByFileNamesThePathInBase64() {
        let query = GraphicsProbe.kittyFileQuery(path: Self.path)
        #expect(query == "\(Self.esc)_Gi=32,s=1,v=1,a=q,t=t,f=24;L3RtcC90dHktZ3JhcGhpY3MtcHJvdG9jb2wtc3Rvcmllcy10dWktQWJDMTIz\(Self.esc)\\")
        #expect(GraphicsProbe.kittyFilePixel.count == 3)
        // In the batch, after the direct query, DA1 still last and alone.
        let batch = String(decoding: GraphicsProbe.queryBytes(kittyFile: Self.path), as: UTF8.self)
        #expect(batch.hasPrefix(GraphicsProbe.kittyQuery + query))
        #expect(batch.hasSuffix("\(Self.esc)[c"))
        #expect(GraphicsProbe.queryBytes(kittyFile: nil) == GraphicsProbe.queryBytes)
        #expect(!String(decoding: GraphicsProbe.queryBytes, as: UTF8.self).contains("t=t"))
    }

    @Test func base64IsRFC4648() {
        #expect(Base64.encode(Array("".utf8)) == [])
        #expect(String(decoding: Base64.encode(Array("f".utf8)), as: UTF8.self) == "Zg==")
        #expect(String(decoding: Base64.encode(Array("fo".utf8)), as: UTF8.self) == "Zm8=")
        #expect(String(decoding: Base64.encode(Array("foo".utf8)), as: UTF8.self) == "Zm9v")
        #expect(String(decoding: Base64.encode(Array("foobar".utf8)), as: UTF8.self) == "Zm9vYmFy")
        #expect(String(decoding: Base64.encode([0xFF, 0xFE, 0x00]), as: UTF8.self) == "//4A")
    }

    @Test func theParserTellsTheFileAnswerFromTheDirectOne() {
        var scanner = GraphicsReplyScanner()
        #expect(scanner.scan(Array(Self.kittyReadsFiles.utf8)).prefix(2) == [.kittyGraphics(ok: true), .kittyFiles(ok: true)])
        var missing = GraphicsReplyScanner()
        #expect(missing.scan(Array(Self.kittyMissesFile.utf8)).prefix(2) == [.kittyGraphics(ok: true), .kittyFiles(ok: false)])
        // Another id is not ours.
        #expect(GraphicsReplyScanner.kittyReply(Array("Gi=33;OK".utf8)) == nil)
    }

    @Test func capabilitiesOverTheRecordedAnswers() {
        let reads = GraphicsCapabilitiesTests.capabilities(Self.kittyReadsFiles)
        #expect(reads.kittyGraphics && reads.kittyFiles && reads.answered)
        let misses = GraphicsCapabilitiesTests.capabilities(Self.kittyMissesFile)
        #expect(misses.kittyGraphics && !misses.kittyFiles && misses.answered)
        // A terminal that answers the direct query only (a kitty-like one that ignores files) and silence.
        let directOnly = GraphicsCapabilitiesTests.capabilities(GraphicsCapabilitiesTests.kitty)
        #expect(directOnly.kittyGraphics && !directOnly.kittyFiles)
        #expect(!GraphicsCapabilitiesTests.capabilities("").kittyFiles)
        // An OK after DA1 (a slow reader) changes nothing.
        let late = GraphicsCapabilitiesTests.capabilities(GraphicsCapabilitiesTests.kitty + "\(Self.esc)_Gi=32;OK\(Self.esc)\\")
        #expect(!late.kittyFiles)
    }

    /// Every row of `GraphicsChoice.transmission(forced:capabilities:)`'s table.
    @Test func theTransmissionTable() {
        let cell = PixelSize(width: 8, height: 17)
        func choose(_ answer: String, _ environment: GraphicsEnvironment = GraphicsEnvironment(term: "xterm-kitty"),
                    forced: GraphicsProtocol? = nil, transfer: KittyTransmission? = nil) -> GraphicsChoice {
            GraphicsChoice.choose(forced: forced, capabilities: GraphicsCapabilitiesTests.capabilities(answer, environment),
                                  cellPixels: cell, kittyTransfer: transfer)
        }
        #expect(choose(Self.kittyReadsFiles).kittyTransmission == .file)
        #expect(choose(Self.kittyMissesFile).kittyTransmission == .direct)
        #expect(choose(GraphicsCapabilitiesTests.kitty).kittyTransmission == .direct)
        #expect(choose(Self.kittyReadsFiles, transfer: .direct).kittyTransmission == .direct)
        #expect(choose(Self.kittyMissesFile, transfer: .file).kittyTransmission == .file)
        // Silence with kitty forced (the tests' tmux, the benchmark's pty): direct unless file is forced too.
        #expect(choose("", forced: .kitty).kittyTransmission == .direct)
        #expect(choose("", forced: .kitty, transfer: .file).kittyTransmission == .file)
        // Inside tmux with kitty forced: direct, whatever was answered (never files through tmux).
        let tmux = GraphicsEnvironment(term: "tmux-256color", tmux: "/tmp/tmux-0/default,1,0")
        #expect(choose(Self.kittyReadsFiles, tmux, forced: .kitty).kittyTransmission == .direct)
        // Other protocols carry none.
        #expect(choose(GraphicsCapabilitiesTests.xtermVT340).kittyTransmission == nil)
        #expect(choose(Self.kittyReadsFiles, forced: .sixel).kittyTransmission == nil)
        #expect(KittyTransmission.forced(by: "direct") == .direct && KittyTransmission.forced(by: "file") == .file)
        #expect(KittyTransmission.forced(by: "auto") == nil && KittyTransmission.forced(by: nil) == nil)
        #expect(KittyTransmission.forced(by: "FILE") == nil)
    }

    /// The detection asks by file only where it may choose kitty, no transmission is forced and no multiplexer
    /// is named by the environment; it settles on file with `OK`, and the pixel format carries it.
    @Test func theDetectionAsksByFileAndSettles() {
        let kitty = GraphicsEnvironment(term: "xterm-kitty")
        var detection = GraphicsDetection(setting: .auto, environment: kitty, windowPixels: nil, kittyProbeFile: Self.path)
        #expect(detection.asksKittyFiles)
        let queries = String(decoding: detection.start(at: 0, withEnd: false), as: UTF8.self)
        #expect(queries.contains(GraphicsProbe.kittyFileQuery(path: Self.path)))
        var scanner = GraphicsReplyScanner()
        var settled = false
        for reply in scanner.scan(Array(Self.kittyReadsFiles.utf8)) {
            settled = detection.receive(.graphics(reply), size: TerminalSize(width: 80, height: 24)) || settled
        }
        #expect(settled && detection.choice?.kittyTransmission == .file)
        guard case .pixels(let format) = detection.presentation(over: .symbols(.truecolor)) else {
            Issue.record("kitty was not chosen")
            return
        }
        #expect(format.graphicsProtocol == .kitty && format.kittyTransmission == .file)

        // Silence: the deadline settles on direct.
        var silent = GraphicsDetection(setting: .auto, environment: kitty, kittyProbeFile: Self.path)
        _ = silent.start(at: 0, withEnd: true)
        let expired = silent.expire(at: 1, size: TerminalSize(width: 80, height: 24))
        #expect(expired)
        #expect(silent.choice?.protocol == .symbols && silent.choice?.kittyTransmission == nil)

        #expect(GraphicsDetection(setting: .kitty, environment: kitty).asksKittyFiles)
        #expect(!GraphicsDetection(setting: .sixel, environment: kitty).asksKittyFiles)
        #expect(!GraphicsDetection(setting: .symbols, environment: kitty).asksKittyFiles)
        #expect(!GraphicsDetection(setting: .auto, environment: kitty, kittyTransfer: .direct).asksKittyFiles)
        let inTmux = GraphicsDetection(setting: .kitty, environment: GraphicsEnvironment(term: "screen", tmux: "/tmp/t,1,0"),
                                       kittyProbeFile: Self.path)
        #expect(!inTmux.asksKittyFiles)
        var tmuxStart = inTmux
        let tmuxQueries = String(decoding: tmuxStart.start(at: 0, withEnd: true), as: UTF8.self)
        #expect(!tmuxQueries.contains("t=t"))
    }
}
