import Glibc

/// The character set a pattern file declares on its first line, and how a word's
/// lower-case scalars become the bytes libhyphen matches: UTF-8 as is, or one byte per
/// scalar for the 8-bit sets (`ISO8859-1`, `ISO8859-2`, `KOI8-R`, `microsoft-cp1251`…),
/// through a table built once with iconv when the file is loaded.
enum PatternEncoding: Sendable {
    case utf8
    /// Non-ASCII scalar → its byte; ASCII maps to itself (checked when the table is built).
    case singleByte(name: String, table: [UInt32: UInt8])

    /// The encoding a first line names, or nil when it is not one we can map.
    init?(declaration: String) {
        if declaration == "UTF-8" { self = .utf8; return }
        guard !declaration.isEmpty, declaration.count < 20,
              declaration.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }),
              let table = Self.singleByteTable(iconvName: Self.iconvName(declaration)) else { return nil }
        self = .singleByte(name: declaration, table: table)
    }

    var isUTF8: Bool { if case .utf8 = self { return true } else { return false } }

    /// Hunspell's names that glibc's iconv spells differently.
    static func iconvName(_ declaration: String) -> String {
        switch declaration.lowercased() {
        case "microsoft-cp1251": return "CP1251"
        case "microsoft-cp1250": return "CP1250"
        case "microsoft-cp1252": return "CP1252"
        default: return declaration
        }
    }

    /// Decodes each byte 0x80–0xFF alone; nil when iconv does not know the name, when
    /// ASCII does not map to itself, or when a byte decodes to more than one scalar (not
    /// an 8-bit set).
    static func singleByteTable(iconvName: String) -> [UInt32: UInt8]? {
        let cd = iconv_open("UTF-32LE", iconvName)
        guard cd != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(cd) }
        var table: [UInt32: UInt8] = [:]
        for byte in 0...255 {
            guard let scalar = decode(UInt8(byte), with: cd) else {
                if byte < 0x80 { return nil }
                continue
            }
            if byte < 0x80 {
                guard scalar == UInt32(byte) else { return nil }
            } else if scalar >= 0x80, table[scalar] == nil {
                table[scalar] = UInt8(byte)
            }
        }
        return table
    }

    private static func decode(_ byte: UInt8, with cd: iconv_t?) -> UInt32? {
        var input: [CChar] = [CChar(bitPattern: byte)]
        var output = [UInt8](repeating: 0, count: 8)
        return input.withUnsafeMutableBufferPointer { inBuf -> UInt32? in
            output.withUnsafeMutableBufferPointer { outBuf -> UInt32? in
                var inPtr: UnsafeMutablePointer<CChar>? = inBuf.baseAddress
                var inLeft = 1
                var outPtr: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuf.baseAddress!)
                    .assumingMemoryBound(to: CChar.self)
                var outLeft = 8
                _ = iconv(cd, nil, nil, nil, nil)   // reset the state between bytes
                guard iconv(cd, &inPtr, &inLeft, &outPtr, &outLeft) != -1, inLeft == 0, outLeft == 4 else {
                    return nil
                }
                return UInt32(outBuf[0]) | UInt32(outBuf[1]) << 8 | UInt32(outBuf[2]) << 16 | UInt32(outBuf[3]) << 24
            }
        }
    }
}
