/// A thumbnail's pixels before encoding, for callers who display or process them.
public struct ThumbnailImage: Sendable, Hashable {
    /// The resized RGBA8 pixels (upright when orientation was applied).
    public var image: RGBAImage
    /// The source's header facts.
    public var sourceInfo: ImageInfo
    /// The size the source was decoded at before resampling.
    public var decodedSize: PixelSize
    /// Whether the pixels were rotated/mirrored upright.
    public var orientationApplied: Bool
    /// Recoverable problems the decoder met (lenient decoding only).
    public var warnings: [DecodeWarning]

    /// Pixels and facts of a thumbnail before encoding.
    init(image: RGBAImage, sourceInfo: ImageInfo, decodedSize: PixelSize, orientationApplied: Bool, warnings: [DecodeWarning]) {
        self.image = image
        self.sourceInfo = sourceInfo
        self.decodedSize = decodedSize
        self.orientationApplied = orientationApplied
        self.warnings = warnings
    }
}
