import CImages
import ViewerCore

/// A backdrop as the C library composites over it (the value type is in ViewerCore, which imports no C).
extension ImageBackdrop {
    /// The backdrop as the C library takes it.
    var value: cimg_backdrop {
        var backdrop = cimg_backdrop()
        backdrop.count = Int32(colors.count)
        backdrop.known = isKnown ? 1 : 0
        withUnsafeMutableBytes(of: &backdrop.colours) { raw in
            let slots = raw.bindMemory(to: UInt32.self)
            for (index, color) in colors.enumerated() where index < slots.count { slots[index] = color }
        }
        return backdrop
    }

    /// The colour at `row` of `rows`, as the compositing uses it.
    func color(atRow row: Int, of rows: Int) -> UInt32 {
        var backdrop = value
        return cimg_backdrop_at(&backdrop, Int32(clamping: row), Int32(clamping: rows))
    }
}
