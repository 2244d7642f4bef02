/// A strict RFC 8259 JSON parser: UTF-8 bytes in, a `JSONValue` out, or a `JSONParseError`
/// with the byte offset and the reason. Nothing traps, whatever the bytes.
///
/// Accepted: any value at the top level, surrounded by RFC 8259 whitespace (space, tab,
/// LF, CR), after an optional UTF-8 byte order mark (as Foundation's `JSONDecoder`).
/// Refused: trailing commas, comments, `NaN`/`Infinity`, leading zeros, unescaped control
/// characters, invalid escapes, unpaired surrogate escapes, ill-formed UTF-8 in strings,
/// anything after the value, and UTF-16/UTF-32 input (which Foundation would transcode;
/// its encoder never writes it).
///
/// Limits against hostile input: arrays and objects nest at most `maximumDepth` deep
/// (Foundation's limit too), and a number literal is at most `maximumNumberLength` bytes.
/// The parser keeps its open containers on a heap stack of its own, not on the call stack,
/// so no input can overflow the thread's stack.
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted: 512, as Foundation's decoder
    /// (513 nested arrays are refused).
    public static let maximumDepth = 512

    /// The longest number literal accepted, in bytes. Foundation never writes more than
    /// about 25 (`-1.7976931348623157e+308`); longer ones are refused as `numberTooLong`.
    public static let maximumNumberLength = 1024

    /// Parses a whole document.
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        let result = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONParseError) -> JSONValue in try parse(buffer: buffer) }
        }
        if let result { return try result.get() }
        return try Array(bytes).withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) -> JSONValue in try parse(buffer: buffer) }
        }.get()
    }

    private static func parse(buffer: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        var parser = JSONTreeBuilder(scanner: JSONScanner(buffer))
        return try parser.document()
    }
}

/// The structural level of `JSONParser`: values, arrays and objects, with the open
/// containers on explicit stacks (one per kind, so that appending to the innermost
/// container mutates it in place).
private struct JSONTreeBuilder {
    var scanner: JSONScanner
    /// For each open container, innermost last: whether it is an object.
    var openIsObject: [Bool] = []
    /// The elements of the open arrays.
    var arrays: [[JSONValue]] = []
    /// The members of the open objects, and the key waiting for its value in each.
    var objects: [[JSONMember]] = []
    var keys: [String] = []

    init(scanner: JSONScanner) {
        self.scanner = scanner
    }

    /// The document: one value and nothing after it but whitespace.
    mutating func document() throws(JSONParseError) -> JSONValue {
        scanner.skipByteOrderMark()
        while true {
            guard let value = try valueOrOpen() else { continue }
            if let done = try close(value) { return done }
        }
    }

    /// Reads the next value. A scalar or an empty container is returned; a non-empty
    /// container is opened (returning nil), its first element comes next.
    private mutating func valueOrOpen() throws(JSONParseError) -> JSONValue? {
        scanner.skipWhitespace()
        guard let b = scanner.peek else { throw scanner.error(.unexpectedEnd) }
        switch b {
        case UInt8(ascii: "\""):
            return .string(try scanner.scanString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try scanner.scanNumber())
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return try scanner.scanLiteral()
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            guard openIsObject.count < JSONParser.maximumDepth else { throw scanner.error(.tooDeep) }
            let isObject = b == UInt8(ascii: "{")
            scanner.position += 1
            scanner.skipWhitespace()
            if scanner.peek == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                scanner.position += 1
                return isObject ? .object([]) : .array([])
            }
            openIsObject.append(isObject)
            if isObject {
                keys.append(try key())
                objects.append([])
            } else {
                arrays.append([])
            }
            return nil
        default:
            throw scanner.unexpected()
        }
    }

    /// A member's key and its colon (whitespace before both skipped).
    private mutating func key() throws(JSONParseError) -> String {
        scanner.skipWhitespace()
        guard scanner.peek == UInt8(ascii: "\"") else { throw scanner.unexpected() }
        let key = try scanner.scanString()
        scanner.skipWhitespace()
        guard scanner.peek == UInt8(ascii: ":") else { throw scanner.unexpected() }
        scanner.position += 1
        return key
    }

    /// Adds a finished value to the innermost open container, closing containers while
    /// their closing bracket follows. Returns the document's value once none is open
    /// (after checking that only whitespace follows), or nil when another element of an
    /// open container comes next.
    private mutating func close(_ finished: JSONValue) throws(JSONParseError) -> JSONValue? {
        var value = finished
        while true {
            scanner.skipWhitespace()
            guard let isObject = openIsObject.last else {
                guard scanner.peek == nil else { throw scanner.error(.trailingData) }
                return value
            }
            let next = scanner.peek
            if isObject {
                objects[objects.count - 1].append(JSONMember(key: keys.removeLast(), value: value))
            } else {
                arrays[arrays.count - 1].append(value)
            }
            if next == UInt8(ascii: ",") {
                scanner.position += 1
                if isObject { keys.append(try key()) }
                return nil
            }
            guard next == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { throw scanner.unexpected() }
            scanner.position += 1
            openIsObject.removeLast()
            value = isObject ? .object(objects.removeLast()) : .array(arrays.removeLast())
        }
    }
}
