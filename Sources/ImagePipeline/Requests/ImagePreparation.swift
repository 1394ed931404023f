import PixelKit

/// What the pipeline computes from an image's bytes. Requests with equal preparations of one
/// source share one decode; different preparations share only the download.
public struct ImagePreparation: Sendable, Hashable {
    /// A thumbnail to make, or nil for none.
    public var thumbnail: ThumbnailPreparation?
    /// Compute the average color (sRGB mean, reduced decode).
    public var averageColor: Bool
    /// Compute the BlurHash (4×3 components).
    public var blurHash: Bool
    /// Compute the palette and theme source color (PixelKitPalette's defaults: 128 colors from the
    /// same reduced decode as the average).
    public var palette: Bool

    /// A preparation; by default a 2000-px thumbnail and nothing else.
    public init(
        thumbnail: ThumbnailPreparation? = ThumbnailPreparation(), averageColor: Bool = false, blurHash: Bool = false,
        palette: Bool = false
    ) {
        self.thumbnail = thumbnail
        self.averageColor = averageColor
        self.blurHash = blurHash
        self.palette = palette
    }

    /// No decoding at all: only the header facts and the original bytes.
    public static let originalOnly = ImagePreparation(thumbnail: nil)

    /// Everything a gallery tile needs: the thumbnail, the average color and the BlurHash placeholder.
    public static func gallery(maxPixelSize: Int, encoding: ImageFormat? = nil) -> ImagePreparation {
        ImagePreparation(thumbnail: ThumbnailPreparation(maxPixelSize: maxPixelSize, encoding: encoding), averageColor: true, blurHash: true)
    }

    /// Only the placeholder data (average color and BlurHash), answered from the disk cache's
    /// stored summary without a decode when it is there.
    public static let placeholder = ImagePreparation(thumbnail: nil, averageColor: true, blurHash: true)

    /// Whether anything is decoded.
    var decodes: Bool { thumbnail != nil || averageColor || blurHash || palette }
}

/// A thumbnail's size and, optionally, its encoding.
public struct ThumbnailPreparation: Sendable, Hashable {
    /// Longest side in pixels (≥ 1), after orientation is applied; smaller images keep their size.
    public var maxPixelSize: Int
    /// Also encode the thumbnail in this format (the registry needs an encoder for it); nil keeps only pixels.
    public var encoding: ImageFormat?
    /// Lossy quality on 0…1 for the encoding.
    public var quality: Double
    /// Encode a progressive JPEG (on by default, as `ThumbnailOptions.progressive`: smaller files);
    /// PNG encodings are not interlaced.
    public var progressive: Bool

    /// A thumbnail at most `maxPixelSize` pixels on its longest side.
    public init(maxPixelSize: Int = 2000, encoding: ImageFormat? = nil, quality: Double = 0.75, progressive: Bool = true) {
        self.maxPixelSize = maxPixelSize
        self.encoding = encoding
        self.quality = quality
        self.progressive = progressive
    }
}
