import XCTest
import Support
import TestSupport

final class PartitioningIndexTests: XCTestCase {
    func testEdges() {
        let a = [1, 3, 3, 5, 8]
        XCTAssertEqual(a.partitioningIndex { $0 >= 3 }, 1, "lower bound")
        XCTAssertEqual(a.partitioningIndex { $0 > 3 }, 3, "upper bound")
        XCTAssertEqual(a.partitioningIndex { $0 >= 1 }, 0, "all true")
        XCTAssertEqual(a.partitioningIndex { $0 > 8 }, a.endIndex, "all false")
        XCTAssertEqual(a.partitioningIndex { $0 >= 8 }, 4, "only the last")
    }

    func testEmpty() {
        XCTAssertEqual([Int]().partitioningIndex { _ in true }, 0)
        XCTAssertEqual([Int]().partitioningIndex { _ in false }, 0)
        XCTAssertEqual((5..<5).partitioningIndex { _ in true }, 5)
    }

    func testSingleElement() {
        XCTAssertEqual([7].partitioningIndex { $0 >= 7 }, 0)
        XCTAssertEqual([7].partitioningIndex { $0 > 7 }, 1)
    }

    func testNonZeroBasedIndices() {
        let a = Array(0..<100)
        let slice = a[40..<60]
        XCTAssertEqual(slice.partitioningIndex { $0 >= 50 }, 50)
        XCTAssertEqual(slice.partitioningIndex { $0 >= 0 }, 40)
        XCTAssertEqual(slice.partitioningIndex { $0 >= 99 }, 60)
        XCTAssertEqual((10..<20).partitioningIndex { $0 * $0 > 200 }, 15)
    }

    func testAgainstALinearScan() {
        var rng = SplitMix64(state: 99)
        for n in 0..<70 {
            let sorted = (0..<n).map { _ in Int(rng.next() % 20) }.sorted()
            for x in -1...21 {
                XCTAssertEqual(sorted.partitioningIndex { $0 >= x }, sorted.firstIndex { $0 >= x } ?? n, "n \(n) x \(x)")
                XCTAssertEqual(sorted.partitioningIndex { $0 > x }, sorted.firstIndex { $0 > x } ?? n, "n \(n) x \(x)")
            }
        }
    }

    func testCallsThePredicateLogarithmically() {
        var calls = 0
        _ = Array(0..<1_000_000).partitioningIndex { calls += 1; return $0 >= 765_432 }
        XCTAssertLessThanOrEqual(calls, 21)
    }
}
