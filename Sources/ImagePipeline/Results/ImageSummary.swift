import PixelKit
import PixelKitPalette

/// The small facts derived from an image, stored with its bytes in the disk cache so a gallery can
/// show a placeholder before any decode: header facts, and the average color, BlurHash and palette once computed.
public struct ImageSummary: Sendable, Hashable {
    /// The header facts (format, stored size, orientation…).
    public var info: ImageInfo
    /// The length of the original bytes.
    public var byteCount: Int
    /// The average color, if it was computed.
    public var averageColor: RGBAColor?
    /// The BlurHash (4×3), if it was computed.
    public var blurHash: String?
    /// The palette and theme source color, if they were computed.
    public var palette: Palette?
    /// The decoders' warnings (recoverable damage, such as a truncated file) met while computing the
    /// above, so a result from the cache reports what a fresh decode did.
    public var warnings: [String]

    /// A summary from its parts.
    public init(
        info: ImageInfo, byteCount: Int, averageColor: RGBAColor? = nil, blurHash: String? = nil, palette: Palette? = nil,
        warnings: [String] = []
    ) {
        self.info = info
        self.palette = palette
        self.byteCount = byteCount
        self.averageColor = averageColor
        self.blurHash = blurHash
        self.warnings = warnings
    }

    /// Whether this summary answers everything `preparation` asks for without a decode.
    func satisfies(_ preparation: ImagePreparation) -> Bool {
        preparation.thumbnail == nil && (!preparation.averageColor || averageColor != nil) && (!preparation.blurHash || blurHash != nil)
            && (!preparation.palette || palette != nil)
    }

    /// This summary with the values `other` has and this one lacks.
    func merging(_ other: ImageSummary) -> ImageSummary {
        var merged = self
        merged.averageColor = averageColor ?? other.averageColor
        merged.blurHash = blurHash ?? other.blurHash
        merged.palette = palette ?? other.palette
        merged.warnings = warnings.adding(other.warnings)
        return merged
    }
}

extension [String] {
    /// These messages and those of `others` not already here, in order.
    func adding(_ others: [String]) -> [String] {
        var result = self
        for message in others where !result.contains(message) { result.append(message) }
        return result
    }
}
