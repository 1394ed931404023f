import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitPNG
import PixelKitTestSupport

/// Third-party test files copied into `Fixtures/` (origins and licences in `Fixtures/SOURCES.md`).
enum Fixtures {
    static let root: URL = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")

    /// Absolute path of a fixture, e.g. `path("blurhash/pic1.png")`: BlurHash's own files are here,
    /// the corpus files the codecs' tests use too (`photos/`, `pngsuite/`, `jpeg/`) in PixelKitTestSupport.
    static func path(_ relative: String) -> String {
        relative.hasPrefix("blurhash/") ? root.appendingPathComponent(relative).path : PixelKitTestSupport.Fixtures.path(relative)
    }

    /// The codecs the vectors' files are decoded with.
    static let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])

    /// Full-resolution RGBA pixels of a fixture, as stored (no orientation applied, no color
    /// conversion: the vectors were computed on stb_image's and Pillow's stored numbers, and
    /// `pic1`…`pic3.png` carry a display profile).
    static func image(_ relative: String) throws -> RGBAImage {
        try codecs.decodeImage(.file(path: path(relative)), options: DecodeOptions(outputColorSpace: nil)).image
    }

    /// `Fixtures/blurhash_vectors.json`.
    static let vectors: BlurHashVectors = {
        let data = try! Data(contentsOf: root.appendingPathComponent("blurhash_vectors.json"))
        return try! JSONDecoder().decode(BlurHashVectors.self, from: data)
    }()
}

/// The shared BlurHash vectors (see the file's `description`).
struct BlurHashVectors: Decodable, Sendable {
    struct Encode: Decodable, Sendable, CustomStringConvertible {
        let file: String
        let width: Int
        let height: Int
        let components_x: Int
        let components_y: Int
        /// The published value, or the PyPI (double-precision) result.
        let hash: String
        let hash_pypi_blurhash: String
        /// The woltapp C encoder on the same pixels; `nil` where its CLI refuses (9 components).
        let hash_woltapp_c_same_pixels: String?
        let rgb8_sha256_of_pixels_encoded: String
        let implementations_agree: Bool

        /// What we must produce: the C reference's hash where it has one (the issue: follow C when the
        /// implementations disagree), else the recorded hash.
        var expectedHash: String { hash_woltapp_c_same_pixels ?? hash }

        var description: String { "\(file) \(components_x)×\(components_y)" }
    }

    struct Decode: Decodable, Sendable, CustomStringConvertible {
        let hash: String
        let width: Int
        let height: Int
        let punch: Double
        /// Row-major [R, G, B] triples.
        let pixels_rgb: [[Int]]
        let pixels_rgb_woltapp_c: String

        var description: String { "\(hash) \(width)×\(height) punch \(punch)" }
    }

    struct Invalid: Decodable, Sendable, CustomStringConvertible {
        let hash: String
        let note: String
        var description: String { "\"\(hash)\"" }
    }

    struct Unreproducible: Decodable, Sendable {
        let hash: String
        let image: String
        let components_x: Int
        let components_y: Int
    }

    let encode_vectors: [Encode]
    let decode_vectors: [Decode]
    let invalid_hashes: [Invalid]
    let published_hashes_not_reproducible: [Unreproducible]
}

extension RGBAImage {
    /// The pixels as packed R, G, B bytes (alpha dropped), row-major.
    var rgbBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 3)
        for offset in stride(from: 0, to: pixels.count, by: 4) { bytes += pixels[offset..<(offset + 3)] }
        return bytes
    }

    /// An image whose pixels `color(x, y)` gives as R, G, B (alpha 255).
    static func generated(width: Int, height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)) -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = color(x, y)
                pixels += [r, g, b, 255]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
