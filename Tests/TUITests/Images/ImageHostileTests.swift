import Engine
import Glibc
import Testing
@testable import TUI
@testable import ViewerCore

/// Issue 10's hostile corpus: every file is refused cleanly or drawn, never a crash or a hang, in
/// this process, in the helper, and by the `--check` inspector. Memory stays bounded: sizes are
/// refused from the header before anything is allocated, and the helper runs under RLIMIT_AS.
@Suite struct ImageHostileTests {
    static func failure(_ result: Result<RawImageGrid, ImageProblem>) -> ImageProblem? {
        if case let .failure(failure) = result { return failure }
        return nil
    }

    @Test("in this process: each case gives an allowed outcome")
    func inProcess() {
        let corpus = HostileImages()
        defer { corpus.remove() }
        for item in corpus.cases {
            let request = ImageRequest(path: item.path, columns: 40, rows: 12, mode: .indexed240)
            let outcome = Self.failure(ImageRenderer.render(request))
            #expect(item.allowed(outcome), "\(item.name): \(String(describing: outcome))")
        }
    }

    @Test("in the helper: the same outcomes, one helper for the whole corpus")
    func inHelper() {
        let corpus = HostileImages()
        defer { corpus.remove() }
        let loader = ImageLoader(worker: ImageWorker(executable: ImageFixtures.helper))
        var expected: [String: HostileImages.Case] = [:]
        for item in corpus.cases {
            expected[item.path] = item
            loader.submit(ImageRequest(path: item.path, columns: 40, rows: 12, mode: .truecolor))
        }
        var results: [ImageResult] = []
        let end = MonotonicClock.now() + 60
        while results.count < corpus.cases.count, MonotonicClock.now() < end {
            var descriptors = [pollfd(fd: loader.descriptor, events: Int16(POLLIN), revents: 0)]
            _ = poll(&descriptors, 1, 100)
            results += loader.receive()
        }
        #expect(results.count == corpus.cases.count)
        for result in results {
            guard let item = expected[result.request.path] else { Issue.record("unknown result"); continue }
            let failure: ImageProblem?
            switch result.outcome {
            case let .success(cells): failure = nil; #expect(cells.columns > 0 && cells.rows > 0)
            case let .failure(error): failure = error
            }
            #expect(item.allowed(failure), "\(item.name): \(String(describing: failure))")
        }
        loader.stop()
    }

    @Test("the --check inspector: the same outcomes, a FIFO does not block it")
    func inspector() {
        let corpus = HostileImages()
        defer { corpus.remove() }
        let inspector = ImageInspector(worker: ImageWorker(executable: ImageFixtures.helper))
        let failures = inspector.inspect(corpus.cases.map(\.path))
        #expect(failures.count == corpus.cases.count)
        for (item, failure) in zip(corpus.cases, failures) {
            #expect(item.allowed(failure), "\(item.name): \(String(describing: failure))")
        }
    }

    @Test("the inspector's own checks read no more than 64 KiB and leave a far header to the helper")
    func prefix() {
        let corpus = HostileImages()
        defer { corpus.remove() }
        // The EXIF segments push the frame header 6.5 MB in: not a failure in this process.
        let huge = corpus.cases.first { $0.name == "huge-exif.jpg" }!
        #expect(ImageInspector.checkFile(huge.path) == nil)
        let claim = corpus.cases.first { $0.name == "claims-12000x9000.png" }!
        #expect(ImageInspector.checkFile(claim.path) == .tooManyPixels(width: 12_000, height: 9_000, limitMegapixels: 40))
    }
}
