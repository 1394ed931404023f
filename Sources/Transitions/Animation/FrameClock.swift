/// A point on a frame clock's timeline, in seconds from an arbitrary origin (a display link's
/// `timestamp`, `CACurrentMediaTime()`, or a test clock's count). Never wall-clock time.
public struct FrameInstant: Sendable, Hashable, Comparable {
    /// Seconds since the clock's origin.
    public var seconds: Double

    /// An instant `seconds` after the clock's origin.
    public init(seconds: Double) { self.seconds = seconds }

    /// This instant moved by `seconds` (may be negative).
    public func advanced(by seconds: Double) -> FrameInstant { FrameInstant(seconds: self.seconds + seconds) }

    /// Seconds from `other` to `self`.
    public static func - (lhs: FrameInstant, rhs: FrameInstant) -> Double { lhs.seconds - rhs.seconds }

    public static func < (lhs: FrameInstant, rhs: FrameInstant) -> Bool { lhs.seconds < rhs.seconds }
}

/// Where an ``InterruptibleAnimation`` reads the time of the frame being drawn.
///
/// In an app, wrap the display link: set the clock to `CADisplayLink.targetTimestamp` (or
/// `timestamp`) in the callback, then call ``InterruptibleAnimation/update()``. In tests, use
/// ``ManualFrameClock``, which only moves when told (like swift-nio's `EmbeddedEventLoop`).
/// Readings should not go backwards; the animation ignores readings that do, and non-finite ones.
public protocol FrameClock: Sendable {
    /// The current frame's time.
    var now: FrameInstant { get }
}
