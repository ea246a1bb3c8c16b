import Engine
import Foundation
import Glibc
@testable import TUI
@testable import ViewerCore

/// The hostile corpus of issue 10, made in a temporary folder: each file, and what may come of it.
struct HostileImages {
    /// One file and the outcomes allowed for it (nil: drawn).
    struct Case {
        let name: String
        let path: String
        let allowed: (ImageProblem?) -> Bool
    }

    let folder: String
    let cases: [Case]

    static func drawnOrUndecodable(_ failure: ImageProblem?) -> Bool {
        if case .undecodable = failure { return true }
        return failure == nil
    }

    static func undecodable(_ failure: ImageProblem?) -> Bool {
        if case .undecodable = failure { return true }
        return false
    }

    init() {
        let folder = ImageFixtures.folder()
        var cases: [Case] = []
        func add(_ name: String, _ bytes: [UInt8]?, _ allowed: @escaping (ImageProblem?) -> Bool) {
            let path = folder + "/" + name
            if let bytes { ImageFixtures.write(bytes, named: name, in: folder) }
            cases.append(Case(name: name, path: path, allowed: allowed))
        }
        let scene = ImageConversionTests.scene
        let png = ImageFixtures.png(scene)
        let jpeg = ImageFixtures.jpeg(scene)
        add("good.png", png) { $0 == nil }
        add("good.jpg", jpeg) { $0 == nil }
        add("truncated.png", Array(png.prefix(png.count / 2)), Self.drawnOrUndecodable)
        add("truncated.jpg", Array(jpeg.prefix(jpeg.count / 2)), Self.drawnOrUndecodable)
        add("claims-12000x9000.png", Self.pngClaiming(width: 12_000, height: 9_000, size: 105_000)) {
            $0 == .tooManyPixels(width: 12_000, height: 9_000, limitMegapixels: 40)
        }
        add("claims-12000x9000.jpg", Self.jpegClaiming(width: 12_000, height: 9_000, size: 105_000)) {
            $0 == .tooManyPixels(width: 12_000, height: 9_000, limitMegapixels: 40)
        }
        add("claims-0x0.png", Self.pngClaiming(width: 0, height: 0, size: 200), Self.undecodable)
        add("empty.png", []) { $0 == .notAnImage }
        add("text.png", Array("This is not a picture.\n".utf8)) { $0 == .notAnImage }
        add("jpeg-magic-then-noise.jpg", [0xFF, 0xD8, 0xFF] + (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919) },
            Self.undecodable)
        var badCRC = png
        badCRC[29] ^= 0xFF  // IHDR's CRC
        add("bad-crc.png", badCRC, Self.drawnOrUndecodable)
        add("huge-exif.jpg", ImageFixtures.jpeg(scene, orientation: 6, extraSegments: 100)) { $0 == nil }
        add("missing.png", nil) { $0 == .missing }
        symlink("/dev/zero", folder + "/dev-zero.png")
        add("dev-zero.png", nil) { $0 == .notRegularFile }
        mkfifo(folder + "/fifo.png", 0o600)
        add("fifo.png", nil) { $0 == .notRegularFile }
        mkdir(folder + "/folder.png", 0o700)
        add("folder.png", nil) { $0 == .notRegularFile }
        symlink(folder + "/loop.png", folder + "/loop.png")
        add("loop.png", nil) { $0 == .unreadable(errno: ELOOP) }
        let large = folder + "/large.png"
        ImageFixtures.write(png, named: "large.png", in: folder)
        truncate(large, 33 * 1024 * 1024)
        add("large.png", nil) { $0 == .fileTooLarge(bytes: 33 * 1024 * 1024, limit: 32 * 1024 * 1024) }
        self.folder = folder
        self.cases = cases
    }

    func remove() { ImageFixtures.remove(folder) }

    /// A PNG signature and an IHDR claiming a size, then noise up to `size` bytes.
    static func pngClaiming(width: UInt32, height: UInt32, size: Int) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        for value in [width, height] { bytes += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
        while bytes.count < size { bytes.append(UInt8(truncatingIfNeeded: bytes.count &* 31)) }
        return bytes
    }

    /// SOI and a baseline frame header claiming a size, then noise up to `size` bytes.
    static func jpegClaiming(width: UInt16, height: UInt16, size: Int) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 8, UInt8(height >> 8), UInt8(height & 0xFF),
                              UInt8(width >> 8), UInt8(width & 0xFF), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        while bytes.count < size { bytes.append(UInt8(truncatingIfNeeded: bytes.count &* 31)) }
        return bytes
    }
}
