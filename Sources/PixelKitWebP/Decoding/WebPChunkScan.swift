import PixelKit

/// Walks an extended (`VP8X`) WebP file's RIFF chunk headers, reading no chunk data but the `EXIF`
/// chunk's, to count an animation's frames (its `ANMF` chunks) without decoding them and to read
/// the EXIF orientation. A simple file (`VP8 `/`VP8L` first) has neither: it is not walked.
enum WebPChunkScan {
    /// What the chunk headers say.
    struct Summary: Equatable {
        /// The `ANMF` chunks (at least 1).
        var frames = 1
        /// The orientation of the first `EXIF` chunk (its TIFF structure, or `Exif\0\0` and one, as
        /// some writers store it), nil without one or when it holds no valid orientation.
        var orientation: ImageOrientation?
    }

    /// Reads 8 bytes per chunk (a file at absolute offsets), up to the RIFF size or the end of the
    /// input, and the first `EXIF` chunk's data.
    /// - Throws: `ImageError.limitExceeded` when there are more than `limits.maxFrames` frames or
    ///   `limits.maxChunkCount` chunks, or the `EXIF` chunk is larger than `limits.maxChunkBytes`;
    ///   the file's read errors.
    static func scan(_ source: ImageSource, limits: DecodingLimits) throws(ImageError) -> Summary {
        try source.withByteRanges { (read) throws(ImageError) -> Summary in try scan(limits: limits, read: read) }
    }

    private static func scan(
        limits: DecodingLimits, read: (_ offset: Int, _ count: Int) throws(ImageError) -> [UInt8]
    ) throws(ImageError) -> Summary {
        let header = try read(0, 16)
        guard header.count == 16, WebPHeader.isWebP(header), header[12..<16].elementsEqual("VP8X".utf8) else { return Summary() }
        let end = min(8 + littleEndian(header[4..<8]), limits.maxInputBytes)
        var summary = Summary()
        var offset = 12, chunks = 0, frames = 0, exifSeen = false
        while offset + 8 <= end {
            let chunk = try read(offset, 8)
            guard chunk.count == 8 else { break }
            chunks += 1
            guard chunks <= limits.maxChunkCount else {
                throw .limitExceeded(.chunkCount(kind: "WebP chunks", count: chunks, limit: limits.maxChunkCount))
            }
            let size = littleEndian(chunk[4..<8])
            if chunk[0..<4].elementsEqual("ANMF".utf8) {
                frames += 1
                guard frames <= limits.maxFrames else { throw .limitExceeded(.frameCount(frames: frames, limit: limits.maxFrames)) }
            } else if chunk[0..<4].elementsEqual("EXIF".utf8), !exifSeen {
                exifSeen = true
                guard size <= limits.maxChunkBytes else { throw .limitExceeded(.chunkSize(bytes: size, limit: limits.maxChunkBytes)) }
                // The read stops at the end of the input, so a size past it allocates nothing more.
                summary.orientation = EXIFOrientationReader.orientation(fromEXIF: try read(offset + 8, size))
            }
            // Chunks are padded to an even size; each step moves forward by at least the 8-byte
            // header, so the walk ends.
            offset += 8 + size + (size & 1)
        }
        summary.frames = max(frames, 1)
        return summary
    }

    /// A 4-byte little-endian RIFF size (at most 2³² − 1, so sums of a few stay far from overflow).
    private static func littleEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
