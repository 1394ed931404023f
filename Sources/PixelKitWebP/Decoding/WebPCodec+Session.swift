import CWebP
import PixelKit

extension WebPCodec {
    /// A WebP opened by ``WebPCodec/open(_:options:)``, its header read once: the bitstream
    /// features (`WebPGetFeatures`), what the one walk of the RIFF chunk headers found (the frame
    /// and chunk counts, the EXIF orientation), and, for a file, the bytes read from its start (the
    /// first 64 KiB, or the whole file when the headers lie further in), which
    /// ``decode(options:into:)`` hands to libwebp first instead of reading them again.
    ///
    /// A session holds its file open (the operation's `ImageFile`) and at most 64 KiB of it, or the
    /// whole file within `DecodingLimits.maxInputBytes` when its image chunk lies past them (the
    /// decode would read it whole then anyway). It does not change: decoding it again, or from
    /// several threads at once, reads the file from where the header ended each time.
    public struct Session: ImageDecodingSession, Sendable {
        /// Canvas size, alpha, lossy or lossless, the frame count, the EXIF orientation and the color space.
        public let info: ImageInfo
        /// The `ICCP` chunk's profile's space, sRGB without one.
        public var colorSpace: ColorSpace { chunks.colorSpace ?? .sRGB }
        /// The input (a file as opened once).
        let source: ImageSource
        /// Whether the `VP8X` flags announce an animation.
        let hasAnimation: Bool
        /// `WebPBitstreamFeatures.format`: 1 lossy, 2 lossless, 0 mixed or not known from the
        /// bytes read (an animation, or an image chunk past them).
        let bitstreamFormat: Int32
        /// What the chunk walk found, checked again against a decode's limits.
        let chunks: WebPChunkScan.Summary
        /// The file read, nil for bytes in memory.
        let file: ImageFile?
        /// The file's first bytes, as read (empty for bytes in memory, which are read in place).
        let leading: [UInt8]
        /// Whether ``leading`` is the whole file.
        let leadingIsWholeFile: Bool

        /// Whether the image is lossy (its bitstream is `VP8 `).
        var isLossy: Bool { bitstreamFormat == 1 }
        /// Whether the image is lossless (its bitstream is `VP8L`).
        var isLossless: Bool { bitstreamFormat == 2 }

        /// Reads the header of `source`: from a file, its first 64 KiB (bounded by
        /// `limits.maxInputBytes`; the whole file when the headers or the image chunk lie further
        /// in), then the chunk headers that lie past them; bytes in memory in place. The canvas size
        /// is checked against `limits` before the chunks are walked.
        init(reading source: ImageSource, limits: DecodingLimits) throws(ImageError) {
            if let file = try source.openedFile() {
                try self.init(reading: file, limits: limits)
                return
            }
            let read = try source.withContents { (contents) throws(ImageError) -> (WebPBitstreamFeatures, ImageInfo, WebPChunkScan.Summary) in
                guard case .memory(let bytes) = contents else { throw .emptyInput }
                let features = try Self.features(inMemory: bytes, limits: limits)
                let info = try WebPHeader.info(features, limits: limits)
                let chunks = try WebPChunkScan.scan(leading: Array(bytes.prefix(16)), limits: limits) { (offset, count) throws(ImageError) in
                    guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
                    return Array(bytes[offset..<offset + min(count, bytes.count - offset)])
                }
                return (features, info, chunks)
            }
            self.init(source: source, features: read.0, info: read.1, chunks: read.2, file: nil, leading: [], leadingIsWholeFile: false)
        }

        private init(reading file: ImageFile, limits: DecodingLimits) throws(ImageError) {
            var input = WebPFileInput(file, limit: limits.maxInputBytes)
            var leading = try input.next(upTo: min(WebPHeader.probeBytes, limits.maxInputBytes))
            var first: WebPBitstreamFeatures?
            do throws(ImageError) {
                first = try WebPHeader.features(leading)
            } catch .truncated where !input.isAtEnd {
                first = nil
            }
            let features: WebPBitstreamFeatures
            if let first, !(Self.imageChunkLiesFurther(first) && !input.isAtEnd) {
                features = first
            } else {
                // The headers or the image chunk lie past the first read (a large ICC profile
                // first), or `maxInputBytes` cut it short: reading on finds them (the decode would
                // read such a file whole anyway), or gives the limit's error.
                leading = try input.rest(after: leading)
                features = try WebPHeader.features(leading)
            }
            let info = try WebPHeader.info(features, limits: limits)
            let whole = input.isAtEnd, bytes = leading
            let chunks = try WebPChunkScan.scan(leading: leading, limits: limits) { (offset, count) throws(ImageError) in
                // Chunk headers inside the bytes already read are not read again.
                if offset >= 0, count > 0, offset + count <= bytes.count || (whole && offset < bytes.count) {
                    return Array(bytes[offset..<min(offset + count, bytes.count)])
                }
                return try file.bytes(at: offset, count: count)
            }
            self.init(source: .openFile(file), features: features, info: info, chunks: chunks, file: file, leading: leading, leadingIsWholeFile: whole)
        }

