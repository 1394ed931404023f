import PixelKit

extension HEIFCodec {
    /// A HEIF file opened by ``HEIFCodec/open(_:options:)``, its header read once: the file's
    /// bytes (read whole, within `DecodingLimits.maxInputBytes`), libheif's context that parsed
    /// them and the primary image's handle, the brand's format and an image sequence's frame
    /// count. ``decode(options:into:)`` decodes from the same context: the file is neither read nor
    /// parsed again.
    ///
    /// The session holds the whole file in memory (and its file open) until it goes away. libheif's
    /// context is not thread-safe, so a session is not `Sendable`: decode it on one thread at a
    /// time. Decoding it again, one decode after the other, is safe and parses nothing again
    /// (libheif keeps the parsed boxes and reads the coded data from the held bytes each time).
    public struct Session: ImageDecodingSession {
        /// Size (transformations applied), bit depth, alpha, the frame count and the color space of the primary image.
        public let info: ImageInfo
        /// The primary image's `colr` box: its ICC profile's space, or its nclx code points'
        /// (see <doc:HEIFDecoding>); sRGB without one.
        public let colorSpace: ColorSpace
        /// libheif's context over the file's bytes, which it keeps.
        let context: HeifContext
        /// The primary image.
        let primary: HeifImageHandle
        /// `.avif` or `.heif`, from the `ftyp` brands.
        let format: ImageFormat
        /// The frames of an image sequence (``HEIFSequence``), 1 for a still image.
        let frames: Int

        /// Reads the whole of `source` (bounded by `limits.maxInputBytes`), counts an image
        /// sequence's frames, has libheif parse it and checks the primary image against `limits`.
        /// - Parameter threads: libheif's tile-decoding threads, until a decode sets its own.
        /// The input (its bytes are held by the context).
        let source: ImageSource

        init(reading source: ImageSource, limits: DecodingLimits, threads: Int) throws(ImageError) {
            self.source = source
            let input = try HEIFInputBytes(source, limit: limits.maxInputBytes)
            guard input.count > 0 else { throw .emptyInput }
            format = HEIFBrand.format(Array(input.bytes.prefix(HEIFBrand.signatureLength)))
            frames = try HEIFSequence.frameCount(input.bytes, limits: limits)
            context = try HeifContext(input: input, format: format, limits: limits, threads: threads)
            primary = try context.primaryImage()
            var info = try Self.info(primary, format: format, frames: frames, limits: limits)
            let stated = primary.colorSpace(limits: limits)
            info.describeColor(stated?.space, embedsProfile: stated?.embedsProfile ?? false)
            self.info = info
            colorSpace = stated?.space ?? .sRGB
        }

        /// Checks the header's facts against a decode's `limits` (which may be stricter than those it
        /// was read with): the bytes held, the frame count and the primary image's coded and
        /// delivered sizes.
        /// Decodes rows top to bottom as straight-alpha RGBA8 from the session's libheif context,
        /// without reading or parsing the file again: the primary image, or an embedded thumbnail
        /// when `options.minimumSize` allows (see ``HEIFCodec``'s documentation), after checking the
        /// header's facts against `options.limits` (the pixels per input byte at four times a JPEG's
        /// cost per pixel, see `DecodingLimits.maxPixelsPerInputByte`). `options.maxThreads` above 1
        /// lets libheif decode grid tiles on that many threads.
        /// - Throws: `ImageError` as ``HEIFCodec/open(_:options:)``, plus `.limitExceeded(.memory)`
        ///   and `.unsupported` when libheif lacks the decoder plugin.
        public consuming func decode<Sink: RowSink>(options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport {
            // HEVC/AV1 decoding costs several times a JPEG's per pixel (see DecodingLimits.maxPixelsPerInputByte).
            try HEIFRowDecoder.decode(header: self, options: options.forInput(source, costPerPixel: 4), into: &sink)
        }

        func check(_ limits: DecodingLimits) throws(ImageError) {
            try context.input.check(limit: limits.maxInputBytes)
            guard frames <= limits.maxFrames else { throw .limitExceeded(.frameCount(frames: frames, limit: limits.maxFrames)) }
            _ = try Self.info(primary, format: format, frames: frames, limits: limits)
        }

        /// The facts of the primary image as libheif delivers it: transformations applied, so the
        /// orientation is always `.up` (EXIF orientation is not applied on top, as HEIF requires).
        private static func info(
            _ primary: HeifImageHandle, format: ImageFormat, frames: Int, limits: DecodingLimits
        ) throws(ImageError) -> ImageInfo {
            try limits.check(primary.codedSize)
            try limits.check(primary.size)
            let hasAlpha = primary.hasAlpha
            return ImageInfo(
                format: format, size: primary.size, orientation: .up, bitDepth: primary.bitDepth, hasAlpha: hasAlpha,
                colorModel: hasAlpha ? .rgba : .ycbcr, isProgressive: false, frames: frames)
        }
    }
}
