/// How to make a thumbnail. The defaults follow the seed blog post's Core Graphics recipe: at most
/// 2000 pixels on the longest side, orientation applied, JPEG at quality 0.75 (1.0 for PNG sources).
public struct ThumbnailOptions: Sendable, Hashable {
    /// Longest side of the output in pixels (≥ 1). Smaller images keep their size: never enlarged.
    public var maxPixelSize: Int
    /// Rotate/mirror the pixels as the EXIF orientation (1–8) says, so the output is upright and
    /// needs no orientation tag. When false the output keeps the stored orientation (and, since
    /// encoders write no metadata, loses the tag: `Thumbnail.sourceInfo.orientation` still has it).
    public var appliesOrientation: Bool
    /// Output format; the registry must hold an encoder for it (`.jpeg` or `.png` with PixelKit's codecs).
    public var format: ImageFormat
    /// Lossy quality on 0…1 for every source (default 0.75), whatever its format: the same pixels
    /// make the same thumbnail whether they came from a JPEG or a PNG, and whichever API made it.
    public var quality: Double
    /// Quality on 0…1 used instead of `quality` when the source is a PNG; `nil` (the default) uses
    /// `quality` for every source. Set it to keep PNG sources' thumbnails at a higher quality.
    public var pngSourceQuality: Double?
    /// Resampling kernel (default Lanczos-3).
    public var filter: ResamplingFilter
    /// Light scale of the mixing (default linear light).
    public var space: ResamplingSpace
    /// Let the codec decode at a reduced size first (JPEG: the smallest n/8 scale still at least the
    /// size `minimumDecodeSize(for:stored:)` asks for), then resample from there. Much faster and
    /// leaner; turn off only to compare.
    public var usesReducedDecode: Bool
    /// How much larger than the thumbnail the reduced decode must be, at least (≥ 1). 1 asks for the
    /// smallest scale still at least the thumbnail's size: the fastest. 2 leaves the resampling filter
    /// at least a 2× reduction, as libvips does: sharper and closer to a full-resolution downscale,
    /// but it decodes up to twice as many pixels in each direction. `preferredDecodeHeadroom` may
    /// raise it where that is cheap.
    public var reducedDecodeHeadroom: Double
    /// The headroom used instead of `reducedDecodeHeadroom` when the decode it asks for is small
    /// enough (see `preferredDecodeMaxPixels`); ≥ 1. A JPEG's reduced (DCT-domain) decode is a
    /// cruder reduction than the resampler's filter, so leaving the filter part of the reduction
    /// gives a visibly closer match to a full-resolution downscale (see <doc:Thumbnails#Quality>).
    /// The default, 1.95, is "about 2×": it takes the 1/4 and 1/8 scales of a 4000- or 4032-pixel-wide
    /// 12 MP photo for 512- and 256-pixel thumbnails (a 1.95–1.97× reduction left to the filter),
    /// where exactly 2× would ask for the next scale up (3/8, 1/4) and cost 14–19% more CPU per
    /// thumbnail for 0.04–0.13 dB (issue 42).
    public var preferredDecodeHeadroom: Double
    /// The most pixels (width × height, ≥ 0) the decode asked for with `preferredDecodeHeadroom` may
    /// have; above it, the thumbnailer falls back to `reducedDecodeHeadroom`. The reduced decode is
    /// there to save time and memory on large images; up to this size a larger decode is affordable.
    /// The default, 3,000,000, is a 2000×1500 image: no more than a default 2000-px thumbnail holds
    /// (and about what one of a 12 MP photo decodes anyway, 2016×1512). So small sources (up to about
    /// 3 MP) are decoded in full and small thumbnails of large photos (up to about 1000×750) get a
    /// ≈ 2× decode, while 2000-px thumbnails of large photos keep the fastest reduced decode. The codec may
    /// round the request up to its next scale. 0 turns the preference off.
    public var preferredDecodeMaxPixels: Int
    /// JPEG chroma subsampling of the output.
    public var chromaSubsampling: EncodeOptions.ChromaSubsampling
    /// Write a progressive JPEG (see ``EncodeOptions/progressive``). On by default, as thumbor's
    /// Pillow recipe: at quality 0.75 a 512-px thumbnail of a photo is usually 2–3% smaller than a
    /// baseline one with optimized tables, for about 1 ms more CPU (issue 42,
    /// <doc:Thumbnails#Output-file-size>; small thumbnails of smooth images can come out up to 2%
    /// larger). JPEG output only: PNG thumbnails are never interlaced (Adam7 makes them larger).
    public var progressive: Bool
    /// JPEG: Huffman tables fitted to the thumbnail (see ``EncodeOptions/optimizesHuffmanTables``; on by default).
    public var optimizesHuffmanTables: Bool
    /// The color transparent pixels are flattened onto when the output format has no alpha (JPEG).
    public var background: RGBAColor
    /// Strictness and limits for untrusted input (`minimumSize` is set by the thumbnailer, and
    /// `maxThreads` by ``usesSecondThread``), and the thumbnail's colors:
    /// ``DecodeOptions/outputColorSpace`` sRGB by default (imgproxy's choice, written without a
    /// profile); `nil` keeps the source's pixels and embeds its RGB ICC profile (libvips' default:
    /// JPEG `APP2`, PNG `iCCP`, WebP `ICCP`), so color-managed viewers show a wide-gamut source's
    /// full gamut.
    public var decoding: DecodeOptions
    /// Whether a thumbnail may use a second thread when the machine has a second core: the codec
    /// then decodes in two halves at once (``DecodeOptions/maxThreads`` 2: a large baseline JPEG at
    /// 1/4 or 1/8 scale, libwebp's filter thread) and the resampler and encoder run beside the
    /// decoder. That lowers one thumbnail's latency for about a third more CPU in all, so it only
    /// helps where the second core would otherwise idle. On by default; turn it off where other work
    /// keeps the cores busy (a server with several decodes in flight): the thumbnail is then made on
    /// the calling thread alone, with `decoding.maxThreads` 1. Batches (`forEachThumbnail`) use a
    /// second thread only when they make one image at a time. The pixels are the same either way.
    public var usesSecondThread: Bool

