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
/// What is a warning (see `PNGCodec` for the strict/lenient rules): an ancillary chunk before the
/// image data whose CRC does not match (dropped), and input that ends after at least one row was
/// decoded (missing pixels are sent transparent black).
struct PNGRowDecoder {
    /// Reads everything before the image data of `input` under `options` (limits, strictness,
    /// deadline): the stored size against the limits before libspng sees the file, one walk of the
    /// chunk headers, then libspng's read of IHDR, tRNS and `eXIf`. A lenient read that meets a bad
    /// ancillary CRC reads again dropping such chunks, and keeps the warning.
    static func readHeader(_ input: PNGInput, options: DecodeOptions) throws(ImageError) -> (info: ImageInfo, state: PNGPreparedDecode) {
        let reader = try PNGReader(input: input, limits: options.limits, deadline: options.deadline)
        let prelude = try PNGChunkScan.prelude(in: input, limits: options.limits)
        let lenient = options.strictness == .lenient
        var warnings: [DecodeWarning] = []
        let context: SpngContext
        var info: ImageInfo
        let ignoredKey: String?
        do throws(SpngFailure) {
            (context, info, ignoredKey) = try start(reader, ancillaryChecksums: SPNG_CRC_ERROR)
        } catch let failure where failure.isChecksumMismatch && lenient {
            // Retry dropping bad ancillary chunks; a bad critical chunk fails again and is thrown.
            do throws(SpngFailure) {
                (context, info, ignoredKey) = try start(reader, ancillaryChecksums: SPNG_CRC_DISCARD)
            } catch {
                throw reader.imageError(error)
            }
            warnings.append(DecodeWarning(format: .png, message: "ancillary chunk dropped: \(failure.message)"))
        } catch {
            throw reader.imageError(error)
        }
        // Read before the rows: an eXIf (or iCCP, sRGB) after the image data is not used.
        let colorSpace: ColorSpace?
        do throws(SpngFailure) {
            info.orientation = try Self.orientation(context)
            let profile = try context.iccProfile()
            colorSpace = try Self.colorSpace(context, profile: profile, limits: options.limits)
            info.describeColor(colorSpace, embedsProfile: profile != nil)
        } catch {
            throw reader.imageError(error)
        }
        info.frames = prelude.frames
        var bufferAddress: UnsafeRawPointer?
        var bufferCount = 0
        if case .buffer(let buffer) = input {
            bufferAddress = buffer.baseAddress
            bufferCount = buffer.count
        }
        let state = PNGPreparedDecode(
            context: context, reader: reader, prelude: prelude, ignoredKey: ignoredKey, colorSpace: colorSpace ?? .sRGB, warnings: warnings,
            strictness: options.strictness, bufferAddress: bufferAddress, bufferCount: bufferCount)
        return (info, state)
    }

    /// Whether `state` can go on under `options`: same strictness and chunk size limit (libspng
    /// applied them to the chunks it read), and facts within the limits. Otherwise the header is
    /// read again, and that read fails as a plain decode does.
    static func canContinue(_ state: PNGPreparedDecode, info: ImageInfo, options: DecodeOptions) -> Bool {
        guard state.strictness == options.strictness, state.reader.limits.maxChunkBytes == options.limits.maxChunkBytes else { return false }
        do throws(ImageError) {
            try options.limits.check(info.size)
            try state.prelude.check(options.limits)
            return true
        } catch {
            return false
        }
    }

