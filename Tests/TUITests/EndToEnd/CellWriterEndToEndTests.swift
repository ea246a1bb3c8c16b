import Foundation
import Glibc
import Testing

/// Picture cells written past curses (`CellWriter`, `CursesBackend+CellRuns`), by the real program in tmux:
/// the screen looks as curses alone draws it, at a story change onto the picture, off it onto text (curses
/// must know the picture's cells to erase them) and back, and a repaint after the picture writes what a
/// fresh start would. The reference is the same program under a copy of the terminal's description without
/// `sc` and `rc`, where every cell goes through curses.
@Suite(.serialized)
struct CellWriterEndToEndTests {
    typealias Styled = PictureTerminalEndToEndTests

    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/images").path

    /// A folder with `deck.json`: text, the picture (an example's file name), text.
    static func deck(picture: String) -> String {
        let folder = ImageFixtures.folder()
        let json = #"{"stories":[{"title":"Before","caption":"words"},{"title":"City","image":"\#(images)/\#(picture)"},"#
            + #"{"title":"After","caption":"more words"}]}"#
        ImageFixtures.write(Array(json.utf8), named: "deck.json", in: folder)
        return folder
    }

    /// A terminfo folder holding `nosc-TERM` and `nosc-BASE-direct` (the 24-bit twin the program takes
    /// inside tmux): TERM's descriptions without `sc` and `rc`, compiled with `tic`.
    static func descriptionsWithoutSaveCursor(_ term: String, in folder: String) -> String {
        let base = term.hasSuffix("-256color") ? String(term.dropLast("-256color".count)) : term
        for name in [term, base + "-direct"] {
            let source = ProcessRunner.run(["infocmp", "-x", name]).standardOutput
            let stripped = source.replacingOccurrences(of: #"\bsc=[^,]*,\s*"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #"\brc=[^,]*,\s*"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: "\n\(name)|", with: "\nnosc-\(name)|")
            let file = folder + "/\(name).src"
            _ = FileManager.default.createFile(atPath: file, contents: Data(stripped.utf8))
            ProcessRunner.run(["tic", "-x", "-o", folder + "/terminfo", file])
        }
        return folder + "/terminfo"
    }

    /// Every cell as the eye sees it: each half's colour (`StyledCell.halves`) and, for any other
    /// character, the character; rows padded to the width with blanks.
    static func look(_ styled: [String], width: Int = 80) -> [[String]] {
        Styled.cells(styled).map { row in
            var cells = row.map { cell -> String in
                let (top, bottom) = cell.halves
                let halves = "\(top.map { "\($0)" } ?? "-")/\(bottom.map { "\($0)" } ?? "-")"
                switch cell.character {
                case "█", "▀", "▄", " ": return halves
                case "▌", "▐":
                    // Left and right halves: as the eye sees them, whichever glyph drew them.
                    let left = cell.character == "▌" ? cell.foreground : cell.background
                    let right = cell.character == "▌" ? cell.background : cell.foreground
                    return "L\(left.map { "\($0)" } ?? "-")|R\(right.map { "\($0)" } ?? "-")"
                default: return "\(cell.character) \(halves)"
                }
            }
            while cells.count < width { cells.append("-/-") }
            return cells
        }
    }

    /// The program on `deck` in tmux under `environment`; the look after → (the picture), → (text) and ←
    /// (the picture again), then after a resize away and back (a repaint); and every byte written.
    static func looks(deck: String, environment: [String: String]) -> (looks: [[[String]]], output: [UInt8]) {
        let session = TmuxSession(command: "\(TmuxSession.quote(TmuxSession.binary)) --no-autoplay "
                                  + TmuxSession.quote(deck + "/deck.json"), environment: environment, recordOutput: true)
        defer { session.close() }
        var looks: [[[String]]] = []
        session.waitForScreen { $0.joined().contains("Before") }
        // The picture is prefetched: wait until it had time to be converted before the change.
        usleep(800_000)
        for key in ["Right", "Right", "Left"] {
            session.send(key)
            session.waitForScreen(timeout: 5, styled: true) { Styled.cells($0).joined().filter { "▀▄▌▐█".contains($0.character) }.count > 100 || !$0.joined().contains("City") }
            usleep(700_000)
            looks.append(look(session.styledScreen()))
        }
        session.resize(width: 81, height: 24)
        usleep(500_000)
        session.resize(width: 80, height: 24)
        usleep(1_200_000)
        looks.append(look(session.styledScreen()))
        return (looks, session.output())
    }

    /// The photo fills its rows; the sticker (sun.png) has transparent gaps inside its rows, which the
    /// writer passes with a move right (`ESC[C`, `ESC[nC`) instead of a `cup`.
    @Test("CellWriter: the picture's cells look as curses draws them, at each story change and after a repaint",
          arguments: ["tmux-256color", "xterm-256color"], ["city.jpg", "sun.png"])
    func sameLookAsCurses(term: String, picture: String) throws {
        let folder = Self.deck(picture: picture)
        defer { ImageFixtures.remove(folder) }
        let terminfo = Self.descriptionsWithoutSaveCursor(term, in: folder)
        #expect(FileManager.default.fileExists(atPath: "\(terminfo)/n/nosc-\(term)"), "tic wrote the reference")
        let written = Self.looks(deck: folder, environment: ["TERM": term])
        let reference = Self.looks(deck: folder, environment: ["TERM": "nosc-\(term)", "TERMINFO": terminfo])
        // The cells went past curses in one session (inside a save and restore of the cursor), through
        // curses in the other.
        #expect(written.output.contains(0x37) && Self.saves(written.output) > 0, "the writer ran")
        #expect(Self.saves(reference.output) == 0, "the reference went through curses")
        // Fewer bytes, and no cell written twice: curses, told of the cells, does not write them again.
        #expect(written.output.count < reference.output.count * 9 / 10,
                "\(written.output.count) bytes written, \(reference.output.count) through curses")
        let (writtenLooks, referenceLooks) = (written.looks, reference.looks)
        try #require(writtenLooks.count == 4 && referenceLooks.count == 4)
        // The reference drew a picture: many cells in two colours.
        let twoColour = referenceLooks[0].joined().filter { $0.contains("(") && !$0.hasPrefix("-") }.count
        #expect(twoColour > (picture == "sun.png" ? 150 : 500), "the picture was on screen")
        if picture == "sun.png" { #expect(Self.movesRight(written.output) > 0, "the gaps were passed with a move right") }
        for (index, step) in ["→ the picture", "→ text", "← the picture", "a repaint"].enumerated() {
            let differing = zip(writtenLooks[index], referenceLooks[index]).enumerated().flatMap { row, pair in
                zip(pair.0, pair.1).enumerated().compactMap { $1.0 == $1.1 ? nil : "\(row),\($0): \($1.0) vs \($1.1)" }
            }
            #expect(differing.isEmpty, "after \(step): \(differing.count) cells differ, e.g. \(differing.prefix(3))")
        }
        // The repaint shows what the change onto the picture showed.
        #expect(writtenLooks[3] == writtenLooks[2])
    }

    /// How many moves right (`ESC[C`, `ESC[nC`) the output holds between a save of the cursor and its restore.
    static func movesRight(_ output: [UInt8]) -> Int {
        var count = 0, saved = false, index = 0
        while index + 1 < output.count {
            if output[index] == 0x1B, output[index + 1] == 0x37 { saved = true }
            if output[index] == 0x1B, output[index + 1] == 0x38 { saved = false }
            if saved, output[index] == 0x1B, output[index + 1] == 0x5B {
                var end = index + 2
                while end < output.count, (0x30...0x39).contains(output[end]) { end += 1 }
                if end < output.count, output[end] == 0x43 { count += 1 }
            }
            index += 1
        }
        return count
    }

    /// How many times the output saves the cursor (`ESC 7`).
    static func saves(_ output: [UInt8]) -> Int {
        output.indices.dropLast().filter { output[$0] == 0x1B && output[$0 + 1] == 0x37 }.count
    }
}
