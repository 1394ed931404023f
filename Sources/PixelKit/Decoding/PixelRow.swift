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

    /// Whether every pixel's alpha is 255 (an empty row is opaque); see ``RGBAImage/isOpaque``.
    public var isOpaque: Bool { UnsafeRawBufferPointer(pixels).isOpaqueRGBA }
}

extension UnsafeRawBufferPointer {
    /// Whether every alpha byte of these RGBA8 pixels is 255: the bytes are read as 32-bit words and
    /// AND-ed together (a loop the compiler vectorises) rather than tested byte by byte.
    var isOpaqueRGBA: Bool {
        var combined = UInt32.max
        for word in 0..<(count / 4) {
            combined &= loadUnaligned(fromByteOffset: word * 4, as: UInt32.self)
        }
        // The alpha byte is the fourth in memory whatever the machine's byte order.
        return Swift.withUnsafeBytes(of: combined) { $0[3] } == 255
    }
}
