import BlurHash
import PixelKit
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
/// proportional to the image's width (reduced decodes where the codec has them).
public struct ImageAnalyzer: Sendable {
    /// The codecs accepted for uploads.
    public var codecs: CodecRegistry
    /// Limits for untrusted input, checked from the header before any large allocation.
    public var limits: DecodingLimits

    /// An analyzer with PixelKit's JPEG and PNG codecs.
    public init(codecs: CodecRegistry = CodecRegistry([JPEGCodec(), PNGCodec()]), limits: DecodingLimits) {
        self.codecs = codecs
        self.limits = limits
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
    func analyze(fileAt path: String, until deadline: DecodeDeadline?) throws(ImageError) -> (ImageAnalysis, [UInt8]) {
        let (average, hash, palette, smallest) = try codecs.results(
            of: path, decoding: strictDecoding(until: deadline), AverageOptions(), BlurHashFileOptions(), PaletteOptions(),
            thumbnailOptions(size: ImageRoutes.thumbnailSizes.min()!, until: deadline))
        return (ImageAnalysis(info: average.info, average: average.color, blurHash: hash.hash, palette: palette), smallest.data)
    }

    /// A JPEG thumbnail whose longest side is at most `size`, upright.
    func thumbnail(ofFileAt path: String, size: Int, until deadline: DecodeDeadline?) throws(ImageError) -> [UInt8] {
        try Thumbnailer(codecs: codecs, options: thumbnailOptions(size: size, until: deadline)).thumbnail(of: path).data
    }

    /// How the service's thumbnails are made.
    private func thumbnailOptions(size: Int, until deadline: DecodeDeadline?) -> ThumbnailOptions {
        ThumbnailOptions(maxPixelSize: size, format: .jpeg, decoding: DecodeOptions(limits: limits, deadline: deadline))
    }

    /// Formats PixelKit reads that the service does not take, recognised by their codecs' own
    /// signature checks (never decoded here), so that a refusal names what was sent.
    static let recognizedOnly = CodecRegistry([GIFCodec(), HEIFCodec(), WebPCodec()])

    /// The 415 for an upload whose leading bytes are an image in a format PixelKit reads but the
    /// service does not take (GIF, HEIF, WebP); nil for one the service's codecs take, or that no
    /// codec recognises (its decode answers that).
    func refusal(ofLeadingBytes bytes: [UInt8]) -> ServiceError? {
        guard codecs.decoder(forLeadingBytes: bytes) == nil,
              let format = Self.recognizedOnly.decoder(forLeadingBytes: bytes)?.format else { return nil }
        return ServiceError(.unsupportedMediaType, "a \(format) image is not accepted here: \(Self.acceptedFormats)")
    }

    /// What a 415 asks for.
    static let acceptedFormats = "upload a JPEG or PNG image"

    /// The HTTP answer to a PixelKit error. Its message is the error's ``ImageError/kind``: the
    /// error without the (temporary, server-side) file it was met in.
    static func serviceError(for error: ImageError) -> ServiceError {
        switch error.kind {
        case .unknownFormat, .emptyInput:
            ServiceError(.unsupportedMediaType, "\(error.kind): \(acceptedFormats)")
        case .file:
            ServiceError(.internalServerError, "the stored file could not be read")
        default:
            ServiceError(.unprocessableContent, error.kind.description)
        }
    }
}
