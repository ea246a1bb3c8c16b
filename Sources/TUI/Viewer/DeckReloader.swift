import Engine
import Glibc
import Synchronization

/// Reads and validates the deck on a thread of its own, so that a slow or huge deck never freezes
/// input and signals (docs/RELIABILITY.md). The main loop polls `descriptor`, which becomes readable when the
/// result is ready, and takes it with `take()`.
final class DeckReloader: @unchecked Sendable {
    let descriptor: Int32
    private let writeEnd: Int32
    private let pipe: WakePipe
    private let result = Mutex<Result<Deck, DeckReloadReader.Failure>?>(nil)
    private let path: String

    /// Creates the wake-up pipe; nil when no descriptor is left.
    init?(path: String) {
        guard let pipe = WakePipe() else { return nil }
        self.pipe = pipe
        descriptor = pipe.readEnd
        writeEnd = pipe.writeEnd
        self.path = path
    }

    deinit { pipe.close() }

    /// Starts one read; the caller starts the next only after `take()` returned a result.
    func start() {
        let box = Unmanaged.passRetained(self)
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            let reloader = Unmanaged<DeckReloader>.fromOpaque(context).takeRetainedValue()
            reloader.run()
            return nil
        }, box.toOpaque())
        if started == 0 {
            pthread_detach(thread)
        } else {
            box.release()
            finish(.failure(.load(.readFailed(path, errno: started))))
        }
    }

    /// Reads without ever blocking on the file (a FIFO or a device is refused, not opened for reading),
    /// then parses and validates.
    private func run() {
        // A folder deck is listed again (its entries are opened without blocking; FolderLister).
        if DeckLoader.isFolder(path) {
            finish(DeckLoader.loadReporting(path: path).result.mapError { .load($0) })
            return
        }
        switch DeckReloadReader.read(path: path) {
        case .success(let bytes):
            finish(DeckLoader.decode(bytes, baseDirectory: FilePaths.folder(of: path), format: DeckFormat(path: path))
                .mapError { .load($0) })
        case .failure(let failure):
            finish(.failure(failure))
        }
    }

    private func finish(_ loaded: Result<Deck, DeckReloadReader.Failure>) {
        let annotated = loaded.map { MovingPictureScan.annotate($0) }
        result.withLock { $0 = annotated }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// The finished result, once; nil while the read is under way.
    func take() -> Result<Deck, DeckReloadReader.Failure>? {
        pipe.drain()
        return result.withLock { value in
            defer { value = nil }
            return value
        }
    }
}
