/// English inflection fallbacks, for a word a dictionary does not have as it is: the base
/// forms it may come from, most likely first, each with how (`running → run`). Rules:
/// a few irregular forms (went → go, children → child, better → good, …); plurals and third
/// persons (-ies → -y, -es, -s); past tenses (-ied → -y, doubled consonant -pped → -p, -ed,
/// -d); present participles (doubled consonant -tting → -t, -ing → -e after consonant–vowel–consonant, else -ing); comparatives
/// and superlatives (-ier/-iest → -y, -gger/-ggest → -g, -er/-est, -r/-st); possessives ('s).
/// A doubled consonant is undone only after consonant–vowel (run-n-ing, not ad-d-ed).
public enum Inflections {
    /// One candidate base form.
    public struct Candidate: Equatable, Sendable {
        /// The base form to look up.
        public let base: String
        /// The rule, e.g. `running → run`.
        public var how: String
    }

    /// Irregular forms and their bases.
    static let irregular: [String: String] = [
        "went": "go", "gone": "go", "goes": "go", "ran": "run", "was": "be", "were": "be", "been": "be", "is": "be", "are": "be",
        "am": "be", "did": "do", "done": "do", "does": "do", "had": "have", "has": "have", "saw": "see", "seen": "see",
        "took": "take", "taken": "take", "came": "come", "made": "make", "said": "say", "got": "get", "gotten": "get",
        "knew": "know", "known": "know", "thought": "think", "brought": "bring", "bought": "buy", "told": "tell",
        "found": "find", "left": "leave", "felt": "feel", "kept": "keep", "began": "begin", "begun": "begin",
        "wrote": "write", "written": "write", "spoke": "speak", "spoken": "speak", "ate": "eat", "eaten": "eat",
        "gave": "give", "given": "give", "stood": "stand", "heard": "hear", "held": "hold", "sat": "sit", "lay": "lie",
        "lain": "lie", "slept": "sleep", "met": "meet", "paid": "pay", "sent": "send", "spent": "spend", "fell": "fall",
        "fallen": "fall", "drove": "drive", "driven": "drive", "rode": "ride", "ridden": "ride", "rose": "rise",
        "risen": "rise", "chose": "choose", "chosen": "choose", "froze": "freeze", "frozen": "freeze", "broke": "break",
        "broken": "break", "caught": "catch", "taught": "teach", "fought": "fight", "sought": "seek", "flew": "fly",
        "flown": "fly", "drew": "draw", "drawn": "draw", "grew": "grow", "grown": "grow", "threw": "throw",
        "thrown": "throw", "wore": "wear", "worn": "wear", "swam": "swim", "sang": "sing", "sung": "sing",
        "drank": "drink", "drunk": "drink", "children": "child", "men": "man", "women": "woman", "mice": "mouse",
        "feet": "foot", "teeth": "tooth", "geese": "goose", "people": "person", "oxen": "ox", "lives": "life",
        "wives": "wife", "knives": "knife", "wolves": "wolf", "leaves": "leaf", "halves": "half", "selves": "self",
        "better": "good", "best": "good", "worse": "bad", "worst": "bad", "more": "much", "most": "much",
        "less": "little", "least": "little", "further": "far", "farther": "far",
    ]

    /// The suffix rules in the order they are tried: (suffix, replacement, needs a doubled
    /// consonant before the suffix). A doubled-consonant rule drops the suffix and one of the
    /// two consonants.
    static let rules: [(suffix: String, replacement: String, doubled: Bool)] = [
        ("'s", "", false), ("s'", "s", false),
        ("ies", "y", false), ("ied", "y", false), ("iest", "y", false), ("ier", "y", false),
        ("ing", "", true), ("ed", "", true), ("est", "", true), ("er", "", true),
        ("ing", "", false), ("ed", "", false), ("est", "", false), ("er", "", false),
        ("es", "", false), ("s", "", false),
        ("lling", "l", false), ("lled", "l", false), ("llest", "l", false), ("ller", "l", false),
    ]

    /// The candidate bases of `word` (lower-cased first), without repeats and without the word itself.
    public static func candidates(_ word: String) -> [Candidate] {
        let w = word.lowercased()
        var out: [Candidate] = []
        func add(_ base: String) {
            guard base != w, base.count >= 2 || base == "be" || base == "go", !out.contains(where: { $0.base == base }) else { return }
            out.append(Candidate(base: base, how: "\(word) → \(base)"))
        }
        if let base = irregular[w] { add(base) }
        let letters = Array(w)
        for rule in rules where w.hasSuffix(rule.suffix) && letters.count > rule.suffix.count + 1 {
            let stem = Array(letters.dropLast(rule.suffix.count))
            if rule.doubled {
                let base = Array(stem.dropLast())
                guard base.count >= 3, stem.last == base.last, isDoubling(base[base.count - 1]),
                      isVowel(base[base.count - 2]), !isVowel(base[base.count - 3]) else { continue }
                add(String(base))
            } else {
                if rule.suffix == "s" && (w.hasSuffix("ss") || w.hasSuffix("us") || w.hasSuffix("is")) { continue }
                if ["ing", "ed", "est", "er"].contains(rule.suffix) {
                    // hop-ed → hope before hop (consonant–vowel–consonant), want-ed → want before wante
                    let withE = String(stem) + "e"
                    for base in endsCVC(stem) ? [withE, String(stem)] : [String(stem), withE] { add(base) }
                } else {
                    add(String(stem) + rule.replacement)
                }
            }
        }
        return out
    }

    /// Consonants English doubles after a short vowel before -ing/-ed/-er/-est (stop →
    /// stopping, big → bigger; a doubled l is tried last: travelling → travel, not kill → kil).
    private static func isDoubling(_ c: Character) -> Bool { "bdgkmnprtv".contains(c) }

    private static func isVowel(_ c: Character) -> Bool { "aeiou".contains(c) }

    /// Whether `stem` ends consonant–vowel–consonant (the last not w, x or y).
    private static func endsCVC(_ stem: [Character]) -> Bool {
        guard stem.count >= 3, let last = stem.last, !"wxy".contains(last), !isVowel(last) else { return false }
        return isVowel(stem[stem.count - 2]) && !isVowel(stem[stem.count - 3])
    }
}
