import Foundation

/// Figures in the units a person reads: "80.8 ms", not "80797973.0 ns".
enum HumanUnits {
    /// A duration given in nanoseconds, in ns, µs, ms or s with three significant digits.
    static func duration(nanoseconds value: Double) -> String {
        guard value.isFinite else { return "-" }
        let magnitude = abs(value)
        if magnitude < 1e3 { return significant(value) + " ns" }
        if magnitude < 1e6 { return significant(value / 1e3) + " µs" }
        if magnitude < 1e9 { return significant(value / 1e6) + " ms" }
        return significant(value / 1e9) + " s"
    }

    /// A wall-clock span in seconds as "4 min 38 s" (or "12 s").
    static func span(seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole < 60 ? "\(whole) s" : "\(whole / 60) min \(whole % 60) s"
    }

    /// Bytes in kB, MB or GB (decimal, as the goals are written).
    static func bytes(_ value: Int) -> String {
        let value = Double(value)
        if value < 1e6 { return significant(value / 1e3) + " kB" }
        if value < 1e9 { return significant(value / 1e6) + " MB" }
        return significant(value / 1e9) + " GB"
    }

    /// A per-operation figure whose unit starts with "ns/" ("ns/record (aggregate)") in the unit
    /// that suits it ("2.31 µs/record (aggregate)"); any other unit as it is.
    static func perOperation(_ value: Double, unit: String) -> String {
        guard unit.hasPrefix("ns/") else { return significant(value) + " " + unit }
        return duration(nanoseconds: value) + unit.dropFirst(2)
    }

    /// How many times faster or slower `ratio` (a time over a reference time) is, in words.
    static func comparison(ratio: Double, reference: String) -> String {
        guard ratio.isFinite, ratio > 0 else { return "-" }
        return ratio <= 1 ? significant(1 / ratio) + "× faster than \(reference)" : significant(ratio) + "× slower than \(reference)"
    }

    /// Three significant digits, no exponent: 0.0123, 1.23, 12.3, 123, 1234.
    static func significant(_ value: Double) -> String {
        let magnitude = abs(value)
        let digits = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
        return String(format: "%.\(digits)f", value)
    }
}
