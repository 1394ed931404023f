import PixelKit
import PixelKitPalette

/// What the pipeline made of an image: the requested thumbnail (pixels and, if asked, encoded),
/// header facts, average color, BlurHash and palette, and where the result came from.
public struct PreparedImage: Sendable {
    /// The header facts of the original (stored size, format, orientation…).
    public var info: ImageInfo
    /// The thumbnail's RGBA8 pixels, upright, if a thumbnail was requested.
    public var thumbnail: RGBAImage?
    /// The thumbnail encoded as ``ThumbnailPreparation/encoding``, if that was requested.
    public var encodedThumbnail: EncodedImage?
    /// The average color, if requested.
    public var averageColor: RGBAColor?
    /// The BlurHash, if requested.
    public var blurHash: String?
    /// The palette (most populous first) and theme source color, if requested.
    public var palette: Palette?
    /// Memory cache, disk cache, or the loader.
    public var origin: ImageOrigin
    /// The decoders' warnings (recoverable damage), the same whether decoded now or read from the
    /// disk cache's summary, and a disk cache write that failed.
    public var warnings: [String]

    /// A prepared image from its parts.
    public init(
        info: ImageInfo, thumbnail: RGBAImage? = nil, encodedThumbnail: EncodedImage? = nil, averageColor: RGBAColor? = nil,
        blurHash: String? = nil, palette: Palette? = nil, origin: ImageOrigin, warnings: [String] = []
    ) {
        self.palette = palette
        self.warnings = warnings
        self.info = info
        self.thumbnail = thumbnail
        self.encodedThumbnail = encodedThumbnail
        self.averageColor = averageColor
        self.blurHash = blurHash
        self.origin = origin
    }

    /// What this result costs in the memory cache: its pixel and encoded bytes, plus a small constant.
    public var cost: Int {
        (thumbnail?.pixels.count ?? 0) + (encodedThumbnail?.data.count ?? 0) + (blurHash?.utf8.count ?? 0)
            + (palette?.swatches.count ?? 0) * MemoryLayout<Swatch>.stride + 128
    }
}

/// An encoded image file's bytes and format.
public struct EncodedImage: Sendable, Hashable {
    /// The file's bytes.
    public var data: [UInt8]
    /// Their format.
    public var format: ImageFormat
    /// The usual file name extension, without the dot.
    public var fileExtension: String

    /// An encoded image from its parts.
    public init(data: [UInt8], format: ImageFormat, fileExtension: String) {
        self.data = data
        self.format = format
        self.fileExtension = fileExtension
    }
}
