import NIOPosix
#if canImport(Glibc)
import Glibc
#endif

/// The threads decodes run on, and nothing else: a `TaskExecutor` over a thread pool of its own.
///
/// Decoding is CPU-bound for up to ``ServiceConfiguration/decodeTimeout``; sharing threads with
/// file I/O (`NIOThreadPool.singleton`) or the event loops would make every stored original and
/// thumbnail wait behind the slowest image. A decode runs as a task preferring this executor, so
/// it stays a task: its cancellation (the client went away, the deadline passed) is visible to
/// PixelKit's decode loops through `Task.isCancelled`.
///
/// On Linux the threads run at nice ``niceness``: when decodes and requests compete for the cores,
/// the event loops and file threads (short bursts) win, and decodes take what is left.
public final class DecodeExecutor: TaskExecutor {
    private let threads: NIOThreadPool
    /// The nice value of the decode threads (Linux; higher is lower priority).
    static let niceness: Int32 = 10

    /// An executor with `threadCount` threads (at least 1), started at once.
    public init(threadCount: Int) {
        threads = NIOThreadPool(numberOfThreads: max(1, threadCount))
        threads.start()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        threads.submit { _ in
            Self.lowerThreadPriority()
            job.runSynchronously(on: executor)
        }
    }

    /// Lowers the calling thread's priority (Linux's nice value is per thread; `who` 0 is the
    /// calling thread). Idempotent, and a cheap system call beside a decode.
    private static func lowerThreadPriority() {
        #if os(Linux)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
        #endif
    }

    /// Stops the threads once the decodes on them have finished.
    public func shutdown() async throws {
        try await threads.shutdownGracefully()
    }
}
