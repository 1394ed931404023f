import CWebP
import PixelKit

/// Decodes a WebP file with libwebp into one RGBA buffer of the output's size, then lends its rows
/// to the sink. A lossy still file on disk is fed to libwebp's incremental decoder (`WebPIDecode`,
/// `WebPIAppend`) in chunks as it is read, so the whole file is never resident next to the pixels;
/// bytes in memory, lossless files and animations go through `WebPDecode`.
///
/// Work budget: the RIFF chunks and animation frames were counted when the header was read
/// (``WebPChunkScan``) and are checked against the decode's limits first; cancellation and the
/// deadline are checked before each chunk appended to the incremental decoder (64 KiB of a
/// streamed lossy file), and before and after each `WebPDecode`, a single libwebp call that cannot
/// be interrupted: its work is bounded by the pixel count (`DecodingLimits.maxPixelCount`) of the
/// one image or frame it decodes.
enum WebPRowDecoder {
    /// Decodes `source`, whose header is `header`: a file continues from the bytes the header read
    /// (fed to libwebp first, never read again), bytes in memory are decoded in place. The header's
    /// facts are checked against `options.limits` first.
    static func decode<Sink: RowSink>(
        _ source: ImageSource, header: WebPCodec.Session, options: DecodeOptions, into sink: inout Sink
    ) throws(ImageError) -> DecodeReport {
        try options.checkInterruption()
        try header.check(options.limits)
        guard let file = header.file else {
            return try decode(bytes: source.allBytes(limit: options.limits.maxInputBytes), header: header, options: options, into: &sink)
        }
        var input = WebPFileInput(file, limit: options.limits.maxInputBytes, from: header.leading.count, isAtEnd: header.leadingIsWholeFile)
        // Decoded from memory instead, as their bytes would be:
        // - an animation: the demuxer needs the whole file;
        // - a still image whose bitstream chunk starts past the first read (after a large ICC
        //   profile): its format is not known yet (`format == 0`), and the header read it whole;
        // - a lossless image: `WebPDecode` lets a VP8L bitstream run past its chunk's declared size,
        //   to the end of the data, while the incremental decoder stops there and fails. Streaming
        //   the file would save little: libwebp's lossless work buffer alone is 4 bytes per pixel;
        // - a file shorter than its header declares: `WebPDecode` refuses it (`NOT_ENOUGH_DATA`),
        //   while the incremental decoder stops once the image is complete;
        // - a file the first read took whole.
        let declaredEnd = WebPHeader.declaredEnd(header.leading)
        let decodesFromMemory = header.hasAnimation || !header.isLossy || input.isAtEnd
            || declaredEnd.map({ $0 > file.size }) == true
        if decodesFromMemory {
            return try decode(bytes: input.rest(after: header.leading), header: header, options: options, into: &sink)
        }
        let info = header.info
        let outputSize = outputSize(header, minimum: options.minimumSize)
        let image = try decodePixels(
            size: info.size, outputSize: outputSize, workBytes: workBytes(header),
            threads: options.maxThreads, limits: options.limits
        ) { config throws(ImageError) in
            try appendIncrementally(header.leading, then: &input, config: config, options: options)
        }
        lend(image, to: &sink)
        return DecodeReport(info: info, outputSize: outputSize)
    }

    /// The decode of a whole file in memory, whose header is `header`.
    private static func decode<Sink: RowSink>(
        bytes: [UInt8], header: WebPCodec.Session, options: DecodeOptions, into sink: inout Sink
    ) throws(ImageError) -> DecodeReport {
        var info = header.info
        try options.checkInterruption()
        if header.hasAnimation {
            // The first frame, with no warning: the policy for every animated format.
            let frame = try WebPFirstFrame(bytes)
            guard frame.frameCount <= options.limits.maxFrames else {
                throw .limitExceeded(.frameCount(frames: frame.frameCount, limit: options.limits.maxFrames))
            }
            info.frames = max(frame.frameCount, 1)
            let image = try frame.decodeOnCanvas(info.size, threads: options.maxThreads, limits: options.limits)
            try options.checkInterruption()
            image.send(to: &sink)
            return DecodeReport(info: info, outputSize: info.size)
        }
        let outputSize = outputSize(header, minimum: options.minimumSize)
        let image = try decodePixels(
            bytes, size: info.size, outputSize: outputSize, workBytes: workBytes(header),
            threads: options.maxThreads, limits: options.limits)
        try options.checkInterruption()
        lend(image, to: &sink)
        return DecodeReport(info: info, outputSize: outputSize)
    }

    /// The size to decode a still image to: what ``WebPScaledSize`` picks for `minimum`, except for
    /// a lossy image with alpha, decoded at full size. libwebp's scaler averages such an image's
    /// color (in YUV) and its alpha plane separately, so the color under transparent pixels counts as
    /// much as the visible one, even in its premultiplied modes (`MODE_rgbA`), which multiply after
    /// scaling: a mostly transparent file's fast mean came out 181 red against 16 exact. The rows
    /// then go to the sink at full size, which weights each pixel by its alpha itself. Lossless
    /// images are premultiplied before libwebp scales them (`WebPMultARGBRows`), so they keep
    /// the scaled decode.
    private static func outputSize(_ header: WebPCodec.Session, minimum: PixelSize?) -> PixelSize {
        if header.info.hasAlpha, !header.isLossless { return header.info.size }
        return WebPScaledSize.forMinimum(minimum, stored: header.info.size)
    }

