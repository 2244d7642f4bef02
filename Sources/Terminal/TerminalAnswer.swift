/// Separating a terminal's answer to a query from the keys typed meanwhile.
///
/// `isComplete` says whether some bytes hold the whole answer (e.g.
/// `GraphicsDetection.isComplete`: the DA1 reply, `CSI ? … c`, which comes last). Once it
/// holds for a prefix it must hold for every longer one, so the answer is the shortest
/// complete prefix; what follows it was typed by the user and is input like any other.
public enum TerminalAnswer {
    /// The length of the shortest prefix of `bytes` for which `isComplete` holds, or nil when
    /// even all of `bytes` is not complete. Searches only lengths above `known` (a prefix
    /// already known to be incomplete), by bisection.
    public static func completeLength(_ bytes: [UInt8], after known: Int = 0,
                                      isComplete: ([UInt8]) -> Bool) -> Int? {
        guard isComplete(bytes) else { return nil }
        var low = max(0, min(known, bytes.count)), high = bytes.count   // prefix(low) incomplete (or empty), prefix(high) complete
        if low == 0, isComplete([]) { return 0 }
        while high - low > 1 {
            let middle = (low + high) / 2
            if isComplete(Array(bytes[..<middle])) { high = middle } else { low = middle }
        }
        return high
    }

    /// `bytes` split into the answer and the input after it. Complete: the shortest
    /// complete prefix and the rest. Incomplete (the terminal did not finish in time): all of
    /// it is the answer, unless it holds no ESC at all, when it can only be typed keys (no
    /// answer starts without one) and all of it is input.
    public static func split(_ bytes: [UInt8], isComplete: ([UInt8]) -> Bool) -> (answer: [UInt8], input: [UInt8]) {
        if let length = completeLength(bytes, isComplete: isComplete) {
            return (Array(bytes[..<length]), Array(bytes[length...]))
        }
        return bytes.contains(0x1B) ? (bytes, []) : ([], bytes)
    }
}
