/// What a header says about an image, learned without decoding its pixels.
public struct ImageInfo: Sendable, Hashable {
    public var format: ImageFormat
    /// Stored dimensions, before any orientation is applied.
    public var size: PixelSize
    /// EXIF orientation (JPEG APP1); `.up` when absent or for formats without one.
    public var orientation: ImageOrientation
    /// Bits per sample as stored (1, 2, 4, 8, 12, 16).
    public var bitDepth: Int
    /// Whether the image carries alpha (an alpha channel, or a PNG tRNS chunk).
    public var hasAlpha: Bool
    /// The stored color model.
    public var colorModel: ColorModel
    /// Progressive JPEG or interlaced (Adam7) PNG.
    public var isProgressive: Bool

    public init(
        format: ImageFormat, size: PixelSize, orientation: ImageOrientation = .up, bitDepth: Int = 8,
        hasAlpha: Bool = false, colorModel: ColorModel = .rgb, isProgressive: Bool = false
    ) {
        self.format = format
        self.size = size
        self.orientation = orientation
        self.bitDepth = bitDepth
        self.hasAlpha = hasAlpha
        self.colorModel = colorModel
        self.isProgressive = isProgressive
    }

    public var width: Int { size.width }
    public var height: Int { size.height }

    /// Size once the orientation is applied (width and height swapped for orientations 5–8).
    public var orientedSize: PixelSize {
        orientation.swapsDimensions ? PixelSize(width: size.height, height: size.width) : size
    }

    /// The stored color model of an image; decoders always deliver RGBA8 regardless.
    public enum ColorModel: String, Sendable, Hashable {
        case gray, grayAlpha, rgb, rgba, palette, cmyk, ycck, ycbcr
    }
}
