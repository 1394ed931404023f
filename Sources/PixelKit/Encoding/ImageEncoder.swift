/// A codec's writing half: encodes an RGBA8 image to the bytes of a file.
/// Errors thrown are ``ImageError`` (by type).
public protocol ImageEncoder: Sendable {
    /// The format this encoder writes.
    var format: ImageFormat { get }
    /// The usual file name extension, without the dot (`"jpg"`, `"png"`).
    var fileExtension: String { get }
    /// The encoded file's bytes for `image`, using the settings of `options` that apply to the format.
    /// - Throws: ``ImageError/invalidOptions(_:)``, ``ImageError/encodingFailed(format:message:)``.
    func encode(_ image: RGBAImage, options: EncodeOptions) throws(ImageError) -> [UInt8]
    /// An encoder for an image of `size` that takes its rows one by one, or `nil` when the format
    /// has none (the default); the `Thumbnailer` then encodes the finished image.
    /// - Throws: ``ImageError/invalidOptions(_:)``, ``ImageError/encodingFailed(format:message:)``.
    func rowEncoder(for size: PixelSize, options: EncodeOptions) throws(ImageError) -> (any ImageRowEncoder)?
}

extension ImageEncoder {
    /// No row-by-row encoding: the whole image goes through ``encode(_:options:)``.
    public func rowEncoder(for size: PixelSize, options: EncodeOptions) throws(ImageError) -> (any ImageRowEncoder)? { nil }
}

/// Encoder settings; each codec uses those that apply to its format.
public struct EncodeOptions: Sendable, Hashable {
    /// Lossy quality on 0…1 (JPEG: 0.75 → libjpeg quality 75). Ignored by lossless formats.
    public var quality: Double
    /// JPEG chroma subsampling.
    public var chromaSubsampling: ChromaSubsampling
    /// Write a progressive JPEG / an interlaced PNG. Off by default here, where it would interlace
    /// PNGs too (larger files); thumbnails default to progressive JPEGs
    /// (``ThumbnailOptions/progressive``): usually 2–3% smaller than baseline with optimized tables, for
    /// about 1.7× the encode time and a costlier decode for the viewer (<doc:Thumbnails#Output-file-size>).
    public var progressive: Bool
    /// JPEG: Huffman tables fitted to the image (libjpeg's `optimize_coding`, one more pass over
    /// the coefficients) instead of the standard tables. The same pixels in fewer bytes; on by
    /// default. Progressive JPEGs always have them.
    public var optimizesHuffmanTables: Bool
    /// The color that transparent pixels are composited over when the format has no alpha (JPEG).
    public var background: RGBAColor
    /// The EXIF orientation to record (with ``colorProfile``, the only metadata encoders write): for pixels left as stored
    /// (a thumbnail made without applying orientation) so viewers still show them upright.
    /// `.up` records nothing. JPEG writes an APP1 Exif segment holding just this tag; PNG ignores it.
    public var orientation: ImageOrientation
    /// An ICC profile to embed, for pixels left in their source's color space (a thumbnail made with
    /// ``DecodeOptions/outputColorSpace`` `nil`): JPEG writes `APP2 ICC_PROFILE` markers, PNG an
    /// `iCCP` chunk, WebP an `ICCP` chunk. `nil` (the default) embeds none: the pixels are sRGB.
    public var colorProfile: ColorProfile?

    /// Encoder settings; `EncodeOptions()` is a quality 0.75, 4:2:0, baseline JPEG with optimized
    /// Huffman tables, composited on white.
    public init(
        quality: Double = 0.75, chromaSubsampling: ChromaSubsampling = .yuv420, progressive: Bool = false,
        optimizesHuffmanTables: Bool = true,
        background: RGBAColor = RGBAColor(red: 255, green: 255, blue: 255), orientation: ImageOrientation = .up,
        colorProfile: ColorProfile? = nil
    ) {
        self.colorProfile = colorProfile
        self.quality = quality
        self.chromaSubsampling = chromaSubsampling
        self.progressive = progressive
        self.optimizesHuffmanTables = optimizesHuffmanTables
        self.background = background
        self.orientation = orientation
    }

    /// How much color resolution a JPEG keeps relative to brightness.
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
