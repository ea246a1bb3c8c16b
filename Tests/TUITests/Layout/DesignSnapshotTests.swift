import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// Every screen of issue 12 as a text snapshot with styles, at 40×12, 80×24 and 120×40, in both
/// themes, without colour and in ASCII (files in `Tests/Snapshots/Layout`, one a screen). The snapshots were
/// looked at one by one; the other suites check the rules these screens follow.
@Suite("Layout: design snapshots (issue 12)")
struct DesignSnapshotTests {
    typealias D = DesignFixtures

    @Test("each screen at three sizes, both themes, no colour and ASCII",
          arguments: DesignFixtures.screens.map(\.name))
    func screen(_ name: String) throws {
        let screen = try #require(D.screens.first { $0.name == name })
        var sections: [String] = []
        for (width, height) in D.sizes {
            for variant in D.Variant.allCases {
                let state = variant.apply(screen.state(width, height))
                let frame = ScreenLayout(options: variant.options).frame(for: state, width: width, height: height)
                sections.append("## \(width)x\(height) \(variant.rawValue)\n" + StyleSnapshot.render(frame))
            }
        }
        StyleSnapshot.expect(sections.joined(separator: "\n\n"), named: name)
    }

    @Test("too small: the message and the size needed, at 15×5 and 19×5")
    func tooSmall() {
        var sections: [String] = []
        for (width, height) in [(15, 5), (19, 5), (10, 3)] {
            for variant in D.Variant.allCases {
                let frame = ScreenLayout(options: variant.options).frame(for: variant.apply(D.state(index: 0)),
                                                                         width: width, height: height)
                sections.append("## \(width)x\(height) \(variant.rawValue)\n" + StyleSnapshot.render(frame))
            }
        }
        StyleSnapshot.expect(sections.joined(separator: "\n\n"), named: "too-small")
    }
}
