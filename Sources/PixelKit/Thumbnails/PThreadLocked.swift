#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a `pthread_mutex_t`.
///
/// Used instead of `Synchronization.Mutex` where threads hand data to each other: on Linux that
/// type is built on raw futexes, which ThreadSanitizer cannot see, so it reports the guarded
/// accesses as races; pthread mutexes are understood by every sanitizer.
final class PThreadLocked<Value>: @unchecked Sendable {
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value (`pthread_mutex_lock` / `pthread_mutex_unlock`).
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
