import Testing
@testable import TUI
@testable import ViewerCore

/// The helper draws a moving picture's frame in the terminal's pixels (`ImageRenderer.renderPixels` through
/// `PixelSource` and the helper's `AnimationCursor`): the frame the request names, not the file's first one, the
/// same through the cursor as from a fresh one (docs/IMAGES.md, "Moving pictures in pixels").
@Suite struct PixelFrameRenderTests {
    static let orbit = VideoFixtures.root.appendingPathComponent("Examples/moving/orbit.gif").path
    static let kitty = PixelFormat(graphicsProtocol: .kitty, cell: PixelSize(width: 8, height: 16))

    static func request(_ path: String, frame: Int, format: PixelFormat = kitty) -> ImageRequest {
        ImageRequest(path: path, columns: 20, rows: 10, mode: .truecolor, frame: frame, pixels: format)
    }

    @Test("orbit.gif in kitty's pixels: each frame its own picture; through the cursor, in order, as from a fresh one")
    func gifFrames() throws {
        var cursor: AnimationCursor?
        var frames: [[UInt8]] = []
        for frame in 0..<4 {
            frames.append(try ImageRenderer.renderPixels(Self.request(Self.orbit, frame: frame), id: 7, cursor: &cursor).get().bytes)
        }
        #expect(cursor?.isOpen(on: Self.orbit, identity: FileIdentity(path: Self.orbit)) == true, "kept open for the next frame")
        #expect(Set(frames).count == 4, "the moon moves: no two frames are the same")
        let fresh = try ImageRenderer.renderPixels(Self.request(Self.orbit, frame: 3), id: 7).get()
        #expect(fresh.bytes == frames[3])
        #expect(try ImageRenderer.renderPixels(Self.request(Self.orbit, frame: 1), id: 7, cursor: &cursor).get().bytes == frames[1],
                "an earlier frame rewinds")
        let commands = try #require(PixelPictureFixture.kittyCommands(frames[2]))
        #expect(commands.first?.keys.contains("o=z,s=160,v=160,i=7,") == true, "64 × 64 in 160 × 160 pixels: \(commands.first?.keys ?? "")")
    }

    @Test("sixel and iTerm2 frames of the same GIF differ too")
    func otherProtocols() throws {
        for format in [PixelFormat(graphicsProtocol: .sixel, cell: Self.kitty.cell), PixelFormat(graphicsProtocol: .iterm2, cell: Self.kitty.cell)] {
            var cursor: AnimationCursor?
            let first = try ImageRenderer.renderPixels(Self.request(Self.orbit, frame: 0, format: format), id: 1, cursor: &cursor).get()
            let later = try ImageRenderer.renderPixels(Self.request(Self.orbit, frame: 8, format: format), id: 1, cursor: &cursor).get()
            #expect(first.bytes != later.bytes && first.columns == later.columns && first.rows == later.rows, "\(format)")
        }
    }

    @Test("a video's frames in pixels: the first and a later one through the cursor on the file")
    func videoFrames() throws {
        var cursor: AnimationCursor?
        let first = try ImageRenderer.renderPixels(Self.request(VideoFixtures.clip, frame: 0), id: 3, cursor: &cursor).get()
        let later = try ImageRenderer.renderPixels(Self.request(VideoFixtures.clip, frame: 5), id: 3, cursor: &cursor).get()
        #expect(first.bytes != later.bytes)
        #expect(first.columns == 20 && first.columns == later.columns, "480 × 270 in 160 × 160 pixels: the box's width")
    }

    @Test("a still picture has frame 0 only, in pixels as in symbols")
    func stillHasNoLaterFrame() {
        let folder = ImageFixtures.folder()
        defer { ImageFixtures.remove(folder) }
        let pixels = ImageFixtures.Pixels(width: 20, height: 20, color: { x, y in (UInt8(x * 10), UInt8(y * 10), 90, 255) })
        let path = ImageFixtures.write(ImageFixtures.png(pixels), named: "still.png", in: folder)
        var cursor: AnimationCursor?
        #expect((try? ImageRenderer.renderPixels(Self.request(path, frame: 0), id: 1, cursor: &cursor).get()) != nil)
        guard case .failure(.undecodable(let words)) = ImageRenderer.renderPixels(Self.request(path, frame: 2), id: 1, cursor: &cursor) else {
            Issue.record("a still picture drew a frame 3")
            return
        }
        #expect(words == "a still picture has no frame 3")
    }
}
