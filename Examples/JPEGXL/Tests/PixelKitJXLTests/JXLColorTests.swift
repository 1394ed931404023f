import Foundation
import PixelKit
import PixelKitJXL
import Testing

/// A JPEG XL file's colors are converted to sRGB as every other codec's are: the session states its
/// encoding as a ``ColorSpace`` and ``ImageReader`` converts. Checked against lcms2's sRGB means of
/// the root's color corpus (Fixtures/color/reference.json, made outside this project; sources in
/// Fixtures/color/SOURCES.md), through files `cjxl` makes losslessly from the corpus's PNGs.
@Suite struct JXLColorTests {
    /// The corpus's stored (unconverted) mean and lcms2's sRGB mean of `file`, R, G, B.
    static func reference(_ file: String) throws -> (stored: [Double], sRGB: [Double]) {
        let data = try Data(contentsOf: URL(fileURLWithPath: JXLTestFiles.fixture("color/reference.json")))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let files = try #require(root["files"] as? [[String: Any]])
        let entry = try #require(files.first { $0["file"] as? String == file })
        let stored = try #require(entry["mean_untransformed"] as? [Double])
        let converted = try #require((entry["reference"] as? [String: Any])?["relative"] as? [Double])
        return (Array(stored.prefix(3)), Array(converted.prefix(3)))
    }

    @Test("Lossless files of the color corpus average to lcms2's sRGB means, and to the stored means unconverted",
          arguments: ["p3-saturated-bands.png", "rec2020-rocket.png"])
    func corpusMeans(file: String) throws {
        let folder = try JXLTestFiles.temporaryFolder()
        let path = try JXLTestFiles.encode(JXLTestFiles.fixture("color/\(file)"), ["-d", "0"], into: folder, name: "color.jxl")
        let session = try JXLCodec().open(.file(path: path), options: .init())
        #expect(!session.colorSpace.isSRGB, "\(file): \(session.colorSpace.name)")
        #expect(session.info.colorSpaceName != nil)

        let codecs = CodecRegistry([JXLCodec()])
        let reference = try Self.reference(file)
        let converted = try codecs.averageColor(of: .file(path: path), options: AverageOptions(accuracy: .exact))
        let stored = try codecs.averageColor(
            of: .file(path: path), options: AverageOptions(accuracy: .exact, decoding: DecodeOptions(outputColorSpace: nil)))
        #expect(converted.warnings.isEmpty, "\(converted.warnings)")
        for channel in 0..<3 {
            #expect(abs(converted.color.components[channel] - reference.sRGB[channel]) <= 1.5, "\(file) channel \(channel)")
            #expect(abs(stored.color.components[channel] - reference.stored[channel]) <= 0.01, "\(file) channel \(channel)")
        }
    }

    @Test("An sRGB file is read as sRGB: converting changes nothing")
    func sRGBUnchanged() throws {
        let folder = try JXLTestFiles.temporaryFolder()
        // Lossy (VarDCT): libjxl recognises chelsea.png's sRGB profile and stores the enumerated sRGB.
        let path = try JXLTestFiles.encode(JXLCodecTests.chelsea, ["-d", "1"], into: folder, name: "srgb.jxl")
        let session = try JXLCodec().open(.file(path: path), options: .init())
        #expect(session.colorSpace.isSRGB)
        let codecs = CodecRegistry([JXLCodec()])
        let converted = try codecs.averageColor(of: .file(path: path), options: AverageOptions(accuracy: .exact))
        let stored = try codecs.averageColor(
            of: .file(path: path), options: AverageOptions(accuracy: .exact, decoding: DecodeOptions(outputColorSpace: nil)))
        #expect(converted.color == stored.color)
    }
}
