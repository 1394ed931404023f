/// SplitMix64, the seeded pseudo-random generator every layout decision in this module draws from.
///
/// The standard library's `shuffle()` and `random(in:using:)` document that their algorithms may change
/// between Swift versions, so a layout built on them could move after a toolchain update. This generator,
/// its bounded-integer mapping and its shuffle are specified here and fixed: the same seed gives the same
/// sequence on every platform and compiler (reference: Vigna, <https://prng.di.unimi.it/splitmix64.c>).
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    /// The generator's whole state (a Weyl sequence advanced by the golden-ratio increment).
    public private(set) var state: UInt64

    /// Creates a generator whose first output is the mix of `seed &+ 0x9E3779B97F4A7C15`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 uniformly distributed bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An integer in `0..<bound`: the high 64 bits of `next() × bound`, i.e. `⌊next() / 2⁶⁴ · bound⌋`.
    ///
    /// One draw per call, no rejection loop, so the number of draws is fixed by the algorithm; the bias is
    /// below `bound / 2⁶⁴`, far beneath anything a layout can show. Returns 0 when `bound ≤ 1` without drawing.
    public mutating func next(below bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let product = next().multipliedFullWidth(by: UInt64(bound))
        return Int(product.high)
    }

    /// Shuffles `elements` in place with Fisher–Yates, from the last position down:
    /// for `i` in `count − 1 … 1`, swap positions `i` and `next(below: i + 1)`.
    public mutating func shuffle<Element>(_ elements: inout [Element]) {
        guard elements.count > 1 else { return }
        for position in stride(from: elements.count - 1, to: 0, by: -1) {
            let other = next(below: position + 1)
            elements.swapAt(position, other)
        }
    }
}
