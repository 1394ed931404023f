import PixelKitPlatform

/// A clock that stands still until told to move, for deterministic tests.
public final class ManualLogClock: LogClock {
    private let current: PThreadLocked<LogTimestamp>

    /// Creates a clock showing `start`.
    public init(start: LogTimestamp) {
        current = PThreadLocked(start)
    }

    /// The time the clock was last set or advanced to.
    public func now() -> LogTimestamp { current.withLock { $0 } }

    /// Moves the clock forward (or back, for a negative duration).
    public func advance(by duration: Duration) {
        current.withLock { $0 = $0.advanced(by: duration) }
    }

    /// Sets the clock to `instant`.
    public func set(to instant: LogTimestamp) {
        current.withLock { $0 = instant }
    }
}
