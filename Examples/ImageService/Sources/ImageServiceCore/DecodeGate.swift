import Synchronization

/// Admission to the decode slots: at most `maxRunning` decodes at once, at most `maxWaiting`
/// requests waiting for a slot, each for at most `maxWait`; the rest are turned away at once (503
/// with `Retry-After`), so a burst, or slow images holding every slot, costs bounded memory and
/// bounded latency instead of an ever-growing queue or a connection reset.
public final class DecodeGate: Sendable {
    /// Decodes allowed at once.
    public let maxRunning: Int
    /// Callers allowed to wait for a slot.
    public let maxWaiting: Int
    /// The longest a caller waits for a slot before it is answered 503.
    public let maxWait: Duration
    /// The `Retry-After` sent with a 503, in seconds.
    public let retryAfterSeconds: Int
    private let metrics: ServiceMetrics
    private let state = Mutex(State())

    private struct Waiter {
        var id: UInt64
        var continuation: CheckedContinuation<Void, any Error>
        var timer: Task<Void, Never>
    }

    private struct State {
        var running = 0
        var waiting: [Waiter] = []
        var nextID: UInt64 = 0
        /// Callers that asked but were not yet admitted, queued or refused (see `acquire`).
        var undecided: Set<UInt64> = []
        /// Undecided callers cancelled meanwhile.
        var abandoned: Set<UInt64> = []
    }

    /// A gate for `maxRunning` concurrent decodes (at least 1) and `maxWaiting` waiters.
    public init(maxRunning: Int, maxWaiting: Int, maxWait: Duration = .seconds(10), retryAfterSeconds: Int = 1, metrics: ServiceMetrics) {
        self.maxRunning = max(1, maxRunning)
        self.maxWaiting = max(0, maxWaiting)
        self.maxWait = maxWait
        self.retryAfterSeconds = retryAfterSeconds
        self.metrics = metrics
    }

    /// Takes a slot, waiting in the queue if there is room in it; give it back with ``release()``.
    /// - Throws: ``ServiceError`` 503 when the queue is full or the wait exceeds ``maxWait``;
    ///   `CancellationError` when the task is cancelled while waiting (it leaves the queue).
    public func acquire() async throws {
        let id = state.withLock { state in
            state.nextID += 1
            state.undecided.insert(state.nextID)
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let timer = Task { [maxWait] in
                    guard (try? await Task.sleep(for: maxWait)) != nil else { return }
                    self.leave(id, with: self.busy)
                }
                enum Verdict { case admitted(Int), queued(Int), refused, cancelled }
                let verdict = state.withLock { state -> Verdict in
                    state.undecided.remove(id)
                    if state.abandoned.remove(id) != nil { return .cancelled }
                    if state.running < maxRunning {
                        state.running += 1
                        return .admitted(state.running)
                    }
                    guard state.waiting.count < maxWaiting else { return .refused }
                    state.waiting.append(Waiter(id: id, continuation: continuation, timer: timer))
                    return .queued(state.waiting.count)
                }
                switch verdict {
                case .admitted(let running):
                    timer.cancel()
                    metrics.decodesRunning.record(running)
                    continuation.resume()
                case .queued(let depth):
                    metrics.decodeQueueDepth.record(depth)
                case .refused:
                    timer.cancel()
                    metrics.decodesRejected.increment()
                    continuation.resume(throwing: busy)
                case .cancelled:
                    timer.cancel()
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            leave(id, with: CancellationError())
        }
    }

    /// Gives a slot back, to the longest waiter if any.
    public func release() {
        let (next, load) = state.withLock { state -> (Waiter?, (Int, Int)) in
            if state.waiting.isEmpty {
                state.running -= 1
                return (nil, (state.running, 0))
            }
            // The slot passes to the waiter: `running` is unchanged.
            return (state.waiting.removeFirst(), (state.running, state.waiting.count))
        }
        metrics.decodesRunning.record(load.0)
        metrics.decodeQueueDepth.record(load.1)
        if let next {
            next.timer.cancel()
            next.continuation.resume()
        }
    }

    /// Takes a waiter out of the queue (its wait timed out, or it was cancelled) and resumes it with `error`.
    private func leave(_ id: UInt64, with error: any Error) {
        let (waiter, depth) = state.withLock { state -> (Waiter?, Int) in
            if let index = state.waiting.firstIndex(where: { $0.id == id }) {
                return (state.waiting.remove(at: index), state.waiting.count)
            }
            // Cancelled before it was queued: `acquire` sees this when it decides.
            if state.undecided.contains(id), error is CancellationError { state.abandoned.insert(id) }
            return (nil, state.waiting.count)
        }
        guard let waiter else { return }
        metrics.decodeQueueDepth.record(depth)
        if error is ServiceError { metrics.decodesRejected.increment() }
        waiter.timer.cancel()
        waiter.continuation.resume(throwing: error)
    }

    private var busy: ServiceError {
        .busy(retryAfterSeconds: retryAfterSeconds)
    }

    /// Decodes running and waiting now.
    public var load: (running: Int, waiting: Int) {
        state.withLock { ($0.running, $0.waiting.count) }
    }

    /// Whether every slot is taken and the queue is full: the next request would be turned away.
    public var isFull: Bool {
        state.withLock { $0.running >= maxRunning && $0.waiting.count >= maxWaiting }
    }
}
