import CWebP
import PixelKit

/// Decodes a WebP file with `WebPDecode` into one RGBA buffer of the output's size, then lends its
/// rows to the sink.
enum WebPRowDecoder {
    static func decode<Sink: RowSink>(
        _ source: ImageSource, options: DecodeOptions, into sink: inout Sink
    ) throws(ImageError) -> DecodeReport {
        let bytes = try source.allBytes(limit: options.limits.maxInputBytes)
        let features = try WebPHeader.features(bytes)
        let info = try WebPHeader.info(features, limits: options.limits)
        if features.has_animation != 0 {
            let frame = try WebPFirstFrame(bytes)
            var warnings: [DecodeWarning] = []
            if frame.frameCount > 1 {
                let message = "animated WebP with \(frame.frameCount) frames: only the first frame is decoded"
                // Strict mode turns every warning into an error, this one included.
                guard options.strictness == .lenient else { throw .unsupported(format: .webp, feature: message) }
                warnings.append(DecodeWarning(format: .webp, message: message))
            }
            let image = try frame.decodeOnCanvas(info.size, limits: options.limits)
            image.send(to: &sink)
            return DecodeReport(info: info, outputSize: info.size, warnings: warnings)
        }
        let outputSize = WebPScaledSize.forMinimum(options.minimumSize, stored: info.size)
        let lossless = features.format == 2
        let image = try decodePixels(
            bytes, size: info.size, outputSize: outputSize, workBytes: lossless ? info.size.pixelCount * 4 : 0, limits: options.limits)
        sink.begin(size: outputSize)
        image.forEachRow { row in
            if !sink.isSatisfied { sink.consume(row) }
        }
        return DecodeReport(info: info, outputSize: outputSize)
    }

    /// The pixels of a VP8/VP8L bitstream (or a whole still file) of `size`, scaled by libwebp to
    /// `outputSize`, decoded into a buffer of exactly that size. `workBytes` is what libwebp
    /// allocates besides (a lossless image's full-size ARGB buffer), counted against the memory limit.
    static func decodePixels(
        _ bytes: [UInt8], size: PixelSize, outputSize: PixelSize, workBytes: Int, limits: DecodingLimits
    ) throws(ImageError) -> RGBAImage {
        let outputBytes = outputSize.pixelCount.multipliedReportingOverflow(by: 4)
        let needed = outputBytes.partialValue.addingReportingOverflow(workBytes)
        guard !outputBytes.overflow, !needed.overflow, needed.partialValue <= limits.maxMemoryBytes else {
            throw .limitExceeded(.memory(bytes: needed.overflow || outputBytes.overflow ? .max : needed.partialValue, limit: limits.maxMemoryBytes))
        }
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else {
            throw .unsupported(format: .webp, feature: "libwebp's decoder ABI does not match its header")
        }
        if outputSize != size {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(outputSize.width)
            config.options.scaled_height = Int32(outputSize.height)
        }
        var pixels = [UInt8](repeating: 0, count: outputBytes.partialValue)
        let status = pixels.withUnsafeMutableBufferPointer { output in
            bytes.withUnsafeBytes { input in
                config.output.colorspace = MODE_RGBA
                config.output.is_external_memory = 1
                config.output.u.RGBA.rgba = output.baseAddress
                config.output.u.RGBA.stride = Int32(outputSize.width * 4)
                config.output.u.RGBA.size = output.count
                defer { WebPFreeDecBuffer(&config.output) }
                return WebPDecode(input.baseAddress?.assumingMemoryBound(to: UInt8.self), input.count, &config)
            }
        }
        guard status == VP8_STATUS_OK else { throw WebPStatus.error(status, "decoding") }
        return RGBAImage(width: outputSize.width, height: outputSize.height, pixels: pixels)
    }
}
