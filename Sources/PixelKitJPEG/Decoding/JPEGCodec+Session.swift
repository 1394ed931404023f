import PixelKit

extension JPEGCodec {
    /// A JPEG opened by ``JPEGCodec/open(_:options:)``: the facts, and libjpeg's decompressor
    /// positioned after the first scan's header (SOS), which ``decode(options:into:)`` continues
    /// from instead of reading the header again.
    ///
    /// Its decompressor reads the input the session was opened on: a file through that opening's
    /// descriptor (kept open with the session), memory through the decode's own borrow of the same
    /// bytes. A decode takes the decompressor; a session decoded a second time reads the header
    /// afresh (from the same opening of a file).
    public final class Session: ImageDecodingSession, StoredCMYKDelivering {
        /// The facts the header states (an MPO's image count as `ImageInfo.frames`).
        public let info: ImageInfo
        /// The APP2 `ICC_PROFILE` profile's space (its pieces reassembled in sequence order), sRGB
        /// without one; `ColorSpace.unconvertible(_:)` for missing, repeated or out-of-range
        /// pieces or a profile past `DecodingLimits.maxColorProfileBytes`.
        public var colorSpace: ColorSpace { header.colorSpace ?? .sRGB }
        /// Adobe (APP14) CMYK is stored inverted; other CMYK counts ink.
        public var storedCMYKSamples: CMYKSamples { header.hasAdobeMarker ? .inverted : .inkAmount }
        /// libjpeg's reading of the header (the EXIF payload, the coefficient buffers' size, …).
        let header: JPEGHeader
        /// The input as opened (a file's opening is reused by any later read of it).
        let source: ImageSource
        /// The decompressor's input: a file's opening is reused by any later read of it.
        let input: JPEGDecompressor.Input
        /// libjpeg after `jpeg_read_header`, until a decode takes it.
        private var decompressor: JPEGDecompressor?

        /// Reads the header of `source` (whose contents are `contents`) within `options`' limits
        /// (against the frame and an MPO's image count), strictness and deadline.
        /// - Throws: ``ImageError``, as ``JPEGCodec/open(_:options:)``.
        init(_ source: ImageSource, _ contents: ImageSource.Contents, options: DecodeOptions) throws(ImageError) {
            var decompressor = try Self.decompressor(for: contents, reopening: nil, options: options)
            header = try decompressor.readHeader(limits: options.limits)
            info = try JPEGCodec.info(from: header, limits: options.limits)
            self.source = source
            self.input = decompressor.input
            self.decompressor = consume decompressor
        }

        /// Streams RGBA8 rows into `sink` through libjpeg, in batches of up to 16 rows in one reused buffer;
        /// a lenient decode stops early once `sink.isSatisfied` (a strict one decodes on to EOI, lending
        /// no more rows). A `.file` source is read as decoding proceeds (never whole,
        /// so `maxInputBytes` applies to `.bytes` only).
        ///
        /// - `options.minimumSize` picks the smallest n/8 scale covering it (1×1 → 1/8).
        /// - A progressive image at 1/8 with `allowsProgressiveShortcut` stops reading after the scans that
        ///   complete every component's DC, and adds back the expected value of the DC bits those scans
        ///   leave out: the rows' mean is then within a few tenths of the full decode's on photos. Those
        ///   scans are decoded without libjpeg, keeping one DC value per block (one MCU row of them when the
        ///   first scan carries every component, ≈ 1 MB for 12 MP otherwise); files that decoder leaves
        ///   alone (arithmetic coding, CMYK/YCCK, 12-bit, sampling factors other than 1 and 2) go through
        ///   libjpeg's buffered-image mode, which holds every coefficient of the image.
        /// - A baseline YCbCr or gray JPEG (with or without restart intervals) decoded at 1/4 or 1/8 with at least
        ///   256 KiB of entropy-coded data is decoded without libjpeg (`cjpegsplit.h`): exact box
        ///   averages of each block, within a fraction of a level of libjpeg's rows for 4:2:0, 4:4:4 and
        ///   gray, closer than libjpeg's to the full-size image for 4:2:2 and 4:4:0. With `options.maxThreads`
        ///   ≥ 2 and at least 1 MiB of entropy-coded data its scan is entropy-decoded in two halves at
        ///   once; the rows are the same, bit for bit, and the second half's blocks are kept until their
        ///   rows are due (≈ 11 MB for 48 MP at 1/4).
        /// - libjpeg's warnings (truncation, corrupt data) throw `.truncated` / `.malformed` with
        ///   libjpeg's message in `.strict` mode, and are listed in the report in `.lenient` mode.
        /// - One verdict: in `.strict` mode neither the progressive shortcut nor the split decoder is
        ///   used (they read only the DC scans or the first scan); libjpeg decodes at the same scale,
        ///   entropy-decoding every scan up to EOI, so a reduced strict decode fails exactly when the
        ///   full-size one does. In `.lenient` mode those two add "Premature end of JPEG file" when no
        ///   EOI is among the file's last 4 KiB.
        /// - The markers up to the first scan are parsed once, by libjpeg (``JPEGCodec/open(_:options:)``): the
        ///   DC-scan and split decoders start from libjpeg's parsed header at the first scan's data
        ///   (`cjdc_set_header`, `cjsp_set_header`), and libjpeg itself continues where it stopped.
        /// - Limits are checked from the header, before libjpeg allocates for the image: pixel count,
        ///   dimensions, and libjpeg's whole-image coefficient buffers (or the DC decoder's buffers) plus
        ///   the row batch against `maxMemoryBytes` (also set as libjpeg's own `max_memory_to_use`).
        /// - Continuing from the session, libjpeg's decompressor goes on from the first scan's header
        ///   under `options`' strictness, limits and deadline (`cjs_set_strict`, `cjs_set_budget`,
        ///   `cjs_set_max_memory`: a header that warned fails a strict decode, as a strict read of it
        ///   would have); the header's facts are checked against `options.limits` again.
        /// - Throws: `ImageError`; 12-bit files throw `.unsupported(format: .jpeg, feature: "12-bit samples")`.
        public consuming func decode<Sink: RowSink>(options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport {
            try JPEGCodec().decode(source, session: self, options: options, shortcutEngine: .dcScanDecoder, into: &sink)
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
