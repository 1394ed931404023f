import CSpng

/// An owned libspng context (`spng_ctx *`), decoder or encoder, freed with `spng_ctx_free` when the
/// last reference goes, on every path. Thin wrappers, one per C function; each throws the libspng
/// error code it returned. Not shared: one context serves one decode or encode.
final class SpngContext {
    private let handle: OpaquePointer
    /// The stream libspng reads through (`setInput(_: PNGFileStream)`), alive as long as the context.
    private var retainedStream: PNGFileStream?
    /// The `iCCP` profile given to `setICCProfile`: libspng keeps the pointer, not a copy, and does
    /// not free what the caller set, so the context owns it until it is freed.
    private var retainedProfile: UnsafeMutableBufferPointer<CChar>?

    /// Wraps `spng_ctx_new`; `encoder` passes `SPNG_CTX_ENCODER`. Returns nil when libspng cannot allocate.
    init?(encoder: Bool) {
        guard let handle = spng_ctx_new(encoder ? Int32(SPNG_CTX_ENCODER.rawValue) : 0) else { return nil }
        self.handle = handle
    }

    /// Wraps `spng_ctx_free`.
    deinit {
        spng_ctx_free(handle)
        retainedProfile?.deallocate()
    }

    // MARK: Input and limits

    /// Wraps `spng_set_png_buffer`. libspng does not copy the bytes: they must stay valid and
    /// unmoved for as long as this context decodes.
    func setInput(_ buffer: UnsafeRawBufferPointer) throws(SpngFailure) {
        try SpngFailure.check(spng_set_png_buffer(handle, buffer.baseAddress, buffer.count))
    }

    /// Wraps `spng_set_png_stream`: libspng reads through `read` (a `spng_rw_fn`), passing it
    /// `stream`, which this context keeps alive.
    func setInput(_ stream: PNGFileStream) throws(SpngFailure) {
        retainedStream = stream
        try SpngFailure.check(spng_set_png_stream(handle, PNGFileStream.read, Unmanaged.passUnretained(stream).toOpaque()))
    }

    /// Wraps `spng_set_image_limits`: the largest width and height, in pixels, libspng accepts.
    func setImageLimits(width: UInt32, height: UInt32) throws(SpngFailure) {
        try SpngFailure.check(spng_set_image_limits(handle, width, height))
    }

    /// Wraps `spng_set_chunk_limits`: the largest single chunk, and the most memory all stored
    /// chunks (text, ICC profile, EXIF, unknown chunks) may take, in bytes.
    func setChunkLimits(chunkBytes: Int, cacheBytes: Int) throws(SpngFailure) {
        try SpngFailure.check(spng_set_chunk_limits(handle, chunkBytes, cacheBytes))
    }

    /// Wraps `spng_set_crc_action`: what a chunk CRC mismatch does, for critical and for ancillary
    /// chunks (`SPNG_CRC_ERROR` fails, `SPNG_CRC_DISCARD` drops the chunk silently).
    func setChecksumAction(critical: spng_crc_action, ancillary: spng_crc_action) throws(SpngFailure) {
        try SpngFailure.check(spng_set_crc_action(handle, Int32(critical.rawValue), Int32(ancillary.rawValue)))
    }

    /// Wraps `spng_set_option`.
    func setOption(_ option: spng_option, _ value: Int32) throws(SpngFailure) {
        try SpngFailure.check(spng_set_option(handle, option, value))
    }

    // MARK: Header

    /// Wraps `spng_get_ihdr`: reads the input up to IHDR if not yet read, and returns it.
    func header() throws(SpngFailure) -> spng_ihdr {
        var ihdr = spng_ihdr()
        try SpngFailure.check(spng_get_ihdr(handle, &ihdr))
        return ihdr
    }

    /// Wraps `spng_get_exif`: a copy of the `eXIf` chunk's data (its size bounded by the chunk
    /// limits), or nil without one. Reads the chunks before the image data if not yet read, so an
    /// `eXIf` after them is seen only once the image is decoded.
    func exif() throws(SpngFailure) -> [UInt8]? {
        var exif = spng_exif()
        let code = spng_get_exif(handle, &exif)
        if code == SPNG_ECHUNKAVAIL.rawValue { return nil }
        try SpngFailure.check(code)
        guard let data = exif.data else { return nil }
        return Array(UnsafeRawBufferPointer(start: data, count: exif.length))
    }

    /// Wraps `spng_get_iccp`: a copy of the `iCCP` chunk's profile, inflated by libspng (bounded by
    /// the chunk limits), or nil without one. Reads the chunks before the image data if not yet read.
    func iccProfile() throws(SpngFailure) -> [UInt8]? {
        var iccp = spng_iccp()
        let code = spng_get_iccp(handle, &iccp)
        if code == SPNG_ECHUNKAVAIL.rawValue { return nil }
        try SpngFailure.check(code)
        guard let profile = iccp.profile else { return nil }
        return Array(UnsafeRawBufferPointer(start: profile, count: iccp.profile_len))
    }

    /// Wraps `spng_get_srgb`: whether the image has an `sRGB` chunk.
    func hasSRGBChunk() throws(SpngFailure) -> Bool {
        var intent: UInt8 = 0
        let code = spng_get_srgb(handle, &intent)
        if code == SPNG_ECHUNKAVAIL.rawValue { return false }
        try SpngFailure.check(code)
        return true
    }

