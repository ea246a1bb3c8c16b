import CImages
import Engine

/// Checks the pictures of a deck for `--check`: why each cannot be shown, or nil.
///
/// Two steps. In this process, with no decoder: open (never blocking), refuse what is not a regular
/// file or is over 32 MiB, read the first 64 KiB, and check the magic bytes and the header's pixel
/// count. Then, for what passed, a real decode of the whole file at the smallest scale in the helper
/// process (`ImageJob.verify`): every byte the decoder reads is checked, and a picture that crashes
/// or hangs the decoder costs the helper, not `--check` (it is reported as undecodable).
struct ImageInspector {
    /// Bytes read in this process: PNG's header is in the first 33, JPEG's frame header after its
    /// EXIF (at most 64 KiB); a header further on is left to the helper.
    static let prefixBytes = 64 * 1024

    let worker: ImageWorker
    /// How long the helper may take for all the pictures together.
    let timeout: Double

    init(worker: ImageWorker = ImageWorker(), timeout: Double = 60) {
        self.worker = worker
        self.timeout = timeout
    }

    /// Why each path's picture cannot be shown (nil where it can), in the order given.
    func inspect(_ paths: [String]) -> [ImageProblem?] {
        var failures: [String: ImageProblem?] = [:]
        var asked: [UInt32: String] = [:]
        for path in paths where failures[path] == nil && !asked.values.contains(path) {
            if let failure = Self.checkFile(path) {
                failures[path] = .some(failure)
            } else {
                asked[worker.submit(.verify(path: path))] = path
            }
        }
        for reply in worker.wait(timeout: timeout) {
            guard let path = asked.removeValue(forKey: reply.id) else { continue }
            switch reply.outcome {
            case .verified: failures[path] = .some(nil)
            case let .failed(failure): failures[path] = .some(failure)
            case .cells, .pixels, .delays: failures[path] = .some(.helperFailed("the image helper answered another question"))
            }
        }
        for path in asked.values {
            failures[path] = .some(.helperFailed("the image helper gave no answer within \(Int(timeout)) s"))
        }
        worker.stop()
        return paths.map { failures[$0] ?? nil }
    }

    /// The checks made in this process: nil when the file looks like a picture within the limits.
    static func checkFile(_ path: String) -> ImageProblem? {
        var file = cimg_file()
        var status = cimg_status()
        // A video (by its first bytes) may be up to 4 GiB; the helper reads its container (`ImageRenderer.verifyVideo`).
        switch cimg_video_file_check(path, &status) {
        case 1: return nil
        case 0: break
        default: return ImageProblem(videoStatus: status)
        }
        guard cimg_file_read(path, prefixBytes, &file, &status) == 0 else {
            return ImageProblem(failedStatus: status)
        }
        defer { cimg_file_free(&file) }
        var header = cimg_header()
        let complete: Int32 = Int64(file.length) == file.file_bytes ? 1 : 0
        guard cimg_header_read(file.bytes, file.length, complete, &header, &status) == 0 else {
            return ImageProblem(status: status)
        }
        return nil
    }
}
