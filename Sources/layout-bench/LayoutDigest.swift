import BookFormats
import Foundation
import TextContent
import TextLayout

/// `layout-bench --digest BOOK...`: one FNV-1a hash a book of its layouts — the whole
/// book and each chapter at widths 20, 37, 80 and 132, first and total fit, every ruby
/// mode, and in `above` mode the ruby row over every line of the whole-book layout —
/// for comparing the output of two builds (a speed change must print the same lines).
enum LayoutDigest {
    /// 64-bit FNV-1a over integers, byte by byte.
    struct Hash {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func add<T: FixedWidthInteger>(_ x: T) {
            withUnsafeBytes(of: x.littleEndian) { for b in $0 { value = (value ^ UInt64(b)) &* 0x100_0000_01b3 } }
        }

        mutating func add(_ lines: LineCollection) {
            let c = lines.rawColumns
            add(c.starts.count)
            for i in c.starts.indices {
                add(c.starts[i]); add(c.lengths[i]); add(c.widths[i]); add(c.indents[i]); add(c.kinds[i]); add(c.flags[i])
            }
        }
    }

    static func run(paths: [String]) {
        for path in paths {
            guard let content = try? BookLoader.load(path: path, options: BookLoadOptions(threads: 1)) else {
                print("\(path): cannot open"); continue
            }
            var hash = Hash(), layouts = 0
            for width in [20, 37, 80, 132] {
                for mode in RubyMode.allCases {
                    for wrap in [WrapStyle.greedy, .optimal] {
                        let options = LayoutOptions(width: width, wrap: wrap, ruby: mode)
                        let whole = TextLayout.layout(content, range: content.fullRange, options: options)
                        hash.add(whole)
                        for chapter in content.chapters {
                            hash.add(TextLayout.layout(content, range: chapter.range, options: options))
                        }
                        layouts += 1 + content.chapters.count
                        if mode == .above && content.hasAnnotations { addRows(of: whole, content, options, to: &hash) }
                    }
                }
            }
            print(String(format: "%@: %d layouts, digest %016llx", (path as NSString).lastPathComponent, layouts, hash.value))
        }
    }

    /// Adds the ruby row over each line of `lines`.
    static func addRows(of lines: LineCollection, _ content: TextContent, _ options: LayoutOptions, to hash: inout Hash) {
        for i in 0..<lines.count {
            for piece in TextLayout.rubyRow(over: lines[i], in: content, options: options) {
                hash.add(piece.column); hash.add(piece.width); hash.add(piece.isMark ? 1 : 0); hash.add(piece.offset.rawValue)
                for b in piece.text.utf8 { hash.add(b) }
            }
        }
    }
}
