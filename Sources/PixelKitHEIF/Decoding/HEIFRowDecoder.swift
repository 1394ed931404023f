import CHeif
import PixelKit

/// Continues from a HEIF file's header (``HEIFCodec/Session``: libheif's context and the primary
/// image's handle): checks the limits from the image handle again, decodes the primary
/// image (or, for a reduced decode, a large enough embedded thumbnail) to interleaved 8-bit RGB(A)
/// and lends its rows to the sink.
///
/// Work budget: libheif 1.15's `heif_decode_image` is one call that cannot be stopped (its progress
/// callbacks return nothing; a cancellation hook arrived in later libheif versions), so
/// cancellation and the deadline are checked before and after it. Its work is bounded by what is
/// checked before it: the work the primary image's tiles cost against the input's length
/// (``HEIFWorkEstimate``, `DecodingLimits.check(_:)`), the coded size (`maxPixelCount`,
/// `maxDimension`), at most 16 thumbnails looked at, the whole input in memory (`maxInputBytes`).
enum HEIFRowDecoder {
    /// Decodes the image `header` opened (its context, its primary image), after checking the
    /// header's facts against `options.limits`.
    static func decode<Sink: RowSink>(
        header: HEIFCodec.Session, options: DecodeOptions, into sink: inout Sink
    ) throws(ImageError) -> DecodeReport {
        try options.checkInterruption()
        let context = header.context, primary = header.primary, format = header.format
        context.use(limits: options.limits, threads: options.maxThreads)
        try header.check(options.limits)
        let info = header.info
        try requireDecoder(for: format, libheif: context.libheif)
        let strict = options.strictness == .strict
        // One verdict (Docs/Security.md): a strict decode's success or failure is the primary
        // image's, so it never stands in a thumbnail, whose damage or soundness says nothing of it.
        var fallback: DecodeWarning?
        if !strict, let minimum = options.minimumSize, let thumbnail = thumbnail(of: primary, covering: minimum) {
            do throws(ImageError) {
                let image = try decodeChecked(thumbnail, context: context, options: options, format: format)
                defer { context.libheif.functions.image_release(image.pointer) }
                return deliver(image, info: info, context: context, format: format, into: &sink)
            } catch .limitExceeded(let violation) {
                throw .limitExceeded(violation)
            } catch .cancelled {
                throw .cancelled
            } catch {
                // A damaged thumbnail is no reason to fail: the primary image is what counts.
                fallback = DecodeWarning(
                    format: format, message: "embedded \(thumbnail.size) thumbnail unreadable, primary image decoded instead: \(error)")
            }
        }
        // The primary image's tiles, counted before libheif decodes them (a thumbnail is bounded by its size).
        try options.limits.check(HEIFWorkEstimate.estimate(header, limits: options.limits))
        let image = try decodeChecked(primary, context: context, options: options, format: format)
        defer { context.libheif.functions.image_release(image.pointer) }
        var report = deliver(image, info: info, context: context, format: format, into: &sink)
        if let fallback { report.warnings.insert(fallback, at: 0) }
        return report
    }

    /// `handle` decoded after checking its memory against the limits, refused when its pixels are
    /// not the size its header promised. Cancellation and the deadline are checked before and after
    /// libheif's decode, which cannot be stopped in between.
    private static func decodeChecked(
        _ handle: HeifImageHandle, context: HeifContext, options: DecodeOptions, format: ImageFormat
    ) throws(ImageError) -> DecodedImage {
        try checkMemory(handle, limits: context.limits)
        try options.checkInterruption()
        var image = try decodeImage(handle, context: context, strict: options.strictness == .strict)
        do throws(ImageError) {
            try options.checkInterruption()
            image.alphaIsLimitedRange = try alphaIsLimitedRange(handle, context: context)
            try options.checkInterruption()
        } catch {
            context.libheif.functions.image_release(image.pointer)
            throw error
        }
        // The coded stream can disagree with the item's header (found by fuzzing: a 72×9 header,
        // 72×72 pixels); rows of another size than the header promised are refused.
        guard image.size == handle.size else {
            context.libheif.functions.image_release(image.pointer)
            throw .malformed(format: format, message: "libheif decoded \(image.size) pixels for an image whose header says \(handle.size)")
        }
        return image
    }

