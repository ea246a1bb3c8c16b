import Engine
import ViewerCore

/// The first story's picture, converted from before the first frame (issue 24): the model asks for
/// pictures only once the terminal has answered its background query (or the wait for it ran out), which
/// is written after the first frame, so a picture used to follow the frame by the query's round trip, the
/// helper's start and the conversion. The deck, the size and the depth are known before the first frame;
/// only the backdrop (what shows through transparent pixels) waits for the answer, and a file without
/// transparency (JPEG) does not depend on it: the loader keys its conversions without it
/// (`ImageLoader.key`), so the model's request later finds this one converting or converted. Nor does the
/// graphics probe's answer where the choice is foreseen (`GraphicsDetection.foreseen`: `--images symbols`, or
/// inside a multiplexer): the conversion then starts before the probe is even written; where the answers
/// decide (a terminal that may draw pixels), it waits for them, so that no conversion is made in a form the
/// probe then throws away.
extension ViewerLauncher {
    /// Submits the picture of the story the viewer starts on when it is a JPEG; the request is the
    /// model's own, from a model that does not wait for the background.
    static func convertFirstPicture(deck: Deck, playbackOptions: PlaybackOptions, settings: ViewerModel.Settings,
                                    size: TerminalSize, loader: ImageLoader) {
        guard let graphics = settings.graphics.foreseen else { return }
        var early = settings
        early.asksBackground = false
        early.graphics = graphics
        let model = ViewerModel(deck: deck, playbackOptions: playbackOptions, settings: early, size: size)
        guard let request = model.pictureRequest(forStory: model.playing.playback.currentIndex),
              OpaqueFormat.isOpaque(path: request.path) else { return }
        loader.submit(request)
    }
}
