import Glibc
import Testing
@testable import TUI
@testable import ViewerCore

/// The helper process: replies match the in-process renderer; a crash or a hang costs one job and a
/// fresh helper takes the next; the viewer's side never blocks and kills the helper when done.
@Suite struct ImageWorkerTests {
    /// Polls the worker until it is idle (or `timeout` passes); every reply on the way.
    static func drain(_ worker: ImageWorker, timeout: Double = 30) -> [ImageWorker.Reply] {
        var replies: [ImageWorker.Reply] = []
        let end = MonotonicClock.now() + timeout
        while !worker.isIdle, MonotonicClock.now() < end {
            var descriptors = [pollfd(fd: worker.descriptor, events: Int16(POLLIN), revents: 0)]
            _ = poll(&descriptors, 1, 50)
            replies += worker.receive()
        }
        return replies
    }

    static func picture() -> (folder: String, path: String) {
        let folder = ImageFixtures.folder()
        return (folder, ImageFixtures.write(ImageFixtures.png(ImageConversionTests.scene), named: "scene.png", in: folder))
    }

    @Test("the helper's cells are the renderer's cells")
    func sameCells() throws {
        let (folder, path) = Self.picture()
        defer { ImageFixtures.remove(folder) }
        let worker = ImageWorker(executable: ImageFixtures.helper)
        for mode in ImageColorMode.allCases {
            try Self.expectRendererCells(worker, ImageRequest(path: path, columns: 30, rows: 8, mode: mode, fit: .cover,
                                                              backdrop: .color(.indexed(4))))
        }
        #expect(worker.starts == 1)
    }

    /// Asks `worker` for `request` and expects the cells the in-process renderer makes of it.
    static func expectRendererCells(_ worker: ImageWorker, _ request: ImageRequest) throws {
        worker.submit(.render(request))
        let replies = drain(worker)
        guard replies.count == 1, case let .cells(grid) = replies[0].outcome else {
            Issue.record("no cells in \(request.mode): \(replies)")
            return
        }
        let local = try ImageRenderer.render(request).get()
        #expect(grid.imageCells(mode: request.mode) == local.imageCells(mode: request.mode), "\(request.mode)")
    }

    @Test("a fresh helper's first job, which makes the palette's tables and opens chafa, gives the renderer's cells in every mode")
    func preparedFirstJob() throws {
        let folder = ImageFixtures.folder()
        defer { ImageFixtures.remove(folder) }
        let photo = ImageFixtures.Pixels(width: 320, height: 240) { x, y in
            (UInt8((x * 7 + y * 3) & 0xFF), UInt8((x * y / 40) & 0xFF), UInt8((y * 5) & 0xFF), 255)
        }
        let path = ImageFixtures.write(ImageFixtures.jpeg(photo), named: "photo.jpg", in: folder)
        for mode in ImageColorMode.allCases {
            let worker = ImageWorker(executable: ImageFixtures.helper)
            try Self.expectRendererCells(worker, ImageRequest(path: path, columns: 40, rows: 12, mode: mode, fit: .contain,
                                                              backdrop: .unknown()))
            worker.stop()
        }
    }

    @Test("a crash of the helper fails the job in progress; the next job gets a fresh helper")
    func crash() {
        let (folder, path) = Self.picture()
        defer { ImageFixtures.remove(folder) }
        let worker = ImageWorker(executable: ImageFixtures.helper)
        worker.submit(.crashForTesting)
        worker.submit(.verify(path: path))
        let replies = Self.drain(worker)
        #expect(replies.count == 2)
        guard replies.count == 2 else { return }
        guard case let .failed(.helperFailed(reason)) = replies[0].outcome else {
            Issue.record("expected a worker failure, got \(replies[0].outcome)")
            return
        }
        #expect(reason.contains("signal \(SIGABRT)"))
        guard case .verified = replies[1].outcome else { Issue.record("\(replies[1].outcome)"); return }
        #expect(worker.starts == 2)
    }

    @Test("a helper spinning for ever is ended by its CPU limit (SIGXCPU); the queue goes on")
    func cpuLimit() {
        let (folder, path) = Self.picture()
        defer { ImageFixtures.remove(folder) }
        let worker = ImageWorker(executable: ImageFixtures.helper,
                                 limits: ImageWorkerLimits(cpuSeconds: 1, memoryBytes: 1 << 30, wallSeconds: 30))
        worker.submit(.hangForTesting)
        worker.submit(.verify(path: path))
        let replies = Self.drain(worker)
        #expect(replies.count == 2)
        guard replies.count == 2, case let .failed(.helperFailed(reason)) = replies[0].outcome else { return }
        #expect(reason.contains("signal \(SIGXCPU)") || reason.contains("signal \(SIGKILL)"))
        if case .verified = replies[1].outcome {} else { Issue.record("\(replies[1].outcome)") }
    }

