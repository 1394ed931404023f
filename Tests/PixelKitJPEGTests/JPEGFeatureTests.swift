import PixelKit
@_spi(Testing) import PixelKitJPEG
import PixelKitTestSupport
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

    /// The 1/8 decode (block-weighted, see `JPEGBlockWeightedSums`) stays within 1.0 of the reference
    /// mean when the size is a multiple of 8; the progressive shortcut is covered separately. In the
    /// 1×1…33×33 images a partial last block's DC also averages the encoder's edge padding, so it does
    /// not estimate the pixels it covers (the 2×2 image's red is off by 73); only the size is checked there.
    @Test(arguments: reftestPNGMeans.keys.sorted())
    func reftestOneEighthMeanIsWithinOne(name: String) throws {
        let file = "jpeg/reftest/\(name).jpg"
        let reference = try #require(Self.reftestPNGMeans[name])
        let options = DecodeOptions(minimumSize: PixelSize(width: 1, height: 1), allowsProgressiveShortcut: false)
        let (sink, report) = try JPEGTesting.sums(file, options: options)
        #expect(report.outputSize == PixelSize(width: (reference.size.width + 7) / 8, height: (reference.size.height + 7) / 8))
        guard reference.size.width % 8 == 0, reference.size.height % 8 == 0 else { return }
        // ImageMagick's CMYK reference truncates, 0.25 below PixelKit's rounded conversion.
        let bound = name == "jpg-cmyk-1" ? 1.3 : 1.0
        for (mean, expected) in zip(sink.weightedMeans, reference.mean) {
            #expect(abs(mean - expected) < bound, "\(name): \(sink.weightedMeans) vs \(reference.mean)")
        }
    }

    /// 0.00006 (the table's rounding) except: the grayscale 2×2-sampled reference is a 16-bit PNG that
    /// ImageMagick scaled from its own 16-bit decode (off by 0.03 after `>> 8`), `restarts.png`
    /// differs from libjpeg-turbo 2.1.5's decode by 0.007 (its decoder's version is not recorded),
    /// and ImageMagick truncates C·K/255 where PixelKit rounds as Pillow does (`JPEGCMYKTests`).
    static func tolerance(_ name: String) -> Double {
        switch name {
        case "grayscale_24x16_sampling2x2": 0.05
        case "restarts": 0.01
        case "jpg-cmyk-1": 0.3
        default: 0.00006
        }
    }

    @Test func probeReportsColorModelsAndProgression() throws {
        func probe(_ file: String) throws -> ImageInfo {
            try JPEGTesting.codec.probe(.file(path: Fixtures.path(file)), limits: .init())
        }
        #expect(try probe("jpeg/reftest/jpg-cmyk-1.jpg").colorModel == .cmyk)
        #expect(try probe("jpeg/reftest/jpg-gray.jpg").colorModel == .gray)
        #expect(try probe("jpeg/libjpeg-turbo/testimggray.jpg").colorModel == .gray)
        #expect(try probe("jpeg/libjpeg-turbo/testorig.jpg").colorModel == .ycbcr)
        #expect(try probe("jpeg/libjpeg-turbo/testimgp.jpg").isProgressive)
        #expect(try probe("jpeg/reftest/jpg-progressive.jpg").isProgressive)
        #expect(try !probe("jpeg/libjpeg-turbo/testorig.jpg").isProgressive)
        #expect(try !probe("jpeg/libjpeg-turbo/testimgari.jpg").isProgressive)
    }

    @Test(arguments: ["jpeg/reftest/jpg-gray.jpg", "jpeg/libjpeg-turbo/testimggray.jpg", "jpeg/reftest/grayscale_24x16_sampling2x2.jpg"])
    func grayIsDeliveredAsEqualRGBAndOpaque(file: String) throws {
        let (image, report) = try JPEGTesting.image(try Fixtures.bytes(file))
        #expect(report.info.colorModel == .gray)
        let offsets = stride(from: 0, to: image.pixels.count, by: 4)
        #expect(offsets.allSatisfy { image.pixels[$0] == image.pixels[$0 + 1] && image.pixels[$0] == image.pixels[$0 + 2] })
        #expect(offsets.allSatisfy { image.pixels[$0 + 3] == 255 })
        #expect(Set(offsets.map { image.pixels[$0] }).count > 1)
    }

    /// libjpeg's n/8 scaling: the output size is ⌈size · n / 8⌉ (jpeg_calc_output_dimensions), and the
    /// decoder picks the smallest n whose output still covers the requested minimum.
    @Test(arguments: [
        (PixelSize(width: 1, height: 1), 1), (PixelSize(width: 80, height: 53), 1), (PixelSize(width: 81, height: 1), 2),
        (PixelSize(width: 1, height: 55), 2), (PixelSize(width: 320, height: 214), 4), (PixelSize(width: 321, height: 1), 5),
        (PixelSize(width: 640, height: 427), 8), (PixelSize(width: 5000, height: 5000), 8),
    ])
    func minimumSizeSelectsTheSmallestCoveringScale(minimum: PixelSize, eighths: Int) throws {
        let (sink, report) = try JPEGTesting.sums("photos/rocket.jpg", options: .init(minimumSize: minimum))
        let expected = PixelSize(width: (640 * eighths + 7) / 8, height: (427 * eighths + 7) / 8)
        #expect(report.outputSize == expected)
        #expect(sink.size == expected)
        #expect(sink.rows == expected.height)
        #expect(report.info.size == PixelSize(width: 640, height: 427))
        #expect(JPEGScale.smallest(for: report.info.size, atLeast: minimum) == JPEGScale(eighths: eighths))
    }

    /// The progressive shortcut (1/8, DC scans only, bias-corrected) stays within 1.0 of the exact mean.
    /// Exception: in `jpg-progressive.jpg`, a 32×32 4:2:0 gradient whose blue runs into 0, the DC scan
    /// gives one chroma value per 16×16 pixels, and clamping blue at 0 no longer cancels out: blue moves
    /// by 3.0 (the full 1/8 decode, with the chroma AC terms, is within 0.2), red and green by < 0.2.
    @Test(arguments: ["jpeg/libjpeg-turbo/testimgp.jpg", "jpeg/reftest/jpg-progressive.jpg"])
    func progressiveShortcutMeanIsWithinOneOfReference(file: String) throws {
        let full = try JPEGTesting.sums(file).sink
        let options = DecodeOptions(minimumSize: PixelSize(width: 1, height: 1), allowsProgressiveShortcut: true)
        let (sink, report) = try JPEGTesting.sums(file, options: options)
        #expect(report.outputSize == PixelSize(width: (full.size.width + 7) / 8, height: (full.size.height + 7) / 8))
        let reference = Fixtures.referenceMeans[file]?.mean_rgba ?? full.means
        let tolerances = file.hasSuffix("jpg-progressive.jpg") ? [1.0, 1.0, 3.5, 1.0] : [1.0, 1.0, 1.0, 1.0]
        for channel in 0..<4 {
            #expect(abs(sink.weightedMeans[channel] - reference[channel]) < tolerances[channel],
                    "\(file): \(sink.weightedMeans) vs \(reference)")
        }
    }

    /// Proof that the shortcut stops after the DC scans: a progressive file cut right after the header
    /// of its second scan decodes leniently with the shortcut, its only warning the missing EOI seen
    /// at the file's end (nothing past scan 1 is read), while a strict decode, which reads every scan
    /// for the full decode's verdict, fails as truncated.
    @Test func progressiveShortcutReadsOnlyTheDCScans() throws {
        let (photo, _) = try JPEGTesting.image(try Fixtures.bytes("photos/rocket.jpg"))
        let progressive = try JPEGTesting.codec.encode(photo, options: EncodeOptions(quality: 0.9, progressive: true))
        let scans = JPEGTesting.markerOffsets(progressive, marker: 0xDA)
        try #require(scans.count >= 3)
        // The SOS segment's length field covers its header; keep that header and nothing after it.
        let headerLength = Int(progressive[scans[1] + 2]) << 8 | Int(progressive[scans[1] + 3])
        let cut = Array(progressive[..<(scans[1] + 2 + headerLength)])

        let shortcut = DecodeOptions(minimumSize: PixelSize(width: 1, height: 1), strictness: .lenient)
        let (image, report) = try JPEGTesting.image(cut, options: shortcut)
        #expect(report.outputSize == PixelSize(width: 80, height: 54))
        #expect(report.warnings == [DecodeWarning(format: .jpeg, message: "Premature end of JPEG file")])
        #expect(throws: ImageError.truncated(format: .jpeg, message: "Premature end of JPEG file")) {
            try JPEGTesting.image(cut, options: DecodeOptions(minimumSize: PixelSize(width: 1, height: 1), strictness: .strict))
        }
        let (full, _) = try JPEGTesting.image(progressive, options: .init(minimumSize: PixelSize(width: 1, height: 1), allowsProgressiveShortcut: false))
        #expect(JPEGTesting.meanAbsoluteDifference(image, full) < 4)

        var noShortcut = shortcut
        noShortcut.allowsProgressiveShortcut = false
        noShortcut.strictness = .strict
        #expect(throws: ImageError.self) { try JPEGTesting.image(cut, options: noShortcut) }
        do {
            _ = try JPEGTesting.image(cut, options: noShortcut)
        } catch {
            guard case .truncated(.jpeg, let message) = error else { Issue.record("\(error)"); return }
            #expect(message == "Premature end of JPEG file")
        }
    }

    /// A sink that is satisfied stops the decode early.
    @Test func satisfiedSinkStopsTheDecode() throws {
        struct FirstRows: RowSink {
            var rows = 0
            mutating func begin(size: PixelSize) {}
            mutating func consume(_ row: PixelRow) { rows += 1 }
            var isSatisfied: Bool { rows >= 10 }
        }
        var sink = FirstRows()
        let report = try JPEGTesting.codec.decode(.file(path: Fixtures.path("photos/rocket.jpg")), options: .init(), into: &sink)
        #expect(sink.rows == 10)
        #expect(report.outputSize == PixelSize(width: 640, height: 427))
    }
}
