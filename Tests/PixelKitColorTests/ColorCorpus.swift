import Foundation
import PixelKit
import PixelKitColor
import PixelKitHEIF
import PixelKitJPEG
import PixelKitPNG
import PixelKitWebP
import Testing

/// The shared color corpus's files and `reference.json` (lcms2's sRGB means and the stored ones),
/// copied into PixelKitTestSupport's `Fixtures/color/`, and the registries the tests decode with.
enum ColorCorpus {
    /// One file's entry in `reference.json`.
    struct Entry: Decodable, Sendable, CustomTestStringConvertible {
        let file: String
        /// `tagged`, `untagged` or `srgb-tagged`.
        let role: String
        /// The exact mean of the stored samples (CMYK by the naive inversion), RGBA.
        let meanUntransformed: [Double]
        /// lcms2's sRGB means per rendering (`relative`, `perceptual`, `relative_bpc`).
        let reference: [String: [Double]]
        /// The renderings a bar accepts.
        let accept: [String]
        let profile: Profile?

        struct Profile: Decodable, Sendable {
            let description: String?
        }

        enum CodingKeys: String, CodingKey {
            case file, role, reference, accept, profile
            case meanUntransformed = "mean_untransformed"
        }

        var isControl: Bool { role != "tagged" }
        var acceptedMeans: [[Double]] { accept.compactMap { reference[$0] } }
        var testDescription: String { file }
    }

    private struct Document: Decodable {
        let files: [Entry]
    }

    static let entries: [Entry] = {
        // The fixture ships with the tests: failing to read it is a broken test target.
        let data = Data(try! ColorFixtures.bytes("reference.json"))
        return try! JSONDecoder().decode(Document.self, from: data).files
    }()

    static func entry(_ file: String) -> Entry { entries.first { $0.file == file }! }

    /// reference.json's `thumbnail.mean_rgba.relative` per file.
    static let thumbnailMeans: [String: [Double]] = {
        struct Thumbnails: Decodable {
            struct File: Decodable {
                struct Thumbnail: Decodable { let mean_rgba: [String: [Double]] }
                let file: String
                let thumbnail: Thumbnail
            }
            let files: [File]
        }
        let document = try! JSONDecoder().decode(Thumbnails.self, from: Data(try! ColorFixtures.bytes("reference.json")))
        return Dictionary(uniqueKeysWithValues: document.files.compactMap { file in file.thumbnail.mean_rgba["relative"].map { (file.file, $0) } })
    }()

    static let codecs: [any ImageDecoder] = [JPEGCodec(), PNGCodec(), WebPCodec(), HEIFCodec()]

    /// The core's default registry: the Swift fast path only (`MatrixShaperProvider`).
    static let fastPathRegistry = CodecRegistry(codecs)

    /// A registry converting through lcms2 (`ColorManagement`), as `pixelkit` does.
    static let lcmsRegistry: CodecRegistry = {
        var registry = CodecRegistry(codecs)
        registry.colorTransforms = ColorManagement(cacheCapacity: 4)
        return registry
    }()

    /// The exact (every pixel, full size) alpha-weighted mean of `source` under `decoding`.
    static func exactMean(
        _ source: ImageSource, registry: CodecRegistry = lcmsRegistry, decoding: DecodeOptions = DecodeOptions()
    ) throws(ImageError) -> (mean: [Double], warnings: [DecodeWarning]) {
        let result = try registry.averageColor(of: source, options: AverageOptions(accuracy: .exact, decoding: decoding))
        return (result.color.components, result.warnings)
    }

    static func source(_ file: String) throws -> ImageSource {
        .bytes(try ColorFixtures.bytes(file))
    }

    /// The largest difference of the R, G, B means.
    static func colorDistance(_ left: [Double], _ right: [Double]) -> Double {
        (0..<3).map { abs(left[$0] - right[$0]) }.max()!
    }
}
