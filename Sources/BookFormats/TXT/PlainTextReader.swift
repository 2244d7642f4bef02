import Glibc
import TextContent

/// Reads plain-text books: encoding detection and conversion (`TextDecoding`), block
/// structure and chapters (`TextStructure`, `ChapterDetector`, `AozoraMarkup`), metadata
/// (`BookInfoGuesser`), then writes everything into a `TextContent` with a source map
/// from content offsets to byte offsets of the original file.
public enum PlainTextReader {
    /// Longest block, in bytes: a paragraph longer than this (a file without newlines, say)
    /// is cut at a sentence end, else a space, else a character boundary.
    public static let maxBlockBytes = 64 * 1024

    /// Largest TXT file that is read (512 MiB; decoded to UTF-8 it stays well under
    /// `TextContent`'s 4 GiB offsets, and no novel comes near it).
    public static let maxFileSize = 512 << 20

    /// Reads the whole book at `path`; `encoding` (an iconv name) overrides detection.
    public static func read(path: String, encoding: String?) throws -> TextContent {
        var st = stat()
        if stat(path, &st) == 0, Int(st.st_size) > maxFileSize {
            throw BookError.limitExceeded(path: path, reason: "the file is \(Int(st.st_size) >> 20) MiB (limit \(maxFileSize >> 20) MiB for TXT)")
        }
        // The file's bytes are released once converted, before the book is built.
        let decoded = try TextDecoding.decode(try readFile(path), name: path, override: encoding)
        return build(decoded.0, warnings: decoded.1, name: path)
    }

    /// Reads a book from memory. `name` is the file name used for errors, the source map
    /// and the fallback title; `encoding` (an iconv name) overrides detection.
    public static func read(bytes: [UInt8], name: String, encoding: String?) throws -> TextContent {
        if bytes.count > maxFileSize {
            throw BookError.limitExceeded(path: name, reason: "the text is \(bytes.count >> 20) MiB (limit \(maxFileSize >> 20) MiB for TXT)")
        }
        let (decoded, warnings) = try TextDecoding.decode(bytes, name: name, override: encoding)
        return build(decoded, warnings: warnings, name: name)
    }

    /// Builds the book from converted text.
    static func build(_ decoded: DecodedText, warnings decodeWarnings: [String], name: String) -> TextContent {
        let aozora = AozoraMarkup.looksLikeAozora(decoded.utf8)

        // Metadata and the Aozora header.
        let firstLines = firstTrimmedLines(decoded, count: 60)
        var title: String?
        var authors: [String] = []
        var skip = 0..<0
        var aozoraTitleLines: [Int] = []
        if aozora {
            let nonBlank = firstLines.indices.filter { !firstLines[$0].isEmpty }
            if let t = nonBlank.first, !firstLines[t].hasPrefix("［＃"), !firstLines[t].hasPrefix("---") {
                title = firstLines[t]
                aozoraTitleLines = [t]
                if nonBlank.count > 1, nonBlank[1] == t + 1, firstLines[t + 1].count <= 40, !firstLines[t + 1].hasPrefix("---") {
                    authors = [firstLines[t + 1]]
                    aozoraTitleLines.append(t + 1)
                }
            }
            // The "-------" block explaining the markup.
            let rules = firstLines.indices.filter { isRule(firstLines[$0]) }
            if rules.count >= 2 { skip = rules[0]..<(rules[1] + 1) }
        } else {
            let guess = BookInfoGuesser.titleAndAuthors(firstLines: firstLines)
            title = guess.title
            authors = guess.authors
        }
        let baseName = fileStem(name)
        let (language, direction) = BookInfoGuesser.language(of: decoded.utf8)
        let metadata = BookMetadata(title: title.map { TextSanitizer.sanitizeLabel($0) }.flatMap { $0.isEmpty ? nil : $0 } ?? baseName,
                                    authors: authors.map { TextSanitizer.sanitizeLabel($0) }, language: language, format: .txt,
                                    encoding: decoded.encoding.displayName, direction: direction)

        let structure = TextStructure(text: decoded, isAozora: aozora, skipLines: skip)
        var emitter = Emitter(text: decoded, structure: structure, name: name, metadata: metadata)
        for w in decodeWarnings { emitter.builder.warn(w) }
        emitter.emit(aozoraTitleLines: Set(aozoraTitleLines))
        return emitter.builder.finish()
    }

