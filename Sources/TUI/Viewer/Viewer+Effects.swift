import Engine
import ViewerCore

/// The one place effects are performed: each goes to the terminal, the screen or the host, in the
/// order the model returned them. An effect that produces an event queues it (`queue`), so the
/// model is never re-entered while it is being answered.
extension Viewer {
    func perform(_ effects: [ViewerEffect]) {
        for effect in effects {
            switch effect {
            case .log(let events): host.log(events)
            case .logError(let message): host.logError(message)
            case .loadDeck: host.loadDeck()
            case .markSeen(let id): host.markSeen(id)
            case .suspendProcess: suspendProcess()
            case .repaint: session.screen.invalidate()
            case .loadImages(let requests):
                for cached in host.loadImages(requests) { queue(.imageLoaded(cached)) }
            case .scanVideos(let paths): host.scanVideos(paths)
            case .watchFiles(let paths): host.watchFiles(paths)
            case .writeControl(let bytes): backend.writeControl(bytes)
            case .keyboardFlags(let pushed): host.keyboardFlags(pushed: pushed)
            case .picturesChosen(let images, let synchronized):
                if case .pixels(let format) = images {
                    backend.choosePictures(format.graphicsProtocol, synchronized: synchronized)
                }
                host.picturesChosen(images)
            }
        }
    }

    /// Ctrl-Z: give the terminal back, stop for real, and on `fg` take it again; the new size and
    /// the resume (which repaints everything) are queued for the top of the next turn.
    private func suspendProcess() {
        backend.suspend()
        host.stopProcess()
        backend.resume()
        queue(.resized(backend.size))
        queue(.resumed)
    }
}
