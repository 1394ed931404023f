/// An RGBA8 image, rows top to bottom, 4 bytes per pixel (non-premultiplied, opaque here), as
/// produced by ``TransitionPlot`` and ready for a PNG encoder.
public struct PlotRaster: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width·height·4` bytes: R, G, B, A per pixel.
    public internal(set) var pixels: [UInt8]

    /// Accepted sizes per side, pixels (bounds memory at 64 MiB).
    public static let sizeRange = 16...4096

    /// A raster filled with `color` (RGBA).
    init(width: Int, height: Int, fill color: PlotColor) throws(TransitionsError) {
        guard Self.sizeRange.contains(width), Self.sizeRange.contains(height) else {
            throw .invalidPlotSize(width: width, height: height)
        }
        self.width = width
        self.height = height
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for index in stride(from: 0, to: pixels.count, by: 4) {
            pixels[index] = color.red; pixels[index + 1] = color.green
            pixels[index + 2] = color.blue; pixels[index + 3] = 255
        }
        self.pixels = pixels
    }

    /// The RGBA bytes of pixel (`x`, `y`), `nil` outside the image.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)? {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        let index = (y * width + x) * 4
        return (pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3])
    }
}
