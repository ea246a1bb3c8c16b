import Engine
import Foundation
import Glibc
import Testing
@testable import TUI

/// A video story in the real program in tmux (issue 23b): its first frame drawn as the SMPTE bars' coloured blocks
/// (the animation path plays the rest), and on a machine without FFmpeg (`STORIES_TUI_AVFORMAT_SONAME` naming a
/// library that does not exist, which only the helper reads) its alt text with one line saying what to install.
@Suite(.serialized)
struct VideoEndToEndTests {
    static let deck = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/moving-video.json").path

    static func command(_ language: String = "en") -> String {
        "\(TmuxSession.quote(TmuxSession.binary)) --no-autoplay --lang \(language) \(TmuxSession.quote(deck))"
    }

    @Test("a video story draws its first frame in coloured blocks")
    func firstFrame() throws {
        let session = TmuxSession(command: Self.command())
        defer { session.close() }
        let found = session.waitForScreen(timeout: 15) { PictureEndToEndTests.blockCount($0) > 150 }
        let screen = try #require(found, "\(session.screen().joined(separator: "\n"))")
        #expect(screen[1].contains("Colour bars"))
        let styled = session.waitForScreen(timeout: 10, styled: true) { PictureEndToEndTests.colourCodes($0).count > 6 }
        #expect(styled != nil, "the bars' colours: \(PictureEndToEndTests.colourCodes(session.styledScreen()).count)")
    }

    @Test("a video plays: its frames follow one another by the story's clock, and begin carries the clip's length")
    func plays() throws {
        let events = FileManager.default.temporaryDirectory.appendingPathComponent("video-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: events) }
        let session = TmuxSession(command: "\(TmuxSession.quote(TmuxSession.binary)) --events \(TmuxSession.quote(events)) "
                                  + TmuxSession.quote(Self.deck))
        defer { session.close() }
        let first = try #require(session.waitForScreen(timeout: 15, styled: true) { PictureEndToEndTests.colourCodes($0).count > 6 })
        // The bars slide left, a few cells a frame: within a second the picture's rows are others.
        let later = session.waitForScreen(timeout: 5, styled: true) { screen in
            PictureEndToEndTests.colourCodes(screen).count > 6 && screen[4...10] != first[4...10]
        }
        #expect(later != nil, "the frame never changed")
        let log = try String(contentsOfFile: events, encoding: .utf8)
        #expect(log.contains(#""event":"begin","index":0,"id":"bars","length":2"#), "\(log)")
    }

    @Test("a slow scan never holds the deck: it is drawn while the helper still reads the video, which gets its length")
    func slowScan() throws {
        let clip = URL(fileURLWithPath: Self.deck).deletingLastPathComponent().appendingPathComponent("moving/bars.mp4").path
        let run = ScratchRun(deck: #"{"stories": [{"id": "words", "title": "Words first", "duration": 30},"#
                             + #" {"id": "bars", "title": "Bars", "video": "\#(clip)", "alt": "colour bars"}]}"#)
        // The helper's scan waits until the gate exists (ImageWorkerMain.scanGateVariable), as a big file's would.
        let gate = run.path("gate")
        let events = run.path("events.jsonl")
        let session = run.start(["--events", events, run.deck], environment: [ImageWorkerMain.scanGateVariable: gate])
        let shown = session.waitForScreen(timeout: 15) { $0.contains { $0.contains("Words first") } }
        #expect(shown != nil, "\(session.screen().joined(separator: "\n"))")
        // The next story's video was asked for at once; once the scan answers, it has its length.
        #expect(FileManager.default.createFile(atPath: gate, contents: Data()))
        session.send("Right")
        let bars = session.waitForScreen(timeout: 15) { $0.contains { $0.contains("Bars") } }
        #expect(bars != nil, "\(session.screen().joined(separator: "\n"))")
        var log = ""
        for _ in 0..<100 where !log.contains(#""index":1"#) {
            usleep(100_000)
            log = (try? String(contentsOfFile: events, encoding: .utf8)) ?? ""
        }
        #expect(log.contains(#""event":"begin","index":1,"id":"bars","length":2"#), "\(log)")
    }

    @Test("--check: a video of more than 36 000 frames is image-too-many-frames at its video key, as a long GIF is")
    func checkTooManyFrames() throws {
        let run = ScratchRun(deck: #"{"stories": [{"id": "many", "title": "Many", "video": "many.mp4"}]}"#)
        #expect(FileManager.default.createFile(atPath: run.path("many.mp4"),
                                               contents: Data(MP4Writer(frames: VideoLimits.maximumFrames + 1).bytes())))
        let checked = ProcessRunner.run([TmuxSession.binary, "--check", "--format", "json", "--lang", "en", run.deck])
        #expect(checked.status == 65)
        #expect(checked.standardOutput.contains(#""jsonPath":"stories[0].video","code":"image-too-many-frames""#),
                "\(checked.standardOutput)")
        #expect(checked.standardOutput.contains("too many frames (a moving picture may have at most 36000)"))
    }

