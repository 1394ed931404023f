import PixelKit

/// The chunks and animation frames of a WebP file in memory, counted from the RIFF chunk headers
/// alone before libwebp's demuxer (which keeps a record per frame) or decoder sees them: each costs
/// work without growing the image.
enum WebPChunkCount {
    /// Throws `.limitExceeded(.chunkCount)` past `limits.maxChunkCount` chunks and
    /// `.limitExceeded(.frameCount)` past `limits.maxFrames` ANMF frames. The walk stops one past a
    /// limit, at the end of the data or at a chunk that runs past it (libwebp reports that damage).
    static func check(_ bytes: [UInt8], limits: DecodingLimits) throws(ImageError) {
        guard WebPHeader.isWebP(bytes) else { return }
        let maxChunks = max(1, limits.maxChunkCount), maxFrames = max(1, limits.maxFrames)
        var offset = WebPHeader.signatureLength
        var chunks = 0, frames = 0
        while offset + 8 <= bytes.count {
            chunks += 1
            if chunks > maxChunks {
                throw .limitExceeded(.chunkCount(kind: "WebP chunks", count: chunks, limit: limits.maxChunkCount))
            }
            if bytes[offset..<offset + 4].elementsEqual("ANMF".utf8) {
                frames += 1
                if frames > maxFrames { throw .limitExceeded(.frameCount(frames: frames, limit: limits.maxFrames)) }
            }
            let size = bytes[offset + 4..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            // Chunks are padded to an even size.
            offset += 8 + size + (size & 1)
        }
    }
}
