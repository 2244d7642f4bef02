import UnicodeData

/// The left side of a position as the rules see it.
struct LineBreakLeft {
    /// The automaton state.
    let context: LineBreakContext
    /// The rule set (it decides which UAX #14 class a resolved class plays).
    let set: LineBreakRuleSet

    /// Start of text (LB2).
    var isStartOfText: Bool { context.base == nil }
    /// Class of the character just before the position, after LB9/LB10 (SP if spaces follow
    /// the remembered base); nil at the start of text.
    var last: LineBreakClass? { context.spaces ? .SP : context.base.map(set.kind) }
    /// Resolved class of the character just before the position (SP if spaces follow).
    var lastResolved: ResolvedLineBreakClass? { context.spaces ? .SP : context.base }
    /// Class before any run of spaces, for the `X SP* ×` rules (LB8, LB14–LB17).
    var beforeSpaces: LineBreakClass? { context.base.map(set.kind) }
}

/// The character after a position as the rules see it (LB10 may rewrite it).
struct LineBreakNext {
    /// Its resolved class.
    var resolved: ResolvedLineBreakClass
    /// The UAX #14 class it plays in the current rule set.
    var kind: LineBreakClass
}

/// One rule of UAX #14 (or of a CSS tailoring), written close to the specification's
/// wording. Rules are tried in order; the first that returns a decision wins.
struct LineBreakRule {
    /// The rule number in UAX #14 (`LB21a`) or the tailoring's name.
    let number: String
    /// The rule sets the rule belongs to.
    let sets: Set<LineBreakRuleSet>
    /// The rule: a decision, or nil when it does not apply. It may rewrite the next class (LB10).
    let apply: (LineBreakLeft, inout LineBreakNext) -> LineBreakDecision?

    init(_ number: String, _ sets: Set<LineBreakRuleSet> = Set(LineBreakRuleSet.allCases),
         _ apply: @escaping (LineBreakLeft, inout LineBreakNext) -> LineBreakDecision?) {
        self.number = number
        self.sets = sets
        self.apply = apply
    }
}

/// Letters of CJK scripts: the context in which the CSS tailorings relax a rule.
private func isCJKLetter(_ left: LineBreakLeft) -> Bool {
    guard let r = left.lastResolved else { return false }
    if r == .CJ { return true }
    switch left.set.kind(r) {
    case .ID, .H2, .H3, .JL, .JV, .JT: return true
    default: return false
    }
}

/// East Asian (wide) characters around quotation marks (the QU tailoring, after Unicode 16's LB19a).
private func isEastAsian(_ r: ResolvedLineBreakClass, _ set: LineBreakRuleSet) -> Bool {
    switch r {
    case .CJ, .OPWide, .CPWide, .CLWide, .NS, .NSIteration, .NSHyphen, .NSCentered, .EXCentered: return true
    default:
        switch set.kind(r) {
        case .ID, .H2, .H3, .JL, .JV, .JT: return true
        default: return false
        }
    }
}

