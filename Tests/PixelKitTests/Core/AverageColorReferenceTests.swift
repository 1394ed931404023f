import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitPNG
import PixelKitTestSupport
import Testing

/// The one-call average against means computed by three independent decoders (libvips,
/// ImageMagick, Pillow; `Fixtures/reference_means.json`).
@Suite("Average color against reference means")
struct AverageColorReferenceTests {
    let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])
    /// Reference means are of stored samples, whatever the alpha: compare with alpha ignored.
    static let plain = AlphaPolicy.ignored

    static let photos = Fixtures.files(in: "photos") { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }
        + Fixtures.files(in: "exif-orientation") { $0.hasSuffix(".jpg") }

    static let decodable: [String] = Fixtures.referenceMeans.keys.filter { path in
        !path.contains("testorig12") && !path.hasPrefix("pngsuite/x")
    }.sorted()

    func reference(_ path: String) throws -> ReferenceMean {
        try #require(Fixtures.referenceMeans[path], "no reference for \(path)")
    }

    func expectClose(_ color: RGBAColor, _ reference: [Double], within tolerance: Double, _ path: String) {
        let measured = [color.red, color.green, color.blue, color.alpha]
        for channel in 0..<4 {
            #expect(abs(measured[channel] - reference[channel]) <= tolerance,
                    "\(path) channel \(channel): \(measured[channel]) vs reference \(reference[channel])")
        }
    }

    @Test("fast mode is within 1.0 of the reference on natural photos", arguments: photos)
    func fastOnPhotos(path: String) throws {
        let result = try codecs.averageColorOfFixture(path, AverageOptions(alphaPolicy: Self.plain, accuracy: .fast))
        expectClose(result.color, try reference(path).mean_rgba, within: 1.0, path)
    }

    @Test("exact mode is within 0.01 of the reference on every decodable fixture", arguments: decodable)
    func exactEverywhere(path: String) throws {
        let result = try codecs.averageColorOfFixture(path, AverageOptions(alphaPolicy: Self.plain, accuracy: .exact))
        #expect(result.isExact)
        #expect(result.info.size == PixelSize(width: try reference(path).width, height: try reference(path).height))
        expectClose(result.color, try reference(path).mean_rgba, within: 0.01, path)
    }

    @Test func fastModeDecodesJPEGsReduced() throws {
        let result = try codecs.averageColorOfFixture("photos/rocket.jpg", AverageOptions())
        #expect(!result.isExact)
        #expect(result.decodedSize == PixelSize(width: 80, height: 54))
    }

    @Test func rootMeanSquareAndLinearAreOrderedAsTheoryRequires() throws {
        // Power-mean inequality: RMS ≥ mean; linear-light mean ≥ sRGB mean (the transfer curve is convex).
        for path in Self.photos {
            let mean = try codecs.averageColorOfFixture(path, AverageOptions(algorithm: .mean, accuracy: .exact)).color
            let rms = try codecs.averageColorOfFixture(path, AverageOptions(algorithm: .rms, accuracy: .exact)).color
            let linear = try codecs.averageColorOfFixture(path, AverageOptions(algorithm: .linear, accuracy: .exact)).color
            #expect(rms.red >= mean.red && rms.green >= mean.green && rms.blue >= mean.blue, "\(path)")
            #expect(linear.red >= mean.red - 1e-9 && linear.green >= mean.green - 1e-9, "\(path)")
        }
    }

    @Test func regionAverageMatchesACropOfTheFullDecode() throws {
        let path = "photos/coffee.png"
        let region = PixelRect(x: 100, y: 50, width: 200, height: 120)
        let image = try codecs.decodeImage(.file(path: Fixtures.path(path))).image
        var sums = [Double](repeating: 0, count: 4)
        for y in region.y..<region.y + region.height {
            for x in region.x..<region.x + region.width {
                for c in 0..<4 { sums[c] += Double(image.pixels[(y * image.width + x) * 4 + c]) }
            }
        }
        let expected = sums.map { $0 / Double(region.width * region.height) }
        let result = try codecs.averageColorOfFixture(path, AverageOptions(accuracy: .exact, region: region))
        expectClose(result.color, expected, within: 1e-9, path)
    }

    @Test func corruptFilesFailWithTypedErrorsAndOthersStillWork() throws {
        #expect(throws: ImageError.self) { try codecs.averageColorOfFixture("pngsuite/xcsn0g01.png", AverageOptions()) }
        #expect(throws: ImageError.self) { try codecs.averageColorOfFixture("jpeg/invalid/missing-sos.jpg", AverageOptions()) }
        #expect(throws: ImageError.emptyInput) { try codecs.averageColor(of: [UInt8]()) }
        let twelveBit = Fixtures.path("jpeg/libjpeg-turbo/testorig12.jpg")
        // A file's error names the file; `kind` is the error itself.
        let error = #expect(throws: ImageError.inFile(path: twelveBit, .unsupported(format: .jpeg, feature: "12-bit samples"))) {
            try codecs.averageColorOfFixture("jpeg/libjpeg-turbo/testorig12.jpg", AverageOptions())
        }
        #expect(error?.kind == .unsupported(format: .jpeg, feature: "12-bit samples"))
        #expect(error?.localizedDescription == "\(twelveBit): unsupported jpeg: 12-bit samples")
    }
}

extension CodecRegistry {
    /// The average of the fixture's stored numbers (no color conversion): the reference means are
    /// Pillow's, which applies no profile (`photos/rocket.jpg` carries Adobe RGB).
    func averageColorOfFixture(_ path: String, _ options: AverageOptions) throws -> AverageResult {
        var options = options
        options.decoding.outputColorSpace = nil
        return try averageColor(of: Fixtures.path(path), options: options)
    }
}
