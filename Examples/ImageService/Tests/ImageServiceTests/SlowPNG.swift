/// A valid PNG that is cheap to make and slow to decode: `width`×`height` RGB, every row Paeth
/// filtered and all zero, deflated by hand (fixed Huffman codes, runs copied at distance 1), so a
/// 36 MP image is about 0.7 MB. Decoding it unfilters every byte: seconds in a debug build, and
/// interruptible between rows. Legitimate, so only a deadline stops it.
enum SlowPNG {
    /// Widths for which a row's zeros after the first end on a 5-byte match (see `make`).
    static func make(width: Int = 6022, height: Int = 6000) -> [UInt8] {
        let rowBytes = 1 + 3 * width
        precondition((rowBytes - 2) % 258 == 5, "choose width = 86k + 2")
        var bits = BitWriter()
        bits.write(1, count: 1) // the final block
        bits.write(1, count: 2) // fixed Huffman codes
        for _ in 0..<height {
            bits.literal(4) // Paeth
            bits.literal(0)
            for _ in 0..<((rowBytes - 2) / 258) {
                bits.huffman(0xC5, count: 8) // length 258 (code 285)
                bits.huffman(0, count: 5) // distance 1
            }
            bits.huffman(3, count: 7) // length 5 (code 259)
            bits.huffman(0, count: 5)
        }
        bits.huffman(0, count: 7) // end of block (code 256)
        bits.flush()
        // Adler-32 of the rows: only the filter bytes are not zero.
        var a: UInt64 = 1
        var b: UInt64 = 0
        for _ in 0..<height {
            a = (a + 4) % 65521
            b = (b + UInt64(rowBytes) * a) % 65521
        }
        let zlib = [0x78, 0x01] + bits.bytes + bigEndian(UInt32(b << 16 | a))
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crcTable[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }

    /// Deflate's bit order: values least significant bit first, Huffman codes most significant first.
    private struct BitWriter {
        var bytes: [UInt8] = []
        private var pending: UInt64 = 0
        private var pendingCount = 0

        mutating func write(_ value: UInt32, count: Int) {
            pending |= UInt64(value) << pendingCount
            pendingCount += count
            while pendingCount >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: pending))
                pending >>= 8
                pendingCount -= 8
            }
        }

        mutating func huffman(_ code: UInt32, count: Int) {
            var reversed: UInt32 = 0
            for bit in 0..<count where code & (1 << (count - 1 - bit)) != 0 { reversed |= 1 << bit }
            write(reversed, count: count)
        }

        /// A literal byte below 144 (8-bit codes 0x30…).
        mutating func literal(_ byte: UInt8) {
            huffman(0x30 + UInt32(byte), count: 8)
        }

        mutating func flush() {
            if pendingCount > 0 { write(0, count: 8 - pendingCount) }
        }
    }
}
