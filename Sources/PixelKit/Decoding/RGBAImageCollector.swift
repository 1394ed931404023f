/// A `RowSink` that assembles the rows into an `RGBAImage`: for callers that do need the whole image.
public struct RGBAImageCollector: RowSink {
    /// Width of the image being collected (0 before ``begin(size:)``).
    private(set) var width = 0
    /// Height of the image being collected.
    private(set) var height = 0
    private var pixels: [UInt8] = []

    /// An empty collector, ready to be passed to a decode.
    public init() {}

    /// Allocates the whole image: `size.width × size.height × 4` bytes.
    public mutating func begin(size: PixelSize) {
        width = size.width
        height = size.height
        pixels = []
        pixels.reserveCapacity(size.width * size.height * 4)
    }

    /// Copies the row into its place in the image.
    public mutating func consume(_ row: PixelRow) {
        pixels.append(contentsOf: row.pixels)
    }

    /// The collected image. Rows a decoder did not deliver (possible only after an early stop) are transparent black.
    public var image: RGBAImage {
        var complete = pixels
        let expected = width * height * 4
        if complete.count < expected { complete.append(contentsOf: repeatElement(0, count: expected - complete.count)) }
        return RGBAImage(width: width, height: height, pixels: complete)
    }
}
