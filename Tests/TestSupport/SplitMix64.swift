/// Deterministic random numbers (SplitMix64) for the property and robustness tests of
/// every test target, so a failure can be replayed from its seed.
public struct SplitMix64: RandomNumberGenerator {
    /// The generator's state; the next output is derived from it.
    public var state: UInt64

    /// A generator whose first output follows `state`.
    public init(state: UInt64) { self.state = state }

    /// The same as `init(state:)`.
    public init(seed: UInt64) { self.state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<n` (modulo reduction: the tests need reproducibility, not perfect
    /// uniformity).
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
