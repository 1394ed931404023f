import Synchronization

/// Runs one piece of work per key at a time and hands its result to every caller that asks for
/// the same key meanwhile: N concurrent requests for a thumbnail not yet made cost one render.
///
/// The work runs in a task of its own, so a caller that is cancelled (its client went away) stops
/// waiting for nobody else; a failure reaches every caller that was waiting for it, and the next
/// caller starts afresh.
final class SingleFlight<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let running = Mutex<[Key: Task<Value, any Error>]>([:])

    /// The result of `work` for `key`, started now unless a call for `key` is already running.
    func value(for key: Key, _ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let task = running.withLock { running in
            if let shared = running[key] { return shared }
            // The task removes itself once done; it cannot get there before this lock is released.
            let task = Task {
                defer { _ = self.running.withLock { $0.removeValue(forKey: key) } }
                return try await work()
            }
            running[key] = task
            return task
        }
        return try await task.value
    }
}