    // MARK: Helpers

    private static func isRule(_ s: String) -> Bool {
        s.count >= 10 && s.allSatisfy { $0 == "-" || $0 == "－" || $0 == "―" }
    }

    static func fileStem(_ path: String) -> String {
        var base = path.split(separator: "/").last.map(String.init) ?? path
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = String(base[..<dot]) }
        return base.isEmpty ? path : base
    }

    /// The first `count` lines, trimmed (blank lines as "").
    static func firstTrimmedLines(_ text: DecodedText, count: Int) -> [String] {
        text.lines.prefix(count).map { line -> String in
            guard line.count <= 400 else { return "…" }
            return String(decoding: text.utf8[line.start..<line.end], as: UTF8.self).trimmingSpaces
        }
    }

    /// Reads a whole file into memory.
    static func readFile(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw BookError.unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw BookError.unreadable(path: path, reason: String(cString: strerror(errno))) }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw BookError.unreadable(path: path, reason: "is a directory") }
        var result: [UInt8] = []
        var capacity = max(Int(st.st_size), 0) + 1
        while true {
            var failed: Int32 = 0
            let chunk = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = 0
                while count < capacity {
                    let r = Glibc.read(fd, buffer.baseAddress! + count, capacity - count)
                    if r < 0 { if errno == EINTR { continue }; failed = errno; return }
                    if r == 0 { break }
                    count += r
                }
            }
            if failed != 0 { throw BookError.unreadable(path: path, reason: String(cString: strerror(failed))) }
            // The first chunk is normally the whole file: keep it as it is (appending it to
            // the empty result copies it, holding the file twice at the peak).
            if result.isEmpty { result = chunk } else { result.append(contentsOf: chunk) }
            if chunk.count < capacity { break }
            // A file that keeps growing while it is read is cut off at the limit.
            if result.count > maxFileSize {
                throw BookError.limitExceeded(path: path, reason: "the file is over \(maxFileSize >> 20) MiB (limit for TXT)")
            }
            capacity = 1 << 20
        }
        return result
    }
}

/// Writes the units of a `TextStructure` into a `TextContentBuilder`: blocks, chapters,
/// TOC entries and source-map anchors, cutting over-long paragraphs.
struct Emitter {
    let text: DecodedText
    let structure: TextStructure
    let name: String
    var builder: TextContentBuilder
    private var blockStart = 0

    init(text: DecodedText, structure: TextStructure, name: String, metadata: BookMetadata) {
        self.text = text
        self.structure = structure
        self.name = name
        self.builder = TextContentBuilder(metadata: metadata)
        builder.reserveCapacity(text.utf8.count + text.utf8.count / 16)
    }

    mutating func emit(aozoraTitleLines: Set<Int>) {
        let units = structure.units
        let firstHeading = units.firstIndex { $0.kind == .heading } ?? structure.colophonUnit
        if let f = firstHeading, f > 0 {
            builder.beginChapter(title: builder.metadata.title, level: 1, source: "@\(text.bomLength)")
            builder.addTOCEntry(title: builder.metadata.title, level: 1, target: .zero, source: "@\(text.bomLength)")
        }
        let titleLine = aozoraTitleLines.min()
        let colophon = structure.colophonUnit
        for (k, unit) in units.enumerated() {
            let firstLine = text.lines[unit.firstLine]
            let lineSource = text.sourceOffset(of: firstLine.start).offset
            let placement = structure.lines.placement(ofLine: unit.firstLine)
            if k == colophon { beginColophon(source: "@\(lineSource)") }
            switch unit.kind {
            case .heading:
                let heading = structure.heading(ofUnit: k)
                builder.beginChapter(title: heading.title, level: heading.level, source: "@\(lineSource)")
                let target = nextTextOffset
                builder.addTOCEntry(title: heading.title, level: heading.level, target: target, source: "@\(lineSource)")
                begin(.heading, level: UInt8(min(heading.level, 6)), placement: placement)
                if let range = heading.range {
                    appendSource(range)
                } else {
                    appendUnitLines(unit)
                }
                builder.endBlock()
            case .paragraph:
                let isTitle = unit.lineCount == 1 && unit.firstLine == titleLine
                begin(isTitle ? .heading : .paragraph, level: isTitle ? 1 : 0, placement: placement)
                if structure.isAozora {
                    appendAozoraLines(unit)
                } else if isTitle || !appendLinesWithEmphasis(unit) {
                    appendLines(unit)
                }
                builder.endBlock()
            }
        }
        if structure.isAozora { warnAozora() }
    }

