import CImages
import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// The picture limits are one fact in two languages: the deck format's (`DeckLimits`, which Engine's
/// messages and `--check` name) and the C decoder's (`cimages.h`, which refuses a file or a header over
/// them, and which `ImageLimits` reads). Engine cannot import the C header, so this pins them together:
/// a change to one that is not made to the other fails here.
@Suite("Picture limits: one fact, the Swift and the C values pinned together")
struct ImageLimitsTests {
    @Test("the file size and the pixel count of cimages.h are DeckLimits' values")
    func pinned() {
        #expect(Int(CIMG_MAX_FILE_BYTES) == DeckLimits.maximumImageFileSize)
        #expect(Int(CIMG_MAX_PIXELS) == DeckLimits.maximumImageMegapixels * 1_000_000)
        #expect(ImageLimits.maximumFileBytes == DeckLimits.maximumImageFileSize)
        #expect(ImageLimits.maximumMegapixels == DeckLimits.maximumImageMegapixels)
        #expect(ImageLimits.maximumFrames == DeckLimits.maximumAnimationFrames)
    }
}
