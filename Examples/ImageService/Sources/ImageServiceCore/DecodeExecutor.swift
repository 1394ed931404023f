import NIOPosix

/// The threads decodes run on, and nothing else: a `TaskExecutor` over a thread pool of its own.
///
/// Decoding is CPU-bound for up to ``ServiceConfiguration/decodeTimeout``; sharing threads with
/// file I/O (`NIOThreadPool.singleton`) or the event loops would make every stored original and
/// thumbnail wait behind the slowest image. A decode runs as a task preferring this executor, so
/// it stays a task: its cancellation (the client went away, the deadline passed) is visible to
/// PixelKit's decode loops through `Task.isCancelled`.
public final class DecodeExecutor: TaskExecutor {
    private let threads: NIOThreadPool

    /// An executor with `threadCount` threads (at least 1), started at once.
    public init(threadCount: Int) {
        threads = NIOThreadPool(numberOfThreads: max(1, threadCount))
        threads.start()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        threads.submit { _ in job.runSynchronously(on: executor) }
    }

    /// Stops the threads once the decodes on them have finished.
    public func shutdown() async throws {
        try await threads.shutdownGracefully()
    }
}
