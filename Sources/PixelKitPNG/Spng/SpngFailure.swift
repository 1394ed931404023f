import CSpng

/// A non-zero return code from a libspng call, with libspng's own text for it.
struct SpngFailure: Error, Equatable {
    /// The `spng_errno` value (negative values are I/O conditions).
    let code: Int32

    /// libspng's explanation, from `spng_strerror`.
    var message: String { String(cString: spng_strerror(code)) }

    /// Whether the input ended before the image did: the reader hit end of input
    /// (`SPNG_IO_EOF`, `SPNG_EOF`) or the image data stream stopped short (`SPNG_EIDAT_TOO_SHORT`).
    var isTruncation: Bool {
        code == SPNG_IO_EOF.rawValue || code == SPNG_EOF.rawValue || code == SPNG_EIDAT_TOO_SHORT.rawValue
    }

    /// Whether a chunk's CRC did not match its contents.
    var isChecksumMismatch: Bool { code == SPNG_ECHUNK_CRC.rawValue }

    /// Whether a width or height was zero, above the PNG maximum, or above the limits set with `spng_set_image_limits`.
    var isDimensionRejection: Bool {
        [SPNG_EWIDTH.rawValue, SPNG_EHEIGHT.rawValue, SPNG_EUSER_WIDTH.rawValue, SPNG_EUSER_HEIGHT.rawValue].contains(code)
    }

    /// Whether a chunk, stored or inflated, broke the limits set with `spng_set_chunk_limits`.
    var isChunkLimit: Bool { code == SPNG_ECHUNK_LIMITS.rawValue }

    /// Throws unless `code` is `SPNG_OK`.
    static func check(_ code: Int32) throws(SpngFailure) {
        if code != SPNG_OK.rawValue { throw SpngFailure(code: code) }
    }
}