        /// `info` is `features`' facts, checked against the limits before the chunks were walked.
        private init(
            source: ImageSource, features: WebPBitstreamFeatures, info: ImageInfo, chunks: WebPChunkScan.Summary, file: ImageFile?, leading: [UInt8],
            leadingIsWholeFile: Bool
        ) {
            var info = info
            info.frames = chunks.frames
            info.orientation = chunks.orientation ?? .up
            info.describeColor(chunks.colorSpace, embedsProfile: chunks.colorSpace != nil)
            self.info = info
            self.source = source
            hasAnimation = features.has_animation != 0
            bitstreamFormat = features.format
            self.chunks = chunks
            self.file = file
            self.leading = leading
            self.leadingIsWholeFile = leadingIsWholeFile
        }

        /// The features of bytes in memory, from their first 64 KiB (bounded by
        /// `limits.maxInputBytes`) or, when the headers or the image chunk lie further in, from all
        /// of them within that limit.
        private static func features(inMemory bytes: UnsafeRawBufferPointer, limits: DecodingLimits) throws(ImageError) -> WebPBitstreamFeatures {
            let firstCount = min(WebPHeader.probeBytes, limits.maxInputBytes)
            var first: WebPBitstreamFeatures?
            do throws(ImageError) {
                first = try WebPHeader.features(UnsafeRawBufferPointer(rebasing: bytes.prefix(firstCount)))
            } catch .truncated where bytes.count > firstCount {
                first = nil
            }
            if let first, !(imageChunkLiesFurther(first) && bytes.count > firstCount) { return first }
            guard bytes.count <= limits.maxInputBytes else {
                throw .limitExceeded(.inputSize(bytes: bytes.count, limit: limits.maxInputBytes))
            }
            return try WebPHeader.features(bytes)
        }

        /// Whether `features` of a still image leave its bitstream's format unknown: its image chunk
        /// lies past the bytes they were read from, and lossless takes more memory than lossy.
        private static func imageChunkLiesFurther(_ features: WebPBitstreamFeatures) -> Bool {
            features.has_animation == 0 && features.format == 0
        }

        /// Decodes rows top to bottom as straight-alpha RGBA8, reduced with libwebp's scaler when
        /// `options.minimumSize` allows (see ``WebPCodec``'s documentation), without reading the
        /// features or walking the chunks again: a still lossy file is fed to libwebp's incremental
        /// decoder starting with the bytes the open read, then from where they end; other files are
        /// decoded from memory, those bytes followed by the rest. The header's facts (size, chunk and
        /// frame counts, `EXIF` size, bytes read) are checked against `options.limits` first.
        /// - Throws: `ImageError` as ``WebPCodec/open(_:options:)``, plus `.limitExceeded(.memory)`
        ///   when the output buffer (and, for a lossless file, libwebp's full-size work buffer)
        ///   exceeds `options.limits.maxMemoryBytes`.
        public consuming func decode<Sink: RowSink>(options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport {
            try WebPRowDecoder.decode(source, header: self, options: options.forInput(source), into: &sink)
        }

        /// Checks the header's facts against a decode's `limits` (which may be stricter than those it
        /// was read with): the canvas size, the chunk and frame counts, the `EXIF` chunk's size and
        /// the bytes already read.
        func check(_ limits: DecodingLimits) throws(ImageError) {
            try limits.check(info.size)
            try chunks.check(limits)
            if file != nil, leading.count > limits.maxInputBytes {
                throw .limitExceeded(.inputSize(bytes: limits.maxInputBytes + 1, limit: limits.maxInputBytes))
            }
        }
    }
}
