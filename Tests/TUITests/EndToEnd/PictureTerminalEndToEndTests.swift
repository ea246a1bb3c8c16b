import Foundation
import Glibc
import Testing

/// Pictures right in every terminal (issue 21), drawn by the real program in tmux: complete whatever
/// TERM says of erasing, no black around a transparent sticker, shapes without colour under NO_COLOR,
/// and the reason a picture cannot be shown, in English and Spanish.
@Suite(.serialized)
struct PictureTerminalEndToEndTests {
    typealias Pixels = ImageFixtures.Pixels

    /// A folder with `deck.json` (one story, no title or caption over the picture) and its picture.
    static func deck(image: [UInt8]?, named name: String = "picture.png", alt: String = "four squares") -> String {
        let folder = ImageFixtures.folder()
        if let image { ImageFixtures.write(image, named: name, in: folder) }
        let json = #"{"stories":[{"id":"q","image":"\#(name)","alt":"\#(alt)"}]}"#
        ImageFixtures.write(Array(json.utf8), named: "deck.json", in: folder)
        return folder
    }

    /// Red, green, blue and yellow quadrants.
    static let quadrants = Pixels(width: 64, height: 32) { x, y in
        switch (x < 32, y < 16) {
        case (true, true): return (220, 20, 20, 255)
        case (false, true): return (20, 200, 20, 255)
        case (true, false): return (20, 20, 220, 255)
        case (false, false): return (230, 220, 20, 255)
        }
    }

    /// The SGR parameter lists of the styled capture that set a colour (`31`, `48;5;21`, `38;2;1;2;3`…).
    static func colourSettings(_ styled: [String]) -> [String] {
        var found: [String] = []
        var rest = Substring(styled.joined(separator: "\n"))
        while let range = rest.range(of: "\u{1B}[") {
            rest = rest[range.upperBound...]
            guard let end = rest.firstIndex(of: "m") else { break }
            let parameters = rest[..<end].split(separator: ";").map(String.init)
            var index = 0
            while index < parameters.count {
                let value = Int(parameters[index]) ?? 0
                if value == 38 || value == 48, index + 1 < parameters.count {
                    let width = parameters[index + 1] == "2" ? 5 : 3
                    found.append(parameters[index..<min(parameters.count, index + width)].joined(separator: ";"))
                    index += width
                    continue
                }
                if (30...37).contains(value) || (40...47).contains(value) || (90...97).contains(value) || (100...107).contains(value) {
                    found.append(parameters[index])
                }
                index += 1
            }
            rest = rest[end...]
        }
        return found
    }

    /// One cell of the styled capture: its character and its colours as RGB (nil: the default).
    struct StyledCell {
        var character: Character
        var foreground: (Int, Int, Int)?
        var background: (Int, Int, Int)?

        /// The colours the eye sees in its top and bottom halves (a space its background, a full
        /// block its foreground, a half block one of each); nil where a half shows the default.
        var halves: (top: (Int, Int, Int)?, bottom: (Int, Int, Int)?) {
            switch character {
            case "█", "▌", "▐": return (foreground, foreground)
            case "▀": return (foreground, background)
            case "▄": return (background, foreground)
            default: return (background, background)
            }
        }
    }

