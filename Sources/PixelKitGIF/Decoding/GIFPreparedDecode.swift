import PixelKit

/// giflib opened on a GIF and moved to its first frame's pixel data, waiting in a
/// ``GIFCodec/Session`` for the decode that continues from it (taken once).
struct GIFPreparedDecode {
    /// The input the walk and giflib read.
    let input: GIFInput
    /// giflib at the first frame's pixel data, or the error opening it met (thrown by the
    /// decode where a plain decode meets it); nil when the first frame's LZW code size is one
    /// giflib refuses (the decode reports it as unsupported).
    let decoder: Result<GifLibDecoder, ImageError>?
    /// Where bytes in memory were when the read borrowed them: the input points there.
    let bufferAddress: UnsafeRawPointer?
    let bufferCount: Int
}
