import PixelKit
import PixelKitJPEG
import Testing

/// Decoding features exercised by the image-rs/jpeg-decoder reftest images (gray, CMYK, progressive,
/// restart markers, non-interleaved scans, sizes 1×1…33×33) and by libjpeg-turbo's test images.
@Suite struct JPEGFeatureTests {
    /// Means of the reference PNGs shipped beside each reftest JPEG in `Fixtures/jpeg/reftest/`,
    /// which the jpeg-decoder authors made with ImageMagick `convert` (see SOURCES.md). Computed from
    /// the PNG files by a stand-alone reader (zlib inflate + PNG unfiltering, 16-bit samples `>> 8`),
    /// not by PixelKit, rounded to 4 decimals. Where the means match to those 4 decimals, the sums
    /// do too (64–1089 pixels); two references come from decoders that differ slightly (see `tolerance`).
    static let reftestPNGMeans: [String: (size: PixelSize, mean: [Double])] = [
        "grayscale_24x16_sampling2x2": (PixelSize(width: 24, height: 16), [133.2708, 133.2708, 133.2708, 255]),
        "jpg-cmyk-1": (PixelSize(width: 32, height: 32), [127.2510, 127.2451, 43.6826, 255]),
        "jpg-gray": (PixelSize(width: 32, height: 32), [127.2393, 127.2393, 127.2393, 255]),
        "jpg-progressive": (PixelSize(width: 32, height: 32), [127.5000, 127.5117, 43.8330, 255]),
        "jpg-size-15x15": (PixelSize(width: 15, height: 15), [127.3644, 127.4533, 43.7378, 255]),
        "jpg-size-17x17": (PixelSize(width: 17, height: 17), [127.3668, 127.5536, 43.8339, 255]),
        "jpg-size-1x1": (PixelSize(width: 1, height: 1), [127.0, 127.0, 39.0, 255]),
        "jpg-size-2x2": (PixelSize(width: 2, height: 2), [127.0, 127.0, 42.5, 255]),
        "jpg-size-33x33": (PixelSize(width: 33, height: 33), [127.4454, 127.5620, 43.9936, 255]),
        "jpg-size-3x3": (PixelSize(width: 3, height: 3), [126.5556, 127.5556, 46.8889, 255]),
        "jpg-size-7x7": (PixelSize(width: 7, height: 7), [127.3061, 127.5918, 43.1429, 255]),
        "non-interleaved-mcu": (PixelSize(width: 64, height: 16), [2.0, 2.0, 2.0, 255]),
        "restarts": (PixelSize(width: 33, height: 33), [127.4995, 127.5629, 44.1056, 255]),
    ]

    @Test func everyReftestJPEGHasAReference() {
        let files = Fixtures.files(in: "jpeg/reftest") { $0.hasSuffix(".jpg") }
        #expect(files.count == Self.reftestPNGMeans.count)
    }

    @Test(arguments: reftestPNGMeans.keys.sorted())
    func reftestImageMatchesItsReferencePNG(name: String) throws {
        let file = "jpeg/reftest/\(name).jpg"
        let reference = try #require(Self.reftestPNGMeans[name])
        let (sink, report) = try JPEGTesting.sums(file)
        #expect(report.outputSize == reference.size)
        #expect(report.info.size == reference.size)
        for (mean, expected) in zip(sink.means, reference.mean) {
            #expect(abs(mean - expected) < Self.tolerance(name), "\(name): \(sink.means) vs \(reference.mean)")
        }
    }

    /// 0.00006 (the table's rounding) except: the grayscale 2×2-sampled reference is a 16-bit PNG that
    /// ImageMagick scaled from its own 16-bit decode (off by 0.03 after `>> 8`), and `restarts.png`
    /// differs from libjpeg-turbo 2.1.5 by 0.007, which is also how far it is from djpeg's output.
    static func tolerance(_ name: String) -> Double {
        switch name {
        case "grayscale_24x16_sampling2x2": 0.05
        case "restarts": 0.01
        default: 0.00006
        }
    }
}
