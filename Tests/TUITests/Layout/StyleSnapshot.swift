import Foundation
import Testing
@testable import TUI
@testable import ViewerCore

/// Frames as readable text with their styles, compared with files in `Tests/Snapshots/Layout` (a line diff on
/// failure). Each row of text is followed, when any of its cells is not in the frame's most common
/// style, by a row of style letters under it (`.` the common style, letters in the legend):
///
/// ```
///    | ███▌░░░ ░░░░░░░                       |
///    |.aaabbbb.ccccccc                       |
/// ```
///
/// Set STORIES_RECORD_SNAPSHOTS=1 to write the files anew; a missing file is written and fails
/// the test, so that a new snapshot is always looked at before it is trusted.
enum StyleSnapshot {
    /// A frame as text rows, style rows and a legend of the styles.
    static func render(_ frame: Frame) -> String {
        var counts: [CellStyle: Int] = [:]
        for row in 0..<frame.height {
            for column in 0..<frame.width { counts[frame[row, column].style, default: 0] += 1 }
        }
        let common = counts.max { $0.value < $1.value || ($0.value == $1.value && describe($0.key) > describe($1.key)) }?.key
        var letters: [CellStyle: Character] = [:]
        var legend: [String] = []
        if let common { legend.append(". \(describe(common))") }
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var lines: [String] = []
        for row in 0..<frame.height {
            var text = ""
            var styles = ""
            for column in 0..<frame.width {
                let cell = frame[row, column]
                if !cell.isContinuation { text += cell.text }
                let style = cell.style
                if style == common {
                    styles += "."
                    continue
                }
                if letters[style] == nil {
                    let letter = letters.count < alphabet.count ? alphabet[letters.count] : "?"
                    letters[style] = letter
                    legend.append("\(letter) \(describe(style))")
                }
                styles.append(letters[style] ?? "?")
            }
            lines.append("   |" + text + "|")
            if styles.contains(where: { $0 != "." }) { lines.append("   |" + styles + "|") }
        }
        return (["legend: " + legend.joined(separator: "; ")] + lines).joined(separator: "\n")
    }

    /// A style in words: attributes, then colours (`fg=6`, `bg=#102030`), `plain` for none.
    static func describe(_ style: CellStyle) -> String {
        var parts: [String] = []
        if style.bold { parts.append("bold") }
        if style.dim { parts.append("dim") }
        if style.reverse { parts.append("reverse") }
        if style.underline { parts.append("underline") }
        for (name, color) in [("fg", style.foreground), ("bg", style.background)] {
            switch color {
            case .standard: break
            case .indexed(let index): parts.append("\(name)=\(index)")
            case .rgb(let red, let green, let blue):
                parts.append("\(name)=#" + [red, green, blue].map { String(format: "%02x", $0) }.joined())
            }
        }
        return parts.isEmpty ? "plain" : parts.joined(separator: " ")
    }

    /// The folder of the snapshot files: `Tests/Snapshots/Layout`, outside the test target (so
    /// that SwiftPM does not take them for resources).
    static func folder(_ filePath: String = #filePath) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Snapshots/Layout")
    }

    /// Compares `text` with the snapshot `name`; records (and fails) when asked to or when it is missing.
    static func expect(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = folder().appendingPathComponent(name + ".txt")
        let record = ProcessInfo.processInfo.environment["STORIES_RECORD_SNAPSHOTS"] == "1"
        guard !record, let stored = try? String(contentsOf: file, encoding: .utf8) else {
            try? FileManager.default.createDirectory(at: folder(), withIntermediateDirectories: true)
            try? (text + "\n").write(to: file, atomically: true, encoding: .utf8)
            Issue.record("snapshot \(name) recorded; look at it, then run the test again", sourceLocation: sourceLocation)
            return
        }
        let expected = stored.hasSuffix("\n") ? String(stored.dropLast()) : stored
        guard expected != text else { return }
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = text.split(separator: "\n", omittingEmptySubsequences: false)
        var diff: [String] = []
        for index in 0..<max(old.count, new.count) where diff.count < 12 {
            let before = index < old.count ? String(old[index]) : "(none)"
            let after = index < new.count ? String(new[index]) : "(none)"
            if before != after { diff.append(contentsOf: ["line \(index + 1):", "- " + before, "+ " + after]) }
        }
        let message = "snapshot \(name) differs (STORIES_RECORD_SNAPSHOTS=1 records it):\n" + diff.joined(separator: "\n")
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}
