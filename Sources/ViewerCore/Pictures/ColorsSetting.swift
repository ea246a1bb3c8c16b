/// The `--colors` option: the colour depth, detected or forced (docs/IMAGES.md, "Colour depth").
package enum ColorsSetting: String, Sendable, CaseIterable {
    /// From the environment and terminfo (`ColorDepth.choose`).
    case auto
    case truecolor
    case colors256 = "256"
    case colors16 = "16"
    case colors8 = "8"

    /// The depth forced; nil for `auto`.
    package var forced: ColorDepth? {
        switch self {
        case .auto: return nil
        case .truecolor: return .truecolor
        case .colors256: return .colors256
        case .colors16: return .colors16
        case .colors8: return .colors8
        }
    }
}
