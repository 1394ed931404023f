/// A gzip member whose body inflates to `decodedBytes` zeros, made at run time: one fixed-Huffman
/// deflate block of a literal zero and then back-references of 258 bytes at distance 1 (13 bits
/// each), so about 50 KB on the wire per 10 MB decoded. Its trailer's CRC is left zero: the loader
/// must stop at its byte limit long before reading it.
enum GzipBomb {
    static func make(decodedBytes: Int) -> [UInt8] {
        var writer = BitWriter()
        writer.write(1, count: 1)   // BFINAL
        writer.write(1, count: 2)   // BTYPE = 01, fixed Huffman
        writer.writeHuffman(0b0011_0000, count: 8)   // literal 0 (codes 0–143 are 0x30 + value, 8 bits)
        var remaining = decodedBytes - 1
        while remaining >= 258 {
            writer.writeHuffman(0b1100_0101, count: 8)   // length code 285 = 258 bytes (280–287: 0xC0 + n − 280)
            writer.writeHuffman(0, count: 5)             // distance code 0 = distance 1
            remaining -= 258
        }
        for _ in 0..<remaining { writer.writeHuffman(0b0011_0000, count: 8) }
        writer.writeHuffman(0, count: 7)   // end of block (256: 7 zero bits)
        let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 255]
        let size = UInt32(truncatingIfNeeded: decodedBytes)
        return header + writer.finished + [0, 0, 0, 0] + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)]
    }

    /// Deflate's bit order: values least significant bit first, Huffman codes most significant first.
    private struct BitWriter {
        var bytes: [UInt8] = []
        var current: UInt8 = 0
        var used = 0

        mutating func bit(_ value: Int) {
            if value != 0 { current |= 1 << used }
            used += 1
            if used == 8 { flush() }
        }

        mutating func flush() {
            bytes.append(current)
            current = 0
            used = 0
        }

        mutating func write(_ value: Int, count: Int) {
            for index in 0..<count { bit(value >> index & 1) }
        }

        mutating func writeHuffman(_ code: Int, count: Int) {
            for index in stride(from: count - 1, through: 0, by: -1) { bit(code >> index & 1) }
        }

        var finished: [UInt8] {
            var copy = self
            if copy.used > 0 { copy.flush() }
            return copy.bytes
        }
    }
}