/// UAX #14 rules LB2…LB31 (Unicode 15.0) in order, with the CSS `line-break` tailorings
/// inserted where they override the default.
let lineBreakRules: [LineBreakRule] = [
    // LB2: Never break at the start of text.  sot ×
    LineBreakRule("LB2") { l, _ in l.isStartOfText ? .prohibited : nil },
    // LB4: Always break after hard line breaks.  BK !
    LineBreakRule("LB4") { l, _ in l.last == .BK ? .mandatory : nil },
    // LB5: Treat CR followed by LF, as well as CR, LF, and NL as hard line breaks.
    //      CR × LF;  CR !;  LF !;  NL !
    LineBreakRule("LB5") { l, n in
        if l.last == .CR && n.kind == .LF { return .prohibited }
        if l.last == .CR || l.last == .LF || l.last == .NL { return .mandatory }
        return nil
    },
    // LB6: Do not break before hard line breaks.  × ( BK | CR | LF | NL )
    LineBreakRule("LB6") { _, n in [.BK, .CR, .LF, .NL].contains(n.kind) ? .prohibited : nil },
    // LB7: Do not break before spaces or zero width space.  × SP;  × ZW
    LineBreakRule("LB7") { _, n in n.kind == .SP || n.kind == .ZW ? .prohibited : nil },
    // LB8: Break before any character following a zero-width space, even if one or more
    //      spaces intervene.  ZW SP* ÷
    LineBreakRule("LB8") { l, _ in l.beforeSpaces == .ZW ? .allowed : nil },
    // LB8a: Do not break after a zero width joiner.  ZWJ ×
    LineBreakRule("LB8a") { l, _ in l.context.zwj ? .prohibited : nil },
    // LB9: Do not break a combining character sequence; treat it as if it has the line
    //      breaking class of the base character.  X (CM | ZWJ)* → X, X ∉ {BK CR LF NL SP ZW}
    LineBreakRule("LB9") { l, n in
        guard n.kind == .CM || n.kind == .ZWJ, let last = l.last else { return nil }
        return [.BK, .CR, .LF, .NL, .SP, .ZW].contains(last) ? nil : .prohibited
    },
    // LB10: Treat any remaining combining mark or ZWJ as AL.
    LineBreakRule("LB10") { _, n in
        if n.kind == .CM || n.kind == .ZWJ { n = LineBreakNext(resolved: .AL, kind: .AL) }
        return nil
    },
    // LB11: Do not break before or after Word joiner.  × WJ;  WJ ×
    LineBreakRule("LB11") { l, n in n.kind == .WJ || l.last == .WJ ? .prohibited : nil },
    // LB12: Do not break after NBSP and related characters.  GL ×
    LineBreakRule("LB12") { l, _ in l.last == .GL ? .prohibited : nil },
    // LB12a: Do not break before NBSP and related characters, except after spaces and
    //        hyphens.  [^SP BA HY] × GL
    LineBreakRule("LB12a") { l, n in
        guard n.kind == .GL, let last = l.last else { return nil }
        return [.SP, .BA, .HY].contains(last) ? nil : .prohibited
    },
    // CSS line-break normal/loose: breaks before CJK hyphens 〜 ゠ ‐ – are allowed after CJK.
    LineBreakRule("CSS-normal-hyphens", [.normal, .loose]) { l, n in
        isCJKLetter(l) && (n.resolved == .NSHyphen || n.resolved == .BAHyphen) ? .allowed : nil
    },
    // CSS line-break loose: breaks before iteration marks, centered punctuation and wide
    // postfix signs are allowed after CJK.
    LineBreakRule("CSS-loose-nonstarters", [.loose]) { l, n in
        isCJKLetter(l) && [.NSIteration, .NSCentered, .EXCentered, .POWide].contains(n.resolved) ? .allowed : nil
    },
    // CSS line-break loose: breaks between inseparable characters ‥ … are allowed (after CJK).
    LineBreakRule("CSS-loose-inseparables", [.loose]) { l, n in
        n.resolved == .INEllipsis && (isCJKLetter(l) || l.lastResolved == .INEllipsis) ? .allowed : nil
    },
    // CSS line-break loose: breaks after wide prefix signs ￥ ＄ № are allowed before CJK.
    LineBreakRule("CSS-loose-prefixes", [.loose]) { l, n in
        guard l.lastResolved == .PRWide else { return nil }
        return [.ID, .H2, .H3, .JL, .JV, .JT].contains(n.kind) || n.resolved == .CJ ? .allowed : nil
    },
    // LB13: Do not break before ‘]’ or ‘!’ or ‘;’ or ‘/’, even after spaces.
    //       × CL;  × CP;  × EX;  × IS;  × SY
    LineBreakRule("LB13") { _, n in [.CL, .CP, .EX, .IS, .SY].contains(n.kind) ? .prohibited : nil },
    // LB14: Do not break after ‘[’, even after spaces.  OP SP* ×
    LineBreakRule("LB14") { l, _ in l.beforeSpaces == .OP ? .prohibited : nil },
    // LB15: Do not break within ‘”[’, even with intervening spaces.  QU SP* × OP
    LineBreakRule("LB15") { l, n in l.beforeSpaces == .QU && n.kind == .OP ? .prohibited : nil },
    // LB16: Do not break between closing punctuation and a nonstarter, even with
    //       intervening spaces.  (CL | CP) SP* × NS
    LineBreakRule("LB16") { l, n in
        (l.beforeSpaces == .CL || l.beforeSpaces == .CP) && n.kind == .NS ? .prohibited : nil
    },
    // LB17: Do not break within ‘——’, even with intervening spaces.  B2 SP* × B2
    LineBreakRule("LB17") { l, n in l.beforeSpaces == .B2 && n.kind == .B2 ? .prohibited : nil },
    // LB18: Break after spaces.  SP ÷
    LineBreakRule("LB18") { l, _ in l.last == .SP ? .allowed : nil },
    // LB19: Do not break before or after quotation marks.  × QU;  QU ×
    LineBreakRule("LB19", [.uax14]) { l, n in n.kind == .QU || l.last == .QU ? .prohibited : nil },
    // LB19 with the QU tailoring (all CSS styles; LB19/LB19a of Unicode 15.1 and 16.0 in spirit): an
    // opening quotation mark (Pi) may start a line after East Asian text, and a line may
    // end after a closing quotation mark (Pf) before East Asian text.  Only LB19 is relaxed:
    // where the exception applies the rule does not decide, so the later rules still hold
    // (LB21 × NS keeps ”； together, LB22 × IN keeps ”…; LB13 already kept ”。 and ”！).
    //   × QU;  QU ×  except  EastAsian ÷ QU(Pi);  QU(Pf) ÷ EastAsian
    LineBreakRule("LB19-CSS-quotes", [.strict, .normal, .loose]) { l, n in
        guard n.kind == .QU || l.last == .QU else { return nil }
        if n.resolved == .QUInitial, let r = l.lastResolved, isEastAsian(r, l.set) { return nil }
        if l.lastResolved == .QUFinal && isEastAsian(n.resolved, l.set) { return nil }
        return .prohibited
    },
    // LB20: Break before and after unresolved CB.  ÷ CB;  CB ÷
    LineBreakRule("LB20") { l, n in n.kind == .CB || l.last == .CB ? .allowed : nil },
    // LB21: Do not break before hyphen-minus, other hyphens, fixed-width spaces, small
    //       kana, and other non-starters, or after acute accents.  × BA;  × HY;  × NS;  BB ×
    LineBreakRule("LB21") { l, n in
        [.BA, .HY, .NS].contains(n.kind) || l.last == .BB ? .prohibited : nil
    },
    // LB21a: Don't break after Hebrew + Hyphen.  HL (HY | BA) ×
    LineBreakRule("LB21a") { l, _ in l.context.hebrewHyphen && !l.context.spaces ? .prohibited : nil },
    // LB21b: Don’t break between Solidus and Hebrew letters.  SY × HL
    LineBreakRule("LB21b") { l, n in l.last == .SY && n.kind == .HL ? .prohibited : nil },
    // LB22: Do not break before ellipses.  × IN
    LineBreakRule("LB22") { _, n in n.kind == .IN ? .prohibited : nil },
    // LB23: Do not break between digits and letters.  (AL | HL) × NU;  NU × (AL | HL)
    LineBreakRule("LB23") { l, n in
        if (l.last == .AL || l.last == .HL) && n.kind == .NU { return .prohibited }
        if l.last == .NU && (n.kind == .AL || n.kind == .HL) { return .prohibited }
        return nil
    },
    // LB23a: Do not break between numeric prefixes and ideographs, or between ideographs
    //        and numeric postfixes.  PR × (ID | EB | EM);  (ID | EB | EM) × PO
    LineBreakRule("LB23a") { l, n in
        if l.last == .PR && [.ID, .EB, .EM].contains(n.kind) { return .prohibited }
        if let last = l.last, [.ID, .EB, .EM].contains(last) && n.kind == .PO { return .prohibited }
        return nil
    },
    // LB24: Do not break between numeric prefix/postfix and letters, or between letters
    //       and prefix/postfix.  (PR | PO) × (AL | HL);  (AL | HL) × (PR | PO)
    LineBreakRule("LB24") { l, n in
        if (l.last == .PR || l.last == .PO) && (n.kind == .AL || n.kind == .HL) { return .prohibited }
        if (l.last == .AL || l.last == .HL) && (n.kind == .PR || n.kind == .PO) { return .prohibited }
        return nil
    },
    // LB25: Do not break between the following pairs of classes relevant to numbers —
    //       as the regular expression of UAX #14 Example 7, which LineBreakTest.txt uses:
    //       (PR | PO) × (OP | HY)? NU;  (OP | HY) × NU;  NU × (NU | SY | IS);
    //       NU (NU | SY | IS)* × (NU | SY | IS | CL | CP);
    //       NU (NU | SY | IS)* (CL | CP)? × (PO | PR)
    LineBreakRule("LB25") { l, n in
        let number = l.context.spaces ? .none : l.context.number
        if number == .digits && [.NU, .SY, .IS, .CL, .CP].contains(n.kind) { return .prohibited }
        if number != .none && (n.kind == .PO || n.kind == .PR) { return .prohibited }
        if (l.last == .PR || l.last == .PO) && n.kind == .NU { return .prohibited }
        if (l.last == .PR || l.last == .PO) && n.kind == .OP { return .deferred }   // × only if NU follows
        if (l.last == .OP || l.last == .HY) && n.kind == .NU { return .prohibited }
        return nil
    },
    // LB26: Do not break a Korean syllable.  JL × (JL | JV | H2 | H3);
    //       (JV | H2) × (JV | JT);  (JT | H3) × JT
    LineBreakRule("LB26") { l, n in
        if l.last == .JL && [.JL, .JV, .H2, .H3].contains(n.kind) { return .prohibited }
        if (l.last == .JV || l.last == .H2) && (n.kind == .JV || n.kind == .JT) { return .prohibited }
        if (l.last == .JT || l.last == .H3) && n.kind == .JT { return .prohibited }
        return nil
    },
    // LB27: Treat a Korean Syllable Block the same as ID.
    //       (JL | JV | JT | H2 | H3) × PO;  PR × (JL | JV | JT | H2 | H3)
    LineBreakRule("LB27") { l, n in
        let korean: [LineBreakClass] = [.JL, .JV, .JT, .H2, .H3]
        if let last = l.last, korean.contains(last) && n.kind == .PO { return .prohibited }
        if l.last == .PR && korean.contains(n.kind) { return .prohibited }
        return nil
    },
    // LB28: Do not break between alphabetics (“at”).  (AL | HL) × (AL | HL)
    LineBreakRule("LB28") { l, n in
        (l.last == .AL || l.last == .HL) && (n.kind == .AL || n.kind == .HL) ? .prohibited : nil
    },
    // LB29: Do not break between numeric punctuation and alphabetics (“e.g.”).  IS × (AL | HL)
    LineBreakRule("LB29") { l, n in l.last == .IS && (n.kind == .AL || n.kind == .HL) ? .prohibited : nil },
    // LB30: Do not break between letters, numbers, or ordinary symbols and opening or
    //       closing parentheses.  (AL | HL | NU) × [OP - EastAsianFWH];
    //       [CP - EastAsianFWH] × (AL | HL | NU)
    LineBreakRule("LB30") { l, n in
        if let last = l.last, [.AL, .HL, .NU].contains(last) && n.resolved == .OP { return .prohibited }
        if l.lastResolved == .CP && [.AL, .HL, .NU].contains(n.kind) { return .prohibited }
        return nil
    },
    // LB30a: Break between two regional indicator symbols if and only if there are an even
    //        number of regional indicators preceding the position of the break.
    //        sot (RI RI)* RI × RI;  [^RI] (RI RI)* RI × RI
    LineBreakRule("LB30a") { l, n in
        l.last == .RI && n.kind == .RI && l.context.riOdd ? .prohibited : nil
    },
    // LB30b: Do not break between an emoji base (or potential emoji) and an emoji modifier.
    //        EB × EM;  [\p{Extended_Pictographic}&\p{Cn}] × EM
    LineBreakRule("LB30b") { l, n in
        if l.last == .EB && n.kind == .EM { return .prohibited }
        if l.lastResolved == .IDUnassignedPictographic && n.kind == .EM { return .prohibited }
        return nil
    },
    // LB31: Break everywhere else.  ALL ÷;  ÷ ALL
    LineBreakRule("LB31") { _, _ in .allowed },
]
