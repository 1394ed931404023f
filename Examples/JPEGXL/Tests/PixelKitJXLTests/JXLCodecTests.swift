import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitPNG
import Testing
import PixelKitJXL

/// The JPEG XL codec against libjxl's own `djxl`, on files `cjxl` makes from the root's fixtures.
@Suite struct JXLCodecTests {
    /// chelsea.png: 451×300 RGB (scikit-image, see the root's Fixtures/SOURCES.md).
    static let chelsea = JXLTestFiles.fixture("photos/chelsea.png")

    /// Decodes `source` fully (or reduced, per `options`) into an image.
    static func decode(_ source: ImageSource, options: DecodeOptions = .init()) throws(ImageError) -> (RGBAImage, DecodeReport) {
        var collector = RGBAImageCollector()
        let report = try JXLCodec().open(source, options: options).decode(options: options, into: &collector)
        return (collector.image, report)
    }

    /// The largest and the mean difference between our RGBA pixels and djxl's RGB or RGBA samples.
    static func difference(_ image: RGBAImage, _ reference: (size: PixelSize, channels: Int, samples: [UInt8])) -> (max: Int, mean: Double) {
        #expect(image.size == reference.size)
        var largest = 0, total = 0
        for pixel in 0..<(image.width * image.height) {
            for channel in 0..<reference.channels {
                let delta = abs(Int(image.pixels[pixel * 4 + channel]) - Int(reference.samples[pixel * reference.channels + channel]))
                largest = max(largest, delta)
                total += delta
            }
        }
        return (largest, Double(total) / Double(reference.samples.count))
    }

    @Test("Lossy (VarDCT) and lossless files decode to djxl's pixels", arguments: [["-d", "1"], ["-d", "0"]])
    func pixelsMatchDjxl(arguments: [String]) throws {
        let folder = try JXLTestFiles.temporaryFolder()
        let path = try JXLTestFiles.encode(Self.chelsea, arguments, into: folder, name: "chelsea.jxl")
        let (image, report) = try Self.decode(.file(path: path))
        #expect(report.outputSize == PixelSize(width: 451, height: 300))
        #expect(report.warnings.isEmpty)
        let difference = Self.difference(image, try JXLTestFiles.reference(path))
        #expect(difference.max <= 1)
        #expect(difference.mean < 0.05)
        #expect(image.isOpaque)
        if arguments == ["-d", "0"] {
            // Lossless: exactly the PNG's pixels.
            var png = RGBAImageCollector()
            _ = try PNGCodec().decode(.file(path: Self.chelsea), options: .init(), into: &png)
            #expect(image == png.image)
        }
    }

    @Test("Two threads give the same pixels as one, full and reduced")
    func threads() throws {
        let path = try JXLTestFiles.encode(Self.chelsea, ["-d", "1"], into: JXLTestFiles.temporaryFolder(), name: "lossy.jxl")
        for minimumSize in [nil, PixelSize(width: 8, height: 8)] {
            let one = DecodeOptions(minimumSize: minimumSize, maxThreads: 1)
            let two = DecodeOptions(minimumSize: minimumSize, maxThreads: 2)
            #expect(try Self.decode(.file(path: path), options: one).0 == Self.decode(.file(path: path), options: two).0)
        }
    }

    @Test("A gray file decodes to djxl's gray, in R, G and B alike")
    func grayMatchesDjxl() throws {
        let folder = try JXLTestFiles.temporaryFolder()
        let path = try JXLTestFiles.encode(JXLTestFiles.fixture("photos/camera.png"), ["-d", "1"], into: folder, name: "gray.jxl")
        let (image, report) = try Self.decode(.file(path: path))
        #expect(report.info.colorModel == .gray)
        let reference = try JXLTestFiles.reference(path)
        #expect(reference.channels == 1)
        #expect(Self.difference(image, reference).max <= 1)
        let pixels = image.pixels
        let colored = stride(from: 0, to: pixels.count, by: 4).filter { (offset: Int) -> Bool in
            pixels[offset] != pixels[offset + 1] || pixels[offset] != pixels[offset + 2]
        }
        #expect(colored.isEmpty)
    }

    @Test("A file with alpha decodes to djxl's straight-alpha pixels")
    func alphaMatchesDjxl() throws {
        let folder = try JXLTestFiles.temporaryFolder()
        // basn6a08.png: 32×32 RGBA with varying alpha (PngSuite).
        let path = try JXLTestFiles.encode(JXLTestFiles.fixture("pngsuite/basn6a08.png"), ["-d", "0"], into: folder, name: "alpha.jxl")
        let (image, report) = try Self.decode(.file(path: path))
        #expect(report.info.hasAlpha)
        #expect(report.info.colorModel == .rgba)
        let difference = Self.difference(image, try JXLTestFiles.reference(path, alpha: true))
        #expect(difference.max <= 1)
    }

    @Test("The decode continues from the header: the header's bytes are not read again")
    func headerOnce() throws {
        let folder = try JXLTestFiles.temporaryFolder()
        // Lossless, so that the file is larger than the first chunk the header reads.
        let path = try JXLTestFiles.encode(Self.chelsea, ["-d", "0"], into: folder, name: "chelsea.jxl")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(original.count > 2 * 64 * 1024)
        let expected = try Self.decode(.bytes([UInt8](original))).0
        let session = try JXLCodec().open(.openFile(ImageFile(path: path)), options: .init())
        // Zero the first chunk in place: a decode that parsed the header again would fail.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.write(contentsOf: Data(count: 64 * 1024))
        try handle.close()
        var collector = RGBAImageCollector()
        _ = try session.decode(options: .init(), into: &collector)
        #expect(collector.image == expected)
    }

