/// The tests' one random number generator: SplitMix64, seeded, so that a failing case can be
/// replayed from its seed (print the seed with the failure).
///
/// ```swift
/// var random = SeededGenerator(seed: 0x2805_A11D)
/// let day = Int.random(in: 1...28, using: &random)
/// let tag = random.pick(["a", "b"])
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The generator's state; the next value is made from it.
    public var state: UInt64

    /// A generator that starts from `seed` (the same seed gives the same values on every platform).
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// One of `items`, chosen by the next value (`items` must not be empty).
    public mutating func pick<T>(_ items: [T]) -> T {
        items[Int(next() % UInt64(items.count))]
    }
}
