import CJXL
import PixelKit

extension JXLCodec {
    /// One JPEG XL input, opened: its header's facts and color encoding, read once, and libjxl's
    /// decoder stopped after them, which ``decode(options:into:)`` continues.
    public struct Session: ImageDecodingSession {
        /// The header's facts: stored size, orientation, bit depth, alpha, gray or RGB.
        public let info: ImageInfo
        /// The color encoding of the pixels the decode delivers, as libjxl states it.
        public let colorProfile: JXLColorProfile
        /// The space ``PixelKit/ImageReader`` converts from: sRGB and Display P3 by name, HDR
        /// transfers (PQ, HLG) refused as unconvertible, any other encoding through the ICC profile
        /// libjxl writes for it.
        public let colorSpace: ColorSpace
        private let source: ImageSource
        private let decoder: JXLDecoder

        /// The ICC profile when libjxl describes the color with one rather than an enumerated
        /// encoding (see ``colorProfile``).
        public var iccProfile: [UInt8]? {
            if case .icc(let profile) = colorProfile { profile } else { nil }
        }

        /// Reads `source`'s header: libjxl runs to its basic info (checked against `options.limits`
        /// at once) and its color encoding, and stops there. `options.maxThreads` sets the threads
        /// of the whole session (libjxl takes them before it starts).
        init(_ source: ImageSource, options: DecodeOptions) throws(ImageError) {
            try options.checkInterruption()
            self.source = source
            decoder = try JXLDecoder(JXLInput(source, limit: options.limits.maxInputBytes), threads: options.maxThreads)
            try Self.expect(JXL_DEC_BASIC_INFO, from: decoder, options: options)
            let basic = try decoder.basicInfo()
            let hasAlpha = basic.alpha_bits > 0
            var info = ImageInfo(
                format: .jxl, size: PixelSize(width: Int(basic.xsize), height: Int(basic.ysize)),
                orientation: ImageOrientation(rawValue: Int(basic.orientation.rawValue)) ?? .up,
                bitDepth: Int(basic.bits_per_sample), hasAlpha: hasAlpha,
                colorModel: basic.num_color_channels == 1 ? (hasAlpha ? .grayAlpha : .gray) : (hasAlpha ? .rgba : .rgb))
            try options.limits.check(info.size)
            try Self.expect(JXL_DEC_COLOR_ENCODING, from: decoder, options: options)
            colorProfile = try decoder.colorProfile(maxICCBytes: options.limits.maxChunkBytes)
            colorSpace = try Self.colorSpace(of: colorProfile, decoder: decoder, limits: options.limits)
            info.describeColor(colorSpace, embedsProfile: colorProfile.isICC)
            self.info = info
        }

        /// The ``PixelKit/ColorSpace`` of `profile`; an enumerated encoding PixelKit has no name
        /// for is read through the ICC profile libjxl writes for it.
        private static func colorSpace(of profile: JXLColorProfile, decoder: JXLDecoder, limits: DecodingLimits) throws(ImageError) -> ColorSpace {
            switch profile {
            case .icc(let bytes):
                return ColorSpace(embeddedProfile: bytes, limits: limits)
            case .encoded(let encoding):
                if encoding.isSRGB || encoding.isSRGBGray { return .sRGB }
                if encoding.isDisplayP3 { return .displayP3 }
                switch encoding.transferFunction {
                case "pq": return .unconvertible(.highDynamicRange(transfer: 16))
                case "hlg": return .unconvertible(.highDynamicRange(transfer: 18))
                default: return ColorSpace(embeddedProfile: try decoder.iccProfile(maxICCBytes: limits.maxColorProfileBytes), limits: limits)
                }
            }
        }

        /// Runs `decoder` to the header event `event`.
        private static func expect(_ event: JxlDecoderStatus, from decoder: JXLDecoder, options: DecodeOptions) throws(ImageError) {
            switch try decoder.next(options) {
            case .event(let status) where status == event: return
            case .event(let status): throw .malformed(format: .jxl, message: "libjxl status \(status.rawValue) where the header was expected")
            case .truncated: throw .truncated(format: .jxl, message: "the file ends within its header")
            }
        }

