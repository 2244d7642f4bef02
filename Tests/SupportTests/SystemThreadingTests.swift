import Glibc
import XCTest
@testable import Support

final class SystemThreadingTests: XCTestCase {
    func testConcurrentPerformRunsEveryIterationOnceBeforeReturning() {
        for iterations in [0, 1, 2, 7] {
            let lock = Lock()
            nonisolated(unsafe) var seen: [Int] = []
            Threads.concurrentPerform(iterations: iterations) { index in
                lock.withLock { seen.append(index) }
            }
            XCTAssertEqual(seen.sorted(), Array(0..<iterations))
        }
    }

    func testLockKeepsCountsExact() {
        let lock = Lock()
        nonisolated(unsafe) var count = 0
        Threads.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<10_000 { lock.withLock { count += 1 } }
        }
        XCTAssertEqual(count, 40_000)
    }

    func testDetachedThreadSignalsThroughACondition() {
        let condition = Condition()
        nonisolated(unsafe) var done = false
        nonisolated(unsafe) var ranElsewhere = false
        let caller = pthread_self()
        Threads.detach(stackSize: 16 << 20) {
            condition.withLock {
                ranElsewhere = pthread_equal(pthread_self(), caller) == 0
                done = true
                condition.broadcast()
            }
        }
        condition.lock()
        while !done { condition.wait() }
        condition.unlock()
        XCTAssertTrue(ranElsewhere)
    }

    func testEnvironmentMatchesGetenv() {
        setenv("READER_ENV_TEST", "a=b", 1)
        defer { unsetenv("READER_ENV_TEST") }
        XCTAssertEqual(Environment.value("READER_ENV_TEST"), "a=b")
        XCTAssertEqual(Environment.variables()["READER_ENV_TEST"], "a=b")
        XCTAssertNil(Environment.value("READER_ENV_TEST_UNSET"))
        XCTAssertEqual(Environment.variables()["PATH"], Environment.value("PATH"))
    }
}