    /// Lends the decoded rows to `sink`; the report carries libheif's warnings.
    private static func deliver<Sink: RowSink>(
        _ image: DecodedImage, info: ImageInfo, context: HeifContext, format: ImageFormat, into sink: inout Sink
    ) -> DecodeReport {
        sink.begin(size: image.size)
        sendRows(image, into: &sink)
        return DecodeReport(info: info, outputSize: image.size, warnings: warnings(image.pointer, format: format, libheif: context.libheif))
    }

    /// `.unsupported` naming the missing decoder plugin when libheif cannot decode the format's codec.
    private static func requireDecoder(for format: ImageFormat, libheif: Libheif) throws(ImageError) {
        if format == .avif, libheif.functions.have_decoder_for_format(heif_compression_AV1) == 0 {
            throw .unsupported(format: .avif, feature: "AV1 decoding: this libheif has no AV1 decoder plugin (libheif-plugin-dav1d or libheif-plugin-aomdec)")
        }
        if format == .heif, libheif.functions.have_decoder_for_format(heif_compression_HEVC) == 0 {
            throw .unsupported(format: .heif, feature: "HEVC decoding: this libheif has no HEVC decoder plugin (libheif-plugin-libde265)")
        }
    }

    /// The smallest embedded thumbnail at least `minimum` in both directions whose aspect ratio is
    /// the primary image's (within 2 %), or nil to decode the primary image.
    private static func thumbnail(of primary: HeifImageHandle, covering minimum: PixelSize) -> HeifImageHandle? {
        let size = primary.size
        guard size.width > 0, size.height > 0 else { return nil }
        let aspect = Double(size.width) / Double(size.height)
        return primary.thumbnails()
            .filter { thumbnail in
                let thumb = thumbnail.size
                guard thumb.width >= minimum.width, thumb.height >= minimum.height, thumb.height > 0,
                      thumb.width < size.width || thumb.height < size.height else { return false }
                return abs(Double(thumb.width) / Double(thumb.height) / aspect - 1) <= 0.02
            }
            .min { $0.size.pixelCount < $1.size.pixelCount }
    }

    /// Checks what decoding `handle` allocates — the coded planes (up to 4 samples per pixel, 2 bytes
    /// above 8 bits) and the interleaved 8-bit output — against `maxMemoryBytes`, before decoding.
    private static func checkMemory(_ handle: HeifImageHandle, limits: DecodingLimits) throws(ImageError) {
        try limits.check(handle.codedSize)
        let pixels = max(handle.codedSize.pixelCount, handle.size.pixelCount)
        let perPixel = (handle.bitDepth > 8 ? 8 : 4) + 4
        let needed = pixels.multipliedReportingOverflow(by: perPixel)
        guard !needed.overflow, needed.partialValue <= limits.maxMemoryBytes else {
            throw .limitExceeded(.memory(bytes: needed.overflow ? .max : needed.partialValue, limit: limits.maxMemoryBytes))
        }
    }

    /// A decoded image: the `heif_image` (released by the caller) and its interleaved plane.
    struct DecodedImage {
        let pointer: OpaquePointer
        let size: PixelSize
        let hasAlpha: Bool
        let plane: UnsafePointer<UInt8>
        let stride: Int
        /// Whether the plane's alpha is still in limited range (``LimitedRangeAlpha``).
        var alphaIsLimitedRange = false
    }

    /// Whether `handle`'s alpha is an AV1 plane coded in limited range, which libheif 1.15 passes
    /// on unexpanded. Only the AV1 decoder knows (the range is in the alpha stream's sequence
    /// header, not in a box), so the alpha image is decoded alone, once more, and the range read
    /// from the profile the decoder attaches to it (`heif_image_get_nclx_color_profile`). Only AVIF
    /// files with alpha pay for that decode, checked against the memory limit like the image's.
    private static func alphaIsLimitedRange(_ handle: HeifImageHandle, context: HeifContext) throws(ImageError) -> Bool {
        guard context.format == .avif, let alpha = handle.alphaImage() else { return false }
        try checkMemory(alpha, limits: context.limits)
        let libheif = context.libheif
        var image: OpaquePointer?
        // libheif has just decoded this plane with the image; should it fail alone, it stays as decoded.
        let status = libheif.functions.decode_image(alpha.pointer, &image, heif_colorspace_undefined, heif_chroma_undefined, nil)
        guard let image else { return false }
        defer { libheif.functions.image_release(image) }
        guard status.code == heif_error_Ok else { return false }
        return libheif.withNCLXProfile({ libheif.functions.image_get_nclx_color_profile(image, $0) }) { profile in
            profile.map { $0.full_range_flag == 0 } ?? false
        }
    }

