import PixelKit
import PixelKitTestSupport
import PixelKitWebP
import Testing

/// Lossy WebP encoding through libwebp, checked by decoding the result.
@Suite struct WebPEncoderTests {
    static let codec = WebPCodec()

    /// A smooth gradient with a transparent square, which lossy coding keeps close.
    static func gradient(width: Int, height: Int, transparentSquare: Bool) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 4
                pixels[offset] = UInt8(x * 255 / max(width - 1, 1))
                pixels[offset + 1] = UInt8(y * 255 / max(height - 1, 1))
                pixels[offset + 2] = 128
                if transparentSquare, x < width / 2, y < height / 2 { pixels[offset + 3] = 0 }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    static func decode(_ bytes: [UInt8]) throws -> RGBAImage {
        try CodecRegistry([WebPCodec()]).decodeImage(.bytes(bytes)).image
    }

    @Test func roundTripKeepsTheSizeAndCloseColors() throws {
        let image = Self.gradient(width: 96, height: 64, transparentSquare: false)
        let bytes = try Self.codec.encode(image, options: EncodeOptions(quality: 0.9))
        #expect(Self.codec.recognizes(Array(bytes.prefix(12))))
        let decoded = try Self.decode(bytes)
        #expect(decoded.size == image.size)
        let meanError = zip(decoded.pixels, image.pixels).map { abs(Int($0) - Int($1)) }.reduce(0, +) / image.pixels.count
        #expect(meanError <= 3)
        #expect(try Self.codec.probe(.bytes(bytes), limits: .init()).hasAlpha == false, "an opaque image gets no alpha plane")
    }

    @Test func alphaIsKept() throws {
        let image = Self.gradient(width: 64, height: 64, transparentSquare: true)
        let decoded = try Self.decode(try Self.codec.encode(image, options: EncodeOptions()))
        #expect(decoded.pixels[3] == 0 && decoded.pixels[(63 * 64 + 63) * 4 + 3] == 255)
    }

    @Test func qualityChangesTheSize() throws {
        let image = Self.gradient(width: 128, height: 128, transparentSquare: false)
        let low = try Self.codec.encode(image, options: EncodeOptions(quality: 0.1))
        let high = try Self.codec.encode(image, options: EncodeOptions(quality: 1.0))
        #expect(low.count < high.count)
    }

    @Test func refusesWhatWebPCannotHold() {
        #expect { try Self.codec.encode(RGBAImage(width: 16_384, height: 1), options: EncodeOptions()) } throws: { error in
            guard case .encodingFailed(.webp, let message) = error as? ImageError else { return false }
            return message.contains("16383")
        }
        #expect(throws: ImageError.self) { try Self.codec.encode(RGBAImage(width: 0, height: 0, pixels: []), options: EncodeOptions()) }
        #expect(throws: ImageError.invalidOptions("quality 1.5 must be between 0 and 1")) {
            try Self.codec.encode(RGBAImage(width: 1, height: 1), options: EncodeOptions(quality: 1.5))
        }
    }

    @Test func thumbnailsCanBeWrittenAsWebP() throws {
        let thumbnailer = Thumbnailer(codecs: CodecRegistry([WebPCodec()]), options: ThumbnailOptions(maxPixelSize: 100, format: .webp))
        let thumbnail = try thumbnailer.thumbnail(of: .file(path: Fixtures.path("webp/lossy_extreme_probabilities.webp")))
        #expect(thumbnail.format == .webp && thumbnail.fileExtension == "webp")
        #expect(thumbnail.size == PixelSize(width: 100, height: 67))
        #expect(try Self.codec.probe(.bytes(thumbnail.data), limits: .init()).size == thumbnail.size)
    }
}
