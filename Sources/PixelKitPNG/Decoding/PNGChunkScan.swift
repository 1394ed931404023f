/// Walks a PNG's chunk headers without reading chunk data, to name the chunk that broke a limit
/// (libspng only says that one did).
enum PNGChunkScan {
    /// The number of ancillary chunks once it passes `limit` (the walk stops there), nil if it never
    /// does before IEND, or before the first IDAT when `stoppingAtImageData`. libspng stores and
    /// counts only some ancillary chunks, so this count is at least its count.
    static func ancillaryChunkCount(in input: PNGInput, above limit: Int, stoppingAtImageData: Bool) -> Int? {
        var offset = PNGHeader.signature.count
        var count = 0
        while true {
            let header = input.bytes(atOffset: offset, count: 8)
            guard header.count == 8 else { return nil }
            let length = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = Array(header[4..<8])
            if type == Array("IEND".utf8) || (stoppingAtImageData && type == Array("IDAT".utf8)) { return nil }
            if type[0] & 0x20 != 0 {
                count += 1
                if count > limit { return count }
            }
            offset += 12 + length
        }
    }

    /// The stored length of the first ancillary chunk longer than `limit` bytes, if any before IEND.
    static func firstOversizedAncillaryChunk(in input: PNGInput, limit: Int) -> Int? {
        var offset = PNGHeader.signature.count
        while true {
            let header = input.bytes(atOffset: offset, count: 8)
            guard header.count == 8 else { return nil }
            let length = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = Array(header[4..<8])
            // Bit 5 of the first type byte (lowercase) marks an ancillary chunk.
            if type[0] & 0x20 != 0, length > limit { return length }
            if type == Array("IEND".utf8) { return nil }
            // Each step moves forward by at least the 12 bytes of length, type and CRC, so the walk ends.
            offset += 12 + length
        }
    }
}
