import BlurHash
import PixelKit
import PixelKitColor
import PixelKitGIF
import PixelKitHEIF
import PixelKitJPEG
import PixelKitPNG
import PixelKitPalette
import PixelKitWebP

/// What the service learns from an uploaded image with PixelKit.
struct ImageAnalysis: Sendable {
    var info: ImageInfo
    var average: RGBAColor
    var blurHash: String
    var palette: Palette
}

/// The PixelKit calls the service makes: strict decoding under limits, from files, in memory
/// proportional to the image's width (reduced decodes where the codec has them), of the formats
/// configured (every one PixelKit reads by default).
public struct ImageAnalyzer: Sendable {
    /// The codecs accepted for uploads (and the JPEG encoder thumbnails are written with).
    public var codecs: CodecRegistry
    /// The codecs of the formats PixelKit reads that are not accepted, to name them in a refusal.
    var refusedCodecs: CodecRegistry
    /// The formats accepted, as ``ServiceConfiguration/formats`` lists them.
    var formats: [ImageFormat]
    /// Limits for untrusted input, checked from the header before any large allocation.
    public var limits: DecodingLimits
    /// Whether thumbnails are progressive JPEGs.
    public var progressiveThumbnails: Bool

    /// Every codec PixelKit has, one per format; HEIF's also reads AVIF.
    static let allCodecs: [any ImageDecoder] = [JPEGCodec(), PNGCodec(), HEIFCodec(), WebPCodec(), GIFCodec()]
    /// The names of every format the service can take: its default (`jpeg`, `png`, `heif` for
    /// HEIC and AVIF, `webp`, `gif`).
    public static let allFormats = allCodecs.map(\.format)

    /// An analyzer taking `formats` (each one of ``allFormats``; others are ignored).
    public init(formats: [ImageFormat] = allFormats, limits: DecodingLimits, progressiveThumbnails: Bool = true) {
        self.formats = formats.filter(Self.allFormats.contains)
        var codecs = CodecRegistry(Self.allCodecs.filter { formats.contains($0.format) })
        // Thumbnails are JPEGs whatever the formats taken.
        if !formats.contains(.jpeg) { codecs.register(encoder: JPEGCodec()) }
        // Every embedded profile converted, lookup-table and CMYK ones too (lcms2).
        codecs.colorTransforms = ColorManagement.shared
        self.codecs = codecs
        self.refusedCodecs = CodecRegistry(Self.allCodecs.filter { !formats.contains($0.format) })
        self.limits = limits
        self.progressiveThumbnails = progressiveThumbnails
    }

    /// Strict decoding under `deadline`: damage a lenient decode would paper over (a truncated
    /// JPEG) is an error.
    func strictDecoding(until deadline: DecodeDeadline?) -> DecodeOptions {
        DecodeOptions(strictness: .strict, limits: limits, allowsProgressiveShortcut: false, deadline: deadline)
    }

    /// Refuses, from the file's header alone and before a decode slot is taken, an upload whose
    /// decode would exceed what its size allows (the codecs' work estimate: a HEIF grid's tiles, a
    /// progressive JPEG's coefficients, a 16-bit PNG's passes) or would not finish within
    /// `timeout` at `rate` pixels per second at a JPEG's cost.
    /// - Throws: ``PixelKit/ImageError/limitExceeded(_:)`` (422), or the header's error.
    func admit(fileAt path: String, within timeout: Duration, rate: Int) throws(ImageError) {
        let estimate = try codecs.estimateWork(of: path, options: strictDecoding(until: nil))
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        if Double(estimate.jpegEquivalentPixels) > seconds * Double(max(rate, 1)) {
            throw .limitExceeded(.deadline(timeout: timeout))
        }
    }

    /// Decodes the file strictly, with its average color, BlurHash and palette, and renders its smallest
    /// thumbnail as a thumbnail request would, all from one open and one decode: an image accepted
    /// is an image that can be served. Returns the analysis and that thumbnail (made from the strict
    /// decode, which reads every scan of a progressive JPEG).
    /// - Throws: the decoder's error (see ``serviceError(for:)`` for its HTTP answer).
    func analyze(fileAt path: String, in slot: DecodeSlot) throws(ImageError) -> (ImageAnalysis, [UInt8]) {
        var decoding = strictDecoding(until: slot.deadline)
        // The shared decode's threads are the slot's (each request's own decoding is not used).
        decoding.maxThreads = slot.usesSecondThread ? 2 : 1
        let (average, hash, palette, smallest) = try codecs.results(
            of: path, decoding: decoding, AverageOptions(), BlurHashFileOptions(), PaletteOptions(),
            thumbnailOptions(size: ImageRoutes.thumbnailSizes.min()!, in: slot))
        return (ImageAnalysis(info: average.info, average: average.color, blurHash: hash.hash, palette: palette), smallest.data)
    }

    /// A JPEG thumbnail whose longest side is at most `size`, upright, on a second thread only if the slot allows it.
    func thumbnail(ofFileAt path: String, size: Int, in slot: DecodeSlot) throws(ImageError) -> [UInt8] {
        try Thumbnailer(codecs: codecs, options: thumbnailOptions(size: size, in: slot)).thumbnail(of: path).data
    }

    /// How the service's thumbnails are made.
    private func thumbnailOptions(size: Int, in slot: DecodeSlot) -> ThumbnailOptions {
        ThumbnailOptions(
            maxPixelSize: size, format: .jpeg, progressive: progressiveThumbnails,
            decoding: DecodeOptions(limits: limits, deadline: slot.deadline), usesSecondThread: slot.usesSecondThread)
    }

    /// The 415 for an upload whose leading bytes are an image in a format PixelKit reads but the
    /// service does not take (``ServiceConfiguration/formats``), recognised by its codec's own
    /// signature check (never decoded here), so that a refusal names what was sent; nil for one the
    /// service's codecs take, or that no codec recognises (its decode answers that).
    func refusal(ofLeadingBytes bytes: [UInt8]) -> ServiceError? {
        guard codecs.decoder(forLeadingBytes: bytes) == nil,
              let format = refusedCodecs.decoder(forLeadingBytes: bytes)?.format else { return nil }
        let accepted = formats.map(\.rawValue).joined(separator: ", ")
        return ServiceError(.unsupportedMediaType, "a \(format) image is not accepted here: upload an image in one of these formats: \(accepted)")
    }

    /// The HTTP answer to a PixelKit error. Its message is the error's ``ImageError/kind``: the
    /// error without the (temporary, server-side) file it was met in.
    static func serviceError(for error: ImageError) -> ServiceError {
        switch error.kind {
        case .unknownFormat, .emptyInput:
            ServiceError(.unsupportedMediaType, error.kind.description)
        case .file:
            ServiceError(.internalServerError, "the stored file could not be read")
        default:
            ServiceError(.unprocessableContent, error.kind.description)
        }
    }
}
