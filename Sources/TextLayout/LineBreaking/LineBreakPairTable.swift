import UnicodeData

/// The line-break rules of one `LineBreakRuleSet`, compiled into a pair table:
/// `(state, resolved class) → next state + break bits`.
///
/// States are the reachable `LineBreakContext`s, found by a breadth-first walk from the
/// start of text; each step evaluates `lineBreakRules` once. The runtime (`LineBreaks.collect`)
/// is then one table load per code point. Entries are `UInt16`:
///
///     bits 0-12  next state << 6 (the offset of its row: the next lookup is `entries[row | class]`)
///     bit  13    a break is allowed before the character        (÷)
///     bit  14    the break before the character is mandatory    (!)
///     bit  15    look at `special[row | class]` (LB25 deferral, SA letter)
///
/// `special` bits: 1 = emit the deferred position as an allowed break, 2 = defer (remember
/// the character's offset; the break before it is decided by the next class), 4 = an SA
/// letter in a tailored set (the text needs `DictionaryBreaks`; never in `.uax14`).
struct LineBreakPairTable: @unchecked Sendable {
    static let rowMask: UInt16 = 0x1FFF
    static let allowedBit: UInt16 = 0x2000
    static let mandatoryBit: UInt16 = 0x4000
    static let specialBit: UInt16 = 0x8000
    static let emitDeferred: UInt8 = 1
    static let deferHere: UInt8 = 2
    static let dictionaryLetter: UInt8 = 4
    /// Columns per state (resolved classes are < 64).
    static let columnShift = 6
    static let columns = 1 << columnShift

    /// `entries[row | class]`, process lifetime.
    let entries: UnsafePointer<UInt16>
    /// LB25 deferral and SA actions, `special[row | class]`, for entries with `specialBit`.
    let special: UnsafePointer<UInt8>
    /// `hasDeferred[row >> 6]`: the state holds a deferred position (to emit at end of text).
    let hasDeferred: UnsafePointer<Bool>
    /// One context per state (states merge equivalent contexts; state 0 is the start of text).
    let contexts: [LineBreakContext]
    /// The rule that decided each entry (for diagnostics and tests).
    let ruleNumbers: [String]

    // Each rule set is compiled on first use only (compiling one takes ~10 ms, and a
    // process normally needs one: the style it lays out with).
    private static let uax14Table = LineBreakPairTable(compiling: .uax14)
    private static let strictTable = LineBreakPairTable(compiling: .strict)
    private static let normalTable = LineBreakPairTable(compiling: .normal)
    private static let looseTable = LineBreakPairTable(compiling: .loose)

    /// The compiled table of a rule set.
    static func table(_ set: LineBreakRuleSet) -> LineBreakPairTable {
        switch set {
        case .uax14: return uax14Table
        case .strict: return strictTable
        case .normal: return normalTable
        case .loose: return looseTable
        }
    }

    private static let uax14Hot = makeHot(uax14Table)
    private static let strictHot = makeHot(strictTable)
    private static let normalHot = makeHot(normalTable)
    private static let looseHot = makeHot(looseTable)

    /// The pointers the hot loop needs for a rule set (no reference counting).
    static func hot(_ set: LineBreakRuleSet) -> Hot {
        switch set {
        case .uax14: return uax14Hot
        case .strict: return strictHot
        case .normal: return normalHot
        case .loose: return looseHot
        }
    }

    private static func makeHot(_ t: LineBreakPairTable) -> Hot {
        // Predicted next row per class: the row reached from a plain letter (AL). Most
        // classes lead to the same state whatever came before.
        let letterRow = Int(t.entries[Int(ResolvedLineBreakClass.AL.rawValue)] & rowMask)
        let predicted = UnsafeMutablePointer<Int>.allocate(capacity: columns)
        for c in 0..<columns { predicted[c] = Int(t.entries[letterRow | c] & rowMask) }
        return Hot(entries: t.entries, special: t.special, hasDeferred: t.hasDeferred,
                   predictedRow: UnsafePointer(predicted), entriesForMisprediction: t.entries)
    }

