import Glibc

/// dictzip random access: a gzip file whose deflate stream is cut into chunks by full
/// flushes, each of a known compressed size (the "RA" table) and inflating to the table's
/// chunk length (the last one shorter). A read inflates only the chunks covering the range,
/// each on its own with raw inflate from its start; the last few inflated chunks are kept.
final class DictzipData: EntryData {
    private let fd: Int32
    private let path: String
    private let chunkLength: Int
    /// The file offset of each chunk's compressed bytes, and one past the last.
    private let starts: [Int]
    /// Inflated chunks, most recently used last.
    private var cache: [(index: Int, bytes: [UInt8])] = []

    /// Takes `fd` over (closed when this is released). Throws when the chunk table does not
    /// fit the file.
    init(fd: Int32, size: Int, header: GzipHeader, table: GzipHeader.ChunkTable, path: String) throws {
        var starts = [header.dataStart]
        starts.reserveCapacity(table.sizes.count + 1)
        for s in table.sizes { starts.append(starts.last! + s) }
        guard starts.last! <= size else {
            throw DictionaryProblem(path, "dictzip chunk table covers \(starts.last!) bytes, the file has \(size)")
        }
        self.fd = fd
        self.path = path
        self.chunkLength = table.length
        self.starts = starts
    }

    deinit { close(fd) }

    /// The number of chunks.
    var chunkCount: Int { starts.count - 1 }

    func read(offset: Int, length: Int) throws -> [UInt8] {
        guard offset >= 0, length >= 0, offset <= Int.max - length else { throw pastEnd(offset, length) }
        guard length > 0 else { return [] }
        let first = offset / chunkLength, last = (offset + length - 1) / chunkLength
        guard last < chunkCount else { throw pastEnd(offset, length) }
        var out: [UInt8] = []
        out.reserveCapacity(length)
        for index in first...last {
            let chunk = try inflated(index)
            let base = index * chunkLength
            let from = max(offset, base) - base, to = min(offset + length, base + chunkLength) - base
            guard to <= chunk.count else { throw pastEnd(offset, length) }
            out.append(contentsOf: chunk[from..<to])
        }
        return out
    }

    private func pastEnd(_ offset: Int, _ length: Int) -> DictionaryProblem {
        DictionaryProblem(path, "entry at \(offset)+\(length) is past the end of the data")
    }

    /// Chunk `index` inflated (from the cache when it is there).
    func inflated(_ index: Int) throws -> [UInt8] {
        if let at = cache.firstIndex(where: { $0.index == index }) {
            let hit = cache.remove(at: at)
            cache.append(hit)
            return hit.bytes
        }
        let compressed = FileBytes.read(fd, offset: starts[index], count: starts[index + 1] - starts[index])
        guard compressed.count == starts[index + 1] - starts[index],
              let bytes = Inflate.rawChunk(compressed, limit: chunkLength) else {
            throw DictionaryProblem(path, "dictzip chunk \(index) is damaged (not valid deflate)")
        }
        guard index == chunkCount - 1 || bytes.count == chunkLength else {
            throw DictionaryProblem(path, "dictzip chunk \(index) inflates to \(bytes.count) bytes, not \(chunkLength)")
        }
        cache.append((index, bytes))
        if cache.count > DictionaryLimits.cachedChunks { cache.removeFirst() }
        return bytes
    }
}
