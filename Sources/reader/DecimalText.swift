import Glibc
import Support

/// Numbers as printf's `%.Nf` writes them: what `String(format:)` wrote for the timings
/// and sizes the commands print, without Foundation (its formatting code would be paged in
/// for a line of output).
enum DecimalText {
    /// `value` with `places` digits after the point, rounded as printf rounds ("2.5" for
    /// 2.46 and one place); the point is "." whatever the C locale says.
    static func fixed(_ value: Double, places: Int) -> String {
        let format = "%.*f", arguments: [any CVarArg] = [Int32(places), value]
        let length = Int(withVaList(arguments) { vsnprintf(nil, 0, format, $0) })
        guard length > 0 else { return "" }
        var buffer = [CChar](repeating: 0, count: length + 1)
        _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
        let text = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Foundation formats in the POSIX locale: a decimal comma of LC_NUMERIC becomes a point.
        guard let point = localeconv()?.pointee.decimal_point.map({ String(cString: $0) }), point != "." else { return text }
        return text.replacingBytes(point, with: ".")
    }

    /// `value` in lowercase hexadecimal, zero-padded to at least `width` digits (`%0Nx`).
    static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
