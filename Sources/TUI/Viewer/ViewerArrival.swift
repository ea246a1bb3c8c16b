import ViewerCore

/// What one ready source brought the loop (`ViewerHost.take`), in the order it came: bytes for the
/// input decoder, an event for the model, or a problem of a channel for the events file.
enum ViewerArrival: Sendable {
    /// Bytes read from the terminal's input.
    case input(ArraySlice<UInt8>)
    /// An event from a signal, a control line, the watcher, a reload or a picture.
    case event(ViewerEvent)
    /// A line of a channel that was ignored (a bad control line, a watch that failed): an `error` event.
    case problem(String)
}
