/// Makes one formatted record into the bytes of exactly one line: line breaks inside become the two
/// characters `\n`, an over-long record is cut at a UTF-8 boundary and ends with a marker, and a
/// newline terminates it. This is what keeps "one record = one line" true for any formatter.
enum RecordFraming {
    /// Frames `bytes` in place; returns the unframed length when the record had to be truncated.
    static func frame(_ bytes: inout [UInt8], maxBytes: Int) -> Int? {
        if bytes.contains(newline) { bytes = escapingNewlines(bytes) }
        guard bytes.count + 1 > maxBytes else {
            bytes.append(newline)
            return nil
        }
        let original = bytes.count
        let reserve = " [truncated ".utf8.count + String(original).utf8.count + " bytes]".utf8.count
        var keep = max(0, maxBytes - 1 - reserve)
        while keep > 0, bytes[keep] & 0b1100_0000 == 0b1000_0000 { keep -= 1 }
        bytes.removeSubrange(keep...)
        bytes.append(contentsOf: " [truncated \(original - keep) bytes]".utf8)
        bytes.append(newline)
        return original
    }

    private static func escapingNewlines(_ line: [UInt8]) -> [UInt8] {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(line.count + 8)
        for byte in line {
            if byte == newline {
                escaped.append(UInt8(ascii: "\\"))
                escaped.append(UInt8(ascii: "n"))
            } else {
                escaped.append(byte)
            }
        }
        return escaped
    }

    static let newline = UInt8(ascii: "\n")
}
