import Engine
import Glibc
import Testing
@testable import TUI
@testable import ViewerCore

/// Kitty pictures by temporary file through the loop the binary runs (docs/IMAGES.md, "Kitty pictures by file"):
/// the probe's second query in the start-up batch, the choice on kitty's answer, and the bytes `TestTerminal` gets
/// for a picture by file (its data in a new file of the temporary folder, only the path over the tty), a picture
/// shown again (a new file), the fallback when no file can be made, and no file left behind by `removeAll`.
/// Serialized: `KittyTemporaryFiles` is the process's one set of files.
@Suite(.serialized)
struct KittyFileSessionTests {
    static let probe = "/tmp/tty-graphics-protocol-stories-tui-probe00"
    static let keys = "\u{1B}_Ga=T,f=24,o=z,s=2,v=2,i=1,q=2,z=-1,C=1,t=t"
    static let data: [UInt8] = [0x78, 0x01, 0x00, 0xFF, 0x1B, 0x5C, 0x3B, 0x0A]

    static func settings(transfer: KittyTransmission? = nil, probeFile: String? = probe) -> ViewerModel.Settings {
        ViewerModel.Settings(images: .symbols(.truecolor), keyRelease: .off, asksBackground: true,
                             graphics: GraphicsDetection(setting: .auto, environment: GraphicsEnvironment(term: "xterm-kitty"),
                                                         windowPixels: PixelSize(width: 800, height: 480),
                                                         kittyTransfer: transfer, kittyProbeFile: probeFile))
    }

