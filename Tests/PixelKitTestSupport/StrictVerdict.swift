import Foundation
import PixelKit
import PixelKitHEIF
import PixelKitJPEG
import PixelKitPNG
import PixelKitWebP

/// The success-or-failure verdict of strict decodes, fast (reduced) and exact (full size), for the
/// "one verdict" rule of Docs/Security.md: under `.strict` every fast path fails exactly when the
/// exact decode of the same file does.
package enum StrictVerdict {
    package static let codecs = CodecRegistry([JPEGCodec(), PNGCodec(), WebPCodec(), HEIFCodec()])

    /// `nil` for success, else the error.
    package static func verdict(_ body: () throws(ImageError) -> Void) -> ImageError? {
        do throws(ImageError) {
            try body()
            return nil
        } catch {
            return error
        }
    }

    package static func average(_ bytes: [UInt8], _ accuracy: AverageAccuracy, _ strictness: DecodeOptions.Strictness = .strict) throws(ImageError) -> AverageResult {
        var options = AverageOptions(accuracy: accuracy)
        options.decoding.strictness = strictness
        return try codecs.averageColor(of: .bytes(bytes), options: options)
    }

    /// The exact strict average's verdict: a full-size strict decode.
    package static func exact(_ bytes: [UInt8]) -> ImageError? {
        verdict { () throws(ImageError) in _ = try average(bytes, .exact) }
    }

    /// The fast strict average's verdict.
    package static func fastAverage(_ bytes: [UInt8]) -> ImageError? {
        verdict { () throws(ImageError) in _ = try average(bytes, .fast) }
    }

    /// A strict 32-pixel thumbnail's verdict (a reduced decode).
    package static func smallThumbnail(_ bytes: [UInt8]) -> ImageError? {
        var options = ThumbnailOptions(maxPixelSize: 32, format: .png)
        options.decoding.strictness = .strict
        return verdict { () throws(ImageError) in _ = try Thumbnailer(codecs: codecs, options: options).thumbnail(of: bytes) }
    }

    /// A strict codec decode with a tiny `minimumSize`, as BlurHash's file entry point asks for.
    package static func tinyDecode(_ bytes: [UInt8]) -> ImageError? {
        verdict { () throws(ImageError) in
            var sink = RowCountingSink()
            _ = try codecs.decode(.bytes(bytes), options: DecodeOptions(minimumSize: PixelSize(width: 4, height: 4), strictness: .strict), into: &sink)
        }
    }

    /// The verdicts of every fast entry point, named, for comparing with `exact`.
    package static func fastVerdicts(_ bytes: [UInt8]) -> [(name: String, error: ImageError?)] {
        [("average", fastAverage(bytes)), ("thumbnail", smallThumbnail(bytes)), ("tiny decode", tinyDecode(bytes))]
    }
}

/// Counts rows; the pixels do not matter.
package struct RowCountingSink: RowSink {
    package init() {}
    package private(set) var rows = 0
    package mutating func begin(size: PixelSize) {}
    package mutating func consume(_ row: PixelRow) { rows += 1 }
}
