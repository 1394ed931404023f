import CTurboJPEG
import PixelKit
@_spi(Testing) import PixelKitJPEG
import PixelKitPNG
import PixelKitTestSupport
import Testing

/// The libjpeg-based encoder against TurboJPEG's `tjCompress2`, the encoder it replaced, and the
/// Thumbnailer's streaming of rows into it.
@Suite struct JPEGRowEncoderTests {
    /// `tjCompress2` of RGBA pixels with the accurate DCT, the reference the encoder's baseline bytes
    /// must equal; progressive, it writes `jpeg_simple_progression`'s ten scans (Pillow's too).
    static func turboJPEG(_ image: RGBAImage, quality: Int32, subsampling: TJSAMP, progressive: Bool) throws -> [UInt8] {
        let handle = try #require(tjInitCompress())
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        defer { tjFree(output) }
        let status = image.pixels.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGBA.rawValue),
                        &output, &size, Int32(subsampling.rawValue), quality, TJFLAG_ACCURATEDCT | (progressive ? TJFLAG_PROGRESSIVE : 0))
        }
        try #require(status == 0)
        return Array(UnsafeBufferPointer(start: try #require(output), count: Int(size)))
    }

    static let subsamplings: [(EncodeOptions.ChromaSubsampling, TJSAMP)] = [
        (.yuv420, TJSAMP_420), (.yuv422, TJSAMP_422), (.yuv440, TJSAMP_440), (.yuv444, TJSAMP_444),
    ]

    /// The rocket photo cropped to odd sides, so that partial MCUs at the right and bottom edges are covered.
    static func oddSizedPhoto() throws -> RGBAImage {
        let photo = try JPEGTesting.image(try Fixtures.bytes("photos/rocket.jpg")).image
        return RGBAImage(width: photo.width - 3, height: photo.height - 5, pixels: (0..<photo.height - 5).flatMap { y in
            photo.pixels[y * photo.width * 4..<(y * photo.width + photo.width - 3) * 4]
        })
    }

    /// Issue 42: the encoder used TurboJPEG's fast DCT below quality 96, 0.02 dB under the accurate one
    /// that Pillow and cjpeg use, for no measurable speed. Baseline bytes now equal `tjCompress2`'s with
    /// `TJFLAG_ACCURATEDCT` at every quality and subsampling.
    @Test(arguments: [0.01, 0.5, 0.75, 0.96, 1.0])
    func baselineBytesEqualTurboJPEGsWithTheAccurateDCT(quality: Double) throws {
        let photo = try Self.oddSizedPhoto()
        for (ours, theirs) in Self.subsamplings {
            // libjpeg's standard Huffman tables, as `tjCompress2` writes without TJ_OPTIMIZE.
            let options = EncodeOptions(quality: quality, chromaSubsampling: ours, optimizesHuffmanTables: false)
            let encoded = try JPEGTesting.codec.encode(photo, options: options)
            let reference = try Self.turboJPEG(photo, quality: Int32(max(1, (quality * 100).rounded())), subsampling: theirs, progressive: false)
            #expect(encoded == reference, "\(ours)")
        }
    }

    /// The (component identifiers, Ss, Se, Ah, Al) of each scan header (SOS) of a JPEG. Entropy-coded
    /// data never holds `FF DA` (an `FF` there is followed by `00` or a restart marker).
    static func scans(_ jpeg: [UInt8]) -> [[Int]] {
        var scans: [[Int]] = []
        var index = 0
        while index + 4 < jpeg.count {
            defer { index += 1 }
            guard jpeg[index] == 0xFF, jpeg[index + 1] == 0xDA else { continue }
            let count = Int(jpeg[index + 4])
            let components = (0..<count).map { Int(jpeg[index + 5 + 2 * $0]) }
            let parameters = index + 5 + 2 * count
            scans.append(components + [Int(jpeg[parameters]), Int(jpeg[parameters + 1]),
                                       Int(jpeg[parameters + 2] >> 4), Int(jpeg[parameters + 2] & 15)])
        }
        return scans
    }

    /// Issue 42, the bytes: progressive files were `jpeg_simple_progression`'s ten scans, whose headers
    /// and Huffman tables weigh on a thumbnail. They are now six (DC at full precision; luma's AC in two
    /// bands less their lowest bit, then that bit; each chroma's AC at once): the same coefficients,
    /// so TurboJPEG's pixels exactly, at every quality and subsampling.
    @Test(arguments: [0.01, 0.75, 1.0])
    func progressiveFilesHaveSixScansAndTurboJPEGsPixels(quality: Double) throws {
        let photo = try Self.oddSizedPhoto()
        for (ours, theirs) in Self.subsamplings {
            let encoded = try JPEGTesting.codec.encode(photo, options: EncodeOptions(quality: quality, chromaSubsampling: ours, progressive: true))
            #expect(Self.scans(encoded) == [[1, 2, 3, 0, 0, 0, 0], [1, 1, 8, 0, 1], [1, 9, 63, 0, 1], [1, 1, 63, 1, 0],
                                            [2, 1, 63, 0, 0], [3, 1, 63, 0, 0]], "\(ours)")
            let reference = try Self.turboJPEG(photo, quality: Int32(max(1, (quality * 100).rounded())), subsampling: theirs, progressive: true)
            #expect(Self.scans(reference).count == 10)
            #expect(try JPEGTesting.image(encoded).image.pixels == JPEGTesting.image(reference).image.pixels, "\(ours)")
        }
    }

    /// Issue 42, the bytes: at quality 0.75, 4:2:0 (the thumbnails' settings), the six scans are smaller
    /// than `jpeg_simple_progression`'s (TurboJPEG's and Pillow's) for every photo fixture at thumbnail
    /// sizes. Measured on the corpus photos: 0.3–2.5% fewer bytes.
    @Test func progressiveFilesAreSmallerThanTheSimpleProgressionsOnPhotos() throws {
        let codecs = CodecRegistry([JPEGTesting.codec, PNGCodec()])
        for name in ["rocket.jpg", "camera.png", "chelsea.png", "coffee.png"] {
            for size in [256, 512] {
                let thumbnail = try Thumbnailer(codecs: codecs, options: ThumbnailOptions(maxPixelSize: size, format: .png))
                    .thumbnail(of: try Fixtures.bytes("photos/\(name)"))
                var collector = RGBAImageCollector()
                _ = try PNGCodec().decode(.bytes(thumbnail.data), options: .init(), into: &collector)
                let ours = try JPEGTesting.codec.encode(collector.image, options: EncodeOptions(quality: 0.75, progressive: true))
                let simple = try Self.turboJPEG(collector.image, quality: 75, subsampling: TJSAMP_420, progressive: true)
                #expect(ours.count < simple.count, "\(name) at \(size) px: \(ours.count) against \(simple.count) bytes")
            }
        }
    }

    /// Transparent pixels are composited over the background as `(c·a + bg·(255 − a) + 127) / 255`,
    /// row by row, before compression: the bytes equal TurboJPEG's of pixels flattened here.
    @Test func transparentRowsAreFlattenedBeforeCompression() throws {
        let png = try Fixtures.bytes("pngsuite/tbrn2c08.png")
        var collector = RGBAImageCollector()
        _ = try PNGCodec().decode(.bytes(png), options: .init(), into: &collector)
        let image = collector.image
        #expect(!image.isOpaque)
        let background = RGBAColor(red: 10, green: 200, blue: 90)
        var flattened = image
        let backdrop = [10, 200, 90]
        for offset in stride(from: 0, to: flattened.pixels.count, by: 4) {
            let alpha = Int(flattened.pixels[offset + 3])
            for c in 0..<3 {
                flattened.pixels[offset + c] = UInt8((Int(flattened.pixels[offset + c]) * alpha + backdrop[c] * (255 - alpha) + 127) / 255)
            }
            flattened.pixels[offset + 3] = 255
        }
        let encoded = try JPEGTesting.codec.encode(image, options: EncodeOptions(quality: 0.9, optimizesHuffmanTables: false, background: background))
        #expect(encoded == (try Self.turboJPEG(flattened, quality: 90, subsampling: TJSAMP_420, progressive: false)))
    }

    /// Issue 42, item 3: files were written with libjpeg's standard Huffman tables (`tjCompress2`'s
    /// bytes). Tables fitted to the image are a lossless change: fewer bytes, the same decoded pixels.
    @Test func optimizedHuffmanTablesByDefaultAreSmallerAndDecodeIdentically() throws {
        let photo = try JPEGTesting.image(try Fixtures.bytes("photos/rocket.jpg")).image
        let standard = try Self.turboJPEG(photo, quality: 75, subsampling: TJSAMP_420, progressive: false)
        let optimized = try JPEGTesting.codec.encode(photo, options: EncodeOptions())
        #expect(optimized.count < standard.count)
        #expect(try JPEGTesting.image(optimized).image.pixels == JPEGTesting.image(standard).image.pixels)

        // The Thumbnailer's streamed encode writes them too, and only the tables change. Baseline
        // files: thumbnails are progressive by default since, whose tables are always optimized.
        let file = try Fixtures.bytes("photos/rocket.jpg")
        var options = ThumbnailOptions(maxPixelSize: 300)
        options.progressive = false
        let thumbnail = try Thumbnailer(codecs: CodecRegistry([JPEGTesting.codec]), options: options).thumbnail(of: file)
        options.optimizesHuffmanTables = false
        let withStandardTables = try Thumbnailer(codecs: CodecRegistry([JPEGTesting.codec]), options: options).thumbnail(of: file)
        #expect(thumbnail.data.count < withStandardTables.data.count)
        #expect(try JPEGTesting.image(thumbnail.data).image.pixels == JPEGTesting.image(withStandardTables.data).image.pixels)
        options.progressive = true
        let progressive = try Thumbnailer(codecs: CodecRegistry([JPEGTesting.codec]), options: options).thumbnail(of: file)
        #expect(try JPEGTesting.codec.probe(.bytes(progressive.data), limits: .init()).isProgressive)
    }

    /// Issue 42, item 3: thumbnails were baseline JPEGs by default. The render benchmark measured
    /// progressive ones 1.4–3.9% smaller at 512 px for 1–2 ms more CPU, so they are the default; the
    /// same coefficients, so the same decoded pixels. PNG thumbnails are not interlaced.
    @Test func thumbnailsAreProgressiveByDefaultWithTheBaselinePixels() throws {
        let file = try Fixtures.bytes("photos/rocket.jpg")
        let codecs = CodecRegistry([JPEGTesting.codec, PNGCodec()])
        let progressive = try Thumbnailer(codecs: codecs, options: ThumbnailOptions(maxPixelSize: 300)).thumbnail(of: file)
        #expect(try JPEGTesting.codec.probe(.bytes(progressive.data), limits: .init()).isProgressive)
        var options = ThumbnailOptions(maxPixelSize: 300)
        options.progressive = false
        let baseline = try Thumbnailer(codecs: codecs, options: options).thumbnail(of: file)
        #expect(try !JPEGTesting.codec.probe(.bytes(baseline.data), limits: .init()).isProgressive)
        #expect(try JPEGTesting.image(progressive.data).image.pixels == JPEGTesting.image(baseline.data).image.pixels)

        let png = try Thumbnailer(codecs: codecs, options: ThumbnailOptions(maxPixelSize: 300, format: .png)).thumbnail(of: file)
        #expect(try !PNGCodec().probe(.bytes(png.data), limits: .init()).isProgressive)
    }

    /// libjpeg's own refusal (`error_exit`, caught by the shim's `setjmp`) comes back as a typed error.
    @Test func widthBeyondLibjpegsMaximumIsAnEncodingError() throws {
        let wide = RGBAImage(width: 65_501, height: 1, filledWith: (0, 0, 0, 255))
        #expect(throws: ImageError.encodingFailed(format: .jpeg, message: "Maximum supported image dimension is 65500 pixels")) {
            try JPEGTesting.codec.encode(wide, options: EncodeOptions())
        }
    }

    /// Misuse of the row encoder is a typed error, and a failed encoder stays failed.
    @Test func rowsPastTheHeightShortRowsAndMissingRowsAreErrors() throws {
        let image = RGBAImage(width: 8, height: 2, filledWith: (1, 2, 3, 255))
        let row = image.pixels[0..<32]
        func encoder() throws -> any ImageRowEncoder {
            try #require(try JPEGTesting.codec.rowEncoder(for: image.size, options: EncodeOptions()))
        }
        func consume(_ encoder: any ImageRowEncoder, _ bytes: ArraySlice<UInt8>) throws(ImageError) {
            try bytes.withUnsafeBufferPointer { (pixels) throws(ImageError) in try encoder.consume(PixelRow(y: 0, pixels: pixels)) }
        }
        let missing = try encoder()
        try consume(missing, row)
        #expect(throws: ImageError.encodingFailed(format: .jpeg, message: "the image's rows were not all written")) { try missing.finish() }

        let extra = try encoder()
        try consume(extra, row)
        try consume(extra, row)
        #expect(throws: ImageError.encodingFailed(format: .jpeg, message: "more rows than the image's height")) { try consume(extra, row) }
        #expect(throws: ImageError.encodingFailed(format: .jpeg, message: "more rows than the image's height")) { try extra.finish() }

        let short = try encoder()
        #expect(throws: ImageError.encodingFailed(format: .jpeg, message: "a row of 7 pixels for an image 8 wide")) {
            try consume(short, row.dropLast(4))
        }

        let complete = try encoder()
        try consume(complete, row)
        try consume(complete, row)
        #expect(try complete.finish() == JPEGTesting.codec.encode(image, options: EncodeOptions()))
    }
}
