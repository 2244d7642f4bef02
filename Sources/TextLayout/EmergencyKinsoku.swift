import UnicodeData

/// Which clusters an emergency break (a cut inside a run with no break opportunity) should
/// not leave at the start of a line: closing punctuation and the other characters UAX #14
/// never lets start a line — CL, CP (LB13), EX, IS (LB13), NS (LB21) and closing
/// quotation marks (QU with General_Category Pf, LB19). Kinsoku for `BlockFit.emergencySplit`:
/// `《www.example.com》` at a width that cuts before `》` moves the `m` down with it.
enum EmergencyKinsoku {
    /// Whether the cluster whose first scalar starts at `i` should not start an emergency line.
    @inline(__always)
    static func avoidsLineStart(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Bool {
        let b = p[i]
        // ASCII: ) ] } (CL, CP), ! ? (EX), , . : ; (IS).
        if b < 0x80 { return b == 0x29 || b == 0x5D || b == 0x7D || b == 0x21 || b == 0x2C || b == 0x2E
            || b == 0x3A || b == 0x3B || b == 0x3F }
        switch LineBreakClassTable.shared.resolvedClass(UTF8Scalar.decode(p, i, end).value) {
        case .CL, .CLWide, .CP, .CPWide, .EX, .EXCentered, .IS, .NS, .NSIteration, .NSCentered, .QUFinal: return true
        default: return false
        }
    }
}
