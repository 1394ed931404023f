import CHeif
import PixelKit

/// A libheif context reading a file held in memory (`heif_context_read_from_memory_without_copy`),
/// which it keeps alive, with libheif's size limit set from ``PixelKit/DecodingLimits``.
///
/// Not thread-safe: libheif's context is used by one decode at a time (the header that holds it
/// is not `Sendable`). Decoding it again afterwards is safe: libheif keeps the parsed boxes and
/// reads the coded data from the bytes each time.
final class HeifContext {
    let libheif: Libheif
    let pointer: OpaquePointer
    let format: ImageFormat
    /// The limits of the decode that uses the context now (those it was read with until then).
    private(set) var limits: DecodingLimits
    /// The file's bytes, which libheif reads as long as the context lives.
    let input: HEIFInputBytes

    /// Parses the boxes of `input`, which the context keeps.
    /// - Parameter threads: libheif's tile-decoding threads; 1 decodes grid tiles on the calling thread.
    init(input: HEIFInputBytes, format: ImageFormat, limits: DecodingLimits, threads: Int) throws(ImageError) {
        let libheif = try Libheif.forDecoding(format)
        guard let context = libheif.functions.context_alloc() else {
            throw .unsupported(format: format, feature: "libheif could not allocate a context")
        }
        self.libheif = libheif
        pointer = context
        self.format = format
        self.limits = limits
        self.input = input
        use(limits: limits, threads: threads)
        let bytes = input.bytes
        try check(libheif.functions.context_read_from_memory_without_copy(context, bytes.baseAddress, bytes.count, nil))
    }

    deinit { libheif.functions.context_free(pointer) }

    /// Applies a decode's `limits` (libheif's size limit, and the limits the memory checks and the
    /// errors use) and `threads` (libheif's tile-decoding threads) from now on.
    func use(limits: DecodingLimits, threads: Int) {
        self.limits = limits
        // libheif 1.15 has one size limit (no heif_security_limits yet); it rejects a side ≥ the value.
        libheif.functions.context_set_maximum_image_size_limit(pointer, limits.maxDimension < Int(Int32.max) ? Int32(max(limits.maxDimension, 0)) + 1 : .max)
        libheif.functions.context_set_max_decoding_threads(pointer, threads > 1 ? Int32(clamping: threads) : 0)
    }

    /// The primary image (`heif_context_get_primary_image_handle`).
    func primaryImage() throws(ImageError) -> HeifImageHandle {
        var handle: OpaquePointer?
        try check(libheif.functions.context_get_primary_image_handle(pointer, &handle))
        guard let handle else { throw .malformed(format: format, message: "libheif found no primary image") }
        return HeifImageHandle(handle, context: self)
    }

    /// Throws the typed error for a libheif failure.
    func check(_ failure: heif_error) throws(ImageError) {
        try HeifFailure.check(failure, format: format, limit: limits.maxDimension)
    }
}
