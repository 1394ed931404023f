import PixelKitPlatform

/// Admits at most `limit` pieces of work at once; the others wait, highest priority first, then in
/// arrival order. A waiter's priority can be raised while it waits (a user-visible request joining
/// work a prefetch started), and a cancelled waiter leaves the queue at once.
final class PriorityGate: Sendable {
    private struct Waiter {
        var priority: ImageRequestPriority
        var arrival: Int
        var continuation: CheckedContinuation<Bool, Never>?
    }

    private struct State {
        var limit: Int
        var running = 0
        var arrivals = 0
        var waiting: [Int: Waiter] = [:]
        var cancelled: Set<Int> = []
    }

    private let state: PThreadLocked<State>
    private let tickets = PThreadLocked(0)

    init(limit: Int) {
        state = PThreadLocked(State(limit: max(1, limit)))
    }

    /// A number identifying one piece of work's place in the queue.
    func makeTicket() -> Int {
        tickets.withLock { ticket in
            ticket += 1
            return ticket
        }
    }

    /// Waits for a slot. - Throws: ``ImagePipelineError/cancelled`` when the task is cancelled first (no slot is then held).
    func enter(ticket: Int, priority: ImageRequestPriority) async throws(ImagePipelineError) {
        let admitted = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let immediate: Bool? = state.withLock { state in
                    if state.cancelled.remove(ticket) != nil { return false }
                    if state.running < state.limit && state.waiting.isEmpty {
                        state.running += 1
                        return true
                    }
                    state.arrivals += 1
                    if var waiter = state.waiting[ticket] {
                        waiter.continuation = continuation
                        state.waiting[ticket] = waiter
                    } else {
                        state.waiting[ticket] = Waiter(priority: priority, arrival: state.arrivals, continuation: continuation)
                    }
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                guard let waiter = state.waiting.removeValue(forKey: ticket) else {
                    state.cancelled.insert(ticket)
                    return nil
                }
                return waiter.continuation
            }
            continuation?.resume(returning: false)
        }
        if !admitted { throw .cancelled }
        // Cancelled just as a slot was handed over: pass it on.
        if Task.isCancelled {
            leave()
            throw .cancelled
        }
    }

    /// Gives the slot to the first waiter, or frees it.
    func leave() {
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            let ready = state.waiting.filter { $0.value.continuation != nil }
            guard let (ticket, _) = ready.max(by: { lhs, rhs in
                lhs.value.priority != rhs.value.priority ? lhs.value.priority < rhs.value.priority : lhs.value.arrival > rhs.value.arrival
            }) else {
                state.running -= 1
                return nil
            }
            return state.waiting.removeValue(forKey: ticket)?.continuation
        }
        next?.resume(returning: true)
    }

    /// How many pieces of work wait for a slot now.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Raises a waiting ticket's priority (no effect on running or unknown tickets, or to lower it).
    func raise(ticket: Int, to priority: ImageRequestPriority) {
        state.withLock { state in
            if let waiter = state.waiting[ticket], waiter.priority < priority { state.waiting[ticket]?.priority = priority }
        }
    }
}
