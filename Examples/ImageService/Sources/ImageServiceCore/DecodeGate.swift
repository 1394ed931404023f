import NIOPosix

/// Lets at most `maxRunning` decodes run at once, queues at most `maxWaiting` more, and turns
/// away the rest at once (503), so a burst costs bounded memory and bounded latency instead of
/// an ever-growing queue. Decodes run on a thread pool, never on the event loops or the
/// concurrency pool.
public actor DecodeGate {
    /// Decodes allowed at once.
    public let maxRunning: Int
    /// Callers allowed to wait for a slot.
    public let maxWaiting: Int
    /// The `Retry-After` sent with a 503, in seconds.
    public let retryAfterSeconds: Int
    private let threadPool: NIOThreadPool
    private let metrics: ServiceMetrics
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// A gate for `maxRunning` concurrent decodes (at least 1) and `maxWaiting` waiters.
    public init(maxRunning: Int, maxWaiting: Int, retryAfterSeconds: Int = 1, threadPool: NIOThreadPool = .singleton, metrics: ServiceMetrics) {
        self.maxRunning = max(1, maxRunning)
        self.maxWaiting = max(0, maxWaiting)
        self.retryAfterSeconds = retryAfterSeconds
        self.threadPool = threadPool
        self.metrics = metrics
    }

    /// Runs `work` on the thread pool once a slot is free.
    /// - Throws: ``ServiceError`` 503 when the queue is full; whatever `work` throws.
    public nonisolated func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await acquire()
        do {
            let result = try await threadPool.runIfActive(work)
            await release()
            return result
        } catch {
            await release()
            throw error
        }
    }

    /// Takes a slot, waiting in the queue if there is room in it.
    func acquire() async throws(ServiceError) {
        if running < maxRunning {
            running += 1
            metrics.decodesRunning.record(running)
            return
        }
        guard waiting.count < maxWaiting else {
            metrics.decodesRejected.increment()
            throw .busy(retryAfterSeconds: retryAfterSeconds)
        }
        await withCheckedContinuation {
            waiting.append($0)
            metrics.decodeQueueDepth.record(waiting.count)
        }
        // The releasing caller handed its slot over: `running` is unchanged.
    }

    /// Gives a slot back, to the longest waiter if any.
    func release() {
        if waiting.isEmpty {
            running -= 1
            metrics.decodesRunning.record(running)
        } else {
            waiting.removeFirst().resume()
        }
        metrics.decodeQueueDepth.record(waiting.count)
    }

    /// Decodes running and waiting now.
    public var load: (running: Int, waiting: Int) { (running, waiting.count) }
}
