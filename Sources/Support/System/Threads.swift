#if canImport(Glibc)
import Glibc
#endif

/// Threads of the system (pthreads), started without Foundation's `Thread` or Dispatch.
public enum Threads {
    /// The stack each thread gets: the size Foundation's threads had (8 MB, of which only
    /// the pages used are ever resident); the XML parsers recurse with the documents' depth.
    public static let stackSize = 8 << 20

    /// Starts `body` on a new thread with a stack of `stackSize` bytes that nobody waits
    /// for (`body` runs on the calling thread if the system refuses a thread).
    public static func detach(stackSize: Int = Threads.stackSize, _ body: @escaping @Sendable () -> Void) {
        if let thread = start(stackSize: stackSize, body) { pthread_detach(thread) } else { body() }
    }

    /// Runs `body(0)` … `body(iterations - 1)` on `iterations` threads (the calling thread
    /// takes the first) and returns when every one has.
    public static func concurrentPerform(iterations: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard iterations > 1 else {
            if iterations == 1 { body(0) }
            return
        }
        var started: [pthread_t] = []
        var inline: [Int] = []
        for index in 1..<iterations {
            if let thread = start(stackSize: stackSize, { body(index) }) { started.append(thread) } else { inline.append(index) }
        }
        body(0)
        for index in inline { body(index) }
        for thread in started { pthread_join(thread, nil) }
    }

    /// A new joinable thread running `body`, or nil when the system refuses one.
    private static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> pthread_t? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, &attributes, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        guard result == 0 else {
            Unmanaged<Box>.fromOpaque(box).release()
            return nil
        }
        return thread
    }

    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
