import Synchronization

/// The first of several possible results of a decode (its own, the deadline's, the client's
/// departure), handed to the one request waiting for it. Later results are ignored, so the request
/// can be answered at the deadline even if a decoder that does not poll for interruption goes on.
final class DecodeOutcome<Value: Sendable>: Sendable {
    private enum State {
        case pending(CheckedContinuation<Value, any Error>?)
        case settled(Result<Value, any Error>)
    }
    private let state = Mutex(State.pending(nil))

    /// Settles the outcome, unless it is settled already. Returns whether this call settled it.
    @discardableResult
    func settle(_ result: Result<Value, any Error>) -> Bool {
        let (settled, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Value, any Error>?) in
            guard case .pending(let waiter) = state else { return (false, nil) }
            state = .settled(result)
            return (true, waiter)
        }
        waiter?.resume(with: result)
        return settled
    }

    /// Waits for the outcome (one caller only).
    var value: Value {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                let settled = state.withLock { state -> Result<Value, any Error>? in
                    switch state {
                    case .pending: state = .pending(continuation); return nil
                    case .settled(let result): return result
                    }
                }
                if let settled { continuation.resume(with: settled) }
            }
        }
    }
}
