/// How strictly lines may be broken in CJK text — the CSS `line-break` property.
///
/// Every style keeps all of UAX #14 that is not about CJK punctuation; they differ only in
/// the tailorings listed in `docs/LINEBREAK.md`. All of them also break Thai, Lao, Khmer
/// and Burmese between words (ICU's dictionary, `DictionaryBreaks`). The untailored UAX #14
/// default (what the Unicode conformance file checks) is `LineBreaks.opportunities(in:)`
/// without a style.
public enum LineBreakStyle: Sendable, Hashable, CaseIterable {
    /// The most restrictive rules (our layout default): CJ (small kana, ー) stays a
    /// nonstarter, so no line starts with closing punctuation, iteration marks, small kana
    /// or prolonged sound marks, and no line ends with an opening bracket.
    case strict
    /// CSS `line-break: normal`: CJ is treated as ID, so a line may start with small kana
    /// or ー; CJK hyphens (〜 ゠ ‐ –) may start a line after CJK text.
    case normal
    /// CSS `line-break: loose`: `normal`, plus a line may start with iteration marks,
    /// centered punctuation (・ ： ； ！ ？ …), ellipses and wide postfix signs (％ ℃),
    /// and may end with a wide prefix sign (￥ ＄) before CJK text.
    case loose
}
