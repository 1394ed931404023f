import Synchronization

/// Whether a connection's client has gone away (closed the connection, or shut down its side),
/// and what to do when it does: cancel the decode done for it. One per connection; HTTP/1.1
/// handles one request at a time, so one action at a time.
public final class ClientDeparture: Sendable {
    private struct State {
        var departed = false
        var action: (@Sendable () -> Void)?
    }
    private let state = Mutex(State())

    public init() {}

    /// Marks the client gone and runs the action, if any.
    func depart() {
        let action = state.withLock { state -> (@Sendable () -> Void)? in
            state.departed = true
            defer { state.action = nil }
            return state.action
        }
        action?()
    }

    /// Runs `action` when the client goes away, or now if it has.
    func onDeparture(_ action: @escaping @Sendable () -> Void) {
        let departed = state.withLock { state in
            if !state.departed { state.action = action }
            return state.departed
        }
        if departed { action() }
    }

    /// Forgets the action (the request is answered).
    func clearAction() {
        state.withLock { $0.action = nil }
    }

    /// Whether a decode waits to be told of the client's departure (its action is set).
    var isAwaitingDecode: Bool {
        state.withLock { $0.action != nil }
    }

    /// Whether the client has gone away.
    var hasDeparted: Bool {
        state.withLock { $0.departed }
    }
}
