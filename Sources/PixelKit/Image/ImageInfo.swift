/// What a header says about an image, learned without decoding its pixels.
///
/// Its JSON has the fields of `pixelkit info` (without `"file"`), encoded in that order:
/// `{"format":"jpeg","width":4032,"height":3024,"orientation":6,"bitDepth":8,"hasAlpha":false,"colorModel":"ycbcr","progressive":false,"frames":1,"animated":false,"colorSpace":"Display P3","iccProfile":true}`.
/// Foundation's `JSONEncoder` does not keep the order (set `.sortedKeys` for a stable one).
public struct ImageInfo: Sendable, Hashable, Codable {
    /// The file format the header belongs to.
    public var format: ImageFormat
    /// Stored dimensions, before any orientation is applied.
    public var size: PixelSize
    /// EXIF orientation (JPEG APP1, WebP `EXIF`, PNG `eXIf`); `.up` when absent or for formats
    /// without one (HEIF applies its own transformations, GIF has none): see <doc:Orientation>.
    public var orientation: ImageOrientation
    /// Bits per sample as stored (1, 2, 4, 8, 12, 16).
    public var bitDepth: Int
    /// Whether the image carries alpha (an alpha channel, or a PNG tRNS chunk).
    public var hasAlpha: Bool
    /// The stored color model.
    public var colorModel: ColorModel
    /// Progressive JPEG, interlaced (Adam7) PNG or interlaced GIF (its first frame).
    public var isProgressive: Bool
    /// How many frames (or images) the file holds, counted from its structure without decoding
    /// them: 1 for a still image; a GIF's images, an APNG's `acTL` frame count, an animated WebP's
    /// `ANMF` chunks, an MPO's MP Index images, a HEIF/AVIF image sequence's track samples. Decoders deliver the
    /// first frame (or the format's default image); see <doc:AnimatedImages>.
    public var frames: Int

    /// The color space the file states, by name (``ColorSpace/name``: `sRGB`, `Display P3`, an ICC
    /// profile's description, `BT.2100 PQ (HDR)`, …); `nil` when the file states none (untagged:
    /// read as sRGB). JSON `colorSpace` (`null` when untagged).
    public var colorSpaceName: String?
    /// Whether the file embeds an ICC profile (usable or not). JSON `iccProfile`.
    public var hasColorProfile: Bool

    /// Whether the file holds more than one frame (an animation, or several images).
    public var isAnimated: Bool { frames > 1 }

    /// Header facts; the defaults describe an upright, 8-bit, opaque, sequential RGB image.
    public init(
        format: ImageFormat, size: PixelSize, orientation: ImageOrientation = .up, bitDepth: Int = 8,
        hasAlpha: Bool = false, colorModel: ColorModel = .rgb, isProgressive: Bool = false, frames: Int = 1,
        colorSpaceName: String? = nil, hasColorProfile: Bool = false
    ) {
        self.colorSpaceName = colorSpaceName
        self.hasColorProfile = hasColorProfile
        self.frames = frames
        self.format = format
        self.size = size
        self.orientation = orientation
        self.bitDepth = bitDepth
        self.hasAlpha = hasAlpha
        self.colorModel = colorModel
        self.isProgressive = isProgressive
    }

    /// Records what the file states about its colors: `space` (nil when untagged) and whether it
    /// embeds an ICC profile.
    public mutating func describeColor(_ space: ColorSpace?, embedsProfile: Bool) {
        colorSpaceName = space?.name
        hasColorProfile = embedsProfile
    }

    /// The stored width, `size.width`.
    public var width: Int { size.width }
    /// The stored height, `size.height`.
    public var height: Int { size.height }

    /// Size once the orientation is applied (width and height swapped for orientations 5–8).
    public var orientedSize: PixelSize {
        orientation.swapsDimensions ? PixelSize(width: size.height, height: size.width) : size
    }

    /// The stored color model of an image; decoders always deliver RGBA8 regardless. Its JSON
    /// is the case name (`"ycbcr"`).
    public enum ColorModel: String, Sendable, Hashable, Codable {
        /// One gray channel.
        case gray
        /// Gray and alpha.
        case grayAlpha
        /// Red, green, blue.
        case rgb
        /// Red, green, blue, alpha.
        case rgba
        /// Indices into a palette (PNG).
        case palette
        /// Cyan, magenta, yellow, black (Adobe JPEG).
        case cmyk
        /// YCbCr plus black (Adobe JPEG).
        case ycck
        /// Luma and two chroma channels (the usual JPEG).
        case ycbcr
    }

    /// The JSON field names: those of `pixelkit info`.
    private enum CodingKeys: String, CodingKey {
        case format, width, height, orientation, bitDepth, hasAlpha, colorModel, progressive, frames, animated
        case colorSpace, iccProfile
    }

    /// Decodes the fields written by ``encode(to:)``; `frames`, `colorSpace` and `iccProfile` may be
    /// absent (JSON written before they existed: 1, untagged, false), and `animated` is not read (it
    /// follows from `frames`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            format: try container.decode(ImageFormat.self, forKey: .format),
            size: PixelSize(width: try container.decode(Int.self, forKey: .width), height: try container.decode(Int.self, forKey: .height)),
            orientation: try container.decode(ImageOrientation.self, forKey: .orientation),
            bitDepth: try container.decode(Int.self, forKey: .bitDepth),
            hasAlpha: try container.decode(Bool.self, forKey: .hasAlpha),
            colorModel: try container.decode(ColorModel.self, forKey: .colorModel),
            isProgressive: try container.decode(Bool.self, forKey: .progressive),
            frames: try container.decodeIfPresent(Int.self, forKey: .frames) ?? 1,
            colorSpaceName: try container.decodeIfPresent(String.self, forKey: .colorSpace),
            hasColorProfile: try container.decodeIfPresent(Bool.self, forKey: .iccProfile) ?? false)
    }

    /// Encodes the fields of `pixelkit info`, in its order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(format, forKey: .format)
        try container.encode(size.width, forKey: .width)
        try container.encode(size.height, forKey: .height)
        try container.encode(orientation, forKey: .orientation)
        try container.encode(bitDepth, forKey: .bitDepth)
        try container.encode(hasAlpha, forKey: .hasAlpha)
        try container.encode(colorModel, forKey: .colorModel)
        try container.encode(isProgressive, forKey: .progressive)
        try container.encode(frames, forKey: .frames)
        try container.encode(isAnimated, forKey: .animated)
        try container.encode(colorSpaceName, forKey: .colorSpace)
        try container.encode(hasColorProfile, forKey: .iccProfile)
    }
}
