import PixelKit
import PixelKitPNG
import PixelKitTestSupport
import Testing

/// Encoding is lossless: decoding gives back exactly the encoded pixels.
@Suite struct PNGEncoderTests {
    @Test(arguments: [false, true])
    func rgbaRoundTripIsExact(_ interlaced: Bool) throws {
        let image = PNGTestImages.noise(width: 37, height: 23, seed: 7, opaque: false)
        let file = try PNGTestSupport.codec.encode(image, options: EncodeOptions(progressive: interlaced))
        let info = try PNGTestSupport.codec.probe(.bytes(file), limits: .init())
        #expect(info.colorModel == .rgba)
        #expect(info.bitDepth == 8 && info.hasAlpha)
        #expect(info.isProgressive == interlaced)
        #expect(try PNGTestSupport.image(.bytes(file)).0 == image)
    }

    @Test(arguments: [false, true])
    func opaqueImageIsStoredAsRGB(_ interlaced: Bool) throws {
        let image = PNGTestImages.noise(width: 64, height: 48, seed: 9, opaque: true)
        let file = try PNGTestSupport.codec.encode(image, options: EncodeOptions(progressive: interlaced))
        let info = try PNGTestSupport.codec.probe(.bytes(file), limits: .init())
        #expect(info.colorModel == .rgb && !info.hasAlpha)
        #expect(info.isProgressive == interlaced)
        #expect(try PNGTestSupport.image(.bytes(file)).0 == image)
        // Noise does not compress: three samples per pixel instead of four shows in the size.
        var translucent = image
        translucent.pixels[3] = 254
        let rgbaFile = try PNGTestSupport.codec.encode(translucent, options: EncodeOptions(progressive: interlaced))
        #expect(file.count < rgbaFile.count * 9 / 10)
    }

    @Test func interlacedOutputDecodesLikePlainOutput() throws {
        let image = PNGTestImages.gradient(width: 33, height: 17, opaque: false)
        let plain = try PNGTestSupport.codec.encode(image, options: EncodeOptions(progressive: false))
        let interlaced = try PNGTestSupport.codec.encode(image, options: EncodeOptions(progressive: true))
        #expect(plain != interlaced)
        #expect(try PNGTestSupport.image(.bytes(interlaced)).0 == PNGTestSupport.image(.bytes(plain)).0)
    }

    /// Every decodable PngSuite file, re-encoded and decoded again, keeps its pixels.
    @Test func suiteRoundTripsThroughTheEncoder() throws {
        for file in PNGTestSupport.referenceFiles where file.hasPrefix("pngsuite/") {
            let (image, _) = try PNGTestSupport.image(.file(path: Fixtures.path(file)))
            let encoded = try PNGTestSupport.codec.encode(image, options: .init())
            #expect(try PNGTestSupport.image(.bytes(encoded)).0 == image, "\(file)")
        }
    }

    @Test func everyCompressionLevelIsLossless() throws {
        let image = PNGTestImages.gradient(width: 50, height: 40, opaque: false)
        var sizes: [Int] = []
        for level in [-1, 0, 1, 3, 6, 9, 12] {
            let codec = PNGCodec(compressionLevel: level)
            #expect((0...9).contains(codec.compressionLevel))
            let file = try codec.encode(image, options: .init())
            sizes.append(file.count)
            #expect(try PNGTestSupport.image(.bytes(file)).0 == image, "level \(level)")
        }
        // Level 0 stores the 8000 bytes of pixels uncompressed; level 9 compresses the gradient.
        #expect(sizes[1] > 8000 && sizes[5] < sizes[1] / 2)
    }

    @Test func emptyImageIsRefused() {
        #expect {
            try PNGTestSupport.codec.encode(RGBAImage(width: 0, height: 0, pixels: []), options: .init())
        } throws: { error in
            guard case .encodingFailed(.png, let message) = error as? ImageError else { return false }
            return !message.isEmpty
        }
    }
}
