import Support

/// The two persisted forms of `LayoutOptions`, in one place: the text fields of a layout
/// cache key (`LayoutCacheKey.identity`, whose digest names the cache file) and the binary
/// form in each `LineCollectionCodec` blob. Both cover exactly what `==` compares (not the
/// display-only `direction` and `arabicShaping`). Their bytes are persisted: a change here
/// renames every cache file or needs `LineCollectionCodec.formatVersion` bumped.
extension LayoutOptions {
    /// The options as cache-key fields:
    /// `width=…;indent=…;spacing=0|1;break=strict|normal|loose;justify=0|1;tab=…`, then
    /// `;wrap=optimal` for total fit (first fit adds nothing: its keys are as before),
    /// `;hyphen=…` when hyphenating and `;ruby=inline|off` unless ruby goes above.
    public var keyFields: String {
        "width=\(width);indent=\(firstLineIndent);spacing=\(paragraphSpacing ? 1 : 0);break=\(lineBreakStyle.keyName)"
            + ";justify=\(justify ? 1 : 0);tab=\(tabWidth)" + (wrap == .greedy ? "" : ";wrap=\(wrap.name)")
            + (hyphenation.map { ";hyphen=" + $0.keyName } ?? "") + (ruby == .above ? "" : ";ruby=\(ruby.name)")
    }

    /// Appends the binary form: width, first-line indent and tab width as varints, then one
    /// byte of style bits (line-break style in bits 0–1, paragraph spacing bit 2, justify
    /// bit 3, optimal wrapping bit 4, ruby mode in bits 5–6). Hyphenation is not in it (its hyphenator cannot be
    /// written down): the cache key names it, and a decoded collection is given the key's
    /// options (`LineCollection.with(options:)`).
    public func encode(into w: inout ByteWriter) {
        w.appendVarint(width)
        w.appendVarint(firstLineIndent)
        w.appendVarint(tabWidth)
        w.append(lineBreakStyle.code | (paragraphSpacing ? 4 : 0) | (justify ? 8 : 0) | (wrap == .optimal ? 16 : 0)
                 | ruby.rawValue << 5)
    }

    /// Reads the binary form of `encode(into:)`; nil when a value is out of range (width
    /// 1…100 000, indent ≤ 1000, tab 1…1000, a known line-break style).
    public static func decode(from r: inout ByteReader) throws(ByteReader.Error) -> LayoutOptions? {
        let width = Int(clamping: try r.varint()), indent = Int(clamping: try r.varint()), tab = Int(clamping: try r.varint())
        let bits = try r.byte()
        guard width >= 1, width <= 100_000, indent <= 1000, tab >= 1, tab <= 1000, bits < 128,
              let style = LineBreakStyle(code: bits & 3), let ruby = RubyMode(rawValue: bits >> 5) else { return nil }
        return LayoutOptions(width: width, firstLineIndent: indent, paragraphSpacing: bits & 4 != 0,
                             lineBreakStyle: style, justify: bits & 8 != 0, tabWidth: tab, wrap: bits & 16 != 0 ? .optimal : .greedy,
                             ruby: ruby)
    }
}

extension LineBreakStyle {
    /// The style's name in cache keys and on the command line (the CSS value).
    public var keyName: String {
        switch self {
        case .strict: return "strict"
        case .normal: return "normal"
        case .loose: return "loose"
        }
    }

    /// The style's 2-bit code in binary options.
    var code: UInt8 {
        switch self {
        case .strict: return 0
        case .normal: return 1
        case .loose: return 2
        }
    }

    /// The style of a 2-bit code, nil for 3.
    init?(code: UInt8) {
        switch code {
        case 0: self = .strict
        case 1: self = .normal
        case 2: self = .loose
        default: return nil
        }
    }
}
