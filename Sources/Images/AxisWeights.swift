/// For one axis of a resampling, which source pixels each target pixel covers and by how
/// much: target pixel i covers the source interval [i·s/t, (i+1)·s/t); a source pixel
/// counts by the length of its overlap, the weights of each target pixel summing to 1.
struct AxisWeights {
    /// Source pixels along the axis.
    let source: Int
    /// Target pixels along the axis.
    let target: Int
    /// Per target pixel: its first source pixel.
    private var first: [Int] = []
    /// Per target pixel: where its weights start in `weights` (one more entry at the end).
    private var offsets: [Int] = [0]
    /// The weights, target pixel after target pixel.
    private var weights: [Double] = []

    init(source: Int, target: Int) {
        precondition(source > 0 && target > 0)
        self.source = source
        self.target = target
        first.reserveCapacity(target)
        for i in 0..<target {
            // Exact in integers: the interval is [i·s, (i+1)·s) in units of 1/t source pixel.
            let lo = i * source, hi = (i + 1) * source
            let start = lo / target, end = (hi + target - 1) / target
            first.append(start)
            for j in start..<end {
                let overlap = min(hi, (j + 1) * target) - max(lo, j * target)
                weights.append(Double(overlap) / Double(source))
            }
            offsets.append(weights.count)
        }
    }

    /// Calls `body` with each source pixel target pixel `i` covers and its weight.
    func forEach(_ i: Int, _ body: (Int, Double) -> Void) {
        for k in offsets[i]..<offsets[i + 1] {
            body(first[i] + k - offsets[i], weights[k])
        }
    }

    /// The tables as buffers, for the scaler's inner loops: per target pixel i, its first
    /// source pixel `first[i]` and its weights `weights[offsets[i]..<offsets[i + 1]]`
    /// (for consecutive source pixels).
    func withBuffers<T>(_ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Double>) -> T) -> T {
        first.withUnsafeBufferPointer { first in
            offsets.withUnsafeBufferPointer { offsets in
                weights.withUnsafeBufferPointer { weights in body(first, offsets, weights) }
            }
        }
    }
}
