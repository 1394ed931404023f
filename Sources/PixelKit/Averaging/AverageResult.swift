/// An average color and how it was obtained.
public struct AverageResult: Sendable, Hashable {
    /// The average, components on 0…255.
    public var color: RGBAColor
    /// The image's header facts (stored size, format, orientation…).
    public var info: ImageInfo
    /// The size the pixels were decoded at (smaller than `info.size` after a reduced decode).
    public var decodedSize: PixelSize
    /// The method's name (`"mean"`, `"rms"`, `"linear"` or a custom averager's).
    public var algorithm: String
    /// Whether every pixel was read at full resolution.
    public var isExact: Bool
    /// Recoverable problems the codec met (lenient decoding only).
    public var warnings: [DecodeWarning]
}
