import PixelKit
import PixelKitTestSupport
import PixelKitWebP
import Testing

/// The fast average of a WebP with alpha is alpha-weighted like the exact one. libwebp's scaler
/// averages a lossy image's color without its alpha, so a mostly transparent file's fast red came
/// out 33.5 against 104.2 (Pillow's and the exact mean); lossy files with alpha are now decoded at
/// full size, lossless ones (which libwebp premultiplies before scaling) still scaled.
@Suite struct WebPAlphaWeightingTests {
    static let codecs = CodecRegistry([WebPCodec()])

    /// Pillow 13.0.0's alpha-weighted means (RGB weighted by alpha, then the mean alpha) of the
    /// first frame converted to RGBA: `pillow/transparent.webp` from the corpus's
    /// `pillow_reference.json` run, the libwebp test files computed the same way.
    static let pillowWeightedMeans: [String: [Double]] = [
        "pillow/transparent.webp": [104.18700917818619, 75.9810177913751, 81.18742834085396, 74.51363333333333],
        "webp/lossy_alpha1.webp": [16.37522365061073, 17.7909236851428, 7.728483244100884, 77.21661889250814],
        "webp/lossy_alpha3.webp": [14.974974377848968, 18.011744947763873, 5.855194701359408, 77.2438306188925],
        "webp/lossless1.webp": [13.841673338628718, 17.15249635297245, 4.892515018295146, 77.21472638436482],
    ]

    static func average(_ file: String, _ accuracy: AverageAccuracy) throws -> AverageResult {
        try codecs.averageColor(of: Fixtures.path(file), options: AverageOptions(accuracy: accuracy))
    }

    @Test(arguments: ["pillow/transparent.webp", "webp/lossy_alpha1.webp", "webp/lossy_alpha3.webp"])
    func fastAverageOfALossyFileWithAlphaIsAlphaWeighted(_ file: String) throws {
        let expected = try #require(Self.pillowWeightedMeans[file])
        let fast = try Self.average(file, .fast)
        let exact = try Self.average(file, .exact)
        for (band, (mean, reference)) in zip(fast.color.components, expected).enumerated() {
            #expect(abs(mean - reference) < 0.5, "band \(band): fast \(fast.color.components) against Pillow's \(expected)")
        }
        #expect(fast.color == exact.color)
        // libwebp's scaler is not used for these: the rows come at full size.
        #expect(fast.decodedSize == fast.info.size)
    }

    @Test func aLosslessFileWithAlphaKeepsTheScaledDecodeAndItsWeighting() throws {
        let file = "webp/lossless1.webp"
        let expected = try #require(Self.pillowWeightedMeans[file])
        let fast = try Self.average(file, .fast)
        #expect(fast.decodedSize.pixelCount < fast.info.size.pixelCount / 100)
        for (band, (mean, reference)) in zip(fast.color.components, expected).enumerated() {
            #expect(abs(mean - reference) < 1.0, "band \(band): fast \(fast.color.components) against Pillow's \(expected)")
        }
    }

    @Test("A reduced decode of a lossy file with alpha delivers its stored size, from the file and from memory")
    func reducedDecodesOfLossyAlphaAreFullSize() throws {
        let file = "webp/lossy_alpha3.webp"
        for source in [ImageSource.file(path: Fixtures.path(file)), .bytes(try Fixtures.bytes(file))] {
            var sink = SummingSink()
            let report = try WebPCodec().decode(source, options: DecodeOptions(minimumSize: PixelSize(width: 10, height: 10)), into: &sink)
            #expect(report.outputSize == report.info.size && sink.rows == report.info.size.height)
        }
    }
}
