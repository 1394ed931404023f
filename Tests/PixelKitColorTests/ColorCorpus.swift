import Foundation
import PixelKit
import PixelKitColor
import PixelKitHEIF
import PixelKitJPEG
import PixelKitPNG
import PixelKitTestSupport
import PixelKitWebP
import Testing

/// The shared color corpus (`ColorCorpusReference`: its files and `reference.json`, in
/// PixelKitTestSupport's `Fixtures/color/`) and the registries the tests decode with.
enum ColorCorpus {
    typealias Entry = ColorCorpusReference.Entry

    static var entries: [Entry] { ColorCorpusReference.entries }
    static func entry(_ file: String) -> Entry { ColorCorpusReference.entry(file) }
    static var thumbnailMeans: [String: [String: [Double]]] { ColorCorpusReference.thumbnailMeans }
    static func acceptedThumbnailMeans(_ entry: Entry) -> [[Double]] { ColorCorpusReference.acceptedThumbnailMeans(entry) }
    static func nearestDistance(_ mean: [Double], _ references: [[Double]]) -> Double {
        ColorCorpusReference.nearestDistance(mean, references)
    }

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

    static func colorDistance(_ left: [Double], _ right: [Double]) -> Double {
        ColorCorpusReference.colorDistance(left, right)
    }
}