        /// Decodes the first frame, continuing from the header, and lends its rows to `sink` (RGBA8,
        /// straight alpha, as stored: the orientation is not applied).
        ///
        /// The size is checked against `options.limits` again, with the pixels-per-input-byte
        /// ratio against the input's length; then the RGBA buffer (4 bytes a pixel of the stored
        /// size) and libjxl's working memory (``JXLCodec/workingBytesPerPixel``) are reserved from
        /// `maxMemoryBytes` (and the limits' shared `MemoryBudget`) before anything is allocated.
        ///
        /// **Reduced decode.** When `options.minimumSize` is at most 1/8 of the image on both sides,
        /// the decode is lenient, and `options.allowsProgressiveShortcut` is set, the decode stops at
        /// the DC pass (`JxlDecoderSetProgressiveDetail(kDC)`, the first `JXL_DEC_FRAME_PROGRESSION`
        /// whose downsampling is 8): libjxl renders it, upsampled, into the full-size buffer
        /// (`JxlDecoderFlushImage`; libjxl 0.7 has no reduced output), and the rows are delivered at
        /// 1/8 scale, each pixel the alpha-weighted mean of an 8×8 block. The AC coefficients are
        /// never decoded. A lossless (modular) file has no such pass and is decoded fully, at full size.
        /// A strict decode always reads the whole file.
        ///
        /// **Truncated files**: `.truncated` in strict mode; in lenient mode the rows libjxl can
        /// render from what arrived (`JxlDecoderFlushImage`), the rest transparent, with a warning.
        /// A file that ends before its first frame's data is `.truncated` in both.
        /// - Throws: `ImageError`: `.limitExceeded`, `.truncated`, `.malformed`, `.cancelled`,
        ///   deadline, `.file`, `.invalidOptions` for a session decoded a second time.
        public consuming func decode<Sink: RowSink>(options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport {
            guard decoder.claim() else { throw .invalidOptions("a JPEG XL session decodes once") }
            let options = options.forInput(source)
            try options.checkInterruption()
            try options.limits.check(info.size)
            let pixelBytes = info.size.pixelCount * 4
            let reservation = try options.limits.reserveMemory(pixelBytes + info.size.pixelCount * JXLCodec.workingBytesPerPixel)
            defer { reservation.release() }
            let pixels = UnsafeMutableRawBufferPointer.allocate(byteCount: pixelBytes, alignment: 16)
            defer { pixels.deallocate() }
            // Transparent black: what a truncated file's missing rows show.
            pixels.initializeMemory(as: UInt8.self, repeating: 0)

            let wantsDC = options.strictness == .lenient && options.allowsProgressiveShortcut
                && options.minimumSize.map { JXLRows.eighthScaleSuffices(for: $0, stored: info.size) } == true
            var hasOutput = false
            var warnings: [DecodeWarning] = []
            var downsampling = 1
            decoding: while true {
                switch try decoder.next(options) {
                case .event(JXL_DEC_NEED_IMAGE_OUT_BUFFER):
                    try decoder.setOutput(pixels)
                    hasOutput = true
                case .event(JXL_DEC_FRAME):
                    continue
                case .event(JXL_DEC_FRAME_PROGRESSION):
                    if wantsDC, decoder.intendedDownsampling == 8, decoder.flush() {
                        downsampling = 8
                        break decoding
                    }
                case .event(JXL_DEC_FULL_IMAGE):
                    break decoding
                case .event(let status):
                    throw .malformed(format: .jxl, message: "libjxl status \(status.rawValue) where the image was expected")
                case .truncated:
                    let message = "the file ends before its image does"
                    guard options.strictness == .lenient, hasOutput, decoder.flush() else {
                        throw .truncated(format: .jxl, message: message)
                    }
                    warnings.append(DecodeWarning(format: .jxl, message: message + ": the rows decoded so far, the rest transparent"))
                    break decoding
                }
            }
            try options.checkInterruption()
            let image = UnsafeRawBufferPointer(pixels)
            let outputSize: PixelSize
            if downsampling == 8 {
                outputSize = JXLRows.sendEighthScale(image, size: info.size, to: &sink)
            } else {
                outputSize = info.size
                JXLRows.lend(image, size: info.size, to: &sink)
            }
            return DecodeReport(info: info, outputSize: outputSize, warnings: warnings)
        }
    }
}
