import Foundation
import Glibc
import Testing

/// Pictures drawn by the real program in tmux (issue 10): coloured half blocks in 256 colours,
/// 8 colours under TERM=xterm without errors, the alt text with --images off (NO_COLOR draws shapes:
/// PictureTerminalEndToEndTests).
@Suite(.serialized)
struct PictureEndToEndTests {
    /// The repository's photo deck (its pictures are committed next to it).
    static let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/photos.json").path

    static func command(_ options: String = "") -> String {
        "\(TmuxSession.quote(TmuxSession.binary)) --no-autoplay \(options) \(TmuxSession.quote(photos))"
    }

    /// Cells of the picture area drawn as half or full blocks.
    static func blockCount(_ screen: [String]) -> Int {
        screen.dropFirst(2).dropLast(3).joined().filter { "▀▄▌▐█".contains($0) }.count
    }

    /// Distinct 256-colour and RGB colour codes in the styled capture.
    static func colourCodes(_ styled: [String]) -> Set<String> {
        var codes: Set<String> = []
        let text = styled.joined(separator: "\n")
        var rest = Substring(text)
        while let range = rest.range(of: "\u{1B}[") {
            rest = rest[range.upperBound...]
            guard let end = rest.firstIndex(of: "m") else { break }
            let parameters = rest[..<end]
            if parameters.contains("38;5;") || parameters.contains("48;5;") || parameters.contains("38;2;")
                || parameters.contains("48;2;") {
                codes.insert(String(parameters))
            }
            rest = rest[end...]
        }
        return codes
    }

    @Test("TERM=tmux-256color: the picture fills its box with coloured half blocks")
    func colours256() throws {
        let events = FaultEndToEndTests.eventsPath()
        defer { unlink(events) }
        let session = TmuxSession(command: Self.command("--events \(TmuxSession.quote(events))"))
        defer { session.close() }
        let found = session.waitForScreen(timeout: 10) { Self.blockCount($0) > 150 }
        let screen = try #require(found, "\(FaultEndToEndTests.events(events))")
        #expect(Self.blockCount(screen) > 150, "\(screen.joined(separator: "\n"))")
        // A loaded machine may show the frame while ncurses is still writing it: the colours are
        // awaited, not read once the first blocks appear (a CI run saw 20 of about 57 that way).
        let styled = session.waitForScreen(timeout: 10, styled: true) { Self.colourCodes($0).count > 20 }
        #expect(styled != nil, "many colours: \(Self.colourCodes(session.styledScreen()).count)")
        #expect(screen[1].contains("Dawn over the hills"), "the title over the picture")
    }

    @Test("TERM=xterm (8 colours): the picture draws, the program runs and quits cleanly")
    func eightColours() throws {
        let errors = FaultEndToEndTests.eventsPath()
        defer { unlink(errors) }
        let session = TmuxSession(command: Self.command() + " 2>" + TmuxSession.quote(errors),
                                  environment: ["TERM": "xterm"])
        defer { session.close() }
        #expect(session.waitForScreen(timeout: 10) { Self.blockCount($0) > 150 } != nil)
        session.send("Right")
        session.send("q")
        #expect(session.waitForExit() == 0)
        #expect(FaultEndToEndTests.events(errors).isEmpty, "nothing on stderr")
        FaultEndToEndTests.expectRestored(session)
    }

    /// The image libraries a process has mapped, by file name (`/proc/PID/maps`).
    static func imageLibraries(_ pid: Int32) -> Set<String> {
        let maps = (try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)) ?? ""
        let names = maps.split(separator: "\n").compactMap { $0.split(separator: "/").last.map(String.init) }
        return Set(names.filter { ["libpng", "libturbojpeg", "libchafa", "libglib"].contains(where: $0.hasPrefix) })
    }

    @Test("the viewer never maps the image libraries; the helper that draws the picture does (dlopen)")
    func librariesOnlyInTheHelper() throws {
        let session = TmuxSession(command: Self.command())
        defer { session.close() }
        #expect(session.waitForScreen(timeout: 10) { Self.blockCount($0) > 150 } != nil)
        let viewer = try #require(session.programPID())
        #expect(Self.imageLibraries(viewer).isEmpty, "the viewer maps \(Self.imageLibraries(viewer))")
        let children = (try? String(contentsOfFile: "/proc/\(viewer)/task/\(viewer)/children", encoding: .utf8)) ?? ""
        let helper = try #require(children.split(separator: " ").compactMap { Int32($0) }.first, "a helper runs")
        let mapped = Self.imageLibraries(helper)
        // chafa (with glib) converts every picture; a decoder is opened by the first picture of its kind.
        #expect(["libchafa", "libglib"].allSatisfy { name in mapped.contains { $0.hasPrefix(name) } },
                "the helper maps \(mapped)")
        #expect(mapped.contains { $0.hasPrefix("libpng") || $0.hasPrefix("libturbojpeg") }, "the helper maps \(mapped)")
    }

    @Test("--images off shows the alt text, no blocks, with colour or without", arguments: ["NO_COLOR", ""])
    func altText(variant: String) throws {
        let session = variant == "NO_COLOR"
            ? TmuxSession(command: Self.command("--images off"), environment: ["NO_COLOR": "1"])
            : TmuxSession(command: Self.command("--images off"))
        defer { session.close() }
        let screen = try #require(session.waitForScreen(timeout: 5) { $0.count > 1 && $0[1].contains("Dawn") })
        usleep(300_000)
        #expect(Self.blockCount(session.screen()) < 10, "\(screen.joined(separator: "\n"))")
        #expect(session.screen().joined().lowercased().contains("sun"), "the alt text shows")
    }
}
