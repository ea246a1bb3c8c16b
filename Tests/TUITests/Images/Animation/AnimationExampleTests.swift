import Engine
import Foundation
import Testing
@testable import TUI
@testable import ViewerCore

/// The moving examples in Examples/moving (scripts/draw-moving-pictures.py) decode as drawn: 16 frames of 80 ms,
/// looping for ever; Examples/moving.json plays them (docs/IMAGES.md, "Moving pictures").
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

    @Test("Examples/moving.json: the GIF's story lasts one run, the WebP's its duration; begin says 1.28 s")
    func theMovingDeck() throws {
        let path = Self.folder.deletingLastPathComponent().appendingPathComponent("moving.json").path
        let deck = MovingPictureScan.annotate(try DeckLoader.load(path: path).get())
        #expect(deck.movingPictures.keys.sorted() == [0, 1])
        #expect(deck.duration(ofStory: 0) == 1.28)
        #expect(deck.duration(ofStory: 1) == 4)
        var playback = Playback(deck: deck)
        let begin = playback.begin(at: 0).first { if case .begin = $0.kind { true } else { false } }
        #expect(begin?.length == 1.28)
    }
}

