import PixelKit

/// A decode's image and report.
package struct DecodedImage: Equatable {
    package let image: RGBAImage
    package let report: DecodeReport
}

/// What a decode produced, or how it failed: for comparing one input decoded different ways (a
/// plain decode, one continued from a header, through a reader or the registry).
package typealias DecodeOutcome = Result<DecodedImage, ImageError>

extension Result where Success == DecodedImage, Failure == ImageError {
    /// The outcome of `decode` into a fresh collector.
    package static func of(_ decode: (inout RGBAImageCollector) throws(ImageError) -> DecodeReport) -> DecodeOutcome {
        Result { () throws(ImageError) -> DecodedImage in
            var collector = RGBAImageCollector()
            let report = try decode(&collector)
            return DecodedImage(image: collector.image, report: report)
        }
    }

    /// `codec.decode(source, options:)`.
    package static func plain<Decoder: ImageDecoder>(_ codec: Decoder, _ source: ImageSource, _ options: DecodeOptions) -> DecodeOutcome {
        of { (sink) throws(ImageError) in try codec.decode(source, options: options, into: &sink) }
    }

    /// `codec.open` under `reading`, then the session's decode under `decoding` (a failed open is
    /// the outcome).
    package static func continued<Decoder: ImageDecoder>(
        _ codec: Decoder, _ source: ImageSource, reading: DecodeOptions = .init(), decoding: DecodeOptions
    ) -> DecodeOutcome {
        of { (sink) throws(ImageError) in
            try codec.open(source, options: reading).decode(options: decoding, into: &sink)
        }
    }

    /// The error, if the decode failed.
    package var error: ImageError? {
        if case .failure(let error) = self { return error }
        return nil
    }

    /// The report, if the decode succeeded.
    package var report: DecodeReport? {
        if case .success(let decoded) = self { return decoded.report }
        return nil
    }
}
