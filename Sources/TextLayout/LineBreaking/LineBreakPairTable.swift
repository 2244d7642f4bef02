import UnicodeData

/// The line-break rules of one `LineBreakRuleSet`, compiled into a pair table:
/// `(state, resolved class) → next state + break bits`.
///
/// States are the reachable `LineBreakContext`s, found by a breadth-first walk from the
/// start of text; each step evaluates `lineBreakRules` once. The runtime (`LineBreaks.collect`)
/// is then one table load per code point. Entries are `UInt16`:
///
///     bits 0-7  next state
///     bit  8    a break is allowed before the character        (÷)
///     bit  9    the break before the character is mandatory    (!)
///     bit 10    emit the deferred position as an allowed break (LB25, see `.deferred`)
///     bit 11    defer: remember the character's offset          (LB25)
struct LineBreakPairTable: @unchecked Sendable {
    static let allowedBit: UInt16 = 0x100
    static let mandatoryBit: UInt16 = 0x200
    static let emitDeferredBit: UInt16 = 0x400
    static let deferBit: UInt16 = 0x800
    /// Columns per state (resolved classes are < 64).
    static let columnShift = 6
    static let columns = 1 << columnShift

    /// `entries[state << 6 | class]`, process lifetime.
    let entries: UnsafePointer<UInt16>
    /// `hasDeferred[state]`: the state holds a deferred position (to emit at end of text).
    let hasDeferred: UnsafePointer<Bool>
    /// The reachable contexts, by state number (state 0 is the start of text).
    let contexts: [LineBreakContext]
    /// The rule that decided each entry (for diagnostics and tests).
    let ruleNumbers: [String]

    /// The compiled tables, by `LineBreakRuleSet.rawValue`.
    static let all: [LineBreakPairTable] = LineBreakRuleSet.allCases.map { LineBreakPairTable(compiling: $0) }

    /// The compiled table of a rule set.
    @inline(__always)
    static func table(_ set: LineBreakRuleSet) -> LineBreakPairTable { all[set.rawValue] }

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

    init(compiling set: LineBreakRuleSet) {
        var contexts: [LineBreakContext] = [.startOfText]
        var index: [LineBreakContext: Int] = [.startOfText: 0]
        var rows: [[UInt16]] = []
        var rules: [String] = []
        var i = 0
        while i < contexts.count {
            let left = contexts[i]
            var row = [UInt16](repeating: 0, count: Self.columns)
            var rowRules = [String](repeating: "-", count: Self.columns)
            for next in ResolvedLineBreakClass.allCases {
                let (decision, rule, _) = Self.decide(left, next, set)
                let after = Self.transition(left, next, decision, set)
                let state: Int
                if let s = index[after] {
                    state = s
                } else {
                    state = contexts.count
                    index[after] = state
                    contexts.append(after)
                }
                precondition(state < 256, "too many line-break states")
                var entry = UInt16(state)
                switch decision {
                case .prohibited: break
                case .allowed: entry |= Self.allowedBit
                case .mandatory: entry |= Self.allowedBit | Self.mandatoryBit
                case .deferred: entry |= Self.deferBit
                }
                var ruleName = rule
                if left.pendingNumberOpen {
                    // LB25 (PR | PO) × OP NU: a deferred break before OP is cancelled by NU
                    // (and survives combining marks, LB9); anything else makes it a break.
                    let absorbed = after.pendingNumberOpen && decision != .deferred
                    if !absorbed && set.kind(next) != .NU {
                        entry |= Self.emitDeferredBit
                        ruleName += "+LB31(deferred OP)"
                    }
                }
                row[Int(next.rawValue)] = entry
                rowRules[Int(next.rawValue)] = ruleName
            }
            rows.append(row)
            rules.append(contentsOf: rowRules)
            i += 1
        }
        let table = UnsafeMutablePointer<UInt16>.allocate(capacity: rows.count * Self.columns)
        for (s, row) in rows.enumerated() {
            for (c, e) in row.enumerated() { table[s << Self.columnShift | c] = e }
        }
        let deferred = UnsafeMutablePointer<Bool>.allocate(capacity: contexts.count)
        for (s, c) in contexts.enumerated() { deferred[s] = c.pendingNumberOpen }
        self.entries = UnsafePointer(table)
        self.hasDeferred = UnsafePointer(deferred)
        self.contexts = contexts
        self.ruleNumbers = rules
    }
}
