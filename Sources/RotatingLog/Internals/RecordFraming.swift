/// Makes one formatted record into the bytes of exactly one line: line breaks inside become the two
/// characters `\n`, an over-long record is cut at a UTF-8 boundary and ends with a marker, and a
/// newline terminates it. This is what keeps "one record = one line" true for any formatter.
enum RecordFraming {
    /// The framed bytes, and the unframed length when the record had to be truncated.
    static func frame(_ text: String, maxBytes: Int) -> (bytes: [UInt8], truncatedFrom: Int?) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 1)
        for byte in text.utf8 {
            if byte == newline {
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "n"))
            } else {
                bytes.append(byte)
            }
        }
        guard bytes.count + 1 > maxBytes else {
            bytes.append(newline)
            return (bytes, nil)
        }
        let original = bytes.count
        let reserve = " [truncated ".utf8.count + String(original).utf8.count + " bytes]".utf8.count
        var keep = max(0, maxBytes - 1 - reserve)
        while keep > 0, bytes[keep] & 0b1100_0000 == 0b1000_0000 { keep -= 1 }
        bytes.removeSubrange(keep...)
        bytes.append(contentsOf: " [truncated \(original - keep) bytes]".utf8)
        bytes.append(newline)
        return (bytes, original)
    }

    static let newline = UInt8(ascii: "\n")
}
