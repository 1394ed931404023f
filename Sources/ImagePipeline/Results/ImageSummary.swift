import PixelKit

/// The small facts derived from an image, stored with its bytes in the disk cache so a gallery can
/// show a placeholder before any decode: header facts, and the average color and BlurHash once computed.
public struct ImageSummary: Sendable, Hashable {
    /// The header facts (format, stored size, orientation…).
    public var info: ImageInfo
    /// The length of the original bytes.
    public var byteCount: Int
    /// The average color, if it was computed.
    public var averageColor: RGBAColor?
    /// The BlurHash (4×3), if it was computed.
    public var blurHash: String?

    /// A summary from its parts.
    public init(info: ImageInfo, byteCount: Int, averageColor: RGBAColor? = nil, blurHash: String? = nil) {
        self.info = info
        self.byteCount = byteCount
        self.averageColor = averageColor
        self.blurHash = blurHash
    }

    /// Whether this summary answers everything `preparation` asks for without a decode.
    func satisfies(_ preparation: ImagePreparation) -> Bool {
        preparation.thumbnail == nil && (!preparation.averageColor || averageColor != nil) && (!preparation.blurHash || blurHash != nil)
    }

    /// This summary with the values `other` has and this one lacks.
    func merging(_ other: ImageSummary) -> ImageSummary {
        var merged = self
        merged.averageColor = averageColor ?? other.averageColor
        merged.blurHash = blurHash ?? other.blurHash
        return merged
    }
}
