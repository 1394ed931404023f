import PixelKitPlatform

/// One load or decode shared by every request that wants it. Each request joins as a waiter;
/// a waiter's cancellation returns `.cancelled` to that waiter at once, and the work itself is
/// cancelled only when every waiter has been cancelled. The priority is the highest among the
/// waiters that joined.
final class SharedWork<Value: Sendable>: Sendable {
    typealias Outcome = Result<Value, ImagePipelineError>

    private struct State {
        var priority: ImageRequestPriority
        var nextWaiter = 0
        /// Waiters that joined and were not cancelled.
        var members: Set<Int> = []
        /// Members waiting now.
        var continuations: [Int: CheckedContinuation<Outcome, Never>] = [:]
        /// Waiters cancelled before they began waiting.
        var cancelledEarly: Set<Int> = []
        var outcome: Outcome?
        var abandoned = false
        var task: Task<Void, Never>?
    }

    private let state: PThreadLocked<State>
    /// This work's place in its gate's queue.
    let ticket: Int
    /// Called once when the work finished or was abandoned (to leave the pipeline's registry).
    private let onEnd: @Sendable (SharedWork<Value>) -> Void
    /// Called when a new waiter raises the priority.
    private let onRaise: @Sendable (ImageRequestPriority) -> Void

    init(
        priority: ImageRequestPriority, ticket: Int, onEnd: @escaping @Sendable (SharedWork<Value>) -> Void,
        onRaise: @escaping @Sendable (ImageRequestPriority) -> Void
    ) {
        state = PThreadLocked(State(priority: priority))
        self.ticket = ticket
        self.onEnd = onEnd
        self.onRaise = onRaise
    }

    /// The highest priority among the waiters that joined.
    var priority: ImageRequestPriority { state.withLock { $0.priority } }

    /// Starts the work; call once, after the first ``join(priority:)``.
    func start(_ operation: @escaping @Sendable (SharedWork<Value>) async -> Outcome) {
        let taskPriority: TaskPriority = priority == .userVisible ? .high : .low
        let task = Task(priority: taskPriority) { [self] in
            let outcome = await operation(self)
            finish(outcome)
        }
        let cancelNow = state.withLock { state -> Bool in
            state.task = task
            return state.abandoned
        }
        if cancelNow { task.cancel() }
    }

    /// Joins as a waiter, returning its number, or nil if the work was abandoned (start a new one).
    func join(priority: ImageRequestPriority) -> Int? {
        let (waiter, raised) = state.withLock { state -> (Int?, Bool) in
            guard !state.abandoned else { return (nil, false) }
            state.nextWaiter += 1
            state.members.insert(state.nextWaiter)
            let raised = priority > state.priority
            if raised { state.priority = priority }
            return (state.nextWaiter, raised)
        }
        if raised { onRaise(priority) }
        return waiter
    }

    /// Raises the priority without joining (a preparation passing its new priority on to its load).
    func raise(to priority: ImageRequestPriority) {
        let raised = state.withLock { state -> Bool in
            guard priority > state.priority, state.outcome == nil else { return false }
            state.priority = priority
            return true
        }
        if raised { onRaise(priority) }
    }

    /// The work's outcome for waiter `waiter`, or `.cancelled` as soon as the calling task is cancelled.
    func wait(_ waiter: Int) async -> Outcome {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let immediate = state.withLock { state -> Outcome? in
                    if state.cancelledEarly.remove(waiter) != nil { return .failure(.cancelled) }
                    if let outcome = state.outcome { return outcome }
                    state.continuations[waiter] = continuation
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            leave(waiter)
        }
    }

    /// Withdraws a cancelled waiter; the last one to leave cancels the work.
    private func leave(_ waiter: Int) {
        let (continuation, task, abandon) = state.withLock { state -> (CheckedContinuation<Outcome, Never>?, Task<Void, Never>?, Bool) in
            guard state.outcome == nil, state.members.remove(waiter) != nil else { return (nil, nil, false) }
            let continuation = state.continuations.removeValue(forKey: waiter)
            if continuation == nil { state.cancelledEarly.insert(waiter) }
            let abandon = state.members.isEmpty
            if abandon { state.abandoned = true }
            return (continuation, state.task, abandon)
        }
        continuation?.resume(returning: .failure(.cancelled))
        if abandon {
            task?.cancel()
            onEnd(self)
        }
    }

    private func finish(_ outcome: Outcome) {
        let (continuations, wasAbandoned) = state.withLock { state -> ([CheckedContinuation<Outcome, Never>], Bool) in
            state.outcome = outcome
            let waiting = Array(state.continuations.values)
            state.continuations.removeAll()
            return (waiting, state.abandoned)
        }
        for continuation in continuations { continuation.resume(returning: outcome) }
        if !wasAbandoned { onEnd(self) }
    }
}