    @Test("The header's facts and color encoding, from the basic info")
    func headerFacts() throws {
        let folder = try JXLTestFiles.temporaryFolder()
        let lossy = try JXLTestFiles.encode(Self.chelsea, ["-d", "1"], into: folder, name: "lossy.jxl")
        let session = try JXLCodec().open(.file(path: lossy), options: .init())
        var expected = ImageInfo(format: .jxl, size: PixelSize(width: 451, height: 300), bitDepth: 8, colorModel: .rgb)
        expected.describeColor(.sRGB, embedsProfile: false)
        #expect(session.info == expected)
        guard case .encoded(let encoding) = session.colorProfile else {
            Issue.record("expected an enumerated color encoding, got \(session.colorProfile)")
            return
        }
        #expect(encoding.isSRGB)
        #expect(session.iccProfile == nil)

        // camera.png: 512×512 gray, 8 bits (scikit-image).
        let gray = try JXLTestFiles.encode(JXLTestFiles.fixture("photos/camera.png"), ["-d", "0"], into: folder, name: "gray.jxl")
        let grayInfo = try JXLCodec().probe(.file(path: gray), limits: .init())
        #expect(grayInfo.colorModel == .gray)
        #expect(grayInfo.size == PixelSize(width: 512, height: 512))
        // 16-bit PNG → a 16-bit JPEG XL (basn2c16.png, PngSuite).
        let deep = try JXLTestFiles.encode(JXLTestFiles.fixture("pngsuite/basn2c16.png"), ["-d", "0"], into: folder, name: "deep.jxl")
        #expect(try JXLCodec().probe(.file(path: deep), limits: .init()).bitDepth == 16)
    }

    @Test("A file with an ICC profile reports it")
    func iccProfile() throws {
        let folder = try JXLTestFiles.temporaryFolder()
        // rocket.jpg embeds an ICC profile, which cjxl's lossless transcode keeps.
        let path = try JXLTestFiles.encode(JXLTestFiles.fixture("photos/rocket.jpg"), [], into: folder, name: "icc.jxl")
        let session = try JXLCodec().open(.file(path: path), options: .init())
        let profile = try #require(session.iccProfile)
        // An ICC profile's header: its size first, then "acsp" at offset 36.
        #expect(Array(profile[36..<40]) == Array("acsp".utf8))
        #expect(Int(profile[0]) << 24 | Int(profile[1]) << 16 | Int(profile[2]) << 8 | Int(profile[3]) == profile.count)
        // Adobe RGB (1998): converted to sRGB from it, and said so.
        guard case .icc = session.colorSpace else {
            Issue.record("expected the ICC profile's space, got \(session.colorSpace)")
            return
        }
        #expect(session.info.hasColorProfile)
    }

    @Test("The orientation is reported and the pixels are delivered as stored")
    func orientation() throws {
        let folder = try JXLTestFiles.temporaryFolder()
        // A JPEG stored 1200×1800 with EXIF orientation 6; cjxl's lossless transcode keeps it in the codestream.
        let path = try JXLTestFiles.encode(JXLTestFiles.fixture("exif-orientation/Landscape_6.jpg"), [], into: folder, name: "oriented.jxl")
        let (image, report) = try Self.decode(.file(path: path))
        #expect(report.info.orientation == .right)
        #expect(image.size == PixelSize(width: 1200, height: 1800))
        #expect(report.info.orientedSize == PixelSize(width: 1800, height: 1200))
        // djxl applies the orientation: its image is ours turned 90° clockwise.
        let reference = try JXLTestFiles.reference(path)
        #expect(reference.size == PixelSize(width: 1800, height: 1200))
        var largest = 0
        for y in stride(from: 0, to: 1200, by: 37) {
            for x in stride(from: 0, to: 1800, by: 41) {
                // Upright (x, y) comes from stored (y, 1799 - x) for orientation 6.
                let stored = ((1799 - x) * 1200 + y) * 4
                for channel in 0..<3 {
                    largest = max(largest, abs(Int(image.pixels[stored + channel]) - Int(reference.samples[(y * 1800 + x) * 3 + channel])))
                }
            }
        }
        #expect(largest <= 1)
    }

    @Test("The DC pass gives a 1/8-scale image whose mean is the full mean's")
    func dcFastPath() throws {
        let folder = try JXLTestFiles.temporaryFolder()
        let path = try JXLTestFiles.encode(Self.chelsea, ["-d", "1"], into: folder, name: "lossy.jxl")
        let reduced = DecodeOptions(minimumSize: PixelSize(width: 40, height: 30))
        let (small, report) = try Self.decode(.file(path: path), options: reduced)
        #expect(report.outputSize == PixelSize(width: 57, height: 38))
        #expect(small.size == report.outputSize)
        let (full, _) = try Self.decode(.file(path: path))
        for channel in 0..<3 {
            #expect(abs(Self.mean(small, channel) - Self.mean(full, channel)) < 1.0)
        }
        // A strict decode reads the whole file, at full size.
        var strict = reduced
        strict.strictness = .strict
        #expect(try Self.decode(.file(path: path), options: strict).1.outputSize == PixelSize(width: 451, height: 300))
        // A lossless file has no DC pass: decoded fully, at full size.
        let lossless = try JXLTestFiles.encode(Self.chelsea, ["-d", "0"], into: folder, name: "lossless.jxl")
        #expect(try Self.decode(.file(path: lossless), options: reduced).1.outputSize == PixelSize(width: 451, height: 300))
    }

    /// The plain mean of one channel of the delivered pixels.
    static func mean(_ image: RGBAImage, _ channel: Int) -> Double {
        var total = 0
        for pixel in 0..<(image.width * image.height) { total += Int(image.pixels[pixel * 4 + channel]) }
        return Double(total) / Double(image.width * image.height)
    }
}
