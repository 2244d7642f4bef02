#if canImport(Glibc)
import Glibc
#endif

/// The process's environment variables, read from `environ` (Foundation's `ProcessInfo`
/// would page in its own code for the same).
public enum Environment {
    /// Every variable, name to value (a name given twice: the first wins, as getenv(3)).
    public static func variables() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if result[name] == nil { result[name] = String(text[text.utf8.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
    }

    /// The value of variable `name`, or nil when it is not set.
    public static func value(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        return String(cString: raw)
    }
}
