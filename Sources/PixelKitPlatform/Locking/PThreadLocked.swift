/// A value guarded by a `pthread_mutex_t`, with `Synchronization.Mutex`'s calling convention.
///
/// The package's modules use this instead of `Synchronization.Mutex`: on Linux that type is built
/// on raw futexes, which ThreadSanitizer cannot see, so it reports the guarded accesses as races
/// (seen in the rotating log's concurrent-writer tests and the thumbnail pipeline). pthread mutexes
/// are understood by every sanitizer, and cost the same when uncontended.
package final class PThreadLocked<Value>: @unchecked Sendable {
    // Inlinable, so that callers in other modules get `withLock` specialised for their value, as
    // they would with a lock of their own (the logger takes it once per record).
    @usableFromInline var value: Value
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Wraps `pthread_mutex_init`; the value is handed over (`sending`), as to `Mutex.init`.
    package init(_ initialValue: sending Value) {
        value = initialValue
        mutex = PThreadMutex.make()
    }

    /// Wraps `pthread_mutex_destroy`.
    deinit { PThreadMutex.free(mutex) }

    /// Runs `body` with exclusive access to the value (`pthread_mutex_lock` / `pthread_mutex_unlock`).
    @inlinable
    package func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
