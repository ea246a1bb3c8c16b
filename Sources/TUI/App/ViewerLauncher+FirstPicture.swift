import Engine
import ViewerCore

/// The first story's picture, converted from the first frame on (issue 24): the model asks for
/// pictures only once the terminal has answered its background query (or the wait for it ran out), which
/// is written with the first frame, so a picture used to follow the frame by the query's round trip, the
/// helper's start and the conversion. The deck, the size and the depth are known before the first frame;
/// only the backdrop (what shows through transparent pixels) waits for the answer, and a file without
/// transparency (JPEG) does not depend on it: the loader keys its conversions without it
/// (`ImageLoader.key`), so the model's request later finds this one converting or converted. Nor does the
/// graphics probe's answer where the choice is foreseen (`GraphicsDetection.foreseen`: `--images symbols`, or
/// inside a multiplexer): the conversion then starts as the probe is written; where the answers
/// decide (a terminal that may draw pixels), it waits for them, so that no conversion is made in a form the
/// probe then throws away.
extension ViewerLauncher {
    /// The picture of the story the viewer starts on when it is a JPEG, for `PollingHost` to submit right after
    /// the first frame (before it, the helper's start competed with the frame for the CPU: 17.2 ms against 10.7
    /// ms to the first frame of a picture deck, 30 rounds at load 5, Benchmarks/README.md); the request is the
    /// model's own, from a model that does not wait for the background. Nil where the probe's answers decide.
    static func firstPictureRequest(deck: Deck, playbackOptions: PlaybackOptions, settings: ViewerModel.Settings,
                                    size: TerminalSize) -> ImageRequest? {
        guard let graphics = settings.graphics.foreseen else { return nil }
        var early = settings
        early.asksBackground = false
        early.graphics = graphics
        let model = ViewerModel(deck: deck, playbackOptions: playbackOptions, settings: early, size: size)
        guard let request = model.pictureRequest(forStory: model.playing.playback.currentIndex),
              OpaqueFormat.isOpaque(path: request.path) else { return nil }
        return request
    }
}
