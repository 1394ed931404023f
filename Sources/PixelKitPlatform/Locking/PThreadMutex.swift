/// A heap-allocated `pthread_mutex_t` with default attributes, for the package's locks: a pthread
/// mutex must not move once initialised, so it never lives inline in a Swift value.
enum PThreadMutex {
    /// Allocates and initialises a mutex (`pthread_mutex_init`).
    static func make() -> UnsafeMutablePointer<pthread_mutex_t> {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        return mutex
    }

    /// Destroys a mutex from ``make()`` and frees it (`pthread_mutex_destroy`).
    static func free(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }
}