    /// The tables of one rule set, as raw pointers.
    struct Hot {
        let entries: UnsafePointer<UInt16>
        let special: UnsafePointer<UInt8>
        let hasDeferred: UnsafePointer<Bool>
        /// `predictedRow[class]`: the usual next row for a class (see `LineBreaks.collect`).
        let predictedRow: UnsafePointer<Int>
        /// `entries` again: re-read on a misprediction, so the optimizer cannot fold the
        /// prediction check away (it does not know the two pointers are equal).
        let entriesForMisprediction: UnsafePointer<UInt16>
    }

    /// Evaluates the rules for one position: the decision and the number of the rule that made it.
    static func decide(_ left: LineBreakContext, _ next: ResolvedLineBreakClass,
                       _ set: LineBreakRuleSet) -> (LineBreakDecision, String, LineBreakNext) {
        let l = LineBreakLeft(context: left, set: set)
        var n = LineBreakNext(resolved: next, kind: set.kind(next))
        for rule in lineBreakRules where rule.sets.contains(set) {
            if let d = rule.apply(l, &n) { return (d, rule.number, n) }
        }
        preconditionFailure("LB31 always decides")
    }

    /// The context after `next` follows `left` (LB9 and LB10 for combining marks; the
    /// `X SP*` contexts of LB8 and LB14–LB17; LB21a, LB25 and LB30a progress).
    static func transition(_ left: LineBreakContext, _ next: ResolvedLineBreakClass,
                           _ decision: LineBreakDecision, _ set: LineBreakRuleSet) -> LineBreakContext {
        let l = LineBreakLeft(context: left, set: set)
        let k = set.kind(next)
        if k == .CM || k == .ZWJ {
            // LB9: X (CM | ZWJ)* → X for X ∉ {BK CR LF NL SP ZW}.
            if let last = l.last, ![.BK, .CR, .LF, .NL, .SP, .ZW].contains(last) {
                var c = left
                c.zwj = k == .ZWJ
                return c
            }
            // LB10: otherwise it is AL.
            var c = LineBreakContext(base: .AL)
            c.zwj = k == .ZWJ
            return c
        }
        if k == .SP {
            if left.spaces { return LineBreakContext(base: left.base, spaces: true) }
            // LB8, LB14, LB15, LB16, LB17 look through spaces after these classes.
            if let b = left.base, [.ZW, .OP, .QU, .CL, .CP, .B2].contains(set.kind(b)) {
                return LineBreakContext(base: b, spaces: true)
            }
            return LineBreakContext(base: .SP)
        }
        var c = LineBreakContext(base: next)
        c.hebrewHyphen = (k == .HY || k == .BA) && l.last == .HL                    // LB21a
        let inDigits = left.number == .digits && !left.spaces
        switch k {                                                                   // LB25
        case .NU: c.number = .digits
        case .SY, .IS: c.number = inDigits ? .digits : .none
        case .CL, .CP: c.number = inDigits ? .closed : .none
        default: c.number = .none
        }
        c.riOdd = k == .RI && !(l.last == .RI && left.riOdd)                        // LB30a
        c.pendingNumberOpen = decision == .deferred                                 // LB25
        return c
    }

    /// The reachable contexts and, for each (context, class), the next context, the flag
    /// bits (entry | special << 16) and the rule that decided (step 1 of compiling).
    private struct Exploration {
        var contexts: [LineBreakContext] = [.startOfText]
        var nextState: [[Int]] = []          // [state][class]
        var flags: [[Int]] = []              // [state][class]: entry flag bits | special << 16
        var rules: [[String]] = []
    }

