import Foundation
import PixelKit

/// One entry of `Fixtures/heif_webp_reference.json`: what libvips 8.14 decodes from a HEIF or WebP
/// corpus file over the same libheif and libwebp (`vips == "error"` where it cannot).
package struct CodecPluginReference: Decodable, Sendable {
    package let width: Int?
    package let height: Int?
    package let bands: Int?
    /// Per-band means of the stored samples (alpha not applied).
    package let mean_per_band: [Double]?
    package let vips: String?

    /// Every entry, keyed by the path relative to `Fixtures/`.
    package static let all: [String: CodecPluginReference] = {
        let data = try! Data(contentsOf: Fixtures.root.appendingPathComponent("heif_webp_reference.json"))
        return try! JSONDecoder().decode([String: CodecPluginReference].self, from: data)
    }()

    /// The files of one folder (`heif` or `webp`) that the reference lists, sorted.
    package static func files(in folder: String) -> [String] {
        all.keys.filter { $0.hasPrefix(folder + "/") }.sorted()
    }
}