    /// Decodes the image data, continuing from a header read of the same input (its libspng
    /// decoder has read everything before the image data).
    static func decode<Sink: RowSink>(
        continuing state: PNGPreparedDecode, info: ImageInfo, options: DecodeOptions, into sink: inout Sink
    ) throws(ImageError) -> DecodeReport {
        let reader = state.reader.continuing(under: options)
        let context = state.context
        let lenient = options.strictness == .lenient
        var warnings = state.warnings
        if let ignoredKey = state.ignoredKey {
            guard lenient else { throw .malformed(format: .png, message: ignoredKey) }
            warnings.append(DecodeWarning(format: .png, message: ignoredKey))
        }
        try options.limits.check(PNGWorkEstimate.estimate(info))
        do throws(SpngFailure) {
            let flags = state.ignoredKey == nil ? SPNG_DECODE_TRNS : spng_decode_flags(rawValue: 0)
            try context.startProgressiveDecode(format: SPNG_FMT_RGBA8, flags: flags)
            // Lenient decoding then drops bad ancillary chunks after the image data silently (libspng cannot say).
            if lenient { try context.setChecksumAction(critical: SPNG_CRC_ERROR, ancillary: SPNG_CRC_DISCARD) }
        } catch {
            throw reader.imageError(error)
        }
        var reservation = MemoryReservation.none
        if info.isProgressive {
            let frameBytes = info.size.pixelCount.multipliedReportingOverflow(by: 4)
            reservation = try options.limits.reserveMemory(frameBytes.overflow ? .max : frameBytes.partialValue)
        }
        defer { reservation.release() }
        let rowDecoder = PNGRowDecoder(context: context, reader: reader, size: info.size, lenient: lenient, options: options)
        sink.begin(size: info.size)
        let damage = info.isProgressive ? try rowDecoder.decodeInterlaced(into: &sink) : try rowDecoder.decodeSequential(into: &sink)
        if let damage { warnings.append(damage) }
        return DecodeReport(info: info, outputSize: info.size, warnings: warnings)
    }

    /// The orientation of the `eXIf` chunk before the image data (the EXIF TIFF structure, read by
    /// the parser JPEG's EXIF goes through), `.up` without one or when it holds no valid orientation.
    private static func orientation(_ context: SpngContext) throws(SpngFailure) -> ImageOrientation {
        guard let exif = try context.exif() else { return .up }
        return EXIFOrientationReader.orientation(fromEXIF: exif) ?? .up
    }

    /// The space of the `iCCP` chunk's `profile` if there is one, else sRGB for an `sRGB` chunk,
    /// else nil (untagged). `gAMA` and `cHRM` without `iCCP` are ignored, as libvips, Pillow and
    /// most browsers' image pipelines do: files carry them inconsistently (PngSuite's gamma-1.0
    /// test images, encoders writing a default gAMA beside sRGB numbers).
    private static func colorSpace(_ context: SpngContext, profile: [UInt8]?, limits: DecodingLimits) throws(SpngFailure) -> ColorSpace? {
        if let profile { return ColorSpace(embeddedProfile: profile, limits: limits) }
        return try context.hasSRGBChunk() ? .sRGB : nil
    }

    /// A decoder that has read everything before the image data, the facts, and why the tRNS chunk
    /// is ignored, if it is (its color key out of range: it is then not applied).
    private static func start(
        _ reader: PNGReader, ancillaryChecksums: spng_crc_action
    ) throws(SpngFailure) -> (SpngContext, ImageInfo, ignoredKey: String?) {
        let context = try reader.makeDecoder(ancillaryChecksums: ancillaryChecksums)
        let header = try context.header()
        let transparency = try context.transparencyChunk()
        let ignoredKey = transparency.flatMap { PNGColorKey.outOfRange($0, header: header) }
        return (context, PNGHeader.info(header, transparency: transparency), ignoredKey)
    }

    private let context: SpngContext
    private let reader: PNGReader
    private let size: PixelSize
    private let lenient: Bool
    /// Checked before every row (`checkInterruption`): a decode stops within one row of a
    /// cancellation or its deadline.
    private let options: DecodeOptions

