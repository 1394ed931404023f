import CSpng
import PixelKit

/// A libspng decoder that has read everything before a PNG's image data, with what that read
/// learned, waiting in a ``PNGCodec/Session`` for the decode that continues from it (taken once).
struct PNGPreparedDecode {
    let context: SpngContext
    let reader: PNGReader
    /// The chunk walk's counts, re-checked against a decode's limits.
    let prelude: PNGChunkScan.Prelude
    /// Why the tRNS chunk is ignored, if it is (its color key out of range).
    let ignoredKey: String?
    /// The space the `iCCP` or `sRGB` chunk states (see `PNGRowDecoder.colorSpace`).
    let colorSpace: ColorSpace
    /// A bad ancillary CRC a lenient read dropped.
    let warnings: [DecodeWarning]
    let strictness: DecodeOptions.Strictness
    /// Where bytes in memory were when the read borrowed them: libspng points there.
    let bufferAddress: UnsafeRawPointer?
    let bufferCount: Int
}
