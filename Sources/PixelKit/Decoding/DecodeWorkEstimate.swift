/// What one decode will cost, counted from the image's header before any pixel is decoded: the
/// work, in pixels as the codec's decoder ordinarily costs them, and the working memory.
///
/// The work follows the pixels a decoder actually codes, not the size it declares: a HEIF grid
/// that points at one tile 65,025 times costs 65,025 tile decodes, a progressive JPEG's refinement
/// scans each revisit their blocks, a 16-bit PNG inflates twice a plain one's bytes. Codecs check
/// it with ``DecodingLimits/check(_:)-(DecodeWorkEstimate)`` before they decode, and
/// `CodecRegistry.estimateWork(of:options:)` answers it for a caller that must decide before it
/// commits to a decode (a service's decode slot).
public struct DecodeWorkEstimate: Sendable, Hashable {
    /// The decode's work, in pixels at the codec's ordinary cost per pixel: the pixel count for a
    /// plain image, more when pixels are coded more than once or cost more than once each.
    public var workPixels: Int
    /// The largest working memory the decode holds at once (coefficient buffers, a full frame), in bytes.
    public var memoryBytes: Int
    /// What one of the codec's pixels costs relative to a JPEG's or PNG's (1): 4 for HEIF/AVIF, as
    /// ``DecodingLimits/maxPixelsPerInputByte`` divides it.
    public var costPerPixel: Int

    /// An estimate of `workPixels` of work at `costPerPixel` and `memoryBytes` of working memory.
    public init(workPixels: Int, memoryBytes: Int, costPerPixel: Int = 1) {
        self.workPixels = workPixels
        self.memoryBytes = memoryBytes
        self.costPerPixel = costPerPixel
    }

    /// The work in pixels at a JPEG's cost: ``workPixels`` × ``costPerPixel``, comparable across
    /// formats. A caller with a time budget divides it by the pixels per second it measured.
    public var jpegEquivalentPixels: Int { Self.product(workPixels, costPerPixel) }

    /// The estimate of a decode that makes each of `size`'s pixels once and holds no more than a
    /// few rows: what a codec without a finer count reports.
    init(plainDecodeOf size: PixelSize) {
        self.init(workPixels: size.pixelCount, memoryBytes: 0)
    }

    /// `a × b`, or `Int.max` when it overflows: estimates of hostile headers saturate instead of wrapping.
    public static func product(_ factors: Int...) -> Int {
        factors.reduce(1) { total, factor in
            let (product, overflow) = total.multipliedReportingOverflow(by: max(factor, 0))
            return overflow ? .max : product
        }
    }

    /// `a + b`, or `Int.max` when it overflows.
    public static func sum(_ terms: Int...) -> Int {
        terms.reduce(0) { total, term in
            let (sum, overflow) = total.addingReportingOverflow(max(term, 0))
            return overflow ? .max : sum
        }
    }
}
