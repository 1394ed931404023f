import PixelKit

extension JPEGCodec {
    /// A JPEG header as ``JPEGCodec/readHeader(_:options:)`` read it: the facts, and libjpeg's
    /// decompressor positioned after the first scan's header (SOS), which
    /// ``JPEGCodec/decode(_:header:options:into:)`` continues from instead of reading the header again.
    ///
    /// Its decompressor reads the input the header was read from: a file through that opening's
    /// descriptor (kept open with the header), memory through the decode's own borrow of the same bytes.
    /// A decode takes the decompressor; a header decoded a second time is read afresh (from the same
    /// opening of a file). Only one decode uses a header at a time.
    public final class Header: ImageHeader {
        /// The facts the header states (an MPO's image count as `ImageInfo.frames`).
        public let info: ImageInfo
        /// libjpeg's reading of the header (the EXIF payload, the coefficient buffers' size, …).
        let header: JPEGHeader
        /// The input it was read from: a file's opening is reused by any later read of it.
        let input: JPEGDecompressor.Input
        /// The options it was read with (its `minimumSize` is not used).
        let options: DecodeOptions
        /// libjpeg after `jpeg_read_header`, until a decode takes it.
        private var decompressor: JPEGDecompressor?

        /// Reads the header of `source`'s contents within `options`' limits (against the frame and an
        /// MPO's image count), strictness and deadline: opens a file unless `input` is a file already opened.
        /// - Throws: ``ImageError``, as ``JPEGCodec/probe(_:limits:)``.
        init(_ contents: ImageSource.Contents, reopening input: JPEGDecompressor.Input? = nil, options: DecodeOptions) throws(ImageError) {
            var decompressor = try Self.decompressor(for: contents, reopening: input, options: options)
            header = try decompressor.readHeader(limits: options.limits)
            info = try JPEGCodec.info(from: header, limits: options.limits)
            self.input = decompressor.input
            self.options = options
            self.decompressor = consume decompressor
        }

        /// The header's decompressor, readied for a decode under `options`
        /// (`JPEGDecompressor.continueDecoding`) reading `contents`, or nil when a decode took it already.
        func takeDecompressor(for contents: ImageSource.Contents, options: DecodeOptions, budget: JPEGBudget) throws(ImageError) -> JPEGDecompressor? {
            guard var decompressor = self.decompressor.take() else { return nil }
            let input = try Self.input(of: contents, reopening: self.input, limits: options.limits)
            try decompressor.continueDecoding(
                in: input, strict: options.strictness == .strict, budget: budget, maxMemoryBytes: options.limits.maxMemoryBytes)
            return decompressor
        }

        /// A decompressor for `contents` under `options`, before its header is read.
        static func decompressor(
            for contents: ImageSource.Contents, reopening input: JPEGDecompressor.Input?, options: DecodeOptions,
            budget: JPEGBudget? = nil
        ) throws(ImageError) -> JPEGDecompressor {
            try JPEGDecompressor(
                Self.input(of: contents, reopening: input, limits: options.limits), maxMemoryBytes: options.limits.maxMemoryBytes,
                strict: options.strictness == .strict, budget: budget ?? JPEGBudget(options))
        }

        /// The decompressor's input for `contents`: a file's opening (`input`'s, else opened now, once
        /// for every reader of this decode) or the borrowed memory, refused when empty or past `maxInputBytes`.
        private static func input(
            of contents: ImageSource.Contents, reopening input: JPEGDecompressor.Input?, limits: DecodingLimits
        ) throws(ImageError) -> JPEGDecompressor.Input {
            switch contents {
            case .file(let source):
                if case .file(let file)? = input { return .file(file) }
                guard let file = try source.openedFile() else { throw .emptyInput }
                return .file(file)
            case .memory(let raw):
                guard !raw.isEmpty else { throw .emptyInput }
                guard raw.count <= limits.maxInputBytes else {
                    throw .limitExceeded(.inputSize(bytes: raw.count, limit: limits.maxInputBytes))
                }
                return .memory(raw.assumingMemoryBound(to: UInt8.self))
            }
        }
    }
}
