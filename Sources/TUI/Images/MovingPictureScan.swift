import CImages
import Engine

/// Finds a deck's moving pictures after loading: each story's picture that is a GIF or WebP of more than one
/// frame is scanned (`AnimationScan`: its blocks, no decoder, work bounded by the file's size, at most 32 MiB)
/// for its frames' delays, which set a story without `duration` to one run (SPEC 2), the `begin` event's
/// `length`, `--plain`'s `[animation: …]` and the viewer's frame pacing. A file that cannot be read or scanned
/// is left still: the helper then says why it cannot be shown, as for any picture. Each file is read once,
/// however many stories show it. Runs where the deck is loaded (before the viewer starts, and on the reload
/// thread), never on the loop.
///
/// A video is not read here: FFmpeg is the helper's alone, and reading a container's every packet takes as long
/// as the file is big. Its story goes into `Deck.awaitedLengths`; the viewer asks the helper for its delays
/// (`ViewerEffect.scanVideos`, `ImageJob.scan`) when the story is shown or next, and the story waits for them
/// (`Playback.lengthWait` at most) while the deck is already on screen (docs/IMAGES.md, "Video").
enum MovingPictureScan {
    /// The deck with `movingPictures` filled in for its GIFs and WebPs and `awaitedLengths` for its videos.
    static func annotate(_ deck: Deck) -> Deck {
        var deck = deck
        var byPath: [String: AnimationPacing?] = [:]
        var found: [Int: AnimationPacing] = [:]
        var awaited: Set<Int> = []
        // Only the stories with a picture are built (a deck of a million texts costs a byte each here).
        for index in deck.stories.indices where deck.stories.hasImage(at: index) {
            let story = deck.stories[index]
            guard let path = story.imagePath else { continue }
            if story.isVideo {
                awaited.insert(index)
                continue
            }
            if byPath[path] == nil { byPath[path] = .some(pacing(ofFile: path)) }
            if let pacing = byPath[path] ?? nil { found[index] = pacing }
        }
        deck.movingPictures = found
        deck.awaitedLengths = awaited
        return deck
    }

    /// The pacing of the file at `path` when it is a moving GIF or WebP; nil for anything else. A file cut inside
    /// a frame has one more frame, which the helper cannot decode: there the story keeps its last good frame and
    /// reports the cut once (docs/IMAGES.md, "Moving pictures").
    static func pacing(ofFile path: String) -> AnimationPacing? {
        var file = cimg_file()
        var status = cimg_status()
        guard cimg_file_read(path, FileSignature.mediaPrefixLength, &file, &status) == 0 else { return nil }
        let recognised = cimg_animation_recognise(file.bytes, file.length) == 1
        cimg_file_free(&file)
        guard recognised, cimg_file_read(path, Int(CIMG_MAX_FILE_BYTES), &file, &status) == 0 else { return nil }
        defer { cimg_file_free(&file) }
        guard case .success(let scan) = AnimationScan.read(UnsafeBufferPointer(start: file.bytes, count: file.length)),
              scan.delays.count > 1 || scan.truncated else {
            return nil
        }
        return AnimationPacing(storedDelays: scan.truncated ? scan.delays + [0] : scan.delays)
    }
}
