import PixelKit
import PixelKitJPEG
import PixelKitPNG
import PixelKitTestSupport
import PixelKitWebP
import Testing

/// `DecodingLimits.maxPixelsPerInputByte`: a small input may not demand a decode of many pixels.
/// The inputs are made here: a flat image (which compresses to almost nothing) and a noisy one of the
/// same size, encoded by each codec; the limits are scaled down so the images stay small.
@Suite("A small input declaring a huge image is refused by its pixels per input byte")
struct PixelsPerInputByteTests {
    static let codecs = CodecRegistry([JPEGCodec(), PNGCodec(), WebPCodec()])
    /// 1 MP images, ratio-free up to 0.25 MP, at most 8 pixels per input byte.
    static let limits = DecodingLimits(maxPixelsPerInputByte: 8, ratioFreePixelCount: 250_000)

    static func encoded(_ format: ImageFormat, noisy: Bool) throws -> [UInt8] {
        let image = noisy ? NoiseImage.make(width: 1000, height: 1000) : RGBAImage(width: 1000, height: 1000, filledWith: (40, 90, 160, 255))
        return try codecs.encoder(for: format).encode(image, options: EncodeOptions(quality: 0.9))
    }

    @Test("A flat 1 MP image of a few KB is refused, fast and exact, strict or not, naming the limit", arguments: [ImageFormat.jpeg, .png, .webp])
    func flatImageIsRefused(_ format: ImageFormat) throws {
        let bytes = try Self.encoded(format, noisy: false)
        #expect(bytes.count * 8 < 1_000_000, "\(format): \(bytes.count) bytes is not a bomb at 8 px/byte")
        for accuracy in [AverageAccuracy.fast, .exact] {
            for strictness in [DecodeOptions.Strictness.lenient, .strict] {
                let options = AverageOptions(accuracy: accuracy, decoding: DecodeOptions(strictness: strictness, limits: Self.limits))
                #expect(throws: ImageError.limitExceeded(.pixelsPerInputByte(width: 1000, height: 1000, inputBytes: bytes.count, limit: 8))) {
                    try Self.codecs.averageColor(of: .bytes(bytes), options: options)
                }
            }
        }
        // The header alone is still readable: the limit is on decoding, not on looking.
        #expect(try Self.codecs.probe(.bytes(bytes), limits: Self.limits).size == PixelSize(width: 1000, height: 1000))
        // Under the default limits (16 MP ratio-free) the same file decodes.
        let color = try Self.codecs.averageColor(of: .bytes(bytes), options: AverageOptions(accuracy: .exact)).color
        #expect(abs(color.blue - 160) < 3)
    }

    @Test("The same size with noise, a few pixels per byte, decodes under the same limits", arguments: [ImageFormat.jpeg, .png, .webp])
    func noisyImageDecodes(_ format: ImageFormat) throws {
        let bytes = try Self.encoded(format, noisy: true)
        #expect(bytes.count * 8 >= 1_000_000, "\(format): \(bytes.count) bytes")
        let result = try Self.codecs.averageColor(of: .bytes(bytes), options: AverageOptions(accuracy: .exact, decoding: DecodeOptions(limits: Self.limits)))
        #expect(result.info.size == PixelSize(width: 1000, height: 1000))
    }

    @Test("A file's length comes from the file: the same bytes on disk are refused the same way")
    func fileInputIsMeasured() throws {
        let bytes = try Self.encoded(.png, noisy: false)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write(bytes, to: "flat.png")
        let path = scratch.file("flat.png")
        let options = AverageOptions(accuracy: .exact, decoding: DecodeOptions(limits: Self.limits))
        #expect(throws: ImageError.inFile(path: path, .limitExceeded(.pixelsPerInputByte(width: 1000, height: 1000, inputBytes: bytes.count, limit: 8)))) {
            try Self.codecs.averageColor(of: .file(path: path), options: options)
        }
    }

    @Test("A codec that costs more per pixel divides the ratio (HEIF/AVIF by 4, GIF by 2); images under the ratio-free count always pass")
    func costPerPixelDividesTheRatio() throws {
        let input = ImageSource.bytes([UInt8](repeating: 0, count: 1_000_000))
        let size = PixelSize(width: 5000, height: 5000)    // 25 MP from 1 MB: 25 pixels per byte
        try DecodingLimits().forInput(input).check(size)
        try DecodingLimits().forInput(input, costPerPixel: 2).check(size)
        #expect(throws: ImageError.limitExceeded(.pixelsPerInputByte(width: 5000, height: 5000, inputBytes: 1_000_000, limit: 16))) {
            try DecodingLimits().forInput(input, costPerPixel: 4).check(size)
        }
        try DecodingLimits().forInput(.bytes([1, 2, 3]), costPerPixel: 4).check(PixelSize(width: 4096, height: 4096))
        // Without a known input length (a probe, a FIFO) the ratio is not checked.
        try DecodingLimits().check(PixelSize(width: 14000, height: 14000))
    }
}
