import PixelKitPlatform

/// A frame clock that moves only when told: for tests, simulations, and for apps that push the
/// display link's timestamp into it each frame (``set(to:)``).
public final class ManualFrameClock: FrameClock {
    private let current: PThreadLocked<FrameInstant>

    /// A clock reading `start` (default: 0 s).
    public init(start: FrameInstant = FrameInstant(seconds: 0)) {
        current = PThreadLocked(start)
    }

    /// The instant the clock was last set to.
    public var now: FrameInstant { current.withLock { $0 } }

    /// Moves the clock forward by `seconds` (negative, NaN and infinite amounts are ignored).
    public func advance(by seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        current.withLock { $0 = $0.advanced(by: seconds) }
    }

    /// Sets the clock to `instant` (a display link timestamp, say). Any finite value is accepted;
    /// animations ignore readings that go backwards.
    public func set(to instant: FrameInstant) {
        guard instant.seconds.isFinite else { return }
        current.withLock { $0 = instant }
    }
}
