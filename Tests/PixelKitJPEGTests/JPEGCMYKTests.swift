import PixelKit
import PixelKitJPEG
import PixelKitTestSupport
import Testing

/// Adobe CMYK and YCCK JPEGs (stored inverted) become RGB as C·K/255 rounded to nearest, as Pillow
/// converts them; truncating left blue 0.8 low on Pillow's YCCK sample.
@Suite struct JPEGCMYKTests {
    /// Pillow 13.0.0's plain means (`convert("RGBA")`): `pillow/pil_sample_cmyk.jpg` (Pillow's
    /// `Tests/images`, Adobe transform 2, YCCK) and `jpeg/reftest/jpg-cmyk-1.jpg` (Adobe transform
    /// 0, plain CMYK).
    static let pillowMeans: [String: [Double]] = [
        "pillow/pil_sample_cmyk.jpg": [30.232, 5.444, 7.3861, 255],
        "jpeg/reftest/jpg-cmyk-1.jpg": [127.50097656, 127.49707031, 43.82226562, 255],
    ]

    @Test(arguments: pillowMeans.keys.sorted())
    func meansMatchPillowsConversion(_ file: String) throws {
        let expected = try #require(Self.pillowMeans[file])
        let (sink, report) = try JPEGTesting.sums(file)
        #expect(report.outputSize == report.info.size)
        for (band, (mean, reference)) in zip(sink.means, expected).enumerated() {
            #expect(abs(mean - reference) < 0.5, "band \(band): \(sink.means) against Pillow's \(expected)")
        }
    }

    @Test func theYCCKSampleIsReportedAsSuch() throws {
        let info = try JPEGTesting.codec.probe(.file(path: Fixtures.path("pillow/pil_sample_cmyk.jpg")), limits: .init())
        #expect(info.colorModel == .ycck && info.size == PixelSize(width: 100, height: 100))
    }
}