    /// Appends a unit's lines: with their Aozora spans in an Aozora book.
    private mutating func appendUnitLines(_ unit: TextStructure.Unit) {
        if structure.isAozora { appendAozoraLines(unit) } else { appendLines(unit) }
    }

    /// Where the next block's text will start.
    var nextTextOffset: ByteOffset {
        builder.currentOffset + (builder.currentOffset.rawValue > 0 ? 1 : 0)
    }

    mutating func begin(_ kind: BlockKind, level: UInt8, placement: BlockPlacement = BlockPlacement()) {
        builder.beginBlock(kind, level: level, placement: placement)
        blockStart = builder.currentOffset.rawValue
    }

    /// Appends decoded text `r`, anchoring the source map and cutting blocks at the limit.
    mutating func appendSource(_ r: Range<Int>) {
        var a = r.lowerBound
        while a < r.upperBound {
            let room = PlainTextReader.maxBlockBytes - (builder.currentOffset.rawValue - blockStart)
            var b = r.upperBound
            if b - a > room {
                if room < PlainTextReader.maxBlockBytes / 4 && builder.currentOffset.rawValue > blockStart {
                    builder.endBlock()
                    begin(.paragraph, level: 0)
                    continue
                }
                b = cutPoint(from: a, limit: a + room)
            }
            // Anchors: at `a`, and at every converter checkpoint inside (non-UTF-8).
            var p = a
            while p < b {
                let q = text.nextAnchor(after: p, before: b) ?? b
                anchor(at: p, to: q)
                text.utf8.withUnsafeBufferPointer { buf in
                    builder.append(utf8: UnsafeBufferPointer(rebasing: buf[p..<q]))
                }
                p = q
            }
            a = b
            if a < r.upperBound {
                builder.endBlock()
                begin(.paragraph, level: 0)
            }
        }
    }

    private mutating func anchor(at p: Int, to q: Int) {
        if text.encoding.isUTF8 {
            let clean = TextSanitizer.isClean(text.utf8[p..<q])
            builder.anchor(source: name, offset: p + text.bomLength, linear: clean)
        } else if let offset = text.exactSourceOffset(of: p) {
            builder.anchor(source: name, offset: offset, linear: false)
        }
    }

    /// Where to cut `[a, limit)`: after a sentence end, else at a space, else at a
    /// character boundary (searching back at most 4 KiB).
    private func cutPoint(from a: Int, limit: Int) -> Int {
        let u = text.utf8
        let floor = max(a + 1, limit - 4096)
        var i = limit
        // Sentence end: ". " "! " "? " or 。！？ (E3 80 82, EF BC 81, EF BC 9F).
        while i > floor {
            let b = u[i - 1]
            if b == 0x20 && i >= 2 && (u[i - 2] == 0x2E || u[i - 2] == 0x21 || u[i - 2] == 0x3F) { return i }
            if i >= 3 && ((u[i - 3] == 0xE3 && u[i - 2] == 0x80 && b == 0x82) || (u[i - 3] == 0xEF && u[i - 2] == 0xBC && (b == 0x81 || b == 0x9F))) { return i }
            i -= 1
        }
        i = limit
        while i > floor { if u[i - 1] == 0x20 { return i }; i -= 1 }
        i = limit
        while i > a + 1 && u[i] & 0xC0 == 0x80 { i -= 1 }
        return i
    }
}
