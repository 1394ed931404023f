/// Writes non-negative integers as ASCII digits straight into a byte buffer (no `String` per number).
enum DecimalDigits {
    /// Appends `value` in decimal, left-padded with zeros to at least `width` digits.
    static func append<Value: BinaryInteger>(_ value: Value, width: Int = 1, to bytes: inout [UInt8]) {
        let number = UInt64(clamping: value)
        var divisor: UInt64 = 1
        var digits = 1
        while digits < 20, number / divisor >= 10 {
            divisor *= 10
            digits += 1
        }
        if width > digits { bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - digits)) }
        var remaining = number
        while true {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining / divisor))
            remaining %= divisor
            if divisor == 1 { return }
            divisor /= 10
        }
    }
}
