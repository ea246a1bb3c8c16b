import Engine
@testable import TUI
@testable import ViewerCore

/// Decks and states shared by the layout tests.
enum LayoutFixtures {
    static let threeStories = Deck(title: "Deck", stories: [
        Story(id: "dawn", title: "Dawn", caption: "The sun comes up over the hills.", art: "\\o/\n |\n/ \\"),
        Story(id: "noon", title: "Noon", caption: "Bright and hot."),
        Story(id: "dusk", title: "Dusk", caption: "Long shadows."),
    ])

    static func state(_ deck: Deck = threeStories, index: Int = 0, progress: Double = 0.5) -> ViewState {
        ViewState(deck: deck, currentIndex: index, progress: progress)
    }

    /// Lines of a frame with trailing blanks removed, for readable expectations.
    static func text(_ frame: Frame) -> [String] {
        frame.lines.map { line in
            var trimmed = line
            while trimmed.last == " " { trimmed.removeLast() }
            return trimmed
        }
    }

    static func layout(ascii: Bool = false, color: Bool = true, language: Language = .english) -> ScreenLayout {
        ScreenLayout(options: LayoutOptions(ascii: ascii, color: color, language: language))
    }
}
