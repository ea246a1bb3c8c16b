/// One decoded frame of a moving picture: the whole canvas as it is shown (RGBA, straight alpha, rows of
/// `width` × 4 bytes), copied out of the decoder.
struct AnimationFrame: Sendable, Equatable {
    let index: Int
    /// As stored, in milliseconds (`AnimationPacing` says how it plays).
    let delay: Int
    let width: Int
    let height: Int
    let pixels: [UInt8]

    /// The RGBA of the pixel at column `x`, row `y`.
    func pixel(x: Int, y: Int) -> [UInt8] {
        let start = (y * width + x) * 4
        return Array(pixels[start..<start + 4])
    }
}
