import CSpng
import PixelKit

/// Decodes a PNG to RGBA8 rows with libspng's progressive API, one reused row buffer at a time.
///
/// Conversions are libspng's `SPNG_FMT_RGBA8` with `SPNG_DECODE_TRNS` and without
/// `SPNG_DECODE_GAMMA`: gray is replicated to R, G and B; 1/2/4-bit samples are scaled by bit
/// replication; a tRNS color key or palette alpha becomes alpha; 16-bit samples keep their high
/// byte; no gamma or color-profile correction is applied.
///
/// Interlaced (Adam7) images arrive pass by pass, so their rows are assembled in one full frame
/// (`width × height × 4` bytes, checked against `DecodingLimits.maxMemoryBytes`) and sent top to
/// bottom after the last pass.
///
/// What is a warning (see `PNGCodec` for the strict/lenient rules): an ancillary chunk whose CRC does
/// not match (dropped), and image data that ends early after at least one row was decoded.
enum PNGRowDecoder {
    /// The header's facts, reading only the chunks before the image data.
    static func probe(_ source: ImageSource, limits: DecodingLimits) throws -> ImageInfo {
        try PNGInput.with(source) { input in
            let reader = try PNGReader(input: input, limits: limits)
            do throws(SpngFailure) {
                let context = try reader.makeDecoder(ancillaryChecksums: SPNG_CRC_DISCARD)
                return PNGHeader.info(try context.header(), hasTransparencyChunk: try context.hasTransparencyChunk())
            } catch {
                throw reader.imageError(error)
            }
        }
    }

    static func decode<Sink: RowSink>(
        _ source: ImageSource, options: DecodeOptions, into sink: inout Sink
    ) throws -> DecodeReport {
        try PNGInput.with(source) { input in
            let reader = try PNGReader(input: input, limits: options.limits)
            var warnings: [DecodeWarning] = []
            let context: SpngContext
            let info: ImageInfo
            do throws(SpngFailure) {
                (context, info) = try start(reader, ancillaryChecksums: SPNG_CRC_ERROR)
            } catch let failure where failure.isChecksumMismatch && options.strictness == .lenient {
                // Retry dropping bad ancillary chunks; a bad critical chunk fails again and is thrown.
                do throws(SpngFailure) {
                    (context, info) = try start(reader, ancillaryChecksums: SPNG_CRC_DISCARD)
                } catch {
                    throw reader.imageError(error)
                }
                warnings.append(DecodeWarning(format: .png, message: "ancillary chunk dropped: \(failure.message)"))
            } catch {
                throw reader.imageError(error)
            }
            if info.isProgressive {
                let frameBytes = info.size.pixelCount.multipliedReportingOverflow(by: 4)
                guard !frameBytes.overflow, frameBytes.partialValue <= options.limits.maxMemoryBytes else {
                    throw ImageError.limitExceeded(.memory(
                        bytes: frameBytes.overflow ? .max : frameBytes.partialValue, limit: options.limits.maxMemoryBytes))
                }
            }
            sink.begin(size: info.size)
            let damage: SpngFailure?
            if info.isProgressive {
                damage = try decodeInterlaced(context, size: info.size, strictness: options.strictness, reader: reader, into: &sink)
            } else {
                damage = try decodeSequential(context, size: info.size, strictness: options.strictness, reader: reader, into: &sink)
            }
            if let damage {
                warnings.append(DecodeWarning(
                    format: .png, message: "\(damage.message): undecoded pixels are transparent black"))
            }
            return DecodeReport(info: info, outputSize: info.size, warnings: warnings)
        }
    }

    /// A decoder that has read everything before the image data and is ready for rows.
    private static func start(
        _ reader: PNGReader, ancillaryChecksums: spng_crc_action
    ) throws(SpngFailure) -> (SpngContext, ImageInfo) {
        let context = try reader.makeDecoder(ancillaryChecksums: ancillaryChecksums)
        try context.startProgressiveDecode(format: SPNG_FMT_RGBA8, flags: SPNG_DECODE_TRNS)
        let info = PNGHeader.info(try context.header(), hasTransparencyChunk: try context.hasTransparencyChunk())
        return (context, info)
    }

    /// Non-interlaced rows, straight from libspng to the sink, stopping once the sink is satisfied.
    /// - Returns: the truncation tolerated in lenient mode (after which the missing rows were sent
    ///   transparent black), or nil.
    private static func decodeSequential<Sink: RowSink>(
        _ context: SpngContext, size: PixelSize, strictness: DecodeOptions.Strictness, reader: PNGReader,
        into sink: inout Sink
    ) throws -> SpngFailure? {
        var row = [UInt8](repeating: 0, count: size.width * 4)
        return try row.withUnsafeMutableBytes { buffer -> SpngFailure? in
            let pixels = UnsafeBufferPointer(buffer.assumingMemoryBound(to: UInt8.self))
            for y in 0..<size.height {
                let isLast: Bool
                do throws(SpngFailure) {
                    isLast = try context.decodeRow(into: buffer)
                } catch {
                    guard tolerates(error, strictness: strictness, rowsDecoded: y) else { throw reader.imageError(error) }
                    buffer.initializeMemory(as: UInt8.self, repeating: 0)
                    for missing in y..<size.height { sink.consume(PixelRow(y: missing, pixels: pixels)) }
                    return error
                }
                sink.consume(PixelRow(y: y, pixels: pixels))
                if isLast || sink.isSatisfied { break }
            }
            return nil
        }
    }

    /// Interlaced rows: each pass's pixels are decoded straight into their places in a full frame,
    /// then the frame is sent top to bottom.
    private static func decodeInterlaced<Sink: RowSink>(
        _ context: SpngContext, size: PixelSize, strictness: DecodeOptions.Strictness, reader: PNGReader,
        into sink: inout Sink
    ) throws -> SpngFailure? {
        let stride = size.width * 4
        var frame = [UInt8](repeating: 0, count: stride * size.height)
        return try frame.withUnsafeMutableBytes { buffer -> SpngFailure? in
            var damage: SpngFailure?
            var rowsDecoded = 0
            while true {
                do throws(SpngFailure) {
                    guard let info = try context.nextRowInfo() else { break }
                    let row = Int(info.row_num)
                    guard row < size.height else { throw SpngFailure(code: SPNG_EINTERNAL.rawValue) }
                    let isLast = try context.decodeRow(into: UnsafeMutableRawBufferPointer(rebasing: buffer[row * stride..<(row + 1) * stride]))
                    rowsDecoded += 1
                    if isLast { break }
                } catch {
                    guard tolerates(error, strictness: strictness, rowsDecoded: rowsDecoded) else {
                        throw reader.imageError(error)
                    }
                    damage = error
                    break
                }
            }
            let rows = UnsafeBufferPointer(buffer.assumingMemoryBound(to: UInt8.self))
            for y in 0..<size.height {
                sink.consume(PixelRow(y: y, pixels: UnsafeBufferPointer(rebasing: rows[y * stride..<(y + 1) * stride])))
                if sink.isSatisfied { break }
            }
            return damage
        }
    }

    /// Lenient decoding forgives image data that ends early once some rows have been decoded.
    private static func tolerates(_ failure: SpngFailure, strictness: DecodeOptions.Strictness, rowsDecoded: Int) -> Bool {
        strictness == .lenient && failure.isTruncation && rowsDecoded > 0
    }
}
