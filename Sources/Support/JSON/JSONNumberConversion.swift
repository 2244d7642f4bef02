/// Number literals ↔ Swift numbers, with the results of Foundation's `JSONEncoder` and
/// `JSONDecoder` (swift-foundation, Swift 6.3):
///
/// * Floating-point values are written as their `description` without a trailing `.0`
///   (`1`, `-0`, `0.1`, `1e+20`, `1e-07`, `1.2345679e+08` for a Float).
/// * An integer type takes a literal of plain digits that fits; otherwise the literal is
///   read as a Double, which must be an exact integer of the type (`3.0`, `3e2` and `1e-400`
///   give 3, 300 and 0; `3.5` and `1e20` fail); from 2^53 on, the literal's exact value
///   truncated toward zero is used instead (Foundation goes through `Decimal` there:
///   `9007199254740993.5` gives 9007199254740993, and `-9.223372036854775808e18` fails as
///   the magnitude is negated after the check).
/// * A floating-point type takes the correctly rounded value, except that a literal that
///   overflows to infinity, or a non-zero one that underflows to zero, is refused.
enum JSONNumberConversion {
    /// The JSON text of a finite value, nil for NaN and the infinities.
    static func text<T: BinaryFloatingPoint & CustomStringConvertible>(_ value: T) -> String? {
        guard value.isFinite else { return nil }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// The literal as a `T`, or nil when it is not exactly representable.
    static func integer<T: FixedWidthInteger>(_ literal: String, as type: T.Type) -> T? {
        var literal = literal
        return literal.withUTF8 { utf8 in
            if let value: T = plainInteger(utf8) { return value }
            guard let double = Double(String(decoding: utf8, as: UTF8.self)), let value = T(exactly: double) else { return nil }
            if double.magnitude < 9_007_199_254_740_992 { return value }  // 2^53
            return truncatedInteger(utf8)
        }
    }

    /// The literal as a Double or Float, nil if it overflows or underflows to zero.
    static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ literal: String, as type: T.Type) -> T? {
        var literal = literal
        return literal.withUTF8 { utf8 -> T? in
            let value: T
            if T.self == Double.self, let fast = fastDouble(utf8) {
                value = T(fast)
            } else {
                guard let parsed = T(String(decoding: utf8, as: UTF8.self)) else { return nil }
                value = parsed
            }
            guard value.isFinite else { return nil }
            guard value != 0 || isZero(utf8) else { return nil }
            return value
        }
    }

    /// `-?[0-9]+` that fits in `T`, else nil.
    private static func plainInteger<T: FixedWidthInteger>(_ utf8: UnsafeBufferPointer<UInt8>) -> T? {
        let negative = utf8[0] == UInt8(ascii: "-")
        var value: T = 0
        for b in utf8.dropFirst(negative ? 1 : 0) {
            let digit = b &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = negative ? times10.subtractingReportingOverflow(T(digit)) : times10.addingReportingOverflow(T(digit))
            guard !o1, !o2 else { return nil }
            value = next
        }
        return value
    }

    /// The literal's exact value truncated toward zero, if its magnitude fits in UInt64 and
    /// then in `T` (negated after that check, as Foundation's `Decimal` conversion does).
    private static func truncatedInteger<T: FixedWidthInteger>(_ utf8: UnsafeBufferPointer<UInt8>) -> T? {
        let parts = JSONNumberParts(utf8)
        // The digits kept: all of them shifted by the exponent, the fraction cut off.
        let kept = parts.digits.count + parts.exponent
        var magnitude: UInt64 = 0
        if kept > 0 {
            for i in 0..<kept {
                let digit = i < parts.digits.count ? UInt64(parts.digits[i] &- UInt8(ascii: "0")) : 0
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (next, o2) = times10.addingReportingOverflow(digit)
                guard !o1, !o2 else { return nil }
                magnitude = next
            }
        }
        guard let value = T(exactly: magnitude) else { return nil }
        guard parts.negative else { return value }
        let (negated, overflow) = T.zero.subtractingReportingOverflow(value)
        return overflow ? nil : negated
    }

    /// Clinger's fast path: the exact Double when there are at most 15 significant digits
    /// and the power of ten is exact (|exponent| ≤ 22), else nil.
    private static func fastDouble(_ utf8: UnsafeBufferPointer<UInt8>) -> Double? {
        let negative = utf8[0] == UInt8(ascii: "-")
        var i = negative ? 1 : 0
        var mantissa: UInt64 = 0
        var significant = 0, fraction = 0
        var inFraction = false
        while i < utf8.count {
            let b = utf8[i]
            i += 1
            if b == UInt8(ascii: ".") { inFraction = true; continue }
            if b | 0x20 == UInt8(ascii: "e") { break }
            let digit = UInt64(b &- UInt8(ascii: "0"))
            if mantissa != 0 || digit != 0 { significant += 1 }
            guard significant <= 15 else { return nil }
            mantissa = mantissa * 10 + digit
            if inFraction { fraction += 1 }
        }
        var exponent = 0
        if i < utf8.count {
            let sign = utf8[i] == UInt8(ascii: "-") ? -1 : 1
            if utf8[i] == UInt8(ascii: "-") || utf8[i] == UInt8(ascii: "+") { i += 1 }
            while i < utf8.count {
                exponent = exponent * 10 + Int(utf8[i] &- UInt8(ascii: "0"))
                guard exponent <= 1000 else { return nil }
                i += 1
            }
            exponent *= sign
        }
        exponent -= fraction
        guard exponent >= -22, exponent <= 22 else { return nil }
        let power = powersOfTen[exponent < 0 ? -exponent : exponent]
        let value = exponent < 0 ? Double(mantissa) / power : Double(mantissa) * power
        return negative ? -value : value
    }

    /// 10⁰ … 10²², all exact in a Double.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Whether every digit of the literal's significand is 0.
    private static func isZero(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in utf8 {
            if b | 0x20 == UInt8(ascii: "e") { return true }
            if b >= UInt8(ascii: "1") && b <= UInt8(ascii: "9") { return false }
        }
        return true
    }
}