    /// Options with the seed post's defaults; see each property.
    public init(
        maxPixelSize: Int = 2000, appliesOrientation: Bool = true, format: ImageFormat = .jpeg,
        quality: Double = 0.75, pngSourceQuality: Double? = nil, filter: ResamplingFilter = .lanczos3,
        space: ResamplingSpace = .linear, usesReducedDecode: Bool = true, reducedDecodeHeadroom: Double = 1,
        preferredDecodeHeadroom: Double = 1.95, preferredDecodeMaxPixels: Int = 3_000_000,
        chromaSubsampling: EncodeOptions.ChromaSubsampling = .yuv420, progressive: Bool = true,
        optimizesHuffmanTables: Bool = true,
        background: RGBAColor = RGBAColor(red: 255, green: 255, blue: 255), decoding: DecodeOptions = .init(),
        usesSecondThread: Bool = true
    ) {
        self.maxPixelSize = maxPixelSize
        self.appliesOrientation = appliesOrientation
        self.format = format
        self.quality = quality
        self.pngSourceQuality = pngSourceQuality
        self.filter = filter
        self.space = space
        self.usesReducedDecode = usesReducedDecode
        self.reducedDecodeHeadroom = reducedDecodeHeadroom
        self.preferredDecodeHeadroom = preferredDecodeHeadroom
        self.preferredDecodeMaxPixels = preferredDecodeMaxPixels
        self.chromaSubsampling = chromaSubsampling
        self.progressive = progressive
        self.optimizesHuffmanTables = optimizesHuffmanTables
        self.background = background
        self.decoding = decoding
        self.usesSecondThread = usesSecondThread
    }

    /// Checks the values a thumbnail cannot be made with.
    /// - Throws: `ImageError.invalidOptions` naming the offending value.
    public func validate() throws(ImageError) {
        guard maxPixelSize >= 1 else { throw .invalidOptions("max pixel size \(maxPixelSize) must be at least 1") }
        guard reducedDecodeHeadroom >= 1, reducedDecodeHeadroom.isFinite else {
            throw .invalidOptions("reduced decode headroom \(reducedDecodeHeadroom) must be at least 1")
        }
        guard preferredDecodeHeadroom >= 1, preferredDecodeHeadroom.isFinite else {
            throw .invalidOptions("preferred decode headroom \(preferredDecodeHeadroom) must be at least 1")
        }
        guard preferredDecodeMaxPixels >= 0 else {
            throw .invalidOptions("preferred decode max pixels \(preferredDecodeMaxPixels) must not be negative")
        }
        for value in [quality, pngSourceQuality ?? quality] where !(0...1).contains(value) {
            throw .invalidOptions("quality \(value) must be between 0 and 1")
        }
    }

    /// The smallest decoded size to ask the codec for, for a thumbnail of `target` pixels of an image
    /// stored at `stored` (nil: full resolution): `target × max(preferredDecodeHeadroom,
    /// reducedDecodeHeadroom)` when that has at most `preferredDecodeMaxPixels` pixels, else
    /// `target × reducedDecodeHeadroom`; each side rounded up and capped at the stored side.
    public func minimumDecodeSize(for target: PixelSize, stored: PixelSize) -> PixelSize? {
        guard usesReducedDecode else { return nil }
        func grown(by headroom: Double) -> PixelSize {
            // Capped in floating point first, so no headroom can overflow the conversion to Int.
            func side(_ side: Int, _ limit: Int) -> Int { Int(min(Double(limit), (Double(side) * headroom).rounded(.up))) }
            return PixelSize(width: side(target.width, stored.width), height: side(target.height, stored.height))
        }
        let preferred = grown(by: max(preferredDecodeHeadroom, reducedDecodeHeadroom))
        return preferred.pixelCount <= preferredDecodeMaxPixels ? preferred : grown(by: reducedDecodeHeadroom)
    }

    /// The quality used for a source of `format`.
    public func quality(forSource format: ImageFormat) -> Double {
        format == .png ? (pngSourceQuality ?? quality) : quality
    }

    /// What a thumbnail of a `source`-format image is encoded with: ``quality(forSource:)``, the
    /// subsampling, Huffman tables and background above, and ``progressive`` for JPEG output only
    /// (PNG thumbnails are never interlaced). The orientation tag and color profile to embed are the
    /// caller's to set: they depend on what was done to the pixels.
    public func encodeOptions(forSource source: ImageFormat) -> EncodeOptions {
        EncodeOptions(
            quality: quality(forSource: source), chromaSubsampling: chromaSubsampling,
            progressive: progressive && format == .jpeg, optimizesHuffmanTables: optimizesHuffmanTables,
            background: background)
    }
}
