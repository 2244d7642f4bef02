/// Why a dictionary file (or one entry of it) could not be used: the file and what is
/// wrong, as the one-line warning the shelf reports (`"wn.index: not sorted …"`).
public struct DictionaryProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file concerned (a path).
    public let file: String
    /// What is wrong with it, in a few words.
    public let problem: String

    /// A problem with `file`.
    public init(_ file: String, _ problem: String) {
        self.file = file
        self.problem = problem
    }

    /// `FILE: problem`, one line.
    public var description: String { "\(file): \(problem)" }
}
