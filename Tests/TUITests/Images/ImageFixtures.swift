import CImageFixtures
import Engine
import Foundation
import Glibc
@testable import TUI
@testable import ViewerCore

/// Pictures made for the tests (pixels, then PNG or JPEG bytes through libpng and TurboJPEG), and a
/// temporary folder to write them into.
enum ImageFixtures {
    /// RGBA pixels, row by row.
    struct Pixels {
        let width: Int
        let height: Int
        var rgba: [UInt8]

        init(width: Int, height: Int, color: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) {
            self.width = width
            self.height = height
            rgba = []
            rgba.reserveCapacity(width * height * 4)
            for y in 0..<height {
                for x in 0..<width {
                    let (r, g, b, a) = color(x, y)
                    rgba += [r, g, b, a]
                }
            }
        }

        init(width: Int, height: Int, rgba: [UInt8]) {
            self.width = width
            self.height = height
            self.rgba = rgba
        }

        var rgb: [UInt8] { stride(from: 0, to: rgba.count, by: 4).flatMap { rgba[$0..<$0 + 3] } }

        static func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255, width: Int = 64, height: Int = 32) -> Pixels {
            Pixels(width: width, height: height) { _, _ in (r, g, b, a) }
        }
    }

    enum PNGType: Int32 { case gray = 0, grayAlpha = 4, rgb = 2, rgba = 6, palette = 3 }

    static func png(_ pixels: Pixels, type: PNGType = .rgba, bitDepth: Int32 = 8, interlaced: Bool = false) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        let result = fixture_png(pixels.rgba, Int32(pixels.width), Int32(pixels.height),
                                 fixture_png_type(UInt32(type.rawValue)), bitDepth, interlaced ? 1 : 0, &out, &length)
        guard result == 0, let out else { return [] }
        defer { fixture_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }

    enum JPEGKind: UInt32 { case color = 0, gray = 1, cmyk = 2 }

    static func jpeg(_ pixels: Pixels, kind: JPEGKind = .color, progressive: Bool = false, orientation: Int32 = 0,
                     extraSegments: Int32 = 0) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        let result = fixture_jpeg(pixels.rgb, Int32(pixels.width), Int32(pixels.height), fixture_jpeg_kind(kind.rawValue),
                                  progressive ? 1 : 0, orientation, extraSegments, &out, &length)
        guard result == 0, let out else { return [] }
        defer { fixture_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }

    /// A new empty folder under the temporary directory.
    static func folder() -> String {
        var template = Array((NSTemporaryDirectory() + "/stories-tui-images-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    /// Writes bytes to a file in `folder`; its path.
    @discardableResult
    static func write(_ bytes: [UInt8], named name: String, in folder: String) -> String {
        let path = folder + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    static func remove(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The built `stories-tui` (next to the test binary), which serves as the image helper.
    static var helper: String { TmuxSession.binary }

    /// Renders a file in this process into cells.
    static func render(_ path: String, columns: Int, rows: Int, mode: ImageColorMode = .truecolor,
                       fit: ImageFit = .contain, backdrop: ImageBackdrop = .color(.rgb(0, 0, 0)))
        -> Result<ImageCells, ImageProblem> {
        let request = ImageRequest(path: path, columns: columns, rows: rows, mode: mode, fit: fit, backdrop: backdrop)
        return ImageRenderer.render(request).map { $0.imageCells(mode: mode) }
    }

    /// The colour seen in a cell's top and bottom half, as RGB (truecolour cells only).
    static func halves(_ cell: ImageCell) -> (top: (Int, Int, Int), bottom: (Int, Int, Int)) {
        func rgb(_ color: TerminalColor) -> (Int, Int, Int) {
            let value = color.rgbValue()
            return (Int(value >> 16), Int(value >> 8 & 0xFF), Int(value & 0xFF))
        }
        switch cell.character {
        case "▀": return (rgb(cell.foreground), rgb(cell.background))
        case "▄": return (rgb(cell.background), rgb(cell.foreground))
        case "█": return (rgb(cell.foreground), rgb(cell.foreground))
        default: return (rgb(cell.background), rgb(cell.background))  // space, ▌, ▐: average-ish
        }
    }

    /// Whether two colours are within `tolerance` on each channel.
    static func near(_ a: (Int, Int, Int), _ b: (Int, Int, Int), tolerance: Int = 12) -> Bool {
        abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance
    }
}
