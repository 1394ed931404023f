import PixelKit

/// Walks a PNG's chunk headers without reading chunk data: once before libspng reads the file
/// (``prelude(in:limits:)``), and to name the chunk that broke a limit (libspng only says that one did).
enum PNGChunkScan {
    /// The number of ancillary chunks once it passes `limit` (the walk stops there), nil if it never
    /// does before IEND. libspng stores and counts only some ancillary chunks, so this count is at
    /// least its count.
    static func ancillaryChunkCount(in input: PNGInput, above limit: Int) -> Int? {
        var offset = PNGHeader.signature.count
        var count = 0
        while true {
            let header = input.bytes(atOffset: offset, count: 8)
            guard header.count == 8 else { return nil }
            let length = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = Array(header[4..<8])
            if type == Array("IEND".utf8) { return nil }
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

    /// What the chunk headers before the image data say, from one walk.
    struct Prelude {
        /// Ancillary chunks before the first `IDAT` (or `IEND`).
        var ancillaryChunks = 0
        /// An APNG's `acTL` `num_frames` (nil for a still PNG, or 0 frames declared, which is invalid).
        var declaredFrames: Int?
        /// How many images the file declares: for an APNG, ``declaredFrames`` plus 1 when no `fcTL`
        /// precedes the `IDAT` (the default image is then not part of the animation but is still
        /// shown by viewers without APNG support, and Pillow counts it); else 1.
        var frames = 1

        /// Throws the limit these facts break, the walk's error, if any.
        func check(_ limits: DecodingLimits) throws(ImageError) {
            guard ancillaryChunks <= max(1, limits.maxChunkCount) else {
                throw .limitExceeded(.chunkCount(kind: "PNG ancillary chunks", count: ancillaryChunks, limit: limits.maxChunkCount))
            }
            guard declaredFrames == nil || frames <= limits.maxFrames else {
                throw .limitExceeded(.frameCount(frames: frames, limit: limits.maxFrames))
            }
        }
    }

    /// Walks the chunk headers up to the first `IDAT` (and reads the `acTL`'s 4 bytes), never image
    /// data: the ancillary chunks there and the images declared (the default image, `IDAT`, is what
    /// decodes deliver). libspng reads every chunk before the image data in one call: counting them
    /// first bounds that work.
    /// - Throws: `ImageError.limitExceeded` once more than `limits.maxChunkCount` ancillary chunks
    ///   (below 1 counts as 1) precede the image data (the walk stops one past the limit), or when
    ///   the frames declared exceed `limits.maxFrames`.
    static func prelude(in input: PNGInput, limits: DecodingLimits) throws(ImageError) -> Prelude {
        var offset = PNGHeader.signature.count
        var prelude = Prelude()
        var defaultImageIsAFrame = false
        while true {
            let header = input.bytes(atOffset: offset, count: 8)
            guard header.count == 8 else {
                // Ended before the image data: read as a still PNG (libspng reports the truncation).
                prelude.declaredFrames = nil
                break
            }
            let length = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = Array(header[4..<8])
            if type == Array("IDAT".utf8) || type == Array("IEND".utf8) { break }
            if type == Array("fcTL".utf8) { defaultImageIsAFrame = true }
            // Counted as the decoder's reader counts them (PNGReader): ancillary chunks only (a
            // lowercase first letter), so both name the same count whichever meets the file first.
            if type[0] & 0x20 != 0 {
                prelude.ancillaryChunks += 1
                if prelude.ancillaryChunks > max(1, limits.maxChunkCount) { break }
            }
            if type == Array("acTL".utf8) {
                let data = input.bytes(atOffset: offset + 8, count: 4)
                // A file ending here is read as a still PNG (libspng then reports the truncation).
                guard data.count == 4 else {
                    prelude.declaredFrames = nil
                    break
                }
                prelude.declaredFrames = data.reduce(0) { $0 << 8 | Int($1) }
            }
            offset += 12 + length
        }
        // 0 frames is invalid (APNG requires at least one): the file is read as a still PNG.
        if let declared = prelude.declaredFrames, declared > 0 {
            prelude.frames = declared + (defaultImageIsAFrame ? 0 : 1)
        } else {
            prelude.declaredFrames = nil
        }
        try prelude.check(limits)
        return prelude
    }
}
