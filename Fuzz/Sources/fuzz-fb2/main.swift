import BookFormats
import Glibc
import TextContent
import BookChecks
import FuzzSupport

// Fuzz target: bytes → FB2 reader. A zip (input starting "PK") is written to one temp
// file and read as an .fb2.zip (libzip directory, ZipArchive limits, the first .fb2);
// anything else goes to `FB2Reader.read(bytes:name:)` (libxml2's XML parser in SAX2 mode
// with recovery, encodings, undefined entities, the walker, the builder), then the
// images' bytes through `BookResources` (the `<binary>` scan). Any thrown
// BookError is fine; a trap, sanitizer report, hang, runaway memory or an invalid
// TextContent is a bug.

private let zipPath: String = {
    let dir = getenv("FUZZ_TMPDIR").map { String(cString: $0) } ?? "/tmp"
    return "\(dir)/reader-fuzz-fb2-\(getpid()).fb2.zip"
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let content: TextContent?
    if size >= 2 && bytes[0] == 0x50 && bytes[1] == 0x4B {
        guard let f = fopen(zipPath, "wb") else { return 0 }
        _ = fwrite(data, 1, size, f)
        fclose(f)
        content = try? FB2Reader.readZip(path: zipPath)
    } else {
        content = try? FB2Reader.read(bytes: bytes, name: "fuzz.fb2")
        // The metadata-only walk must not disagree with the whole book.
        if let content, let meta = try? metadataOfBytes(bytes), meta != content.metadata {
            fatalError("metadata differs: \(meta) vs \(content.metadata)")
        }
        // The images' bytes come out of the same file (the <binary> scan), bounded.
        if let content {
            for image in content.images.prefix(4) {
                if let data = try? BookResources.bytes(of: image.source, inBookAt: documentPath, format: .fb2),
                   data.isEmpty || data.count > BookResources.maxResourceSize {
                    fatalError("resource \(image.source): \(data.count) bytes")
                }
            }
        }
    }
    if let content {
        BookChecks.check(content)
    }
    return 0
}

/// `FB2Reader.metadata` reads a path: the bytes go to a temp file named like the
/// in-memory document (`fuzz.fb2`: the same fallback title) first.
private let documentPath: String = {
    let dir = getenv("FUZZ_TMPDIR").map { String(cString: $0) } ?? "/tmp"
    let folder = "\(dir)/reader-fuzz-fb2-\(getpid())"
    mkdir(folder, 0o700)
    return folder + "/fuzz.fb2"
}()

private func metadataOfBytes(_ bytes: [UInt8]) throws -> BookMetadata? {
    let path = documentPath
    guard let f = fopen(path, "wb") else { return nil }
    _ = fwrite(bytes, 1, bytes.count, f)
    fclose(f)
    return try FB2Reader.metadata(path: path)
}

// libFuzzer parses the command line and calls `fuzz` for each input.
var fuzzArgc = CommandLine.argc
var fuzzArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&fuzzArgc, &fuzzArgv, fuzz))
