import CHeif
import PixelKit

/// A libheif context reading a file held in memory by the caller (`heif_context_read_from_memory_without_copy`),
/// with libheif's size limit set from ``PixelKit/DecodingLimits``.
final class HeifContext {
    let libheif: Libheif
    let pointer: OpaquePointer
    let format: ImageFormat
    let limits: DecodingLimits

    /// Parses the boxes of `bytes`, which must stay valid as long as this context is used.
    /// - Parameter threads: libheif's tile-decoding threads; 1 decodes grid tiles on the calling thread.
    init(bytes: UnsafeRawBufferPointer, format: ImageFormat, limits: DecodingLimits, threads: Int) throws(ImageError) {
        let libheif = try Libheif.forDecoding(format)
        guard let context = libheif.functions.context_alloc() else {
            throw .unsupported(format: format, feature: "libheif could not allocate a context")
        }
        self.libheif = libheif
        pointer = context
        self.format = format
        self.limits = limits
        // libheif 1.15 has one size limit (no heif_security_limits yet); it rejects a side ≥ the value.
        libheif.functions.context_set_maximum_image_size_limit(context, limits.maxDimension < Int(Int32.max) ? Int32(max(limits.maxDimension, 0)) + 1 : .max)
        libheif.functions.context_set_max_decoding_threads(context, threads > 1 ? Int32(clamping: threads) : 0)
        try check(libheif.functions.context_read_from_memory_without_copy(context, bytes.baseAddress, bytes.count, nil))
    }

    deinit { libheif.functions.context_free(pointer) }

    /// The primary image (`heif_context_get_primary_image_handle`).
    func primaryImage() throws(ImageError) -> HeifImageHandle {
        var handle: OpaquePointer?
        try check(libheif.functions.context_get_primary_image_handle(pointer, &handle))
        guard let handle else { throw .malformed(format: format, message: "libheif found no primary image") }
        return HeifImageHandle(handle, libheif: libheif)
    }

    /// Throws the typed error for a libheif failure.
    func check(_ failure: heif_error) throws(ImageError) {
        try HeifFailure.check(failure, format: format, limit: limits.maxDimension)
    }
}
