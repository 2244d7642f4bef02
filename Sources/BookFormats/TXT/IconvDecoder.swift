import Glibc

/// Converts text from a legacy or UTF-16/32 encoding to UTF-8 with glibc's iconv.
///
/// The input is fed to iconv in windows of `window` bytes so that the position of every
/// window boundary in both the input and the output is known: those pairs are the
/// *checkpoints* the TXT source map uses to map a `TextContent` offset back to a byte
/// offset of the original file. iconv only stops between whole characters, so every
/// checkpoint is a character boundary on both sides.
///
/// All iconv calls of the TXT reader are in this file.
struct IconvDecoder {
    /// The result of a conversion.
    struct Output {
        /// The converted text (UTF-8; not yet sanitised).
        var utf8: [UInt8]
        /// `(utf8Offset, sourceOffset)` pairs at character boundaries, ascending on both sides;
        /// the first is `(0, 0)` (offsets relative to the converted input).
        var checkpoints: [(utf8: Int, source: Int)]
        /// Number of invalid sequences replaced by U+FFFD (lenient mode only).
        var errorCount: Int
        /// Input offset of the first invalid or truncated sequence, if any.
        var firstErrorOffset: Int?
    }

    /// Why a strict conversion failed.
    struct Failure: Error {
        /// Input offset of the offending bytes.
        var offset: Int
        /// "invalid byte sequence" or "truncated sequence at end of file".
        var reason: String
    }

    private let encoding: TextEncoding

    /// Whether iconv can convert from `name` to UTF-8.
    static func isKnown(_ name: String) -> Bool {
        let cd = iconv_open("UTF-8", name)
        if cd == iconv_t(bitPattern: -1) { return false }
        iconv_close(cd)
        return true
    }

    /// A decoder for `encoding`; `nil` when iconv does not know it.
    init?(_ encoding: TextEncoding) {
        guard Self.isKnown(encoding.iconvName) else { return nil }
        self.encoding = encoding
    }

    /// Converts `input`. In strict mode the first invalid sequence throws `Failure`; in
    /// lenient mode each invalid code unit becomes U+FFFD and is counted. A sequence cut
    /// by the end of the input is an error unless `allowTruncatedEnd` (used for samples).
    func decode(_ input: UnsafeBufferPointer<UInt8>, lenient: Bool, allowTruncatedEnd: Bool = false,
                window: Int = 4096) throws -> Output {
        let cd = iconv_open("UTF-8", encoding.iconvName)
        precondition(cd != iconv_t(bitPattern: -1), "iconv encoding vanished")
        defer { iconv_close(cd) }

        // Worst case of UTF-8 bytes per input byte: 3 for byte-oriented encodings (a half-width
        // katakana or U+FFFD from one byte), 1.5 for UTF-16, 1 for UTF-32. The buffer is
        // allocated for that bound but only the pages written become resident.
        let perByte = encoding.unitWidth == 1 ? 3.0 : encoding.unitWidth == 2 ? 1.5 : 1.0
        let capacity = Int(Double(input.count) * perByte) + 64
        var produced = 0
        var consumed = 0
        var checkpoints: [(utf8: Int, source: Int)] = [(0, 0)]
        checkpoints.reserveCapacity(input.count / window + 2)
        var errorCount = 0
        var firstError: Int?
        let n = input.count
        let skip = max(1, encoding.unitWidth)
        guard let base = input.baseAddress, n > 0 else {
            return Output(utf8: [], checkpoints: checkpoints, errorCount: 0, firstErrorOffset: nil)
        }
        var thrown: Failure?
        let result = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            let out = buffer.baseAddress!
            func appendReplacement() {
                out[produced] = 0xEF; out[produced + 1] = 0xBF; out[produced + 2] = 0xBD
                produced += 3
            }
            defer { initialized = produced }
            do {
                while consumed < n {
                    let windowEnd = min(n, consumed + window)
                    var inPtr: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(mutating: base + consumed)
                        .assumingMemoryBound(to: CChar.self)
                    var inLeft = windowEnd - consumed
                    var outPtr: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(out + produced)
                        .assumingMemoryBound(to: CChar.self)
                    var outLeft = capacity - produced
                    let before = inLeft
                    let outBefore = outLeft
                    let rc = iconv(cd, &inPtr, &inLeft, &outPtr, &outLeft)
                    let err = errno
                    consumed += before - inLeft
                    produced += outBefore - outLeft
                    if rc == -1 {
                        switch err {
                        case E2BIG:
                            throw Failure(offset: consumed, reason: "output larger than expected")
                        case EINVAL where windowEnd < n && inLeft < before:
                            break  // a character straddles the window end: the next window starts at it
                        case EINVAL where windowEnd == n:
                            if firstError == nil { firstError = consumed }
                            if allowTruncatedEnd { consumed = n; break }
                            guard lenient else { throw Failure(offset: consumed, reason: "truncated sequence at end of file") }
                            errorCount += 1
                            appendReplacement()
                            consumed = n
                        case EILSEQ, EINVAL:
                            if firstError == nil { firstError = consumed }
                            guard lenient else { throw Failure(offset: consumed, reason: "invalid byte sequence") }
                            errorCount += 1
                            appendReplacement()
                            consumed = min(n, consumed + skip)
                            iconv(cd, nil, nil, nil, nil)  // reset shift state
                        default:
                            throw Failure(offset: consumed, reason: "iconv error \(err)")
                        }
                    }
                    if checkpoints.last!.source != consumed { checkpoints.append((produced, consumed)) }
                }
            } catch let f as Failure {
                thrown = f
            } catch {}
        }
        if let thrown { throw thrown }
        return Output(utf8: result, checkpoints: checkpoints, errorCount: errorCount, firstErrorOffset: firstError)
    }
}

extension IconvDecoder {
    /// `bytes` of EUC-JISX0213 as a string (an Aozora gaiji's JIS X 0213 position), nil
    /// when iconv lacks the encoding or the bytes are not a character of it.
    static func convertEUCJISX0213(_ bytes: [UInt8]) -> String? {
        let encoding = TextEncoding(displayName: "EUC-JISX0213", iconvName: "EUC-JISX0213", unitWidth: 1)
        guard let decoder = IconvDecoder(encoding) else { return nil }
        let output = bytes.withUnsafeBufferPointer { try? decoder.decode($0, lenient: false) }
        return output.map { String(decoding: $0.utf8, as: UTF8.self) }
    }
}
