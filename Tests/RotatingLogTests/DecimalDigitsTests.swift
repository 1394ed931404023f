import Testing
@testable import RotatingLog

struct DecimalDigitsTests {
    /// `String(_:)` of the integer, zero-padded, is the independent reference.
    private func reference(_ value: UInt64, width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    @Test func digitsMatchStringConversion() {
        var generator = SystemRandomNumberGenerator()
        let edges: [UInt64] = [0, 1, 9, 10, 99, 100, 999, 1_000, 4_294_967_295, 9_999_999_999_999_999_999, .max]
        let values = edges + (0..<500).map { _ in UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63, using: &generator) }
        for value in values {
            for width in [1, 2, 3, 5, 21] {
                var bytes: [UInt8] = Array("x".utf8)
                DecimalDigits.append(value, width: width, to: &bytes)
                #expect(String(decoding: bytes, as: UTF8.self) == "x" + reference(value, width: width))
            }
        }
    }

    @Test func negativeValuesClampToZero() {
        var bytes: [UInt8] = []
        DecimalDigits.append(-42, width: 2, to: &bytes)
        #expect(bytes == Array("00".utf8))
    }
}
