import PixelKit

/// One of the C shim's own JPEG decoders (`JPEGProgressiveDCDecoder`, `JPEGSplitDecoder`): rows into
/// a caller's buffer, and the warnings met, so that `JPEGRowDecoder` drives either the same way.
protocol ShimRowDecoder: ~Copyable {
    /// Size of the rows `readRows` delivers.
    var outputSize: PixelSize { get }
    /// Up to `maxRows` RGBA8 rows into `buffer`, `stride` bytes apart; 0 once the image is complete.
    mutating func readRows(into buffer: UnsafeMutableBufferPointer<UInt8>, stride: Int, maxRows: Int) throws(ImageError) -> Int
    /// Lenient-mode warnings so far, each message once.
    var warnings: [DecodeWarning] { get }
}
