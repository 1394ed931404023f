import PixelKit
import PixelKitJPEG
import PixelKitPNG
import PixelKitTestSupport
import Testing

@Suite("Thumbnails of real JPEG and PNG files")
struct ThumbnailCodecTests {
    let codecs = CodecRegistry([JPEGCodec(), PNGCodec()])

    private func thumbnailer(max: Int, _ configure: (inout ThumbnailOptions) -> Void = { _ in }) -> Thumbnailer {
        var options = ThumbnailOptions(maxPixelSize: max)
        configure(&options)
        return Thumbnailer(codecs: codecs, options: options)
    }

    private static let landscapes = (0...8).map { "exif-orientation/Landscape_\($0).jpg" }

    @Test("Every EXIF orientation comes out upright and matches Landscape_1's thumbnail")
    func landscapesAreUpright() throws {
        let made = thumbnailer(max: 150)
        let reference = try made.thumbnailImage(of: .file(path: Fixtures.path(Self.landscapes[1]))).image
        #expect(reference.size == PixelSize(width: 150, height: 100))
        // What a wrong transform costs: the reference against itself turned or mirrored.
        let wrong = ImageOrientation.allCases.dropFirst().compactMap { TestImages.meanDifference(reference, reference.applyingOrientation($0)) }
        #expect(wrong.count == 3)   // the three that keep a landscape shape
        for difference in wrong { #expect(difference > 25, "a wrong transform differs by only \(difference)") }
        for (number, file) in Self.landscapes.enumerated() {
            let thumbnail = try made.thumbnailImage(of: .file(path: Fixtures.path(file)))
            #expect(thumbnail.orientationApplied == (number >= 2))
            let difference = try #require(TestImages.meanDifference(thumbnail.image, reference), "\(file) is \(thumbnail.image.size)")
            #expect(difference < 5, "\(file) differs from Landscape_1 by \(difference)")
        }
    }

    @Test("Without orientation the stored pixels are kept: a sideways photo stays sideways")
    func noOrient() throws {
        let kept = try thumbnailer(max: 150) { $0.appliesOrientation = false }
            .thumbnailImage(of: .file(path: Fixtures.path("exif-orientation/Landscape_6.jpg")))
        #expect(kept.sourceInfo.orientation == .right)
        #expect(kept.image.size == PixelSize(width: 100, height: 150))
        #expect(!kept.orientationApplied)
    }

    @Test("The written JPEG has the reported size, no orientation tag, and decodes reduced first")
    func jpegOutput() throws {
        let thumbnail = try thumbnailer(max: 200).thumbnail(of: Fixtures.path("exif-orientation/Landscape_8.jpg"))
        let info = try codecs.probe(.bytes(thumbnail.data))
        #expect(info.format == .jpeg && info.size == thumbnail.size && info.orientation == .up)
        #expect(thumbnail.size == PixelSize(width: 200, height: 133))
        #expect(thumbnail.quality == 0.75 && thumbnail.fileExtension == "jpg")
        // 1200×1800 stored: 1/4 is 300×450 ≥ 133×200, 1/8 (150×225) is too; the codec picks the smallest.
        #expect(thumbnail.decodedSize.width >= 133 && thumbnail.decodedSize.height >= 200)
        #expect(thumbnail.decodedSize.width < thumbnail.sourceInfo.size.width)
    }

    @Test("JPEG decode scale: the smallest n/8 covering the preferred headroom × the thumbnail when that is cheap, else the thumbnail")
    func jpegDecodeScale() throws {
        let path = Fixtures.path("exif-orientation/Landscape_1.jpg")
        let stored = try codecs.probe(.file(path: path)).size
        var options = ThumbnailOptions(maxPixelSize: 200)
        let target = ThumbnailSizing.size(fitting: stored, maxPixelSize: 200)
        // The smallest scale n/8 whose size (each side × n / 8, rounded up) covers `minimum`.
        func expectedDecode(covering minimum: PixelSize) -> PixelSize {
            for eighths in 1...8 {
                let size = PixelSize(width: (stored.width * eighths + 7) / 8, height: (stored.height * eighths + 7) / 8)
                if size.width >= minimum.width && size.height >= minimum.height { return size }
            }
            return stored
        }
        func grown(_ side: Int) -> Int { Int((Double(side) * options.preferredDecodeHeadroom).rounded(.up)) }
        let doubled = PixelSize(width: min(stored.width, grown(target.width)), height: min(stored.height, grown(target.height)))
        #expect(doubled.pixelCount <= options.preferredDecodeMaxPixels)
        let preferred = try Thumbnailer(codecs: codecs, options: options).thumbnail(of: path)
        #expect(preferred.decodedSize == expectedDecode(covering: doubled))
        options.preferredDecodeMaxPixels = 0
        let smallest = try Thumbnailer(codecs: codecs, options: options).thumbnail(of: path)
        #expect(smallest.decodedSize == expectedDecode(covering: target))
        #expect(smallest.decodedSize.width < preferred.decodedSize.width)
    }

    @Test("Longest side exactly the maximum, aspect ratio within a pixel, on every photo", arguments: [80, 150, 333, 5000])
    func sizes(max: Int) throws {
        let made = thumbnailer(max: max)
        for file in Fixtures.files(in: "photos", where: { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }) + [Self.landscapes[6]] {
            let thumbnail = try made.thumbnail(of: Fixtures.path(file))
            let upright = thumbnail.sourceInfo.orientedSize
            let longest = Swift.max(upright.width, upright.height)
            #expect(Swift.max(thumbnail.size.width, thumbnail.size.height) == Swift.min(max, longest), "\(file)")
            let expectedWidth = Double(upright.width) * Double(thumbnail.size.height) / Double(upright.height)
            #expect(abs(Double(thumbnail.size.width) - expectedWidth) <= 1, "\(file): \(thumbnail.size) from \(upright)")
            #expect(try codecs.probe(.bytes(thumbnail.data)).size == thumbnail.size)
        }
    }

    @Test("PNG sources: JPEG at the one default quality (0.75, as for JPEG sources), or lossless PNG when asked")
    func pngSources() throws {
        let path = Fixtures.path("photos/coffee.png")
        let jpeg = try thumbnailer(max: 256).thumbnail(of: path)
        #expect(jpeg.quality == 0.75)
        // The same pixels from a JPEG source: the same encoder settings (progressive, thumbnails'
        // default since issue 42), so the same bytes.
        let pixels256 = try thumbnailer(max: 256).thumbnailImage(of: .file(path: path)).image
        let fromJPEGSettings = try codecs.encoder(for: .jpeg).encode(pixels256, options: EncodeOptions(quality: 0.75, progressive: true))
        #expect(jpeg.data == fromJPEGSettings, "a PNG photo's thumbnail was 4× larger than a JPEG's at quality 1.0")
        let png = try thumbnailer(max: 100) { $0.format = .png }.thumbnail(of: path)
        #expect(png.format == .png && png.fileExtension == "png")
        let pixels = try thumbnailer(max: 100).thumbnailImage(of: .file(path: path)).image
        #expect(try codecs.decodeImage(.bytes(png.data)).image == pixels)
    }

    @Test("Transparent pixels are flattened onto the background when writing JPEG")
    func alphaFlattening() throws {
        let file = Fixtures.path("pngsuite/tbrn2c08.png")
        let source = try codecs.decodeImage(.file(path: file)).image
        let green = RGBAColor(red: 0, green: 255, blue: 0)
        // Quality 1.0, so that only the flattening (not compression) decides the pixels checked below.
        let thumbnail = try thumbnailer(max: 64) { $0.background = green; $0.chromaSubsampling = .yuv444; $0.quality = 1.0 }.thumbnail(of: file)
        let written = try codecs.decodeImage(.bytes(thumbnail.data)).image
        #expect(written.size == source.size)
        var checked = 0
        for y in 1..<(source.height - 1) {
            for x in 1..<(source.width - 1) {
                let clear = (-1...1).allSatisfy { dy in (-1...1).allSatisfy { dx in TestImages.pixel(source, x + dx, y + dy)[3] == 0 } }
                guard clear else { continue }
                let pixel = TestImages.pixel(written, x, y)
                #expect(pixel[0] < 40 && pixel[1] > 215 && pixel[2] < 40, "(\(x), \(y)) is \(pixel)")
                checked += 1
            }
        }
        #expect(checked > 0)
    }

    @Test("A batch of real files keeps order, reports the corrupt ones, and is the same with 1 or 3 jobs")
    func batch() async throws {
        let good = Self.landscapes.prefix(4).map { Fixtures.path($0) } + [Fixtures.path("photos/chelsea.png")]
        let bad = ["jpeg/invalid/missing-sos.jpg", "jpeg/invalid/empty.jpg", "pngsuite/xcrn0g04.png"].map { Fixtures.path($0) }
        let paths = [bad[0], good[0], good[1], bad[1], good[2], good[3], good[4], bad[2]]
        var runs: [[[UInt8]?]] = []
        for jobs in [1, 3] {
            var seen: [Int] = []
            var outputs: [[UInt8]?] = []
            try await thumbnailer(max: 120).forEachThumbnail(of: paths.map { .file(path: $0) }, concurrency: jobs) { item in
                seen.append(item.index)
                outputs.append(try? item.result.get().data)
                #expect((try? item.result.get()) == nil ? bad.contains(paths[item.index]) : good.contains(paths[item.index]))
            }
            #expect(seen == Array(paths.indices))
            runs.append(outputs)
        }
        #expect(runs[0] == runs[1])
    }
}
