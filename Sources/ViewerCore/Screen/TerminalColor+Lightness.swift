/// How light a colour looks, to choose text that reads on it.
extension TerminalColor {
    /// Whether black text reads better on this background than white, by WCAG 2 contrast ratio
    /// against the colour's relative luminance (xterm's palette stands in for the 16 colours a user
    /// may have themed); nil for the terminal's own default. Perceived brightness would call a
    /// mid-blue such as (0, 144, 248) dark, where black reads at 6.3:1 and white at 3.3:1.
    package var isLight: Bool? {
        relativeLuminance.map { luminance in
            // Contrast with black (L + 0.05) / 0.05 against with white 1.05 / (L + 0.05).
            (luminance + 0.05) * (luminance + 0.05) > 0.05 * 1.05
        }
    }

    /// WCAG 2 relative luminance, 0–1 (sRGB decoded to linear light); nil for the terminal's own default.
    package var relativeLuminance: Double? {
        guard let rgb = rgbValue else { return nil }
        let linear = Self.linearLight
        return 0.2126 * linear[Int(rgb.0)] + 0.7152 * linear[Int(rgb.1)] + 0.0722 * linear[Int(rgb.2)]
    }

    /// Perceived brightness (ITU-R BT.601 weights), 0–255; nil for the terminal's own default.
    package var brightness: Int? {
        guard let rgb = rgbValue else { return nil }
        return (299 * Int(rgb.0) + 587 * Int(rgb.1) + 114 * Int(rgb.2)) / 1000
    }

    /// The colour's red, green and blue; nil for the terminal's own default.
    private var rgbValue: (UInt8, UInt8, UInt8)? {
        switch self {
        case .standard: return nil
        case .indexed(let index): return ColorPalette.rgb(ofIndex: Int(index))
        case .rgb(let red, let green, let blue): return (red, green, blue)
        }
    }

    /// sRGB's 256 channel values decoded to linear light (IEC 61966-2-1: v/12.92 up to 0.04045, else
    /// ((v + 0.055) / 1.055)^2.4), as a table: the core imports no C library for `pow`, and
    /// `LightnessTableTests` holds the table against the formula.
    static let linearLight: [Double] = [
        0.000000, 0.000304, 0.000607, 0.000911, 0.001214, 0.001518, 0.001821, 0.002125,
        0.002428, 0.002732, 0.003035, 0.003347, 0.003677, 0.004025, 0.004391, 0.004777,
        0.005182, 0.005605, 0.006049, 0.006512, 0.006995, 0.007499, 0.008023, 0.008568,
        0.009134, 0.009721, 0.010330, 0.010960, 0.011612, 0.012286, 0.012983, 0.013702,
        0.014444, 0.015209, 0.015996, 0.016807, 0.017642, 0.018500, 0.019382, 0.020289,
        0.021219, 0.022174, 0.023153, 0.024158, 0.025187, 0.026241, 0.027321, 0.028426,
        0.029557, 0.030713, 0.031896, 0.033105, 0.034340, 0.035601, 0.036889, 0.038204,
        0.039546, 0.040915, 0.042311, 0.043735, 0.045186, 0.046665, 0.048172, 0.049707,
        0.051269, 0.052861, 0.054480, 0.056128, 0.057805, 0.059511, 0.061246, 0.063010,
        0.064803, 0.066626, 0.068478, 0.070360, 0.072272, 0.074214, 0.076185, 0.078187,
        0.080220, 0.082283, 0.084376, 0.086500, 0.088656, 0.090842, 0.093059, 0.095307,
        0.097587, 0.099899, 0.102242, 0.104616, 0.107023, 0.109462, 0.111932, 0.114435,
        0.116971, 0.119538, 0.122139, 0.124772, 0.127438, 0.130136, 0.132868, 0.135633,
        0.138432, 0.141263, 0.144128, 0.147027, 0.149960, 0.152926, 0.155926, 0.158961,
        0.162029, 0.165132, 0.168269, 0.171441, 0.174647, 0.177888, 0.181164, 0.184475,
        0.187821, 0.191202, 0.194618, 0.198069, 0.201556, 0.205079, 0.208637, 0.212231,
        0.215861, 0.219526, 0.223228, 0.226966, 0.230740, 0.234551, 0.238398, 0.242281,
        0.246201, 0.250158, 0.254152, 0.258183, 0.262251, 0.266356, 0.270498, 0.274677,
        0.278894, 0.283149, 0.287441, 0.291771, 0.296138, 0.300544, 0.304987, 0.309469,
        0.313989, 0.318547, 0.323143, 0.327778, 0.332452, 0.337164, 0.341914, 0.346704,
        0.351533, 0.356400, 0.361307, 0.366253, 0.371238, 0.376262, 0.381326, 0.386429,
        0.391572, 0.396755, 0.401978, 0.407240, 0.412543, 0.417885, 0.423268, 0.428690,
        0.434154, 0.439657, 0.445201, 0.450786, 0.456411, 0.462077, 0.467784, 0.473531,
        0.479320, 0.485150, 0.491021, 0.496933, 0.502886, 0.508881, 0.514918, 0.520996,
        0.527115, 0.533276, 0.539479, 0.545724, 0.552011, 0.558340, 0.564712, 0.571125,
        0.577580, 0.584078, 0.590619, 0.597202, 0.603827, 0.610496, 0.617207, 0.623960,
        0.630757, 0.637597, 0.644480, 0.651406, 0.658375, 0.665387, 0.672443, 0.679542,
        0.686685, 0.693872, 0.701102, 0.708376, 0.715694, 0.723055, 0.730461, 0.737910,
        0.745404, 0.752942, 0.760525, 0.768151, 0.775822, 0.783538, 0.791298, 0.799103,
        0.806952, 0.814847, 0.822786, 0.830770, 0.838799, 0.846873, 0.854993, 0.863157,
        0.871367, 0.879622, 0.887923, 0.896269, 0.904661, 0.913099, 0.921582, 0.930111,
        0.938686, 0.947307, 0.955973, 0.964686, 0.973445, 0.982251, 0.991102, 1.000000
    ]
}
