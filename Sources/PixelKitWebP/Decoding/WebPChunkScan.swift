import PixelKit

/// Walks a WebP file's RIFF chunk headers without reading chunk data, to count an animation's
/// frames (its `ANMF` chunks) without decoding them.
enum WebPChunkScan {
    /// The `ANMF` chunks of `source` (at least 1). Reads 8 bytes per chunk (a file at absolute
    /// offsets), up to the RIFF size or the end of the input.
    /// - Throws: `ImageError.limitExceeded` when there are more than `limits.maxFrames` frames or
    ///   `limits.maxChunkCount` chunks; the file's read errors.
    static func frameCount(_ source: ImageSource, limits: DecodingLimits) throws(ImageError) -> Int {
        try source.withByteRanges { (read) throws(ImageError) -> Int in try count(limits: limits, read: read) }
    }

    private static func count(
        limits: DecodingLimits, read: (_ offset: Int, _ count: Int) throws(ImageError) -> [UInt8]
    ) throws(ImageError) -> Int {
        let header = try read(0, 12)
        guard header.count == 12 else { return 1 }
        let end = min(8 + header[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }, limits.maxInputBytes)
        var offset = 12, chunks = 0, frames = 0
        while offset + 8 <= end {
            let chunk = try read(offset, 8)
            guard chunk.count == 8 else { break }
            chunks += 1
            guard chunks <= limits.maxChunkCount else {
                throw .limitExceeded(.chunkCount(kind: "WebP chunks", count: chunks, limit: limits.maxChunkCount))
            }
            if Array(chunk[0..<4]) == Array("ANMF".utf8) {
                frames += 1
                guard frames <= limits.maxFrames else { throw .limitExceeded(.frameCount(frames: frames, limit: limits.maxFrames)) }
            }
            let size = chunk[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
            // Each step moves forward by at least the 8-byte header, so the walk ends.
            offset += 8 + size + (size & 1)
        }
        return max(frames, 1)
    }
}
