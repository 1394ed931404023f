/// The moment a decode must be finished by, with the time it was given (for the error message).
///
/// ```swift
/// let options = DecodeOptions(deadline: .after(.seconds(2)))
/// ```
public struct DecodeDeadline: Sendable, Hashable {
    /// The instant past which the decode stops.
    public var instant: ContinuousClock.Instant
    /// The time the decode was given, as named in ``LimitViolation/deadline(timeout:)``.
    public var timeout: Duration

    /// A deadline at `instant`; `timeout` is what error messages name.
    public init(instant: ContinuousClock.Instant, timeout: Duration) {
        self.instant = instant
        self.timeout = timeout
    }

    /// A deadline `timeout` from now.
    public static func after(_ timeout: Duration) -> DecodeDeadline {
        DecodeDeadline(instant: .now.advanced(by: timeout), timeout: timeout)
    }

    /// Whether the deadline has passed.
    public var hasPassed: Bool { ContinuousClock.now >= instant }

    /// `timeout` in words: "2 s", "0.25 s".
    static func describe(_ timeout: Duration) -> String {
        let (seconds, attoseconds) = timeout.components
        if attoseconds == 0 { return "\(seconds) s" }
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }
}
