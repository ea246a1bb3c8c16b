import CImages
import Foundation
import Testing
@testable import TUI
@testable import ViewerCore

/// The helper's pixel path (`ImageRenderer.renderPixels`, wire kind 5 and reply status 3) and the iTerm2
/// encoder (Sources/CImages/iterm2.c): a picture file in, the terminal's bytes out, sized by the fit.
@Suite struct PixelRenderTests {
    static let cell = PixelSize(width: 8, height: 16)

    static func withPicture<T>(_ body: (String) throws -> T) rethrows -> T {
        let folder = ImageFixtures.folder()
        defer { ImageFixtures.remove(folder) }
        let pixels = ImageFixtures.Pixels(width: 200, height: 100, color: { x, y in (UInt8(x), UInt8(y * 2), 90, 255) })
        return try body(ImageFixtures.write(ImageFixtures.png(pixels), named: "wide.png", in: folder))
    }

    @Test("the iTerm2 encoder writes one OSC 1337 whose base64 is a PNG of the same pixels, over the cells asked")
    func iterm2() throws {
        let rgba = PixelPictureFixture.scene(width: 40, height: 20)
        let bytes = try #require(PixelPictureFixture.withPicture(rgba, width: 40, height: 20) { picture in
            PixelPictureFixture.encoded { out, status in withUnsafePointer(to: picture) { cimg_iterm2_encode($0, 5, 2, out, status) } }
        })
        let text = String(decoding: bytes, as: UTF8.self)
        let head = try #require(text.range(of: ":"))
        #expect(text.hasPrefix("\u{1B}]1337;File=inline=1;size="))
        #expect(text[..<head.lowerBound].hasSuffix(";width=5c;height=2r;preserveAspectRatio=0"))
        #expect(text.hasSuffix("\u{07}"))
        let png = try #require(Data(base64Encoded: String(text[head.upperBound...].dropLast())))
        #expect(text.contains("size=\(png.count);"))
        var picture = cimg_picture()
        var status = cimg_status()
        let bytesOfPNG = Array(png)
        #expect(cimg_decode(bytesOfPNG, bytesOfPNG.count, 0, 0, nil, &picture, &status) == 0)
        defer { cimg_picture_free(&picture) }
        #expect(picture.width == 40 && picture.height == 20)
        let decoded = Array(UnsafeBufferPointer(start: picture.pixels, count: 40 * 20 * 4))
        #expect(decoded == rgba)
    }

    @Test("a 200 × 100 picture in 20 × 10 cells of 8 × 16 pixels: kitty's commands over 20 × 4 cells (contain)")
    func kittyContain() throws {
        try Self.withPicture { path in
            let request = ImageRequest(path: path, columns: 20, rows: 10, mode: .truecolor,
                                       pixels: PixelFormat(graphicsProtocol: .kitty, cell: Self.cell))
            let picture = try ImageRenderer.renderPixels(request, id: 42).get()
            #expect(picture.columns == 20 && picture.rows == 5, "160 × 80 pixels: 20 columns, 5 rows of 16")
            let commands = try #require(PixelPictureFixture.kittyCommands(picture.bytes))
            #expect(commands.first?.keys.hasPrefix("a=T,f=24,o=z,s=160,v=80,i=42,q=2,z=-1,C=1") == true)
        }
    }

    @Test("sixel and iTerm2 through the same path; cover fills the box")
    func sixelAndCover() throws {
        try Self.withPicture { path in
            let sixel = try ImageRenderer.renderPixels(ImageRequest(path: path, columns: 20, rows: 10, mode: .truecolor, fit: .cover,
                                                                    pixels: PixelFormat(graphicsProtocol: .sixel, cell: Self.cell)), id: 1).get()
            #expect(sixel.columns == 20 && sixel.rows == 10)
            #expect(String(decoding: sixel.bytes.prefix(20), as: UTF8.self).hasPrefix("\u{1B}P0;1;0q\"1;1;160;160"))
            let iterm = try ImageRenderer.renderPixels(ImageRequest(path: path, columns: 20, rows: 10, mode: .truecolor,
                                                                    pixels: PixelFormat(graphicsProtocol: .iterm2, cell: Self.cell)), id: 1).get()
            #expect(String(decoding: iterm.bytes, as: UTF8.self).contains(";width=20c;height=5r;"))
        }
    }

    @Test("a pixel request and its reply cross the wire whole; a failure stays the loader's words")
    func wire() throws {
        let request = ImageRequest(path: "/tmp/p.png", columns: 78, rows: 20, mode: .indexed240, fit: .cover,
                                   pixels: PixelFormat(graphicsProtocol: .iterm2, cell: PixelSize(width: 9, height: 18)))
        let frame = try #require(ImageWire.request(.render(request), id: 11))
        let parsed = try #require(ImageWire.parseRequest(Array(frame.dropFirst(4))))
        #expect(parsed.id == 11 && parsed.job == .render(request))
        let reply = ImageWire.reply(.pixels(PixelPicture(columns: 3, rows: 2, bytes: Array("\u{1B}_Gabc".utf8))), id: 11)
        guard let (id, outcome) = ImageWire.parseReply(Array(reply.dropFirst(4))), case let .pixels(back) = outcome else {
            Issue.record("no round trip for pixels")
            return
        }
        #expect(id == 11 && back.columns == 3 && back.rows == 2 && back.bytes == Array("\u{1B}_Gabc".utf8))
        var empty = ByteWriter()
        empty.u32(1)
        empty.u8(3)
        empty.u16(3)
        empty.u16(2)
        #expect(ImageWire.parseReply(empty.data) == nil, "pixels with no bytes are a broken helper")
        let missing = ImageRenderer.renderPixels(ImageRequest(path: "/nonexistent/x.png", columns: 4, rows: 4, mode: .truecolor,
                                                              pixels: PixelFormat(graphicsProtocol: .kitty, cell: Self.cell)), id: 1)
        #expect(missing.failureValue == .missing)
    }
}

private extension Result {
    var failureValue: Failure? {
        if case let .failure(failure) = self { return failure }
        return nil
    }
}
