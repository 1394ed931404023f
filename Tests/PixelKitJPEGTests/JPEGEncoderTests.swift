import PixelKit
@_spi(Testing) import PixelKitJPEG
import PixelKitTestSupport
import Testing

/// The TurboJPEG-based encoder, checked by decoding its output.
@Suite struct JPEGEncoderTests {
    static func photo() throws -> RGBAImage {
        try JPEGTesting.image(try Fixtures.bytes("photos/rocket.jpg")).image
    }

    /// The luma component's sampling factors from the SOF0 header (a byte-level read, not libjpeg's).
    static func lumaSampling(_ jpeg: [UInt8]) throws -> UInt8 {
        let frame = try #require(JPEGTesting.markerOffsets(jpeg, marker: 0xC0).first ?? JPEGTesting.markerOffsets(jpeg, marker: 0xC2).first)
        // FF Cn, length (2), precision (1), height (2), width (2), count (1), then id, sampling, table.
        return jpeg[frame + 11]
    }

    @Test func roundTripAtHighQualityStaysClose() throws {
        let photo = try Self.photo()
        let encoded = try JPEGTesting.codec.encode(photo, options: EncodeOptions(quality: 0.92))
        #expect(JPEGTesting.codec.recognizes(Array(encoded.prefix(3))))
        let (decoded, report) = try JPEGTesting.image(encoded, options: .init(strictness: .strict))
        #expect(decoded.size == photo.size)
        #expect(report.info.colorModel == .ycbcr)
        #expect(report.info.orientation == .up)
        #expect(JPEGTesting.meanAbsoluteDifference(decoded, photo) < 3)
    }

    @Test func chromaSubsamplingOptionIsWritten() throws {
        let photo = try Self.photo()
        let yuv420 = try JPEGTesting.codec.encode(photo, options: EncodeOptions(quality: 0.9, chromaSubsampling: .yuv420))
        let yuv444 = try JPEGTesting.codec.encode(photo, options: EncodeOptions(quality: 0.9, chromaSubsampling: .yuv444))
        let yuv422 = try JPEGTesting.codec.encode(photo, options: EncodeOptions(quality: 0.9, chromaSubsampling: .yuv422))
        let yuv440 = try JPEGTesting.codec.encode(photo, options: EncodeOptions(quality: 0.9, chromaSubsampling: .yuv440))
        #expect(try Self.lumaSampling(yuv420) == 0x22)
        #expect(try Self.lumaSampling(yuv444) == 0x11)
        #expect(try Self.lumaSampling(yuv422) == 0x21)
        #expect(try Self.lumaSampling(yuv440) == 0x12)
        for bytes in [yuv420, yuv444, yuv422, yuv440] {
            let decoded = try JPEGTesting.image(bytes, options: .init(strictness: .strict)).image
            #expect(JPEGTesting.meanAbsoluteDifference(decoded, photo) < 3)
        }
    }

    @Test func progressiveOptionWritesAProgressiveFile() throws {
        let photo = try Self.photo()
        let progressive = try JPEGTesting.codec.encode(photo, options: EncodeOptions(progressive: true))
        let baseline = try JPEGTesting.codec.encode(photo, options: EncodeOptions(progressive: false))
        #expect(try JPEGTesting.codec.probe(.bytes(progressive), limits: .init()).isProgressive)
        #expect(try !JPEGTesting.codec.probe(.bytes(baseline), limits: .init()).isProgressive)
        #expect(JPEGTesting.markerOffsets(progressive, marker: 0xDA).count > 1)
        let decoded = try JPEGTesting.image(progressive, options: .init(strictness: .strict)).image
        #expect(JPEGTesting.meanAbsoluteDifference(decoded, photo) < 4)
    }

    /// Transparent pixels land on the background color: straight alpha, `c·a + bg·(1 − a)`.
    @Test func alphaIsFlattenedOverTheBackground() throws {
        var image = RGBAImage(width: 32, height: 32, filledWith: (255, 0, 0, 0))
        for offset in stride(from: 16 * 32 * 4, to: image.pixels.count, by: 4) { image.pixels[offset + 3] = 128 }
        let blue = RGBAColor(red: 0, green: 0, blue: 255)
        let encoded = try JPEGTesting.codec.encode(image, options: EncodeOptions(quality: 1, chromaSubsampling: .yuv444, background: blue))
        let decoded = try JPEGTesting.image(encoded).image
        func pixel(_ x: Int, _ y: Int) -> [Int] { (0..<4).map { Int(decoded.pixels[(y * 32 + x) * 4 + $0]) } }
        // Top half: fully transparent red → blue. Bottom half: 128/255 red over blue ≈ (128, 0, 127).
        for (actual, expected) in zip(pixel(8, 4), [0, 0, 255, 255]) { #expect(abs(actual - expected) <= 3) }
        for (actual, expected) in zip(pixel(8, 28), [128, 0, 127, 255]) { #expect(abs(actual - expected) <= 3) }
    }

    @Test func opaqueImagesAreNotAltered() throws {
        let image = RGBAImage(width: 16, height: 16, filledWith: (10, 200, 30, 255))
        let encoded = try JPEGTesting.codec.encode(image, options: EncodeOptions(quality: 1, background: RGBAColor(red: 255, green: 0, blue: 255)))
        let decoded = try JPEGTesting.image(encoded).image
        for (actual, expected) in zip(decoded.pixels.prefix(4), [10, 200, 30, 255]) { #expect(abs(Int(actual) - expected) <= 2) }
    }

    @Test(arguments: [-0.01, 1.01, Double.nan, -Double.infinity])
    func qualityOutsideZeroToOneIsRejected(quality: Double) throws {
        let image = RGBAImage(width: 8, height: 8, filledWith: (1, 2, 3, 255))
        #expect {
            try JPEGTesting.codec.encode(image, options: EncodeOptions(quality: quality))
        } throws: { error in
            guard case ImageError.invalidOptions = error else { return false }
            return true
        }
    }

    @Test func higherQualityKeepsMoreDetail() throws {
        let photo = try Self.photo()
        let sizes = try [0.0, 0.5, 1.0].map { try JPEGTesting.codec.encode(photo, options: EncodeOptions(quality: $0)).count }
        #expect(sizes[0] < sizes[1] && sizes[1] < sizes[2])
    }

    @Test func emptyImageIsRejected() {
        #expect(throws: ImageError.self) {
            try JPEGTesting.codec.encode(RGBAImage(width: 0, height: 0, pixels: []), options: .init())
        }
    }

    /// The TurboJPEG one-shot decoder agrees with the streaming decoder at full size and at 1/8.
    @Test func turboJPEGDecoderAgreesWithTheRowDecoder() throws {
        let bytes = try Fixtures.bytes("photos/rocket.jpg")
        for scale in [JPEGScale.full, .oneEighth] {
            let turbo = try TurboJPEGDecoder.decode(bytes, scale: scale)
            let rows = try JPEGTesting.image(bytes, options: .init(minimumSize: scale.outputSize(for: PixelSize(width: 640, height: 427)))).image
            #expect(turbo == rows)
        }
        #expect(throws: ImageError.self) { try TurboJPEGDecoder.decode([1, 2, 3]) }
        #expect(throws: ImageError.emptyInput) { try TurboJPEGDecoder.decode([]) }
    }
}
