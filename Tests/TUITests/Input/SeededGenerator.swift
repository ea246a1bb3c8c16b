/// xorshift64*: a small seeded generator, so the random tests replay exactly from their seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed == 0 ? 0x2545_F491_4F6C_DD1D : seed }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }

    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) }
    }

    /// Cut points splitting `count` bytes into reads of 1 to `longest` bytes.
    mutating func cuts(_ count: Int, longest: Int) -> [Int] {
        var cuts: [Int] = []
        var offset = Int.random(in: 1...longest, using: &self)
        while offset < count {
            cuts.append(offset)
            offset += Int.random(in: 1...longest, using: &self)
        }
        return cuts
    }
}
