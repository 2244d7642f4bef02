import Support

/// Why a layout-cache blob (`LineCollectionCodec`, `VerticalColumnsCodec`) was rejected.
public enum CacheBlobError: Error, Equatable {
    case tooShort, badMagic, wrongVersion(UInt16), checksumMismatch, keyMismatch, malformed(String)
}

/// The frame the layout cache's blobs share: magic, a little-endian format version, the
/// key (length-prefixed UTF-8), the body, then FNV-1a 64 of everything before it.
enum CacheBlob {
    /// Appends the magic, version and key to `w`; returns where the blob starts (for `end`).
    static func begin(_ w: inout ByteWriter, magic: [UInt8], version: UInt16, key: String) -> Int {
        let base = w.count
        w.append(contentsOf: magic)
        w.appendLittleEndian(version)
        w.appendString(key)
        return base
    }

    /// Appends the checksum of the blob that started at `base`.
    static func end(_ w: inout ByteWriter, from base: Int) {
        w.appendLittleEndian(Digest.fnv1a64(w.bytes[base...]))
    }

    /// Checks magic, version, checksum and key and returns a reader over the body (the
    /// checksum left out), positioned after the key.
    static func open(_ blob: UnsafeRawBufferPointer, magic: [UInt8], version expected: UInt16, key: String) throws -> ByteReader {
        guard blob.count >= magic.count + 2 + 8 else { throw CacheBlobError.tooShort }
        guard blob.prefix(magic.count).elementsEqual(magic) else { throw CacheBlobError.badMagic }
        let body = UnsafeRawBufferPointer(rebasing: blob[0..<(blob.count - 8)])
        var reader = ByteReader(body, position: magic.count)
        do {
            let version = try reader.littleEndian(UInt16.self)
            guard version == expected else { throw CacheBlobError.wrongVersion(version) }
            guard ByteReader(blob).littleEndian(UInt64.self, at: body.count) == Digest.fnv1a64(body) else {
                throw CacheBlobError.checksumMismatch
            }
            guard try reader.lengthPrefixedEquals(key.utf8) else { throw CacheBlobError.keyMismatch }
        } catch let error as ByteReader.Error {
            throw CacheBlobError.malformed(error.description)
        }
        return reader
    }
}
