import Engine
import Foundation

/// The video files of the tests: the example clip (Examples/moving/bars.mp4) and Tests/Fixtures/Video, made by
/// scripts/make-example-video, and hostile files made from them byte by byte.
enum VideoFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// 2 s at 10 fps, 480 × 270, H.264 in MP4: colour bars moving left.
    static var clip: String { root.appendingPathComponent("Examples/moving/bars.mp4").path }

    static func fixture(_ name: String) -> String {
        root.appendingPathComponent("Tests/Fixtures/Video").appendingPathComponent(name).path
    }

    static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// Where the ISO box `type` starts (its size field), or nil.
    static func box(_ type: String, in bytes: [UInt8]) -> Int? {
        let wanted = Array(type.utf8)
        guard bytes.count >= 8 else { return nil }
        for start in 4...(bytes.count - 4) where Array(bytes[start..<start + 4]) == wanted { return start - 4 }
        return nil
    }

    /// The clip with its movie header (`mvhd`, version 0) claiming `seconds` at a time scale of 1.
    static func claimingLength(_ seconds: UInt32) throws -> [UInt8] {
        var bytes = try self.bytes(clip)
        guard let mvhd = box("mvhd", in: bytes) else { throw CocoaError(.fileReadCorruptFile) }
        let fields = mvhd + 8 + 4 + 8 // size and type, version and flags, creation and modification times
        for (offset, value) in [(0, UInt32(1)), (4, seconds)] {
            for shift in 0..<4 { bytes[fields + offset + shift] = UInt8(truncatingIfNeeded: value >> (24 - 8 * shift)) }
        }
        return bytes
    }

    /// The clip with 40 bytes at 70 % of its media data turned over (inside a frame after the first ones).
    static func damagedMidway() throws -> [UInt8] {
        var bytes = try self.bytes(clip)
        guard let mdat = box("mdat", in: bytes) else { throw CocoaError(.fileReadCorruptFile) }
        let start = mdat + (bytes.count - mdat) * 7 / 10
        for index in start..<start + 40 { bytes[index] ^= 0x5A }
        return bytes
    }

    /// The failure of `result`, nil for a success.
    static func problem<Value>(_ result: Result<Value, ImageProblem>) -> ImageProblem? {
        if case let .failure(problem) = result { return problem }
        return nil
    }

    /// Writes `bytes` to a new file in a fresh folder; returns its path.
    static func write(_ bytes: [UInt8], named name: String) -> String {
        let folder = NSTemporaryDirectory() + "video-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }
}
