import Glibc
import Support
import XCTest
@testable import ReaderApp

/// The reading path's replacements of `DispatchGroup` (`BackgroundWork`) and of a serial
/// `DispatchQueue` (`SerialWorker`).
final class BackgroundThreadsTests: XCTestCase {
    final class Box: @unchecked Sendable {
        let lock = Lock()
        var values: [Int] = []
        var running = 0, mostRunning = 0
    }

    func testWaitReturnsOnceEveryPieceOfWorkHasLeft() {
        let work = BackgroundWork(), box = Box()
        work.wait()   // nothing running: at once
        for i in 0..<8 {
            work.enter()
            Threads.detach {
                usleep(UInt32(1_000 * (8 - i)))
                box.lock.withLock { box.values.append(i) }
                work.leave()
            }
        }
        work.wait()
        XCTAssertEqual(box.lock.withLock { box.values.sorted() }, Array(0..<8))
    }

    func testWorkRunsInOrderOneAtATime() {
        let worker = SerialWorker(), box = Box(), done = BackgroundWork()
        for i in 0..<50 {
            done.enter()
            worker.async {
                box.lock.withLock { box.running += 1; box.mostRunning = max(box.mostRunning, box.running) }
                if i % 10 == 0 { usleep(2_000) }
                box.lock.withLock { box.running -= 1; box.values.append(i) }
                done.leave()
            }
            if i == 25 { usleep(20_000) }   // the thread may have ended: a new one starts
        }
        done.wait()
        box.lock.withLock {
            XCTAssertEqual(box.values, Array(0..<50))
            XCTAssertEqual(box.mostRunning, 1)
        }
    }
}