    /// xterm's palette as RGB.
    static func palette(_ index: Int) -> (Int, Int, Int) {
        let basic = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
                     (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
                     (255, 0, 255), (0, 255, 255), (255, 255, 255)]
        if index < 16 { return basic[max(0, index)] }
        if index < 232 {
            let levels = [0, 95, 135, 175, 215, 255], cube = index - 16
            return (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
        }
        let grey = 8 + (index - 232) * 10
        return (grey, grey, grey)
    }

    /// The styled capture as cells, by following its SGR sequences.
    static func cells(_ styled: [String]) -> [[StyledCell]] {
        styled.map { line in
            var row: [StyledCell] = []
            var foreground: (Int, Int, Int)?, background: (Int, Int, Int)?
            var characters = Array(line)[...]
            while let character = characters.popFirst() {
                guard character == "\u{1B}", characters.first == "[" else {
                    row.append(StyledCell(character: character, foreground: foreground, background: background))
                    continue
                }
                characters.removeFirst()
                var body = ""
                while let next = characters.popFirst(), next != "m" { body.append(next) }
                let values = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                var index = 0
                while index < values.count {
                    let value = values[index]
                    switch value {
                    case 0: (foreground, background) = (nil, nil)
                    case 30...37: foreground = palette(value - 30)
                    case 40...47: background = palette(value - 40)
                    case 90...97: foreground = palette(value - 82)
                    case 100...107: background = palette(value - 92)
                    case 39: foreground = nil
                    case 49: background = nil
                    case 38, 48:
                        var colour: (Int, Int, Int)?
                        if index + 4 < values.count, values[index + 1] == 2 {
                            colour = (values[index + 2], values[index + 3], values[index + 4])
                            index += 4
                        } else if index + 2 < values.count, values[index + 1] == 5 {
                            colour = palette(values[index + 2])
                            index += 2
                        }
                        if value == 38 { foreground = colour } else { background = colour }
                    default: break
                    }
                    index += 1
                }
            }
            return row
        }
    }

    /// Which quadrant colour (red, green, blue, yellow) a colour is nearest to; nil for the default
    /// colours, or a colour far from all four.
    static func quadrant(_ colour: (Int, Int, Int)?) -> Int? {
        guard let (r, g, b) = colour else { return nil }
        let targets = [(220, 20, 20), (20, 200, 20), (20, 20, 220), (230, 220, 20)]
        let distances = targets.map { abs($0.0 - r) + abs($0.1 - g) + abs($0.2 - b) }
        guard let best = distances.indices.min(by: { distances[$0] < distances[$1] }), distances[best] < 200 else { return nil }
        return best
    }

    /// The rows of the picture: each as its half cells' quadrants, from its first coloured cell to its last.
    static func pictureRows(_ styled: [String]) -> [[Int?]] {
        cells(styled).dropFirst(2).dropLast(2).compactMap { row in
            let halves = row.map { [quadrant($0.halves.top), quadrant($0.halves.bottom)] }
            guard let first = halves.firstIndex(where: { $0.contains { $0 != nil } }),
                  let last = halves.lastIndex(where: { $0.contains { $0 != nil } }) else { return nil }
            return halves[first...last].flatMap { $0 }
        }
    }

    @Test("Picture complete whatever TERM says of erasing: every cell of every row in its quadrant's colour",
          arguments: [("xterm", ""), ("xterm-256color", ""), ("tmux-256color", ""), ("screen", ""),
                      ("xterm-256color", "--colors 256"), ("xterm", "--colors 8"), ("tmux-256color", "--colors 16")])
    func quadrantsComplete(term: String, options: String) throws {
        let folder = Self.deck(image: ImageFixtures.png(Self.quadrants))
        defer { ImageFixtures.remove(folder) }
        let session = TmuxSession(command: "\(TmuxSession.quote(TmuxSession.binary)) --no-autoplay \(options) "
                                  + TmuxSession.quote(folder + "/deck.json"), environment: ["TERM": term])
        defer { session.close() }
        let found = session.waitForScreen(timeout: 10, styled: true) { Self.pictureRows($0).count >= 15 }
        #expect(found != nil, "\(session.screen().joined(separator: "\n"))")
        usleep(300_000)
        let rows = Self.pictureRows(session.styledScreen())
        #expect(rows.count >= 15)
        #expect(Set(rows.map(\.count)).count == 1, "every row as wide: \(rows.map(\.count))")
        // Red then green in the top rows, blue then yellow in the bottom ones, each half cell; where
        // two quadrants meet (the middle row and columns) scaling may blend them.
        var wrong: [String] = []
        for (index, row) in rows.enumerated() where abs(2 * index + 1 - rows.count) > 2 {
            for (column, got) in row.enumerated() where abs(2 * column + 1 - row.count) > 4 {
                let want = (2 * column < row.count ? 0 : 1) + (2 * index < rows.count ? 0 : 2)
                if got != want { wrong.append("\(index),\(column)") }
            }
        }
        let drawn = rows.map { $0.map { $0.map(String.init) ?? "." }.joined() }.joined(separator: "\n")
        #expect(wrong.isEmpty, "half cells without their quadrant's colour: \(wrong.prefix(20)) of \(drawn)")
    }

    @Test("Colour depth in the ready event: truecolour inside tmux whatever TERM, forced by --colors, none without colour",
          arguments: [("tmux-256color", "", [String: String](), "truecolor"), ("xterm", "", [:], "truecolor"),
                      ("tmux-256color", "--colors 256", [:], "256"), ("xterm", "--colors 16", [:], "16"),
                      ("tmux-256color", "", ["NO_COLOR": "1"], "none"), ("tmux-256color", "--images off", [:], "truecolor")])
    func readyColours(term: String, options: String, environment: [String: String], colors: String) throws {
        let events = FaultEndToEndTests.eventsPath()
        defer { unlink(events) }
        let session = TmuxSession(command: "\(TmuxSession.quote(TmuxSession.binary)) --no-autoplay \(options) --events "
                                  + "\(TmuxSession.quote(events)) \(TmuxSession.quote(PictureEndToEndTests.photos))",
                                  environment: environment.merging(["TERM": term]) { $1 })
        defer { session.close() }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !FaultEndToEndTests.events(events).contains(where: { $0.contains("\"ready\"") }) {
            usleep(20_000)
        }
        let ready = try #require(FaultEndToEndTests.events(events).first { $0.contains("\"ready\"") })
        let images = options == "--images off" ? "off" : "symbols"
        #expect(ready.hasSuffix(#","images":"\#(images)","colors":"\#(colors)"}"#), "\(ready)")
    }

    @Test("Transparency: the sticker over an unknown background has no black cells around it")
    func stickerWithoutBlack() throws {
        let command = "\(TmuxSession.quote(TmuxSession.binary)) --no-autoplay --start sun "
            + TmuxSession.quote(PictureEndToEndTests.photos)
        for options in ["", "--colors 256"] {
            let session = TmuxSession(command: command.replacingOccurrences(of: "--start", with: "\(options) --start"))
            defer { session.close() }
            #expect(session.waitForScreen(timeout: 10) { PictureEndToEndTests.blockCount($0) > 100 } != nil)
            usleep(300_000)
            let black = Self.colourSettings(session.styledScreen()).filter { setting in
                let parts = setting.split(separator: ";").compactMap { Int($0) }
                if parts.count == 5 { return parts[2...].allSatisfy { $0 < 12 } }
                if parts.count == 3 { return [0, 16, 232].contains(parts[2]) }
                return [30, 40].contains(parts.first ?? -1)
            }
            #expect(black.isEmpty, "black cells (\(options)): \(Set(black))")
        }
    }

    @Test("Picture under NO_COLOR: drawn in shapes, and not one colour sequence", arguments: ["NO_COLOR", "--no-color"])
    func shapesWithoutColour(variant: String) throws {
        let command = "\(TmuxSession.quote(TmuxSession.binary)) --no-autoplay "
            + (variant == "NO_COLOR" ? "" : variant + " ") + TmuxSession.quote(PictureEndToEndTests.photos)
        let session = TmuxSession(command: command, environment: variant == "NO_COLOR" ? ["NO_COLOR": "1"] : [:])
        defer { session.close() }
        // Shapes are the shades as well as the blocks.
        let shapes = { (screen: [String]) in screen.dropFirst(2).dropLast(3).joined().filter { "░▒▓▀▄▌▐█".contains($0) }.count }
        // The picture's rows can reach tmux in more than one read: wait for the whole of it to replace the
        // alt text (a capture between two reads shows both), then check that it stays so.
        _ = try #require(session.waitForScreen(timeout: 10) { shapes($0) > 150 && !$0.joined().contains("golden sun") },
                         "the picture, not its alt text: \(session.screen().joined(separator: "\n"))")
        usleep(300_000)
        #expect(!session.screen().joined().contains("golden sun"), "the picture, not its alt text")
        #expect(Self.colourSettings(session.styledScreen()).isEmpty, "\(Set(Self.colourSettings(session.styledScreen())))")
    }

