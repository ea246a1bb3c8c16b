/// How pictures are shown in this terminal: as symbols in a colour mode (shapes alone without colour),
/// or as their alt text. A room for `kitty` and `sixel` is left in `ImagesSetting.auto`, not here, until
/// one is built.
package enum ImagePresentation: Sendable, Hashable {
    case symbols(ImageColorMode)
    case altText(AltTextReason)

    /// Why pictures show their alt text.
    package enum AltTextReason: Sendable, Hashable {
        /// `--images off`.
        case turnedOff
    }

    /// `--images off` → alt text; otherwise symbols in the depth's mode: truecolour, 240, 16 or 8
    /// colours, or shapes alone in the default colours where there is no colour (`--no-color`,
    /// NO_COLOR, a monochrome terminal). `auto` and `symbols` choose the same today (docs/IMAGES.md).
    package static func choose(depth: ColorDepth, setting: ImagesSetting) -> ImagePresentation {
        setting == .off ? .altText(.turnedOff) : .symbols(depth.imageMode)
    }
}
