/// A codec's writing half: encodes an RGBA8 image to the bytes of a file.
/// Errors thrown are `ImageError`.
public protocol ImageEncoder: Sendable {
    var format: ImageFormat { get }
    /// The usual file name extension, without the dot (`"jpg"`, `"png"`).
    var fileExtension: String { get }
    func encode(_ image: RGBAImage, options: EncodeOptions) throws -> [UInt8]
}

/// Encoder settings; each codec uses those that apply to its format.
public struct EncodeOptions: Sendable, Hashable {
    /// Lossy quality on 0…1 (JPEG: 0.75 → libjpeg quality 75). Ignored by lossless formats.
    public var quality: Double
    /// JPEG chroma subsampling.
    public var chromaSubsampling: ChromaSubsampling
    /// Write a progressive JPEG / an interlaced PNG.
    public var progressive: Bool
    /// The color that transparent pixels are composited over when the format has no alpha (JPEG).
    public var background: RGBAColor
    /// The EXIF orientation to record, the only metadata encoders write: for pixels left as stored
    /// (a thumbnail made without applying orientation) so viewers still show them upright.
    /// `.up` records nothing. JPEG writes an APP1 Exif segment holding just this tag; PNG ignores it.
    public var orientation: ImageOrientation

    public init(
        quality: Double = 0.75, chromaSubsampling: ChromaSubsampling = .yuv420, progressive: Bool = false,
        background: RGBAColor = RGBAColor(red: 255, green: 255, blue: 255), orientation: ImageOrientation = .up
    ) {
        self.quality = quality
        self.chromaSubsampling = chromaSubsampling
        self.progressive = progressive
        self.background = background
        self.orientation = orientation
    }

    public enum ChromaSubsampling: String, Sendable, Hashable {
        /// 4:2:0, half resolution color both ways: the usual photo setting.
        case yuv420
        /// 4:2:2, half resolution color across, full down: what many cameras write.
        case yuv422
        /// 4:4:0, full resolution color across, half down.
        case yuv440
        /// 4:4:4, full resolution color: sharper color edges, larger files.
        case yuv444
    }
}
