/// One decoded row, lent to a `RowSink` for the duration of a single `consume` call.
///
/// Pixels are 8-bit RGBA, straight alpha, `width * 4` bytes. The memory belongs to the decoder
/// and is reused for the next row: copy what must outlive the call.
public struct PixelRow {
    /// Zero-based row index in the decoded (possibly reduced) image.
    public let y: Int
    /// `width * 4` bytes: R, G, B, A for each pixel, left to right.
    public let pixels: UnsafeBufferPointer<UInt8>

    /// A row `y` whose RGBA8 bytes are `pixels` (borrowed, valid during the call it is passed to).
    public init(y: Int, pixels: UnsafeBufferPointer<UInt8>) {
        self.y = y
        self.pixels = pixels
    }

    /// Pixels in the row: a quarter of the byte count.
    public var width: Int { pixels.count / 4 }
}
