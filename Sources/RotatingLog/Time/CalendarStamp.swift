#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders `MMM d, HH:mm:ss.SSS` (e.g. `Nov 22, 09:05:03.042`) from `localtime_r`/`gmtime_r`:
/// English month names whatever the locale, milliseconds truncated, no allocation of a formatter.
enum CalendarStamp {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func append(_ instant: LogTimestamp, utc: Bool, to out: inout String) {
        var seconds = time_t(instant.secondsSinceEpoch)
        var fields = tm()
        if utc { gmtime_r(&seconds, &fields) } else { localtime_r(&seconds, &fields) }
        out += months[Int(fields.tm_mon).clamped(to: 0...11)]
        out += " "
        out += String(fields.tm_mday)
        out += ", "
        appendPadded(Int(fields.tm_hour), width: 2, to: &out)
        out += ":"
        appendPadded(Int(fields.tm_min), width: 2, to: &out)
        out += ":"
        appendPadded(Int(fields.tm_sec), width: 2, to: &out)
        out += "."
        appendPadded(Int(instant.nanoseconds / 1_000_000), width: 3, to: &out)
    }

    private static func appendPadded(_ value: Int, width: Int, to out: inout String) {
        let digits = String(value)
        if digits.utf8.count < width { out += String(repeating: "0", count: width - digits.utf8.count) }
        out += digits
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}
