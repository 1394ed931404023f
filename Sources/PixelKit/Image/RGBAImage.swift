/// An image held in memory as 8-bit RGBA, rows top to bottom with no padding
/// (`pixels.count == width * height * 4`). Alpha is straight (not premultiplied).
public struct RGBAImage: Sendable, Hashable {
    /// Columns of pixels.
    public let width: Int
    /// Rows of pixels.
    public let height: Int
    /// RGBA8 bytes, row after row, `width × height × 4` of them.
    public var pixels: [UInt8]

    /// - Precondition: `pixels.count == width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "RGBA buffer size mismatch")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image filled with one color.
    public init(width: Int, height: Int, filledWith rgba: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)) {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for offset in stride(from: 0, to: pixels.count, by: 4) {
            pixels[offset] = rgba.0
            pixels[offset + 1] = rgba.1
            pixels[offset + 2] = rgba.2
            pixels[offset + 3] = rgba.3
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// `width × height`.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// Whether every pixel's alpha is 255 (an empty image is opaque). Encoders ask this of every
    /// image they write, so it reads 32-bit words, not bytes.
    public var isOpaque: Bool {
        pixels.withUnsafeBytes { $0.isOpaqueRGBA }
    }

    /// Calls `body` with each row as borrowed RGBA8 memory, top to bottom.
    public func forEachRow<Failure: Error>(_ body: (PixelRow) throws(Failure) -> Void) throws(Failure) {
        let stride = width * 4
        try pixels.withUnsafeBufferPointer { (buffer) throws(Failure) in
            for y in 0..<height {
                try body(PixelRow(y: y, pixels: UnsafeBufferPointer(rebasing: buffer[y * stride ..< (y + 1) * stride])))
            }
        }
    }

    /// Streams the image into a sink, as a decoder would.
    public func send<Sink: RowSink>(to sink: inout Sink) {
        sink.begin(size: size)
        forEachRow { row in sink.consume(row) }
    }
}
