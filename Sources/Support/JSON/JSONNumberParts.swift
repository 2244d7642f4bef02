/// A checked number literal taken apart: sign, significand digits (integer and fraction
/// parts together) and the power of ten they are multiplied by.
struct JSONNumberParts {
    /// Whether it starts with `-`.
    var negative = false
    /// The significand's digits as ASCII bytes, leading zeros included.
    var digits: [UInt8] = []
    /// The exponent with the fraction's length taken off (`12.5e3` → digits 125, 2),
    /// clamped to ±100,000,000.
    var exponent = 0

    init(_ utf8: UnsafeBufferPointer<UInt8>) {
        var i = 0
        if utf8[0] == UInt8(ascii: "-") { negative = true; i = 1 }
        var fraction = 0
        var inFraction = false
        while i < utf8.count, utf8[i] | 0x20 != UInt8(ascii: "e") {
            if utf8[i] == UInt8(ascii: ".") {
                inFraction = true
            } else {
                digits.append(utf8[i])
                if inFraction { fraction += 1 }
            }
            i += 1
        }
        var written = 0
        if i < utf8.count {
            i += 1
            var sign = 1
            if utf8[i] == UInt8(ascii: "-") { sign = -1; i += 1 } else if utf8[i] == UInt8(ascii: "+") { i += 1 }
            while i < utf8.count {
                written = min(written * 10 + Int(utf8[i] &- UInt8(ascii: "0")), 100_000_000)
                i += 1
            }
            written *= sign
        }
        exponent = written - fraction
    }
}
