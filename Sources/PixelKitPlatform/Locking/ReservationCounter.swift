/// A count of units (bytes) reserved against a fixed limit, shared by threads: a reservation that
/// does not fit waits (`pthread_cond_wait`) until others are released, one that can never fit is
/// refused at once. Built on a pthread mutex and condition variable, which sanitizers understand.
package final class ReservationCounter: @unchecked Sendable {
    /// The most that may be reserved at once.
    package let limit: Int
    private var reserved = 0
    private var peak = 0
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let released: UnsafeMutablePointer<pthread_cond_t>

    /// Wraps `pthread_mutex_init` and `pthread_cond_init`.
    package init(limit: Int) {
        self.limit = max(0, limit)
        mutex = PThreadMutex.make()
        released = .allocate(capacity: 1)
        released.initialize(to: pthread_cond_t())
        pthread_cond_init(released, nil)
    }

    /// Wraps `pthread_cond_destroy` and `pthread_mutex_destroy`.
    deinit {
        pthread_cond_destroy(released)
        released.deallocate()
        PThreadMutex.free(mutex)
    }

    /// Reserves `units`, waiting while other reservations leave too little room.
    /// - Returns: false, at once, when `units` alone exceed the limit.
    package func reserve(_ units: Int) -> Bool {
        guard units <= limit else { return false }
        guard units > 0 else { return true }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while reserved + units > limit { pthread_cond_wait(released, mutex) }
        reserved += units
        peak = max(peak, reserved)
        return true
    }

    /// Gives back `units` reserved earlier and wakes the waiting reservations.
    package func release(_ units: Int) {
        guard units > 0 else { return }
        pthread_mutex_lock(mutex)
        reserved -= units
        pthread_cond_broadcast(released)
        pthread_mutex_unlock(mutex)
    }

    /// Units reserved now.
    package var current: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return reserved
    }

    /// The most ever reserved at once.
    package var highWaterMark: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return peak
    }
}
