/// How hard a moving picture's frame is converted (docs/IMAGES.md, "Cells that did not change"): a frame of a
/// playing animation is on screen for one delay, so chafa searches its cells' symbols and colours more lightly
/// (its work factor 0.2 instead of its 0.5: about a quarter less of the helper's time at 30 fps); a frame that
/// stands (paused, held, an overlay, the first frame, `--no-autoplay`'s still first frame) is converted as a still
/// picture is. Symbols only: the terminal's pixels take no symbol search.
package enum FrameQuality {
    /// chafa's work factor for a playing frame (`cimg_conversion.work_factor`); a standing one takes chafa's own.
    package static let playingWorkFactor: Float = 0.2

    /// Whether frame `frame` of the current story's moving picture is asked for as a playing frame: `due` says it
    /// is the frame due now (else one of the frames asked for ahead, shown only once the story plays on);
    /// `running` that the story's clock runs; `autoplay` is false under `--no-autoplay`; `symbols` that it is drawn
    /// in symbols. The first frame always stands: it is the one a story shows first and the neighbours' picture
    /// asked for in advance.
    package static func isPlaying(frame: Int, due: Bool, running: Bool, autoplay: Bool, symbols: Bool) -> Bool {
        guard symbols, autoplay, frame > 0 else { return false }
        return running || !due
    }

    /// chafa's work factor for a request: 0 (chafa's own) unless it is a playing frame.
    package static func workFactor(playing: Bool) -> Float {
        playing ? playingWorkFactor : 0
    }
}
