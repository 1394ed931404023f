/// Bounds on what a decoder accepts from untrusted input, checked from the header before any
/// allocation sized by it. The defaults admit every real camera photo (a 200 MP sensor) and
/// reject decompression bombs such as a 65535×65535 header.
public struct DecodingLimits: Sendable, Hashable {
    /// Largest width × height accepted. Default 200,000,000.
    public var maxPixelCount: Int
    /// Largest width or height accepted. Default 65,535 (the JPEG and practical PNG maximum).
    public var maxDimension: Int
    /// Largest metadata/ancillary chunk (PNG iCCP, zTXt, …; JPEG APPn are 64 KiB by construction). Default 8 MiB.
    public var maxChunkBytes: Int
    /// Largest embedded ICC color profile accepted, checked before it is parsed. Default 4 MiB (CMYK
    /// press profiles, the largest in use, are 0.2–2 MB).
    public var maxColorProfileBytes: Int
    /// Largest working memory a codec may allocate for one image (libjpeg's progressive
    /// coefficient buffers, an interlaced PNG's full frame). Default 1 GiB.
    public var maxMemoryBytes: Int
    /// Largest input read into memory. Default 1 GiB.
    public var maxInputBytes: Int
    /// Most scans a progressive JPEG may have. Each scan revisits every block of the image, so a
    /// small file repeating an empty scan demands work far beyond its size; real encoders write
    /// fewer than 100 (libjpeg-turbo's scan limit is the same idea). Default 100; below 1 counts as 1.
    public var maxScans: Int
    /// Most chunks or segments a file may hold (PNG ancillary chunks, JPEG marker segments, WebP
    /// RIFF chunks): each costs work without growing the image. Default 10,000; below 1 counts as 1.
    public var maxChunkCount: Int
    /// Most frames an animated file may declare; frames are counted without being decoded. Default
    /// 10,000; below 1 counts as 1.
    public var maxFrames: Int
    /// Most pixels a decode may make per byte of input, for images of more than
    /// ``ratioFreePixelCount`` pixels. Decode time follows the pixel count, which a small file can
    /// declare at will (a 600 KB PNG of 14000×14000 flat pixels); real photos have a few pixels per
    /// byte, flat screenshots tens. Default 64, so that an input of at most 1 MB decodes at most 64 MP.
    /// A codec whose pixels cost more to decode divides it (HEIF/AVIF by 4, GIF by 2: measured, so
    /// that any input of at most 1 MB decodes in about 2 s on a 2-core machine). Checked when a codec
    /// decodes (not when it probes a header), against the input's length.
    public var maxPixelsPerInputByte: Int
    /// Images up to this many pixels decode whatever their input's size. Default 16,777,216 (4096×4096).
    public var ratioFreePixelCount: Int
    /// The length of the input being decoded, which each codec's `decode` sets (see
    /// ``forInput(_:costPerPixel:)``); nil when unknown, and then ``maxPixelsPerInputByte`` is not checked.
    public internal(set) var inputByteCount: Int?
    /// What the decoding codec divides ``maxPixelsPerInputByte`` by (see ``forInput(_:costPerPixel:)``).
    public internal(set) var pixelCost = 1
    /// Working memory shared with other decodes (a batch's), reserved from before large
    /// allocations; nil (the default) limits each decode on its own by ``maxMemoryBytes``.
    public var memoryBudget: MemoryBudget?

    /// Limits for one decode; the defaults suit photos from cameras and phones.
    public init(
        maxPixelCount: Int = 200_000_000, maxDimension: Int = 65_535, maxChunkBytes: Int = 8 << 20,
        maxMemoryBytes: Int = 1 << 30, maxInputBytes: Int = 1 << 30, memoryBudget: MemoryBudget? = nil,
        maxScans: Int = 100, maxChunkCount: Int = 10_000, maxFrames: Int = 10_000,
        maxPixelsPerInputByte: Int = 64, ratioFreePixelCount: Int = 16_777_216,
        maxColorProfileBytes: Int = 4 << 20
    ) {
        self.maxColorProfileBytes = maxColorProfileBytes
        self.maxPixelsPerInputByte = maxPixelsPerInputByte
        self.ratioFreePixelCount = ratioFreePixelCount
        self.maxScans = maxScans
        self.maxChunkCount = maxChunkCount
        self.maxFrames = maxFrames
        self.memoryBudget = memoryBudget
        self.maxPixelCount = maxPixelCount
        self.maxDimension = maxDimension
        self.maxChunkBytes = maxChunkBytes
        self.maxMemoryBytes = maxMemoryBytes
        self.maxInputBytes = maxInputBytes
    }

    /// Throws `ImageError.limitExceeded` if an image of `size` may not be decoded.
    public func check(_ size: PixelSize) throws(ImageError) {
        guard size.width > 0, size.height > 0 else {
            throw .limitExceeded(.dimension(width: size.width, height: size.height, limit: maxDimension))
        }
        if size.width > maxDimension || size.height > maxDimension {
            throw .limitExceeded(.dimension(width: size.width, height: size.height, limit: maxDimension))
        }
        if size.pixelCount > maxPixelCount {
            throw .limitExceeded(.pixelCount(width: size.width, height: size.height, limit: maxPixelCount))
        }
        if let inputByteCount, size.pixelCount > ratioFreePixelCount {
            let ratio = max(maxPixelsPerInputByte / max(pixelCost, 1), 1)
            let (allowed, overflow) = max(inputByteCount, 1).multipliedReportingOverflow(by: ratio)
            if !overflow, size.pixelCount > allowed {
                throw .limitExceeded(.pixelsPerInputByte(width: size.width, height: size.height, inputBytes: inputByteCount, limit: ratio))
            }
        }
    }

    /// These limits for decoding `source`: ``maxPixelsPerInputByte`` then applies against its
    /// length (a file's from `stat`; unknown, and unchecked, when that fails or says 0 — the decode
    /// itself then reports the file).
    /// `costPerPixel` is the codec's decode cost per pixel relative to JPEG's and PNG's (1).
    public func forInput(_ source: ImageSource, costPerPixel: Int = 1) -> DecodingLimits {
        var limits = self
        limits.inputByteCount = source.byteCount
        limits.pixelCost = costPerPixel
        return limits
    }
}
