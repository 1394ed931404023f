/// Scan bombs made at run time from a real progressive JPEG: the file with `count` extra AC scans of
/// its first component before EOI, each valid, two bytes of data and harmless (issue 27). Every
/// scan revisits every block of the component, so the work grows with the scan count while the file
/// barely does: one DHT segment defines an AC table whose only code (`0`, one bit) is the EOB14
/// symbol, and each scan's data is that code with a run of 2¹⁴ blocks (`00 01`: the run bits are
/// zeros, then one padding bit). A first AC scan (Ah = 0, Al = 0) of a band already complete is one
/// libjpeg accepts without a warning, and a run of end-of-bands writes no coefficient, so the
/// pixels stay those of the original file.
enum JPEGScanBomb {
    /// `progressive` (ending in EOI, its first component at most 16,384 blocks) with `count` extra scans.
    static func make(from progressive: [UInt8], extraScans count: Int) -> [UInt8] {
        let component = firstComponentID(progressive)
        let table: [UInt8] = [0xFF, 0xC4, 0x00, 0x14, 0x10, 0x01] + [UInt8](repeating: 0, count: 15) + [0xE0]
        let scan: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 0x01, component, 0x00, 0x01, 0x3F, 0x00, 0x00, 0x01]
        precondition(progressive.suffix(2) == [0xFF, 0xD9], "the file must end in EOI")
        var bytes = Array(progressive.dropLast(2)) + table
        bytes.reserveCapacity(bytes.count + count * scan.count + 2)
        for _ in 0..<count { bytes += scan }
        return bytes + [0xFF, 0xD9]
    }

    /// The number of SOS markers, walking the segments and skipping each scan's entropy-coded data.
    static func scanCount(_ bytes: [UInt8]) -> Int {
        var scans = 0
        forEachSegment(bytes) { marker, _ in if marker == 0xDA { scans += 1 } }
        return scans
    }

    /// The ID of the frame's first component (from SOF2).
    private static func firstComponentID(_ bytes: [UInt8]) -> UInt8 {
        var id: UInt8?
        forEachSegment(bytes) { marker, offset in
            // FF C2, length (2), precision (1), height (2), width (2), count (1), then the first ID.
            if marker == 0xC2, id == nil { id = bytes[offset + 10] }
        }
        return id!
    }

    /// Calls `body` with each marker and its offset, from after SOI to EOI.
    private static func forEachSegment(_ bytes: [UInt8], _ body: (UInt8, Int) -> Void) {
        var offset = 2
        while offset + 3 < bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xD9 { return }
            body(marker, offset)
            offset += 2 + (Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3]))
            guard marker == 0xDA else { continue }
            // Entropy-coded data runs to the next marker that is neither stuffing (FF 00) nor RSTn.
            while offset + 1 < bytes.count,
                  !(bytes[offset] == 0xFF && bytes[offset + 1] != 0 && !(0xD0...0xD7).contains(bytes[offset + 1])) {
                offset += 1
            }
        }
    }
}
