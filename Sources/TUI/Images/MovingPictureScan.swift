import CImages
import Engine

/// Finds a deck's moving pictures after loading: each story's picture that is a GIF or WebP of more than one
/// frame is scanned (`AnimationScan`: its blocks, no decoder, work bounded by the file's size, at most 32 MiB)
/// for its frames' delays, which set a story without `duration` to one run (SPEC 2), the `begin` event's
/// `length`, `--plain`'s `[animation: …]` and the viewer's frame pacing. A file that cannot be read or scanned
/// is left still: the helper then says why it cannot be shown, as for any picture. Each file is read once,
/// however many stories show it. Runs where the deck is loaded (before the viewer starts, and on the reload
/// thread), never on the loop.
enum MovingPictureScan {
    /// How long the helper may take to read the videos' containers, all together: past it a video stands
    /// still on its first frame, and its story lasts its `duration` (or the deck's).
    static let videoScanTimeout = 3.0

    /// The deck with `movingPictures` filled in; a video's delays come from the helper (`videoScanner`), which
    /// alone opens FFmpeg.
    static func annotate(_ deck: Deck, videoScanner: ([String]) -> [String: [Int]] = scanVideos) -> Deck {
        var deck = deck
        var byPath: [String: AnimationPacing?] = [:]
        var found: [Int: AnimationPacing] = [:]
        var videos: [(index: Int, path: String)] = []
        // Only the stories with a picture are built (a deck of a million texts costs a byte each here).
        for index in deck.stories.indices where deck.stories.hasImage(at: index) {
            let story = deck.stories[index]
            guard let path = story.imagePath else { continue }
            if story.isVideo {
                videos.append((index, path))
                continue
            }
            if byPath[path] == nil { byPath[path] = .some(pacing(ofFile: path)) }
            if let pacing = byPath[path] ?? nil { found[index] = pacing }
        }
        if !videos.isEmpty {
            var seen: Set<String> = []
            let delays = videoScanner(videos.map(\.path).filter { seen.insert($0).inserted })
            for video in videos {
                guard let stored = delays[video.path], stored.count > 1 else { continue }
                found[video.index] = AnimationPacing(storedDelays: stored)
            }
        }
        deck.movingPictures = found
        return deck
    }

    /// The videos' frames' delays by path, read by a helper process (`ImageJob.scan`) within
    /// `videoScanTimeout`; a video that cannot be read is left out (the helper says why when it is drawn).
    static func scanVideos(_ paths: [String]) -> [String: [Int]] {
        let worker = ImageWorker()
        defer { worker.stop() }
        var asked: [UInt32: String] = [:]
        for path in paths { asked[worker.submit(.scan(path: path))] = path }
        var found: [String: [Int]] = [:]
        for reply in worker.wait(timeout: videoScanTimeout) {
            guard let path = asked[reply.id], case let .delays(delays) = reply.outcome else { continue }
            found[path] = delays
        }
        return found
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
