/// Turns the bytes of a TXT file into `DecodedText`: detection (or the user's
/// `--encoding`), then conversion to UTF-8.
enum TextDecoding {
    /// Most invalid sequences tolerated in a file that is otherwise valid in the chosen
    /// encoding: 1 per 1000 bytes, at least 2, at most 100; they become U+FFFD and a warning.
    static func toleratedErrors(_ byteCount: Int) -> Int { min(100, max(2, byteCount / 1000)) }

    /// Decodes `bytes`. `name` is used in errors; `override` is an iconv encoding name.
    static func decode(_ bytes: [UInt8], name: String, override: String?) throws -> (DecodedText, [String]) {
        guard !bytes.isEmpty else { throw BookError.empty(path: name) }
        return try bytes.withUnsafeBufferPointer { all -> (DecodedText, [String]) in
            var warnings: [String] = []
            let bom = EncodingDetector.bom(all)

            if let override {
                guard IconvDecoder.isKnown(override) else { throw BookError.unknownEncoding(name: override) }
                var encoding = TextEncoding.named(override)
                var bomLength = 0
                if let bom, override.uppercased().hasPrefix("UTF"), bom.encoding.unitWidth == encoding.unitWidth {
                    encoding = bom.encoding  // the BOM tells the byte order
                    bomLength = bom.bomLength
                }
                return try convert(all, encoding: encoding, bomLength: bomLength, name: name, lenientAllowed: true, warnings: &warnings)
            }

            if let bom {
                return try convert(all, encoding: bom.encoding, bomLength: bom.bomLength, name: name, lenientAllowed: true, warnings: &warnings)
            }
            if let wide = EncodingDetector.unicodeWithoutBOM(all) {
                return try convert(all, encoding: wide, bomLength: 0, name: name, lenientAllowed: true, warnings: &warnings)
            }
            // Binary data has NUL bytes; text in a byte-oriented encoding does not.
            let head = UnsafeBufferPointer(rebasing: all[0..<min(all.count, 65536)])
            if head.contains(0) {
                throw BookError.undecodable(path: name, reason: "binary data (NUL bytes) in a file that is not UTF-16 or UTF-32")
            }
            let tolerated = toleratedErrors(all.count)
            let (errors, nonASCII) = EncodingDetector.utf8ErrorCount(all, stopAfter: tolerated + 1)
            if errors == 0 {
                return (DecodedText(utf8Source: Array(all), bomLength: 0), warnings)
            }
            if errors <= tolerated && nonASCII >= 20 * errors {
                // UTF-8 with a few broken sequences (truncated download, a stray byte).
                let out = UTF8Repair.repair(all)
                warnings.append("\(errors) invalid UTF-8 sequence(s) replaced by U+FFFD")
                return (DecodedText(converted: out, source: all, encoding: .utf8, bomLength: 0), warnings)
            }
            let ranked = EncodingDetector.rankLegacy(all)
            for encoding in ranked {
                let candidates = [encoding] + (EncodingDetector.legacyCandidates.first { $0.0 == encoding }?.1.map { [$0] } ?? [])
                for e in candidates {
                    if let result = try? convert(all, encoding: e, bomLength: 0, name: name, lenientAllowed: false, warnings: &warnings) {
                        return result
                    }
                }
            }
            // Nothing decodes the whole file strictly: accept the best candidate if only a
            // few bytes are bad.
            if let best = ranked.first, let decoder = IconvDecoder(best),
               let out = try? decoder.decode(all, lenient: true),
               out.errorCount <= toleratedErrors(all.count) {
                warnings.append("\(out.errorCount) invalid \(best.displayName) sequence(s) replaced by U+FFFD")
                return (DecodedText(converted: out, source: all, encoding: best, bomLength: 0), warnings)
            }
            throw BookError.undecodable(path: name, reason: "not valid UTF-8, UTF-16, GB18030, Big5, Shift_JIS, EUC-JP, EUC-KR or windows-1252 text; try --encoding")
        }
    }

    /// Converts `all[bomLength...]` with iconv (or takes it as is when UTF-8 and valid).
    private static func convert(_ all: UnsafeBufferPointer<UInt8>, encoding: TextEncoding, bomLength: Int, name: String,
                                lenientAllowed: Bool, warnings: inout [String]) throws -> (DecodedText, [String]) {
        let body = UnsafeBufferPointer(rebasing: all[bomLength...])
        if encoding.isUTF8 && EncodingDetector.utf8ErrorCount(body, stopAfter: 1).errors == 0 {
            return (DecodedText(utf8Source: Array(body), bomLength: bomLength), warnings)
        }
        if encoding.isUTF8 {
            // Broken UTF-8 after a BOM: repaired here (iconv lets some ill-formed sequences through).
            let out = UTF8Repair.repair(body)
            guard lenientAllowed, out.errorCount <= toleratedErrors(body.count) else {
                throw BookError.undecodable(path: name, reason: "invalid sequence at byte \((out.firstErrorOffset ?? 0) + bomLength) for \(encoding.displayName)"
                                            + (out.errorCount > 1 ? " (\(out.errorCount) bad sequences)" : ""))
            }
            warnings.append("\(out.errorCount) invalid \(encoding.displayName) sequence(s) replaced by U+FFFD, the first at byte \((out.firstErrorOffset ?? 0) + bomLength)")
            return (DecodedText(converted: out, source: body, encoding: encoding, bomLength: bomLength), warnings)
        }
        guard let decoder = IconvDecoder(encoding) else { throw BookError.unknownEncoding(name: encoding.iconvName) }
        do {
            let out = try decoder.decode(body, lenient: false)
            return (makeText(out, body: body, encoding: encoding, bomLength: bomLength), warnings)
        } catch let failure as IconvDecoder.Failure {
            guard lenientAllowed else {
                throw BookError.undecodable(path: name, reason: "\(failure.reason) at byte \(failure.offset + bomLength) for \(encoding.displayName)")
            }
            let out = try decoder.decode(body, lenient: true)
            guard out.errorCount <= toleratedErrors(body.count) else {
                throw BookError.undecodable(path: name, reason: "\(failure.reason) at byte \(failure.offset + bomLength) for \(encoding.displayName) (\(out.errorCount) bad sequences)")
            }
            warnings.append("\(out.errorCount) invalid \(encoding.displayName) sequence(s) replaced by U+FFFD, the first at byte \(failure.offset + bomLength)")
            return (makeText(out, body: body, encoding: encoding, bomLength: bomLength), warnings)
        }
    }

    private static func makeText(_ out: IconvDecoder.Output, body: UnsafeBufferPointer<UInt8>, encoding: TextEncoding, bomLength: Int) -> DecodedText {
        if encoding.isUTF8 { return DecodedText(utf8Source: out.utf8, bomLength: bomLength) }
        return DecodedText(converted: out, source: body, encoding: encoding, bomLength: bomLength)
    }
}
