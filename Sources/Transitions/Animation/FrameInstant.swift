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

    /// Earlier instants compare less.
    public static func < (lhs: FrameInstant, rhs: FrameInstant) -> Bool { lhs.seconds < rhs.seconds }
}
