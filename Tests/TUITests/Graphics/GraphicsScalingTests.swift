import CImages
import Testing
@testable import TUI
@testable import ViewerCore

/// Pictures scaled to their box's pixels: the placement (contain, cover, by whole cells) and the scaler.
@Suite struct GraphicsScalingTests {
    static let cell = PixelSize(width: 8, height: 16)

    @Test func containKeepsTheAspectAndCentresByCells() throws {
        // 1024 × 768 in 78 × 20 cells of 8 × 16 (624 × 320 px): height-bound, 427 × 320, 54 of 78 columns.
        let placement = try #require(ImageFit.contain.placement(width: 1024, height: 768, columns: 78, rows: 20, cell: Self.cell))
        #expect(placement.size == PixelSize(width: 427, height: 320))
        #expect(placement.source == (0, 0, 1024, 768))
        #expect(placement.columns == 54 && placement.rows == 20)
        #expect(placement.columnOffset == 12 && placement.rowOffset == 0)
        // A wide picture is width-bound.
        let wide = try #require(ImageFit.contain.placement(width: 2000, height: 100, columns: 10, rows: 10, cell: Self.cell))
        #expect(wide.size == PixelSize(width: 80, height: 4))
        #expect(wide.rows == 1 && wide.rowOffset == 4)
    }

    @Test func coverFillsTheBoxFromACentredCrop() throws {
        let placement = try #require(ImageFit.cover.placement(width: 1024, height: 768, columns: 78, rows: 20, cell: Self.cell))
        #expect(placement.size == PixelSize(width: 624, height: 320))
        // 624:320 of 768 rows is 1498 columns > 1024: keep all columns, 525 rows from the middle.
        #expect(placement.source == (0, 121, 1024, 525))
        #expect(placement.columns == 78 && placement.rows == 20 && placement.columnOffset == 0)
    }

    @Test func emptyInputsHaveNoPlacement() {
        #expect(ImageFit.contain.placement(width: 0, height: 5, columns: 10, rows: 10, cell: Self.cell) == nil)
        #expect(ImageFit.cover.placement(width: 5, height: 5, columns: 0, rows: 10, cell: Self.cell) == nil)
        #expect(ImageFit.contain.placement(width: 5, height: 5, columns: 10, rows: 10, cell: PixelSize(width: 0, height: 16)) == nil)
    }

    @Test func scalingAveragesAreasAndKeepsAlphaWhole() {
        // 4 × 2: left half red, right half blue; the bottom right pixel transparent.
        let rgba: [UInt8] = [255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255,
                             255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 0, 0]
        let scaled: [UInt8]? = PixelPictureFixture.withPicture(rgba, width: 4, height: 2) { picture in
            var out = cimg_picture()
            var status = cimg_status()
            let result = withUnsafePointer(to: picture) {
                cimg_scale($0, cimg_rect(x: 0, y: 0, width: 4, height: 2), 2, 1, &out, &status)
            }
            defer { cimg_picture_free(&out) }
            guard result == 0, let pixels = out.pixels else { return nil }
            return Array(UnsafeBufferPointer(start: pixels, count: 8))
        }
        // Three of four blue pixels are opaque: the pixel is opaque blue.
        #expect(scaled == [255, 0, 0, 255, 0, 0, 255, 255])
    }

    @Test func aSourceOutsideThePictureIsRefused() {
        let rgba = [UInt8](repeating: 255, count: 16)
        let result = PixelPictureFixture.withPicture(rgba, width: 2, height: 2) { picture in
            var out = cimg_picture()
            var status = cimg_status()
            return withUnsafePointer(to: picture) { cimg_scale($0, cimg_rect(x: 1, y: 0, width: 2, height: 2), 2, 2, &out, &status) }
        }
        #expect(result == -1)
    }
}