    /// A fresh temporary folder for the files, made the process's (`KittyTemporaryFiles.prepare`).
    static func folder() throws -> String {
        var template = Array("/tmp/kfile-test-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        try #require(made != nil)
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        KittyTemporaryFiles.removeAll()
        KittyTemporaryFiles.prepare(temporaryFolder: path)
        return path
    }

    static func contents(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    static func names(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Answers the pixel requests with a payload by file (the encoder's `CIMG_KITTY_ZLIB_FILE` form).
    static func answer(_ harness: SessionHarness, at time: Double) throws {
        let request = try #require(harness.pictureRequests.last?.first)
        #expect(request.pixels?.kittyTransmission == .file, "the helper is asked for the data of a file")
        let payload = PixelPayload(graphicsProtocol: .kitty, id: 1, bytes: Array((keys + ";").utf8) + data,
                                   kittyTransmission: .file)
        let cells = ImageCells(columns: request.columns / 2, rows: request.rows / 2, cells: [], pixels: payload)
        harness.send(.imageLoaded(ImageResult(request: request, outcome: .success(cells))), at: time)
    }

    /// The command `KittyFileTransfer` writes for a file at `path`: the keys and the path in base64.
    static func command(_ path: String) -> String {
        keys + ";" + String(decoding: Base64.encode(Array(path.utf8)), as: UTF8.self) + "\u{1B}\\"
    }

    @Test("the start-up batch asks by file after the direct query, one DA1 last")
    func startBatch() {
        let harness = SessionHarness(PixelPictureSessionTests.deck, settings: Self.settings())
        #expect(harness.terminal.controlBytes == BackgroundQuery.queryBytes + GraphicsProbe.queryBytes(kittyFile: Self.probe))
        let forced = SessionHarness(PixelPictureSessionTests.deck, settings: Self.settings(transfer: .direct))
        #expect(forced.terminal.controlBytes == BackgroundQuery.queryBytes + GraphicsProbe.queryBytes,
                "a forced transmission asks nothing by file")
    }

    @Test("kitty reads the probe's file: the picture's data goes in a new temporary file, only its path over the tty; shown again, a new file")
    func pictureByFile() throws {
        let folder = try Self.folder()
        let harness = SessionHarness(PixelPictureSessionTests.deck, settings: Self.settings())
        harness.type(KittyFileDetectionTests.kittyReadsFiles, at: 0.05)
        guard case .pixels(let format) = harness.host.chosenImages else {
            Issue.record("kitty was not chosen")
            return
        }
        #expect(format.kittyTransmission == .file)
        try Self.answer(harness, at: 0.1)
        let files = KittyTemporaryFiles.waiting
        try #require(files.count == 1)
        #expect(files[0].hasPrefix(folder + "/tty-graphics-protocol-stories-tui-"))
        #expect(Self.contents(files[0]) == Self.data, "the file holds the helper's data as it is")
        let first = PixelPictureSessionTests.text(harness.terminal.pictureBytes)
        #expect(first == "\u{1B}[?2026h\u{1B}7\u{1B}[7;21H" + Self.command(files[0]) + "\u{1B}8\u{1B}[?2026l")
        harness.run(until: 2)
        #expect(KittyTemporaryFiles.waiting == files, "bar steps write no file")
        // An overlay takes the picture away (kitty deletes it by id); closed, it is sent again: a new file.
        harness.type("?", at: 3)
        let beforeClose = harness.terminal.pictureBytes.count
        harness.type("?", at: 4)
        let again = KittyTemporaryFiles.waiting
        try #require(again.count == 2 && again[0] == files[0])
        #expect(again[1] != files[0] && Self.contents(again[1]) == Self.data)
        #expect(PixelPictureSessionTests.text(Array(harness.terminal.pictureBytes[beforeClose...]))
                == "\u{1B}[?2026h\u{1B}7\u{1B}[7;21H" + Self.command(again[1]) + "\u{1B}8\u{1B}[?2026l")
        // The way out deletes what the terminal did not read (here: nothing read them).
        KittyTemporaryFiles.removeAll()
        #expect(KittyTemporaryFiles.waiting.isEmpty)
        #expect(Self.names(in: folder).isEmpty, "no file left behind: \(Self.names(in: folder))")
        rmdir(folder)
    }

    @Test("kitty's error for the probe's file (ENOENT, as over ssh) or silence: direct, as before")
    func errorIsDirect() throws {
        let harness = SessionHarness(PixelPictureSessionTests.deck, settings: Self.settings())
        harness.type(KittyFileDetectionTests.kittyMissesFile, at: 0.05)
        let request = try #require(harness.pictureRequests.last?.first)
        #expect(request.pixels?.graphicsProtocol == .kitty && request.pixels?.kittyTransmission == .direct)
    }

    @Test("no file can be made: the same data goes directly, base64 in chunks, and is drawn")
    func noFileFallsBackToDirect() {
        let keys = Array((Self.keys + ",c=4,r=2").utf8)[...]
        let data = (0..<7000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let direct = KittyFileTransfer.command(Array(keys) + [UInt8(ascii: ";")] + data, files: { _ in nil })
        let text = PixelPictureSessionTests.text(direct)
        let encoded = String(decoding: Base64.encode(data), as: UTF8.self)
        #expect(encoded.count == 9336)
        let expected = "\u{1B}_Ga=T,f=24,o=z,s=2,v=2,i=1,q=2,z=-1,C=1,c=4,r=2,m=1;" + encoded.prefix(4096) + "\u{1B}\\"
            + "\u{1B}_Gm=1,q=2;" + encoded.dropFirst(4096).prefix(4096) + "\u{1B}\\"
            + "\u{1B}_Gm=0,q=2;" + encoded.dropFirst(8192) + "\u{1B}\\"
        #expect(text == expected, "t=t dropped, the scale kept, the chunks as the encoder's")
        #expect(KittyUpload(id: 1, payload: direct, placement: []) != nil, "a large one goes out in pieces as any direct picture")
        // By file, the writer's closure gets the data alone.
        var given: [UInt8] = []
        let byFile = KittyFileTransfer.command(Array(keys) + [UInt8(ascii: ";")] + data, files: { given = Array($0); return "/tmp/x" })
        #expect(given == data)
        #expect(PixelPictureSessionTests.text(byFile) == Self.keys + ",c=4,r=2;L3RtcC94\u{1B}\\")
    }

    @Test("files wait in at most 16 slots: one the terminal deleted is forgotten, past 16 the oldest is deleted")
    func slots() throws {
        let folder = try Self.folder()
        let first = try #require(KittyTemporaryFiles.create(holding: [1, 2, 3][...]))
        #expect(Self.contents(first) == [1, 2, 3])
        var mode = stat()
        let found = stat(first, &mode)
        let permissions = mode.st_mode & 0o777
        #expect(found == 0 && permissions == 0o600, "mode 0600 (mkstemp)")
        unlink(first)  // as kitty does once it read it
        var made: [String] = []
        for index in 0..<KittyTemporaryFiles.slotCount { made.append(try #require(KittyTemporaryFiles.create(holding: [UInt8(index)][...]))) }
        #expect(KittyTemporaryFiles.waiting.count == KittyTemporaryFiles.slotCount && !KittyTemporaryFiles.waiting.contains(first))
        let extra = try #require(KittyTemporaryFiles.create(holding: [9][...]))
        #expect(access(made[0], F_OK) != 0, "the oldest, never read, is deleted for the 17th")
        #expect(KittyTemporaryFiles.waiting.contains(extra) && Self.names(in: folder).count == KittyTemporaryFiles.slotCount)
        KittyTemporaryFiles.remove(extra)
        #expect(access(extra, F_OK) != 0 && !KittyTemporaryFiles.waiting.contains(extra))
        KittyTemporaryFiles.removeAll()
        #expect(Self.names(in: folder).isEmpty)
        rmdir(folder)
    }
}
