import CImageFixtures
import CImages
import Foundation
import Testing

/// The kitty encoder (Sources/CImages/kitty.c): its commands decode back to the same pixels, in chunks of
/// the protocol's size, with the keys that place it under the text without moving the cursor.
@Suite struct KittyEncoderTests {
    static let width = 120, height = 45

    static func encode(_ format: cimg_kitty_format, id: UInt32 = 7,
                       _ rgba: [UInt8] = PixelPictureFixture.scene(width: width, height: height)) -> [(keys: String, payload: String)] {
        let bytes = PixelPictureFixture.withPicture(rgba, width: width, height: height) { picture in
            PixelPictureFixture.encoded { out, status in
                withUnsafePointer(to: picture) { cimg_kitty_encode($0, format, id, out, status) }
            }
        }
        return bytes.flatMap(PixelPictureFixture.kittyCommands) ?? []
    }

    static func checkChunks(_ commands: [(keys: String, payload: String)]) {
        #expect(commands.count > 1, "the picture needs several chunks")
        for (index, command) in commands.enumerated() {
            let last = index == commands.count - 1
            if index > 0 { #expect(command.keys == (last ? "m=0,q=2" : "m=1,q=2")) }
            if !last { #expect(command.payload.utf8.count == Int(CIMG_KITTY_CHUNK)) }
            #expect(command.payload.utf8.count % 4 == 0 && command.payload.utf8.count <= Int(CIMG_KITTY_CHUNK))
        }
        #expect(commands.first?.keys.hasSuffix(",m=1") ?? false)
    }

    static func payload(_ commands: [(keys: String, payload: String)]) -> [UInt8] {
        Data(base64Encoded: commands.map(\.payload).joined()).map { Array($0) } ?? []
    }

    @Test func pngDecodesToTheSamePixels() {
        let commands = Self.encode(CIMG_KITTY_PNG, id: 7)
        Self.checkChunks(commands)
        #expect(commands.first?.keys == "a=T,f=100,i=7,q=2,z=-1,C=1,m=1")
        let png = Self.payload(commands)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        var picture = cimg_picture()
        var status = cimg_status()
        #expect(cimg_decode(png, png.count, 0, 0, nil, &picture, &status) == 0)
        defer { cimg_picture_free(&picture) }
        #expect(picture.width == Int32(Self.width) && picture.height == Int32(Self.height))
        let decoded = picture.pixels.map { Array(UnsafeBufferPointer(start: $0, count: Self.width * Self.height * 4)) } ?? []
        let original = PixelPictureFixture.scene(width: Self.width, height: Self.height)
        #expect(decoded.count == original.count)
        // Opaque pixels are exact; transparent ones stay transparent (the decoder's RGB of those is its own).
        var differing = 0
        for index in stride(from: 0, to: min(original.count, decoded.count), by: 4) {
            let same: Bool
            if original[index + 3] == 0 {
                same = decoded[index + 3] == 0
            } else {
                same = original[index..<index + 4].elementsEqual(decoded[index..<index + 4])
            }
            if !same { differing += 1 }
        }
        #expect(differing == 0)
    }

    static func inflate(_ commands: [(keys: String, payload: String)], bytes: Int) -> [UInt8]? {
        let compressed = payload(commands)
        var out: UnsafeMutablePointer<UInt8>?
        guard fixture_inflate(compressed, compressed.count, bytes, &out) == 0, let out else { return nil }
        defer { fixture_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: bytes))
    }

    @Test func zlibWithTransparencyInflatesToTheSameRGBA() {
        let commands = Self.encode(CIMG_KITTY_ZLIB, id: 4_000_000_000)
        Self.checkChunks(commands)
        #expect(commands.first?.keys == "a=T,f=32,o=z,s=\(Self.width),v=\(Self.height),i=4000000000,q=2,z=-1,C=1,m=1")
        #expect(Self.inflate(commands, bytes: Self.width * Self.height * 4) == PixelPictureFixture.scene(width: Self.width, height: Self.height))
    }

    @Test func zlibOfAnOpaquePictureIsRGB() {
        var rgba = PixelPictureFixture.scene(width: Self.width, height: Self.height)
        for index in stride(from: 3, to: rgba.count, by: 4) { rgba[index] = 255 }
        let commands = Self.encode(CIMG_KITTY_ZLIB, id: 9, rgba)
        Self.checkChunks(commands)
        #expect(commands.first?.keys == "a=T,f=24,o=z,s=\(Self.width),v=\(Self.height),i=9,q=2,z=-1,C=1,m=1")
        let rgb = stride(from: 0, to: rgba.count, by: 4).flatMap { rgba[$0..<$0 + 3] }
        #expect(Self.inflate(commands, bytes: Self.width * Self.height * 3) == rgb)
    }

    /// The bytes of `format` for the fixture's scene (opaque when `opaque`): the keys up to `;`, then the file's data.
    static func fileForm(_ format: cimg_kitty_format, opaque: Bool) -> (keys: String, data: [UInt8])? {
        var rgba = PixelPictureFixture.scene(width: width, height: height)
        if opaque { for index in stride(from: 3, to: rgba.count, by: 4) { rgba[index] = 255 } }
        let bytes = PixelPictureFixture.withPicture(rgba, width: width, height: height) { picture in
            PixelPictureFixture.encoded { out, status in withUnsafePointer(to: picture) { cimg_kitty_encode($0, format, 3, out, status) } }
        }
        guard let bytes, let separator = bytes.firstIndex(of: UInt8(ascii: ";")) else { return nil }
        return (String(decoding: bytes[..<separator], as: UTF8.self), Array(bytes[(separator + 1)...]))
    }

    @Test func theFileFormIsTheKeysThenTheBareZlibData() throws {
        let form = try #require(Self.fileForm(CIMG_KITTY_ZLIB_FILE, opaque: true))
        #expect(form.keys == "\u{1B}_Ga=T,f=24,o=z,s=\(Self.width),v=\(Self.height),i=3,q=2,z=-1,C=1,t=t")
        var out: UnsafeMutablePointer<UInt8>?
        let count = Self.width * Self.height * 3
        #expect(fixture_inflate(form.data, form.data.count, count, &out) == 0)
        let rgba = PixelPictureFixture.scene(width: Self.width, height: Self.height)
        let rgb = stride(from: 0, to: rgba.count, by: 4).flatMap { rgba[$0..<$0 + 3] }
        if let out {
            #expect(Array(UnsafeBufferPointer(start: out, count: count)) == rgb, "no base64, no chunks: the data as kitty reads it")
            fixture_free(out)
        }
        let raw = try #require(Self.fileForm(CIMG_KITTY_RAW_FILE, opaque: false))
        #expect(raw.keys == "\u{1B}_Ga=T,f=32,s=\(Self.width),v=\(Self.height),i=3,q=2,z=-1,C=1,t=t")
        #expect(raw.data == rgba, "the raw form is the RGBA as it is")
    }

    @Test func aSmallPictureIsOneCommand() {
        let rgba: [UInt8] = [255, 0, 0, 255]
        let bytes = PixelPictureFixture.withPicture(rgba, width: 1, height: 1) { picture in
            PixelPictureFixture.encoded { out, status in withUnsafePointer(to: picture) { cimg_kitty_encode($0, CIMG_KITTY_PNG, 1, out, status) } }
        }
        let commands = bytes.flatMap(PixelPictureFixture.kittyCommands) ?? []
        #expect(commands.count == 1)
        #expect(commands.first?.keys == "a=T,f=100,i=1,q=2,z=-1,C=1,m=0")
    }

    @Test func noIdOrNoPixelsIsRefused() {
        let rgba: [UInt8] = [255, 0, 0, 255]
        let noID = PixelPictureFixture.withPicture(rgba, width: 1, height: 1) { picture in
            PixelPictureFixture.encoded { out, status in withUnsafePointer(to: picture) { cimg_kitty_encode($0, CIMG_KITTY_PNG, 0, out, status) } }
        }
        #expect(noID == nil)
        let empty = PixelPictureFixture.withPicture(rgba, width: 0, height: 1) { picture in
            PixelPictureFixture.encoded { out, status in withUnsafePointer(to: picture) { cimg_kitty_encode($0, CIMG_KITTY_PNG, 1, out, status) } }
        }
        #expect(empty == nil)
    }
}
