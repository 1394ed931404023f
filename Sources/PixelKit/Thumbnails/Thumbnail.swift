/// An encoded thumbnail and how it was made.
public struct Thumbnail: Sendable, Hashable {
    /// The encoded file's bytes.
    public var data: [UInt8]
    /// The format `data` is in.
    public var format: ImageFormat
    /// The encoder's usual file name extension, without the dot (`"jpg"`, `"png"`).
    public var fileExtension: String
    /// Output size in pixels (upright when orientation was applied).
    public var size: PixelSize
    /// The lossy quality the encoder was given (0…1).
    public var quality: Double
    /// The source's header facts (stored size, format, orientation…).
    public var sourceInfo: ImageInfo
    /// The size the source was decoded at before resampling (smaller than the stored size after a reduced decode).
    public var decodedSize: PixelSize
    /// Whether the pixels were rotated/mirrored upright.
    public var orientationApplied: Bool
    /// Recoverable problems the decoder met (lenient decoding only).
    public var warnings: [DecodeWarning]

    /// A thumbnail made of these parts (the thumbnailer builds them; useful for tests and custom pipelines).
    public init(
        data: [UInt8], format: ImageFormat, fileExtension: String, size: PixelSize, quality: Double,
        sourceInfo: ImageInfo, decodedSize: PixelSize, orientationApplied: Bool, warnings: [DecodeWarning]
    ) {
        self.data = data
        self.format = format
        self.fileExtension = fileExtension
        self.size = size
        self.quality = quality
        self.sourceInfo = sourceInfo
        self.decodedSize = decodedSize
        self.orientationApplied = orientationApplied
        self.warnings = warnings
    }
}
