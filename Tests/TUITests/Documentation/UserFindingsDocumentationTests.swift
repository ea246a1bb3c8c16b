import Foundation
import Testing
@testable import Engine

/// What a new user found the documents saying wrongly (folders leaving videos out, animations standing still
/// in pixels, the too-small rule twice, a FIFO deck's wait): each document now says what the program does.
@Suite
struct UserFindingsDocumentationTests {
    typealias Docs = DocumentationTests

    /// The part of a Markdown file from a heading to the next heading of the same level or above.
    static func markdownSection(_ relativePath: String, heading: String) throws -> String {
        let text = try Docs.text(relativePath)
        guard let start = text.range(of: heading + "\n") else { return "" }
        let level = heading.prefix { $0 == "#" }
        let rest = text[start.upperBound...]
        let next = rest.ranges(of: "\n" + level + " ").first?.lowerBound
            ?? rest.ranges(of: "\n" + level.dropLast() + " ").first?.lowerBound ?? rest.endIndex
        return String(rest[..<next])
    }

    @Test("every document on folder decks names each kind a folder plays, videos included, and none says one is left out")
    func folderDecks() throws {
        let man = try Docs.manSection("DECKS WITHOUT JSON")
        let folderEntry = man.components(separatedBy: ".B A Markdown deck").first ?? ""
        let documents = [
            ("the man page", folderEntry),
            ("README.md", try Self.markdownSection("README.md", heading: "### Without JSON: a folder, or Markdown")),
            ("docs/DECK-FORMAT.md", try Self.markdownSection("docs/DECK-FORMAT.md", heading: "### Folder decks")),
        ]
        let kinds = FileKind.allCases.filter(\.isPictureOrVideo)
        #expect(kinds.count == 6)
        for (name, text) in documents {
            #expect(!text.isEmpty, "\(name): no folder section")
            for kind in kinds { #expect(text.contains(kind.formatName), "\(name) does not name \(kind.formatName)") }
            for fileExtension in [".mp4", ".mov", ".webm", ".mkv"] {
                #expect(text.contains(fileExtension), "\(name) does not name \(fileExtension)")
            }
            for wrong in ["recognised and left out", "not shown by this version", "cannot show yet"] {
                #expect(!text.contains(wrong), "\(name) still says \"\(wrong)\"")
            }
        }
    }

    @Test("the man page says once that --no-autoplay stills an animation, and that animations play in pixels")
    func animationsInPixels() throws {
        let images = try Docs.manSection("IMAGES")
        let still = images.components(separatedBy: "first frame").dropFirst().filter { $0.hasPrefix(" stands still") || $0.hasPrefix(" still") }
        #expect(still.count == 1, "the first frame stands still only with --no-autoplay: \(still.count) places")
        #expect(images.contains("--no-autoplay the first frame stands still"))
        #expect(images.contains("In the terminal's pixels (kitty, sixel, iTerm2) an animation or a\nvideo plays"))
        #expect(!(try Docs.manText()).contains("shows its\nfirst frame still"))
    }

    @Test("the man page gives the too-small rule once, with the one line SPEC 3 asks for")
    func tooSmallOnce() throws {
        let man = try Docs.manText()
        #expect(man.components(separatedBy: "Below 20").count == 2, "\"Below 20\" more than once")
        #expect(man.contains("Terminal too small, at least 20\\(mu6"))
    }
}
