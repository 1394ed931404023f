import PixelKit

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

    /// How many images the file declares: for an APNG (an `acTL` before the first `IDAT`), its
    /// `num_frames`, plus 1 when no `fcTL` precedes the `IDAT` (the default image is then not part
    /// of the animation but is still shown by viewers without APNG support, and Pillow counts it);
    /// else 1. Reads only chunk headers up to the first `IDAT` (and the `acTL`'s 4 bytes), never
    /// image data; the default image (`IDAT`) is what decodes deliver.
    /// - Throws: `ImageError.limitExceeded` when the frames declared exceed `limits.maxFrames`, or
    ///   when more than `limits.maxChunkCount` chunks precede the image data.
    static func frameCount(in input: PNGInput, limits: DecodingLimits) throws(ImageError) -> Int {
        var offset = PNGHeader.signature.count
        var chunks = 0
        var declared: Int?
        var defaultImageIsAFrame = false
        while true {
            let header = input.bytes(atOffset: offset, count: 8)
            guard header.count == 8 else { return 1 }
            let length = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = Array(header[4..<8])
            if type == Array("IDAT".utf8) || type == Array("IEND".utf8) {
                // 0 frames is invalid (APNG requires at least one): the file is read as a still PNG.
                guard let declared, declared > 0 else { return 1 }
                let frames = declared + (defaultImageIsAFrame ? 0 : 1)
                guard frames <= limits.maxFrames else { throw .limitExceeded(.frameCount(frames: frames, limit: limits.maxFrames)) }
                return frames
            }
            if type == Array("fcTL".utf8) { defaultImageIsAFrame = true }
            // Counted as the decoder's reader counts them (PNGReader): ancillary chunks only (a
            // lowercase first letter), so both name the same count whichever meets the file first.
            if type[0] & 0x20 != 0 {
                chunks += 1
                guard chunks <= limits.maxChunkCount else {
                    throw .limitExceeded(.chunkCount(kind: "PNG ancillary chunks", count: chunks, limit: limits.maxChunkCount))
                }
            }
            if type == Array("acTL".utf8) {
                let data = input.bytes(atOffset: offset + 8, count: 4)
                guard data.count == 4 else { return 1 }
                declared = data.reduce(0) { $0 << 8 | Int($1) }
            }
            offset += 12 + length
        }
    }
}