    /// `heif_decode_image` to interleaved RGB or RGBA, 8 bits (`convert_hdr_to_8bit`), with the
    /// file's transformations applied; strict decoding makes libheif fail on what it would otherwise warn about.
    private static func decodeImage(_ handle: HeifImageHandle, context: HeifContext, strict: Bool) throws(ImageError) -> DecodedImage {
        let hasAlpha = handle.hasAlpha
        let libheif = context.libheif
        guard let options = libheif.functions.decoding_options_alloc() else {
            throw .limitExceeded(.memory(bytes: 0, limit: context.limits.maxMemoryBytes))
        }
        defer { libheif.functions.decoding_options_free(options) }
        options.pointee.convert_hdr_to_8bit = 1
        options.pointee.strict_decoding = strict ? 1 : 0
        var image: OpaquePointer?
        try context.check(libheif.functions.decode_image(
            handle.pointer, &image, heif_colorspace_RGB, hasAlpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, options))
        guard let image else { throw .malformed(format: context.format, message: "libheif returned no image") }
        let width = Int(libheif.functions.image_get_width(image, heif_channel_interleaved))
        let height = Int(libheif.functions.image_get_height(image, heif_channel_interleaved))
        var stride: Int32 = 0
        guard libheif.functions.image_get_bits_per_pixel_range(image, heif_channel_interleaved) == 8,
              width > 0, height > 0, let plane = libheif.functions.image_get_plane_readonly(image, heif_channel_interleaved, &stride),
              Int(stride) >= width * (hasAlpha ? 4 : 3) else {
            libheif.functions.image_release(image)
            throw .unsupported(format: context.format, feature: "libheif did not deliver 8-bit interleaved RGB for this image")
        }
        return DecodedImage(pointer: image, size: PixelSize(width: width, height: height), hasAlpha: hasAlpha, plane: plane, stride: Int(stride))
    }

    /// Lends each row as RGBA8 (RGB rows get alpha 255, limited-range alpha is expanded, in one
    /// reused buffer), stopping once the sink is satisfied.
    private static func sendRows<Sink: RowSink>(_ image: DecodedImage, into sink: inout Sink) {
        let width = image.size.width
        if image.hasAlpha, !image.alphaIsLimitedRange {
            for y in 0..<image.size.height where !sink.isSatisfied {
                sink.consume(PixelRow(y: y, pixels: UnsafeBufferPointer(start: image.plane + y * image.stride, count: width * 4)))
            }
            return
        }
        let row = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: width * 4)
        defer { row.deallocate() }
        if image.hasAlpha {
            let fullRange = LimitedRangeAlpha.fullRange
            for y in 0..<image.size.height where !sink.isSatisfied {
                let source = image.plane + y * image.stride
                for x in 0..<width {
                    row[x * 4] = source[x * 4]
                    row[x * 4 + 1] = source[x * 4 + 1]
                    row[x * 4 + 2] = source[x * 4 + 2]
                    row[x * 4 + 3] = fullRange[Int(source[x * 4 + 3])]
                }
                sink.consume(PixelRow(y: y, pixels: UnsafeBufferPointer(row)))
            }
            return
        }
        for y in 0..<image.size.height where !sink.isSatisfied {
            let source = image.plane + y * image.stride
            for x in 0..<width {
                row[x * 4] = source[x * 3]
                row[x * 4 + 1] = source[x * 3 + 1]
                row[x * 4 + 2] = source[x * 3 + 2]
                row[x * 4 + 3] = 255
            }
            sink.consume(PixelRow(y: y, pixels: UnsafeBufferPointer(row)))
        }
    }

    /// The decoding warnings libheif attached to a leniently decoded image (`heif_image_get_decoding_warnings`).
    private static func warnings(_ image: OpaquePointer, format: ImageFormat, libheif: Libheif) -> [DecodeWarning] {
        var found = [heif_error](repeating: heif_error(code: heif_error_Ok, subcode: heif_suberror_Unspecified, message: nil), count: 8)
        let count = Int(libheif.functions.image_get_decoding_warnings(image, 0, &found, Int32(found.count)))
        return found.prefix(max(0, min(count, found.count))).map { warning in
            DecodeWarning(format: format, message: warning.message.map { String(cString: $0) } ?? "libheif warning \(warning.code.rawValue)")
        }
    }
}
