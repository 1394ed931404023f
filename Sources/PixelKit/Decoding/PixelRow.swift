/// One decoded row, lent to a `RowSink` for the duration of a single `consume` call.
///
/// Pixels are 8-bit RGBA, straight alpha, `width * 4` bytes. The memory belongs to the decoder
/// and is reused for the next row: copy what must outlive the call.
public struct PixelRow {
    /// Zero-based row index in the decoded (possibly reduced) image.
    public let y: Int
    /// `width * 4` bytes: R, G, B, A for each pixel, left to right.
    public let pixels: UnsafeBufferPointer<UInt8>

    public init(y: Int, pixels: UnsafeBufferPointer<UInt8>) {
        self.y = y
        self.pixels = pixels
    }

    public var width: Int { pixels.count / 4 }
}
