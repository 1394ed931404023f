import PixelKitPlatform


/// Renders `MMM d, HH:mm:ss.SSS` (e.g. `Nov 22, 09:05:03.042`) from `localtime_r`/`gmtime_r`:
/// English month names whatever the locale, milliseconds truncated.
///
/// The `MMM d, HH:mm:ss.` part only changes once a second, so it is computed once per second and
/// reused; only the milliseconds are written per record. Thread-safe (a shared formatter is the point).
final class CalendarStamp: Sendable {
    private struct CachedSecond {
        var secondsSinceEpoch: Int64
        var utc: Bool
        var prefix: [UInt8]
    }

    private static let months: [[UInt8]] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ].map { Array($0.utf8) }

    private let cached = PThreadLocked<CachedSecond?>(nil)

    /// Appends the timestamp's text to `bytes`.
    func append(_ instant: LogTimestamp, utc: Bool, to bytes: inout [UInt8]) {
        let reused = cached.withLock { entry -> Bool in
            guard let entry, entry.secondsSinceEpoch == instant.secondsSinceEpoch, entry.utc == utc else { return false }
            bytes.append(contentsOf: entry.prefix)
            return true
        }
        if !reused {
            let prefix = Self.secondPrefix(instant.secondsSinceEpoch, utc: utc)
            bytes.append(contentsOf: prefix)
            cached.withLock { $0 = CachedSecond(secondsSinceEpoch: instant.secondsSinceEpoch, utc: utc, prefix: prefix) }
        }
        DecimalDigits.append(instant.nanoseconds / 1_000_000, width: 3, to: &bytes)
    }

    /// `MMM d, HH:mm:ss.` for one second.
    private static func secondPrefix(_ secondsSinceEpoch: Int64, utc: Bool) -> [UInt8] {
        var seconds = time_t(truncatingIfNeeded: secondsSinceEpoch)
        var fields = tm()
        if utc { gmtime_r(&seconds, &fields) } else { localtime_r(&seconds, &fields) }
        var prefix: [UInt8] = []
        prefix.reserveCapacity(16)
        prefix.append(contentsOf: months[Int(fields.tm_mon).clamped(to: 0...11)])
        prefix.append(UInt8(ascii: " "))
        DecimalDigits.append(fields.tm_mday, to: &prefix)
        prefix.append(UInt8(ascii: ","))
        prefix.append(UInt8(ascii: " "))
        DecimalDigits.append(fields.tm_hour, width: 2, to: &prefix)
        prefix.append(UInt8(ascii: ":"))
        DecimalDigits.append(fields.tm_min, width: 2, to: &prefix)
        prefix.append(UInt8(ascii: ":"))
        DecimalDigits.append(fields.tm_sec, width: 2, to: &prefix)
        prefix.append(UInt8(ascii: "."))
        return prefix
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}