    @Test("a picture that needs more memory than the helper may have fails cleanly; the next one works")
    func memoryLimit() {
        let folder = ImageFixtures.folder()
        defer { ImageFixtures.remove(folder) }
        // 3000 x 3000 RGBA is 36 MB of pixels; the helper gets 48 MiB of address space (it maps ~21 MB idle).
        let big = ImageFixtures.Pixels(width: 3000, height: 3000, rgba: [UInt8](repeating: 200, count: 3000 * 3000 * 4))
        let path = ImageFixtures.write(ImageFixtures.png(big), named: "big.png", in: folder)
        let small = ImageFixtures.write(ImageFixtures.png(ImageConversionTests.scene), named: "small.png", in: folder)
        let worker = ImageWorker(executable: ImageFixtures.helper,
                                 limits: ImageWorkerLimits(cpuSeconds: 5, memoryBytes: 48 << 20, wallSeconds: 30))
        worker.submit(.render(ImageRequest(path: path, columns: 40, rows: 10, mode: .truecolor)))
        worker.submit(.render(ImageRequest(path: small, columns: 40, rows: 10, mode: .truecolor)))
        let replies = Self.drain(worker)
        #expect(replies.count == 2)
        guard replies.count == 2 else { return }
        switch replies[0].outcome {
        case .failed(.undecodable), .failed(.helperFailed): break
        default: Issue.record("expected a clean failure, got \(replies[0].outcome)")
        }
        if case .cells = replies[1].outcome {} else { Issue.record("\(replies[1].outcome)") }
    }

    @Test("a helper that does not answer in time is killed by the viewer's side (wall clock)")
    func wallLimit() {
        let worker = ImageWorker(executable: ImageFixtures.helper,
                                 limits: ImageWorkerLimits(cpuSeconds: 60, memoryBytes: 1 << 30, wallSeconds: 0.3))
        worker.submit(.hangForTesting)
        #expect(worker.nextDeadline != nil)
        let replies = Self.drain(worker)
        guard replies.count == 1, case let .failed(.helperFailed(reason)) = replies[0].outcome else {
            Issue.record("\(replies)")
            return
        }
        #expect(reason.contains("longer than"))
        #expect(worker.processID == 0)
    }

    @Test("stop kills the helper; a helper that cannot start fails the job at once")
    func stopAndNoHelper() {
        let worker = ImageWorker(executable: ImageFixtures.helper)
        worker.submit(.hangForTesting)
        let pid = worker.processID
        #expect(pid > 0 && kill(pid, 0) == 0)
        worker.stop()
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
        #expect(worker.descriptor == -1 && worker.isIdle)

        let missing = ImageWorker(executable: "/nonexistent/stories-tui")
        missing.submit(.verify(path: "/etc/hostname"))
        #expect(missing.nextDeadline == 0)
        let replies = missing.receive()
        guard replies.count == 1, case .failed(.helperFailed) = replies[0].outcome else {
            Issue.record("\(replies)")
            return
        }
    }

    @Test("the loader asks once per picture, answers from its cache, and sees a changed file")
    func loader() throws {
        let (folder, path) = Self.picture()
        defer { ImageFixtures.remove(folder) }
        let worker = ImageWorker(executable: ImageFixtures.helper)
        let loader = ImageLoader(worker: worker)
        let request = ImageRequest(path: path, columns: 20, rows: 6, mode: .indexed240)
        #expect(loader.cached(request) == nil)
        #expect(loader.submit(request))
        #expect(!loader.submit(request))
        #expect(loader.isPending(request))
        var results: [ImageResult] = []
        while !worker.isIdle { results += loader.receive(); usleep(5_000) }
        #expect(results.count == 1)
        let cells = try #require(try loader.cached(request)?.get())
        #expect(try results[0].outcome.get() == cells)
        #expect(!loader.submit(request))
        // A new version of the file (another size and time) is another key.
        ImageFixtures.write(ImageFixtures.png(ImageFixtures.Pixels.solid(9, 9, 9)), named: "scene.png", in: folder)
        #expect(loader.cached(request) == nil)
        #expect(loader.submit(request))
        loader.cancelQueued()
        while !worker.isIdle { _ = loader.receive(); usleep(5_000) }
        #expect(try loader.cached(request)?.get().cells.allSatisfy { $0.background == .indexed(232) } == true)
        #expect(worker.starts == 1)
    }

    @Test("queued jobs can be cancelled; the one with the helper still answers")
    func cancel() {
        let (folder, path) = Self.picture()
        defer { ImageFixtures.remove(folder) }
        let worker = ImageWorker(executable: ImageFixtures.helper)
        let loader = ImageLoader(worker: worker)
        let requests = (1...5).map { ImageRequest(path: path, columns: 10 + $0, rows: 5, mode: .truecolor) }
        for request in requests { loader.submit(request) }
        loader.cancelQueued { $0 == requests[4] }
        var results: [ImageResult] = []
        let end = MonotonicClock.now() + 30
        while !worker.isIdle, MonotonicClock.now() < end { results += loader.receive(); usleep(5_000) }
        #expect(results.map(\.request) == [requests[0], requests[4]])
        #expect(!loader.isPending(requests[2]))
    }
}
