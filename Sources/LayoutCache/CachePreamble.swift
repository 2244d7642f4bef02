import Support

/// The first 16 bytes of both cache file formats (`CacheFileFormat`, `TextContentCodec`):
///
/// ```
/// offset size  field
///  0      4    magic
///  4      2    format version (little-endian)
///  6      2    reserved, 0 (a file with another value is rejected)
///  8      8    checksum (of bytes from 16 on; which bytes and which digest is the format's)
/// ```
enum CachePreamble {
    /// Size of the preamble; the format's own fields start here.
    static let size = 16

    /// Appends a preamble with a zero checksum, to be set at offset 8 once the rest is written.
    static func append(magic: [UInt8], version: UInt16, to w: inout ByteWriter) {
        w.append(contentsOf: magic)
        w.appendLittleEndian(version)
        w.appendLittleEndian(UInt16(0))
        w.appendZeros(8)
    }

    /// Checks that `raw` holds at least `minimumSize` bytes and starts with `magic`,
    /// `version` and a zero reserved field; returns the stored checksum.
    static func check<E: CacheFormatError>(_ raw: UnsafeRawBufferPointer, magic: [UInt8], version: UInt16, minimumSize: Int,
                                           as: E.Type) throws(E) -> UInt64 {
        guard raw.count >= max(minimumSize, size) else { throw .tooShort }
        guard raw.prefix(magic.count).elementsEqual(magic) else { throw .badMagic }
        let r = ByteReader(raw)
        let stored = r.littleEndian(UInt16.self, at: 4) ?? 0
        guard stored == version else { throw .wrongVersion(stored) }
        guard r.littleEndian(UInt16.self, at: 6) == 0 else { throw .malformed("reserved field") }
        return r.littleEndian(UInt64.self, at: 8) ?? 0
    }
}

/// The rejections `CachePreamble.check` reports, as cases of each format's error enum.
protocol CacheFormatError: Error {
    static var tooShort: Self { get }
    static var badMagic: Self { get }
    static func wrongVersion(_ version: UInt16) -> Self
    static func malformed(_ reason: String) -> Self
}

extension CacheFileFormat.ParseError: CacheFormatError {}
extension TextContentCodec.DecodeError: CacheFormatError {}
