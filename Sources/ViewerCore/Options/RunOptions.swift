import Engine

/// How a run of the viewer was asked to go, as one value. The option table writes each parsed value
/// here once, by key path (`OptionValue.flag`, `.text`, `.seconds`, `.choice`); `Program` adds what
/// only it knows (the start resolved against the deck, the language, a locale without UTF-8,
/// NO_COLOR); the launcher hands the parts on as they are: `playback` to the model's playback,
/// `layout` to the layout and the panels, the rest to the model's settings and the channels.
package struct RunOptions: Sendable, Equatable {
    /// `--loop`/`--once`, `--duration`, `--leeway`, `--no-autoplay`; `start` once resolved.
    package var playback = PlaybackOptions()
    /// `--ascii`, `--no-color`; the language of messages.
    package var layout = LayoutOptions()
    /// `--start`: a story id or 1-based position, resolved against the deck into `playback.start`.
    package var start: String?
    package var eventsPath: String?
    package var controlPath: String?
    package var watch = false
    /// `--images`: how pictures are drawn.
    package var images = ImagesSetting.auto
    /// `--colors`: the colour depth, detected (`auto`) or forced.
    package var colors = ColorsSetting.auto
    /// `--key-release`: whether to ask the terminal for key-release reports.
    package var keyRelease = KeyReleaseSetting.auto
    /// `--resume`: start at the first story not yet seen to its end in an earlier run.
    package var resume = false

    package init() {}
}