    @Test("Picture that cannot be shown: its reason under the alt text, in English and Spanish",
          arguments: [("missing", "en", "no such file"), ("missing", "es", "no existe"),
                      ("not an image", "en", "not a PNG, JPEG, GIF or WebP image"), ("not an image", "es", "no es una imagen PNG, JPEG, GIF ni WebP")])
    func reasonOnScreen(kind: String, language: String, words: String) throws {
        let folder = Self.deck(image: kind == "missing" ? nil : Array("plain words, not pixels".utf8), alt: "four squares")
        defer { ImageFixtures.remove(folder) }
        let session = TmuxSession(command: "\(TmuxSession.quote(TmuxSession.binary)) --no-autoplay --lang \(language) "
                                  + TmuxSession.quote(folder + "/deck.json"))
        defer { session.close() }
        let screen = try #require(session.waitForScreen(timeout: 10) { $0.joined().contains(words) },
                                  "\(session.screen().joined(separator: "\n"))")
        let alt = try #require(screen.firstIndex { $0.contains("four squares") }, "the alt text")
        #expect(alt + 1 < screen.count && screen[alt + 1].contains(words), "the reason right under the alt text")
        let styled = session.styledScreen()
        #expect(styled.indices.contains(alt + 1) && styled[alt + 1].contains("\u{1B}[2m"), "dimmed: \(styled[alt + 1])")
    }
}
