import PixelKitPlatform

/// Where a log file gets the time stamped on each record. Inject ``ManualLogClock`` in tests.
public protocol LogClock: Sendable {
    /// The current wall-clock time.
    func now() -> LogTimestamp
}

/// The system's real-time clock (`clock_gettime(CLOCK_REALTIME)`).
public struct SystemLogClock: LogClock {
    /// Creates the system clock.
    public init() {}

    /// The current wall-clock time from `CLOCK_REALTIME`.
    public func now() -> LogTimestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return LogTimestamp(secondsSinceEpoch: Int64(time.tv_sec), nanoseconds: Int64(time.tv_nsec))
    }
}
