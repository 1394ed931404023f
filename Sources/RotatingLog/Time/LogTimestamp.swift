/// A wall-clock instant: whole seconds since 1970-01-01 00:00:00 UTC plus nanoseconds.
public struct LogTimestamp: Sendable, Hashable, Comparable {
    /// Whole seconds since the Unix epoch (may be negative).
    public private(set) var secondsSinceEpoch: Int64
    /// Nanoseconds past `secondsSinceEpoch`, in `0..<1_000_000_000`.
    public private(set) var nanoseconds: Int32

    /// Creates an instant; `nanoseconds` outside `0..<1_000_000_000` carries into the seconds.
    public init(secondsSinceEpoch: Int64, nanoseconds: Int64 = 0) {
        let (carry, remainder) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        let adjust: Int64 = remainder < 0 ? 1 : 0
        self.secondsSinceEpoch = secondsSinceEpoch + carry - adjust
        self.nanoseconds = Int32(remainder + adjust * 1_000_000_000)
    }

    /// The instant `duration` later (earlier when negative).
    public func advanced(by duration: Duration) -> LogTimestamp {
        let parts = duration.components
        return LogTimestamp(
            secondsSinceEpoch: secondsSinceEpoch + parts.seconds,
            nanoseconds: Int64(nanoseconds) + parts.attoseconds / 1_000_000_000)
    }

    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: LogTimestamp, rhs: LogTimestamp) -> Bool {
        (lhs.secondsSinceEpoch, lhs.nanoseconds) < (rhs.secondsSinceEpoch, rhs.nanoseconds)
    }
}