    /// Non-interlaced rows, straight from libspng to the sink; a lenient decode stops once the sink
    /// is satisfied, a strict one decodes on without lending more rows.
    /// - Returns: the damage tolerated in lenient mode (missing rows are then sent transparent black).
    private func decodeSequential<Sink: RowSink>(into sink: inout Sink) throws(ImageError) -> DecodeWarning? {
        var row = [UInt8](repeating: 0, count: size.width * 4)
        return try row.withUnsafeMutableBufferPointer { (typed) throws(ImageError) -> DecodeWarning? in
            let buffer = UnsafeMutableRawBufferPointer(typed)
            let pixels = UnsafeBufferPointer(buffer.assumingMemoryBound(to: UInt8.self))
            var satisfied = false
            for y in 0..<size.height {
                try options.checkInterruption()
                let isLast: Bool
                do throws(SpngFailure) {
                    isLast = try context.decodeRow(into: buffer)
                } catch {
                    let warning = try tolerate(error, rowsDecoded: y, completed: false)
                    buffer.initializeMemory(as: UInt8.self, repeating: 0)
                    if !satisfied { for missing in y..<size.height { sink.consume(PixelRow(y: missing, pixels: pixels)) } }
                    return warning
                }
                if !satisfied {
                    sink.consume(PixelRow(y: y, pixels: pixels))
                    // A satisfied sink ends a lenient decode: the rest of the file is not read or
                    // checked. A strict one reads on to IEND, checking every CRC, so that its verdict
                    // is the full decode's (Docs/Security.md, "One verdict").
                    if sink.isSatisfied {
                        if lenient { return nil }
                        satisfied = true
                    }
                } else if Task.isCancelled {
                    throw .cancelled
                }
                if isLast { break }
            }
            return try finish()
        }
    }

    /// Interlaced rows: each pass's pixels are decoded straight into their places in a full frame,
    /// then the frame is sent top to bottom.
    private func decodeInterlaced<Sink: RowSink>(into sink: inout Sink) throws(ImageError) -> DecodeWarning? {
        let stride = size.width * 4
        var frame = [UInt8](repeating: 0, count: stride * size.height)
        return try frame.withUnsafeMutableBufferPointer { (typed) throws(ImageError) -> DecodeWarning? in
            let buffer = UnsafeMutableRawBufferPointer(typed)
            var damage: DecodeWarning?
            var rowsDecoded = 0
            while true {
                try options.checkInterruption()
                do throws(SpngFailure) {
                    guard let info = try context.nextRowInfo() else { break }
                    let row = Int(info.row_num)
                    guard row < size.height else { throw SpngFailure(code: SPNG_EINTERNAL.rawValue) }
                    let target = UnsafeMutableRawBufferPointer(rebasing: buffer[row * stride..<(row + 1) * stride])
                    let isLast = try context.decodeRow(into: target)
                    rowsDecoded += 1
                    if isLast { break }
                } catch {
                    damage = try tolerate(error, rowsDecoded: rowsDecoded, completed: false)
                    break
                }
            }
            if damage == nil { damage = try finish() }
            let rows = UnsafeBufferPointer(buffer.assumingMemoryBound(to: UInt8.self))
            for y in 0..<size.height {
                sink.consume(PixelRow(y: y, pixels: UnsafeBufferPointer(rebasing: rows[y * stride..<(y + 1) * stride])))
                if sink.isSatisfied { break }
            }
            return damage
        }
    }

    /// Reads the rest of the file after the last row, checking the last image data CRC.
    private func finish() throws(ImageError) -> DecodeWarning? {
        do throws(SpngFailure) {
            try context.finishDecode()
            return nil
        } catch {
            return try tolerate(error, rowsDecoded: size.height, completed: true)
        }
    }

    /// The warning for damage that lenient decoding forgives — input that ends early once some
    /// rows are decoded — or the error to throw.
    private func tolerate(_ failure: SpngFailure, rowsDecoded: Int, completed: Bool) throws(ImageError) -> DecodeWarning {
        guard lenient, failure.isTruncation, rowsDecoded > 0 else { throw reader.imageError(failure) }
        let consequence = completed ? "after the last row" : "undecoded pixels are transparent black"
        return DecodeWarning(format: .png, message: "\(failure.message): \(consequence)")
    }
}
