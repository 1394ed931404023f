import PixelKit

/// The one walk of a WebP file's RIFF chunk headers, made when its header is read: it counts the
/// chunks and the animation frames (`ANMF` chunks) before libwebp's demuxer (which keeps a record per
/// frame) or decoder sees them — each costs work without growing the image — and reads the EXIF
/// orientation and the `ICCP` color profile of an extended (`VP8X`) file. No chunk data is read but
/// the first `EXIF` and `ICCP` chunks'.
enum WebPChunkScan {
    /// What the chunk headers say.
    struct Summary: Equatable, Sendable {
        /// The chunks walked.
        var chunks = 0
        /// The `ANMF` chunks walked.
        var frameChunks = 0
        /// The size the first `EXIF` chunk of an extended file declares, nil without one.
        var exifBytes: Int?
        /// The orientation of that `EXIF` chunk (its TIFF structure, or `Exif\0\0` and one, as some
        /// writers store it), nil without one or when it holds no valid orientation.
        var orientation: ImageOrientation?
        /// Whether the file is extended (`VP8X` first): only such a file has frames, EXIF and ICCP.
        var isExtended = false
        /// The space of the first `ICCP` chunk's profile (``ColorSpace/unconvertible(_:)`` past
        /// `DecodingLimits.maxColorProfileBytes`, unread), nil without one.
        var colorSpace: ColorSpace?

        /// The frames `ImageInfo.frames` reports: an extended file's `ANMF` chunks (at least 1).
        var frames: Int { isExtended ? max(frameChunks, 1) : 1 }

        /// Checks the counts against `limits`, which may be stricter than those the walk ran under,
        /// with the errors the walk would have thrown under them.
        func check(_ limits: DecodingLimits) throws(ImageError) {
            if chunks > limits.maxChunkCount {
                throw .limitExceeded(.chunkCount(kind: "WebP chunks", count: limits.maxChunkCount + 1, limit: limits.maxChunkCount))
            }
            if frameChunks > limits.maxFrames {
                throw .limitExceeded(.frameCount(frames: limits.maxFrames + 1, limit: limits.maxFrames))
            }
            if let exifBytes, exifBytes > limits.maxChunkBytes {
                throw .limitExceeded(.chunkSize(bytes: exifBytes, limit: limits.maxChunkBytes))
            }
        }
    }

    /// Walks the chunks of a RIFF file whose first bytes are `leading` (at least the 16 of the
    /// RIFF header and the first chunk's header, else nothing is walked), from the first chunk to the
    /// end the RIFF header declares (libwebp ignores what follows), bounded by `limits.maxInputBytes`
    /// and the end of the input. `read` reads the chunk headers and the `EXIF` data at absolute
    /// offsets (at most what the input holds there).
    /// - Throws: `ImageError.limitExceeded` when there are more than `limits.maxFrames` frames or
    ///   `limits.maxChunkCount` chunks, or the `EXIF` chunk is larger than `limits.maxChunkBytes`;
    ///   `read`'s errors.
    static func scan(
        leading: [UInt8], limits: DecodingLimits, read: (_ offset: Int, _ count: Int) throws(ImageError) -> [UInt8]
    ) throws(ImageError) -> Summary {
        var summary = Summary()
        guard leading.count >= 16, WebPHeader.isWebP(leading) else { return summary }
        summary.isExtended = leading[12..<16].elementsEqual("VP8X".utf8)
        let end = min(8 + littleEndian(leading[4..<8]), limits.maxInputBytes)
        var offset = 12
        while offset + 8 <= end {
            let chunk = try read(offset, 8)
            guard chunk.count == 8 else { break }
            summary.chunks += 1
            guard summary.chunks <= limits.maxChunkCount else {
                throw .limitExceeded(.chunkCount(kind: "WebP chunks", count: summary.chunks, limit: limits.maxChunkCount))
            }
            let size = littleEndian(chunk[4..<8])
            if chunk[0..<4].elementsEqual("ANMF".utf8) {
                summary.frameChunks += 1
                guard summary.frameChunks <= limits.maxFrames else {
                    throw .limitExceeded(.frameCount(frames: summary.frameChunks, limit: limits.maxFrames))
                }
            } else if summary.isExtended, summary.colorSpace == nil, chunk[0..<4].elementsEqual("ICCP".utf8) {
                if size > limits.maxColorProfileBytes {
                    summary.colorSpace = .unconvertible(.unusableProfile(.tooLarge(byteCount: size, limit: limits.maxColorProfileBytes)))
                } else {
                    // The read stops at the end of the input: a lying size yields a truncated profile.
                    summary.colorSpace = ColorSpace(embeddedProfile: try read(offset + 8, size), limits: limits)
                }
            } else if summary.isExtended, summary.exifBytes == nil, chunk[0..<4].elementsEqual("EXIF".utf8) {
                summary.exifBytes = size
                guard size <= limits.maxChunkBytes else { throw .limitExceeded(.chunkSize(bytes: size, limit: limits.maxChunkBytes)) }
                // The read stops at the end of the input, so a size past it allocates nothing more.
                summary.orientation = EXIFOrientationReader.orientation(fromEXIF: try read(offset + 8, size))
            }
            // Chunks are padded to an even size; each step moves forward by at least the 8-byte
            // header, so the walk ends.
            offset += 8 + size + (size & 1)
        }
        return summary
    }

    /// A 4-byte little-endian RIFF size (at most 2³² − 1, so sums of a few stay far from overflow).
    private static func littleEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
