/// Parses the lines the `RotatingLogStressWriter` helper writes, strictly:
/// `MMM d, HH:mm:ss.SSS [main.swift/main/<line>] stress: w<writer> <7-digit sequence> <sequence % 53 × "x">`.
struct StressRecord: Equatable {
    var writer: Int
    var sequence: Int

    static let months: Set<Substring> = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    init?(_ line: Substring) {
        guard let bracket = line.firstIndex(of: "["), Self.isTimestamp(line[..<bracket].dropLast()),
              line[bracket...].hasPrefix("[main.swift/main/"),
              let close = line[bracket...].firstIndex(of: "]")
        else { return nil }
        let body = line[line.index(after: close)...]
        guard body.hasPrefix(" stress: w") else { return nil }
        let fields = body.dropFirst(" stress: w".count).split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 3, let writer = Int(fields[0]), fields[1].count == 7, let sequence = Int(fields[1]),
              fields[2].count == sequence % 53, fields[2].allSatisfy({ $0 == "x" })
        else { return nil }
        self.writer = writer
        self.sequence = sequence
    }

    /// `MMM d, HH:mm:ss.SSS`
    static func isTimestamp(_ text: Substring) -> Bool {
        let parts = text.split(separator: " ")
        guard parts.count == 3, months.contains(parts[0]), parts[1].hasSuffix(","),
              let day = Int(parts[1].dropLast()), (1...31).contains(day) else { return false }
        let clock = parts[2]
        guard clock.count == 12 else { return false }
        return clock.enumerated().allSatisfy { index, character in
            switch index {
            case 2, 5: character == ":"
            case 8: character == "."
            default: character.isASCII && character.isNumber
            }
        }
    }

    /// Every line of `bytes`, which must end with a newline; nil if any line is not a whole record.
    static func parseAll(_ bytes: [UInt8]) -> [StressRecord]? {
        guard bytes.isEmpty || bytes.last == UInt8(ascii: "\n") else { return nil }
        var records: [StressRecord] = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            guard let record = StressRecord(line) else { return nil }
            records.append(record)
        }
        return records
    }
}
