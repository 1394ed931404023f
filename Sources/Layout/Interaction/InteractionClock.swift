/// The time source of ``SideIndexInteraction``: production reads a monotonic clock, tests use
/// ``ManualInteractionClock``, which moves only when told.
public protocol InteractionClock: Sendable {
    /// Time elapsed since a fixed, arbitrary origin; never decreases.
    var now: Duration { get }
}

/// An ``InteractionClock`` backed by `ContinuousClock`, with its origin at creation.
public struct ContinuousInteractionClock: InteractionClock {
    private let origin: ContinuousClock.Instant

    /// Creates a clock reading zero now.
    public init() {
        origin = ContinuousClock.now
    }

    /// Time since the clock was created.
    public var now: Duration { origin.duration(to: ContinuousClock.now) }
}