    /// What libwebp allocates besides the output: a lossless image's full-size ARGB buffer.
    private static func workBytes(_ header: WebPCodec.Session) -> Int {
        header.isLossless ? header.info.size.pixelCount * 4 : 0
    }

    /// The pixels of a VP8/VP8L bitstream (or a whole still file) of `size` in memory.
    static func decodePixels(
        _ bytes: [UInt8], size: PixelSize, outputSize: PixelSize, workBytes: Int, threads: Int, limits: DecodingLimits
    ) throws(ImageError) -> RGBAImage {
        try decodePixels(size: size, outputSize: outputSize, workBytes: workBytes, threads: threads, limits: limits) { config in
            bytes.withUnsafeBufferPointer { WebPDecode($0.baseAddress, $0.count, config) }
        }
    }

    /// Feeds `leading`, then the rest of `file` chunk by chunk, to an incremental decoder until the
    /// image is complete, checking `options`' cancellation and deadline before each chunk. A file
    /// that ends first is `VP8_STATUS_NOT_ENOUGH_DATA`, as for `WebPDecode`.
    private static func appendIncrementally(
        _ leading: [UInt8], then file: inout WebPFileInput, config: UnsafeMutablePointer<WebPDecoderConfig>, options: DecodeOptions
    ) throws(ImageError) -> VP8StatusCode {
        // The decoder keeps pointers to `config`'s options and output: `config` must not move.
        guard let decoder = WebPIDecode(nil, 0, config) else { return VP8_STATUS_OUT_OF_MEMORY }
        defer { WebPIDelete(decoder) }
        var chunk = leading
        while !chunk.isEmpty {
            try options.checkInterruption()
            let status = chunk.withUnsafeBufferPointer { WebPIAppend(decoder, $0.baseAddress, $0.count) }
            guard status == VP8_STATUS_SUSPENDED else { return status }
            chunk = try file.next()
        }
        return VP8_STATUS_NOT_ENOUGH_DATA
    }

    /// The pixels `run` decodes with `config` (set up for RGBA output of `outputSize` scaled by
    /// libwebp from `size`, threaded when `threads` ≥ 2) into a buffer of exactly that size, after
    /// checking it and `workBytes` (what libwebp allocates besides) against the memory limit. The
    /// buffer is left uninitialised: libwebp writes every byte of a successful decode.
    private static func decodePixels(
        size: PixelSize, outputSize: PixelSize, workBytes: Int, threads: Int, limits: DecodingLimits,
        run: (UnsafeMutablePointer<WebPDecoderConfig>) throws(ImageError) -> VP8StatusCode
    ) throws(ImageError) -> RGBAImage {
        let outputBytes = outputSize.pixelCount.multipliedReportingOverflow(by: 4)
        let needed = outputBytes.partialValue.addingReportingOverflow(workBytes)
        guard !outputBytes.overflow, !needed.overflow, needed.partialValue <= limits.maxMemoryBytes else {
            throw .limitExceeded(.memory(bytes: needed.overflow || outputBytes.overflow ? .max : needed.partialValue, limit: limits.maxMemoryBytes))
        }
        let config = UnsafeMutablePointer<WebPDecoderConfig>.allocate(capacity: 1)
        config.initialize(to: WebPDecoderConfig())
        defer { config.deallocate() }
        guard WebPInitDecoderConfig(config) != 0 else {
            throw .unsupported(format: .webp, feature: "libwebp's decoder ABI does not match its header")
        }
        if outputSize != size {
            config.pointee.options.use_scaling = 1
            config.pointee.options.scaled_width = Int32(outputSize.width)
            config.pointee.options.scaled_height = Int32(outputSize.height)
        }
        // libwebp's own worker thread filters and emits rows while the calling thread parses the next.
        config.pointee.options.use_threads = threads >= 2 ? 1 : 0
        var failure: ImageError?
        let pixels = [UInt8](unsafeUninitializedCapacity: outputBytes.partialValue) { output, initializedCount in
            config.pointee.output.colorspace = MODE_RGBA
            config.pointee.output.is_external_memory = 1
            config.pointee.output.u.RGBA.rgba = output.baseAddress
            config.pointee.output.u.RGBA.stride = Int32(outputSize.width * 4)
            config.pointee.output.u.RGBA.size = output.count
            defer { WebPFreeDecBuffer(&config.pointee.output) }
            do throws(ImageError) {
                let status = try run(config)
                guard status == VP8_STATUS_OK else { throw WebPStatus.error(status, "decoding") }
                initializedCount = output.count
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return RGBAImage(width: outputSize.width, height: outputSize.height, pixels: pixels)
    }

    /// Lends the image's rows to `sink` until it is satisfied.
    private static func lend<Sink: RowSink>(_ image: RGBAImage, to sink: inout Sink) {
        sink.begin(size: image.size)
        image.forEachRow { row in
            if !sink.isSatisfied { sink.consume(row) }
        }
    }
}