    /// Wraps `spng_get_trns`: the image's tRNS chunk, or nil. Reads the chunks before the image
    /// data if not yet read.
    func transparencyChunk() throws(SpngFailure) -> spng_trns? {
        var trns = spng_trns()
        let code = spng_get_trns(handle, &trns)
        if code == SPNG_ECHUNKAVAIL.rawValue { return nil }
        try SpngFailure.check(code)
        return trns
    }

    // MARK: Decoding

    /// Wraps `spng_decode_image(ctx, NULL, 0, fmt, flags | SPNG_DECODE_PROGRESSIVE)`: reads the
    /// chunks before the image data and prepares row-by-row decoding to `format`.
    func startProgressiveDecode(format: spng_format, flags: spng_decode_flags) throws(SpngFailure) {
        let allFlags = Int32(flags.rawValue | SPNG_DECODE_PROGRESSIVE.rawValue)
        try SpngFailure.check(spng_decode_image(handle, nil, 0, Int32(format.rawValue), allFlags))
    }

    /// Wraps `spng_decoded_image_size` and `spng_decode_image(ctx, out, size, fmt, flags)` without
    /// `SPNG_DECODE_PROGRESSIVE`: the whole image in one call, interlaced or not.
    func decodeWholeImage(format: spng_format, flags: spng_decode_flags, maxBytes: Int) throws(SpngFailure) -> [UInt8] {
        var size = 0
        try SpngFailure.check(spng_decoded_image_size(handle, Int32(format.rawValue), &size))
        guard size <= maxBytes else { throw SpngFailure(code: SPNG_EOVERFLOW.rawValue) }
        var image = [UInt8](repeating: 0, count: size)
        let code = image.withUnsafeMutableBytes { spng_decode_image(handle, $0.baseAddress, $0.count, Int32(format.rawValue), Int32(flags.rawValue)) }
        try SpngFailure.check(code)
        return image
    }

    /// Wraps `spng_get_row_info`: which row (and Adam7 pass, 0…6, or 0 when not interlaced) the
    /// next `decodeRow` call delivers; nil once every row is decoded (`SPNG_EOI`, which a 1×1
    /// interlaced image reaches without `decodeRow` having said so).
    func nextRowInfo() throws(SpngFailure) -> spng_row_info? {
        var info = spng_row_info()
        let code = spng_get_row_info(handle, &info)
        if code == SPNG_EOI.rawValue { return nil }
        try SpngFailure.check(code)
        return info
    }

    /// Wraps `spng_decode_row`: decodes the next row into `row` (a full output-format row). For an
    /// interlaced image only the pixels of the current pass are written, at their final x positions.
    /// - Returns: true when this was the last row (libspng's `SPNG_EOI`); the row is written either way.
    func decodeRow(into row: UnsafeMutableRawBufferPointer) throws(SpngFailure) -> Bool {
        let code = spng_decode_row(handle, row.baseAddress, row.count)
        if code == SPNG_EOI.rawValue { return true }
        try SpngFailure.check(code)
        return false
    }

    /// Wraps `spng_decode_chunks`: after the last row, reads the rest of the file up to IEND, which
    /// checks the last IDAT chunk's CRC (libspng returns the last row before reading it).
    func finishDecode() throws(SpngFailure) {
        try SpngFailure.check(spng_decode_chunks(handle))
    }

    // MARK: Encoding

    /// Wraps `spng_set_ihdr`.
    /// Wraps `spng_set_iccp`: an `iCCP` chunk named `name` holding `profile` (libspng compresses
    /// it when encoding; the context keeps a copy until then).
    func setICCProfile(_ profile: [UInt8], name: String) throws(SpngFailure) {
        var iccp = spng_iccp()
        withUnsafeMutableBytes(of: &iccp.profile_name) { field in
            for (index, byte) in name.utf8.prefix(79).enumerated() { field[index] = byte }
        }
        retainedProfile?.deallocate()
        let copy = UnsafeMutableBufferPointer<CChar>.allocate(capacity: max(profile.count, 1))
        for (index, byte) in profile.enumerated() { copy[index] = CChar(bitPattern: byte) }
        retainedProfile = copy
        iccp.profile_len = profile.count
        iccp.profile = copy.baseAddress
        try SpngFailure.check(spng_set_iccp(handle, &iccp))
    }

    func setHeader(_ header: spng_ihdr) throws(SpngFailure) {
        var header = header
        try SpngFailure.check(spng_set_ihdr(handle, &header))
    }

    /// Wraps `spng_encode_image(ctx, image, len, fmt, SPNG_ENCODE_FINALIZE)`: encodes a whole image
    /// laid out as the header describes (`SPNG_FMT_PNG`) and writes the end of the file.
    func encodeFinalImage(_ image: UnsafeRawBufferPointer, format: spng_format) throws(SpngFailure) {
        try SpngFailure.check(spng_encode_image(
            handle, image.baseAddress, image.count, Int32(format.rawValue), Int32(SPNG_ENCODE_FINALIZE.rawValue)))
    }

    /// Wraps `spng_get_png_buffer`, copies the encoded file and releases libspng's buffer with `free`
    /// (the caller owns it). Needs `SPNG_ENCODE_TO_BUFFER` and a finalized image.
    func takeEncodedBytes() throws(SpngFailure) -> [UInt8] {
        var length = 0
        var code: Int32 = 0
        guard let buffer = spng_get_png_buffer(handle, &length, &code) else {
            throw SpngFailure(code: code != 0 ? code : SPNG_EINTERNAL.rawValue)
        }
        defer { free(buffer) }
        return [UInt8](UnsafeRawBufferPointer(start: buffer, count: length))
    }
}