    @Test("hostile videos in a playing deck: each story shows its alt text and plays as a still, none hangs the deck")
    func hostileVideosPlay() throws {
        let stories = ["sound", "empty", "long", "many"].map { name in
            #"{"id": "\#(name)", "title": "Story \#(name)", "video": "\#(name).mp4", "alt": "alt of \#(name)"}"#
        }
        let run = ScratchRun(deck: #"{"duration": 60, "stories": ["# + stories.joined(separator: ", ") + "]}")
        let files: [String: [UInt8]] = [
            "sound": try VideoFixtures.bytes(VideoFixtures.fixture("sound-only.mkv")),
            "empty": [],
            "long": try VideoFixtures.claimingLength(1_000_000_000),
            "many": MP4Writer(frames: VideoLimits.maximumFrames + 1).bytes(),
        ]
        for (name, bytes) in files {
            #expect(FileManager.default.createFile(atPath: run.path(name + ".mp4"), contents: Data(bytes)))
        }
        let events = run.path("events.jsonl")
        let session = run.start(["--events", events, run.deck])
        for (index, name) in ["sound", "empty", "long", "many"].enumerated() {
            if index > 0 { session.send("Right") }
            // 36 001 frames: refused as a moving picture by the scan, its first frame (which the render reads
            // without counting packets) plays as the still; the alt text shows only until that frame is back,
            // which the prefetch may have done before the story is shown. Either is the story shown.
            let shown = session.waitForScreen(timeout: 15, styled: true) { screen in
                screen.contains { $0.contains("Story \(name)") } && (screen.contains { $0.contains("alt of \(name)") }
                    || (name == "many" && screen.dropFirst(2).contains { $0.contains("48;") }))
            }
            #expect(shown != nil, "\(name): \(session.styledScreen().joined(separator: "\n"))")
        }
        session.send("q")
        #expect(session.waitForExit(timeout: 10) == 0)
        let log = (try? String(contentsOfFile: events, encoding: .utf8)) ?? ""
        for index in 0..<4 {
            #expect(log.contains(#""event":"begin","index":\#(index),"#), "story \(index) began: \(log)")
        }
        #expect(!log.contains(#""length""#), "no hostile video has a length: \(log)")
    }

    /// FFmpeg's libraries a process has mapped, by file name (`/proc/PID/maps`).
    static func ffmpegLibraries(_ pid: Int32) -> Set<String> {
        let maps = (try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)) ?? ""
        let names = maps.split(separator: "\n").compactMap { $0.split(separator: "/").last.map(String.init) }
        return Set(names.filter { ["libavformat", "libavcodec", "libavutil", "libswscale"].contains(where: $0.hasPrefix) })
    }

    @Test("the viewer never maps FFmpeg: the frame on the screen was decoded by the helper (dlopen)")
    func librariesOnlyInTheHelper() throws {
        let session = TmuxSession(command: Self.command())
        defer { session.close() }
        #expect(session.waitForScreen(timeout: 15) { PictureEndToEndTests.blockCount($0) > 150 } != nil)
        let viewer = try #require(session.programPID())
        #expect(Self.ffmpegLibraries(viewer).isEmpty, "the viewer maps \(Self.ffmpegLibraries(viewer))")
        // The helper opens them for a video and may be replaced once its job is done (a fresh helper for the next
        // picture), so what it maps now is not asserted; the unit tests decode with them in the test process.
    }

    @Test("without FFmpeg: the alt text and one line saying what to install, in English and Spanish", arguments: [
        ("en", "[video: SMPTE colour bars sliding to the left]", "FFmpeg is missing: apt install libavformat59 libswscale6"),
        ("es", "[vídeo: SMPTE colour bars sliding to the left]", "falta FFmpeg: apt install libavformat59 libswscale6"),
    ])
    func withoutFFmpeg(language: String, alt: String, line: String) throws {
        let session = TmuxSession(command: Self.command(language),
                                  environment: ["STORIES_TUI_AVFORMAT_SONAME": "libavformat-not-installed.so.59"])
        defer { session.close() }
        let found = session.waitForScreen(timeout: 15) { $0.contains { $0.contains(line) } }
        let screen = try #require(found, "\(session.screen().joined(separator: "\n"))")
        #expect(screen.contains { $0.contains(alt) })
        #expect(PictureEndToEndTests.blockCount(screen) == 0)
    }

    @Test("--plain prints [video: alt, length] as an animation's, and without FFmpeg no length")
    func plain() {
        let printed = ProcessRunner.run([TmuxSession.binary, "--plain", "--lang", "en", Self.deck])
        #expect(printed.status == 0, "\(printed.standardError)")
        let lines = printed.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("[video: SMPTE colour bars sliding to the left, 2s]"), "\(lines)")
        let spanish = ProcessRunner.run([TmuxSession.binary, "--plain", "--lang", "es", Self.deck])
        #expect(spanish.standardOutput.contains("[vídeo: SMPTE colour bars sliding to the left, 2s]"))
        let without = ProcessRunner.run([TmuxSession.binary, "--plain", "--lang", "en", Self.deck],
                                        environment: ProcessInfo.processInfo.environment.merging(
                                            ["STORIES_TUI_AVFORMAT_SONAME": "libavformat-not-installed.so.59"]) { $1 })
        #expect(without.status == 0)
        #expect(without.standardOutput.contains("[video: SMPTE colour bars sliding to the left]\n"))
    }
}
