import PixelKitPlatform

/// An ``InteractionClock`` that stands still until ``advance(by:)`` is called (cf. swift-nio's
/// `EmbeddedEventLoop.advanceTime(by:)`), so timing behaviour is tested without waiting or flakiness.
public final class ManualInteractionClock: InteractionClock {
    private let current: PThreadLocked<Duration>

    /// Creates a clock reading `start`.
    public init(start: Duration = .zero) {
        current = PThreadLocked(start)
    }

    /// The time the clock was last set to.
    public var now: Duration { current.withLock { $0 } }

    /// Moves the clock forward by `amount`; negative amounts are ignored so time never runs backwards.
    public func advance(by amount: Duration) {
        guard amount > .zero else { return }
        current.withLock { $0 += amount }
    }
}
