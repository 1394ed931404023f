import PixelKit
import PixelKitColor
import PixelKitJPEG
import Testing

/// Whole images through `ColorManagement` against the shared color corpus's `reference.json`
/// (lcms2 2.14's relative-colorimetric sRGB means): the stored numbers come from the JPEG codec
/// (which does not convert colors), each row is converted, and the mean compared within 1.5.
@Suite struct ReferenceMeanTests {
    struct ConvertingSink: RowSink {
        let transform: any ColorTransform
        var sums = [0, 0, 0, 0]
        var pixelCount = 0
        mutating func begin(size: PixelSize) { pixelCount = size.pixelCount }
        mutating func consume(_ row: PixelRow) {
            var copy = Array(row.pixels)
            copy.withUnsafeMutableBufferPointer { transform.convert($0) }
            for (index, value) in copy.enumerated() { sums[index & 3] += Int(value) }
        }
        var means: [Double] { sums.map { Double($0) / Double(max(pixelCount, 1)) } }
    }

    /// File, its profile (extracted from it), and reference.json's `reference.relative`.
    static let cases: [(String, String, [Double])] = [
        ("p3lut-kodim05.jpg", "display-p3-lut.icc", [90.6754, 80.8386, 67.9827, 255.0]),
        ("p3-kodim23.jpg", "display-p3.icc", [121.5962, 109.6343, 75.9805, 255.0]),
    ]

    @Test(arguments: cases.indices)
    func meanMatchesReference(_ index: Int) throws {
        let (file, profileName, reference) = Self.cases[index]
        let transform = try #require(try ColorManagement().transformToSRGB(from: .icc(ColorFixtures.profile(profileName))))
        var sink = ConvertingSink(transform: transform)
        _ = try JPEGCodec().decode(.bytes(ColorFixtures.bytes(file)), options: DecodeOptions(), into: &sink)
        for channel in 0..<4 {
            #expect(abs(sink.means[channel] - reference[channel]) <= 1.5, "\(file) channel \(channel): \(sink.means) vs \(reference)")
        }
    }
}
