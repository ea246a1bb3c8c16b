import CImages
import Foundation

/// Test pictures for the pixel encoders, as cimg_picture values, and the decoding of what they make.
enum PixelPictureFixture {
    /// A `width` × `height` picture of a colour gradient with noise (so PNG and zlib cannot shrink it
    /// to nothing) and a transparent top left corner.
    static func scene(width: Int, height: Int) -> [UInt8] {
        var seed: UInt32 = 12345
        var rgba: [UInt8] = []
        rgba.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                seed = seed &* 1_103_515_245 &+ 12345
                let noise = Int(seed >> 27)
                let transparent = x < width / 5 && y < height / 5
                rgba += [UInt8((x * 255 / max(1, width - 1) + noise) % 256), UInt8((y * 255 / max(1, height - 1)) % 256),
                         UInt8((x + y) * 4 % 256), 255]
                if transparent { rgba.replaceSubrange((rgba.count - 4)..., with: [0, 0, 0, 0]) }
            }
        }
        return rgba
    }

    /// Runs body with `rgba` as a cimg_picture (valid only inside).
    static func withPicture<T>(_ rgba: [UInt8], width: Int, height: Int, _ body: (cimg_picture) -> T) -> T {
        var copy = rgba
        return copy.withUnsafeMutableBufferPointer { buffer in
            body(cimg_picture(pixels: buffer.baseAddress, width: Int32(width), height: Int32(height)))
        }
    }

    /// The bytes an encoder appended, or nil when it failed.
    static func encoded(_ encode: (UnsafeMutablePointer<cimg_bytes>, UnsafeMutablePointer<cimg_status>) -> Int32) -> [UInt8]? {
        var out = cimg_bytes()
        var status = cimg_status()
        defer { cimg_bytes_free(&out) }
        guard encode(&out, &status) == 0, let bytes = out.bytes else { return nil }
        return Array(UnsafeBufferPointer(start: bytes, count: out.length))
    }

    /// The kitty commands in `bytes`: each `ESC _ G keys ; payload ESC \` as its keys and payload, or nil
    /// when anything else is there.
    static func kittyCommands(_ bytes: [UInt8]) -> [(keys: String, payload: String)]? {
        let text = String(decoding: bytes, as: UTF8.self)
        var commands: [(String, String)] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            guard rest.hasPrefix("\u{1B}_G"), let end = rest.range(of: "\u{1B}\\") else { return nil }
            let body = rest[rest.index(rest.startIndex, offsetBy: 3)..<end.lowerBound]
            guard let separator = body.firstIndex(of: ";") else { return nil }
            commands.append((String(body[..<separator]), String(body[body.index(after: separator)...])))
            rest = rest[end.upperBound...]
        }
        return commands
    }
}
