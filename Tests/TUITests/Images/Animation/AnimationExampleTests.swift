import Foundation
import Testing
@testable import TUI
@testable import ViewerCore

/// The moving examples in Examples/moving (scripts/draw-moving-pictures.py) decode as drawn: 16 frames of 80 ms,
/// looping for ever. No example deck plays them until the viewer does (docs/IMAGES.md, "Moving pictures").
@Suite("Animation examples")
struct AnimationExampleTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/moving")

    @Test(arguments: ["orbit.gif", "orbit.webp"])
    func theOrbitPlaysSixteenFramesOf80Milliseconds(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        let scan = try AnimationScan.read(bytes).get()
        #expect(scan.width == 64 && scan.height == 64)
        #expect(scan.delays == [Int](repeating: 80, count: 16))
        #expect(scan.loopCount == 0)
        #expect(scan.pacing.storyLength == 1.28)
        let decoder = try AnimationDecoder.open(bytes).get()
        var frames: [AnimationFrame] = []
        while let frame = try decoder.next().get() { frames.append(frame) }
        #expect(frames.count == 16)
        // The sun stands still in the middle; the moon moves, so no two frames are the same.
        #expect(frames.allSatisfy { $0.pixel(x: 32, y: 32)[0] > 200 && $0.pixel(x: 32, y: 32)[3] == 255 })
        #expect(Set(frames.map(\.pixels)).count == 16)
    }
}
