/// Bounds-checked big-endian reads over an ICC profile's bytes: every read names its offset and
/// throws ``ColorProfileError/truncated(offset:needed:byteCount:)`` instead of reading past the end.
struct ICCBytes {
    let bytes: [UInt8]

    func require(_ offset: Int, _ count: Int) throws(ColorProfileError) {
        guard offset >= 0, count >= 0, offset <= bytes.count, count <= bytes.count - offset else {
            throw .truncated(offset: offset, needed: count, byteCount: bytes.count)
        }
    }

    func uint16(at offset: Int) throws(ColorProfileError) -> UInt16 {
        try require(offset, 2)
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    func uint32(at offset: Int) throws(ColorProfileError) -> UInt32 {
        try require(offset, 4)
        return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// An ICC `s15Fixed16Number`.
    func s15Fixed16(at offset: Int) throws(ColorProfileError) -> Double {
        Double(Int32(bitPattern: try uint32(at: offset))) / 65536
    }

    /// A four-character signature as text (non-printable bytes as `?`).
    func signature(at offset: Int) throws(ColorProfileError) -> String {
        ICCBytes.text(of: try uint32(at: offset))
    }

    static func text(of signature: UInt32) -> String {
        String(decoding: (0..<4).map { (index: UInt32) -> UInt8 in
            let byte = UInt8(truncatingIfNeeded: signature >> (24 - 8 * index))
            return (0x20...0x7E).contains(byte) ? byte : UInt8(ascii: "?")
        }, as: UTF8.self)
    }
}
