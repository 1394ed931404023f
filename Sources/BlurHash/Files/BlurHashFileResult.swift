import PixelKit

/// The BlurHash of an image file and how it was obtained.
public struct BlurHashFileResult: Sendable, Hashable {
    /// The hash string.
    public var hash: String
    /// The unquantised coefficients (their DC term is the average color in linear light).
    public var components: BlurHashComponents
    /// The image's header facts (stored size, format, EXIF orientation — not applied: the hash is of
    /// the pixels as stored, like the reference tools).
    public var info: ImageInfo
    /// The size the codec delivered (smaller than `info.size` after a scaled decode).
    public var decodedSize: PixelSize
    /// The size of the pixel grid the hash was computed from (after area averaging, if any).
    public var encodedSize: PixelSize
    /// Recoverable problems the codec met (lenient decoding only).
    public var warnings: [DecodeWarning]

    /// Whether every stored pixel entered the hash unchanged (the result is then the reference's).
    public var isFullResolution: Bool { encodedSize == info.size }
}