    init(compiling set: LineBreakRuleSet) {
        let walk = Self.explore(set)
        let (block, blockCount) = Self.mergeEquivalent(walk)
        // Number the merged states so that the start of text (context 0) is state 0.
        var number = [Int](repeating: -1, count: blockCount)
        var representative: [Int] = []
        for s in walk.contexts.indices where number[block[s]] < 0 {
            number[block[s]] = representative.count
            representative.append(s)
        }
        precondition(representative.count <= 128, "too many line-break states for 13-bit row offsets")

        // 3. Encode.
        let stateCount = representative.count
        let table = UnsafeMutablePointer<UInt16>.allocate(capacity: stateCount * Self.columns)
        let specialTable = UnsafeMutablePointer<UInt8>.allocate(capacity: stateCount * Self.columns)
        let deferred = UnsafeMutablePointer<Bool>.allocate(capacity: stateCount)
        var ruleNumbers: [String] = []
        for (state, s) in representative.enumerated() {
            for c in 0..<Self.columns {
                let target = number[block[walk.nextState[s][c]]]
                table[state << Self.columnShift | c] = UInt16(target << Self.columnShift) | UInt16(walk.flags[s][c] & 0xFFFF)
                specialTable[state << Self.columnShift | c] = UInt8(walk.flags[s][c] >> 16)
            }
            deferred[state] = walk.contexts[s].pendingNumberOpen
            ruleNumbers.append(contentsOf: walk.rules[s])
        }
        self.contexts = representative.map { walk.contexts[$0] }
        self.ruleNumbers = ruleNumbers
        self.entries = UnsafePointer(table)
        self.special = UnsafePointer(specialTable)
        self.hasDeferred = UnsafePointer(deferred)
    }

    /// 1. Breadth-first walk over the reachable contexts.
    private static func explore(_ set: LineBreakRuleSet) -> Exploration {
        var walk = Exploration()
        var index: [LineBreakContext: Int] = [.startOfText: 0]
        var i = 0
        while i < walk.contexts.count {
            let left = walk.contexts[i]
            var rowNext = [Int](repeating: 0, count: columns)
            var rowFlags = [Int](repeating: 0, count: columns)
            var rowRules = [String](repeating: "-", count: columns)
            for next in ResolvedLineBreakClass.allCases {
                let (decision, rule, _) = decide(left, next, set)
                let after = transition(left, next, decision, set)
                let state: Int
                if let s = index[after] {
                    state = s
                } else {
                    state = walk.contexts.count
                    index[after] = state
                    walk.contexts.append(after)
                }
                var entry: UInt16 = 0
                var special: UInt8 = 0
                switch decision {
                case .prohibited: break
                case .allowed: entry |= allowedBit
                case .mandatory: entry |= allowedBit | mandatoryBit
                case .deferred: special |= deferHere
                }
                var ruleName = rule
                if left.pendingNumberOpen {
                    // LB25 (PR | PO) × OP NU: a deferred break before OP is cancelled by NU
                    // (and survives combining marks, LB9); anything else makes it a break.
                    let absorbed = after.pendingNumberOpen && decision != .deferred
                    if !absorbed && set.kind(next) != .NU {
                        special |= emitDeferred
                        ruleName += "+LB31(deferred OP)"
                    }
                }
                // The styles break SA runs at dictionary word boundaries: flag their letters.
                if set.isTailored && next == .SA { special |= dictionaryLetter }
                if special != 0 { entry |= specialBit }
                let c = Int(next.rawValue)
                rowNext[c] = state
                rowFlags[c] = Int(entry) | Int(special) << 16
                rowRules[c] = ruleName
            }
            walk.nextState.append(rowNext)
            walk.flags.append(rowFlags)
            walk.rules.append(rowRules)
            i += 1
        }
        return walk
    }

    /// 2. Merge equivalent contexts (Moore's partition refinement): two contexts are one
    ///    state if they break the same way before every class and lead to equivalent states.
    ///    Returns each context's block and the number of blocks.
    private static func mergeEquivalent(_ walk: Exploration) -> (block: [Int], count: Int) {
        var block = walk.contexts.map { $0.pendingNumberOpen ? 1 : 0 }
        var blockCount = Set(block).count
        while true {
            var signatures: [[Int]: Int] = [:]
            var refined = [Int](repeating: 0, count: walk.contexts.count)
            for s in walk.contexts.indices {
                var signature = [block[s]]
                signature.reserveCapacity(1 + 2 * columns)
                for c in 0..<columns {
                    signature.append(walk.flags[s][c])
                    signature.append(block[walk.nextState[s][c]])
                }
                if let b = signatures[signature] {
                    refined[s] = b
                } else {
                    refined[s] = signatures.count
                    signatures[signature] = signatures.count
                }
            }
            block = refined
            if signatures.count == blockCount { return (block, blockCount) }
            blockCount = signatures.count
        }
    }
}
