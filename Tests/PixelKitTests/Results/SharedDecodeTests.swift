import BlurHash
import PixelKit
import PixelKitGIF
import PixelKitHEIF
import PixelKitJPEG
import PixelKitPNG
import PixelKitPalette
import PixelKitTestSupport
import PixelKitWebP
import Testing

/// Several results from one decode (`CodecRegistry.results(of:decoding:_:)`) against the single
/// operations, on a fixture of every format, strict and lenient.
struct SharedDecodeTests {
    static let codecs = CodecRegistry([JPEGCodec(), PNGCodec(), HEIFCodec(), WebPCodec(), GIFCodec()])

    static let inputs = [
        "photos/rocket.jpg", "jpeg/libjpeg-turbo/testimgp.jpg", "photos/camera.png", "heif/example.heic", "heif/coffee.avif",
        "webp/lossy_alpha1.webp", "gif/chelsea-interlaced.gif", "photos/chelsea.png",
    ]

    static let strictnesses: [DecodeOptions.Strictness] = [.strict, .lenient]

    /// The same outcome, success or the same error.
    private func outcome<T>(_ body: () throws(ImageError) -> T) -> Result<T, ImageError> {
        Result { () throws(ImageError) -> T in try body() }
    }

    @Test("full-resolution results of one decode are the single operations' results", arguments: inputs, strictnesses)
    func exactResultsEqualSingleOperations(input: String, strictness: DecodeOptions.Strictness) throws {
        let codecs = Self.codecs
        let path = Fixtures.path(input)
        let decoding = DecodeOptions(strictness: strictness)
        let average = AverageOptions(accuracy: .exact, decoding: decoding)
        let blurHash = BlurHashFileOptions.fullResolution(decoding: decoding)
        let palette = PaletteOptions(accuracy: .exact, decoding: decoding)
        let thumbnail = ThumbnailOptions(maxPixelSize: 96, usesReducedDecode: false, decoding: decoding)
        let combined = outcome { () throws(ImageError) in
            try codecs.results(of: path, decoding: decoding, average, blurHash, palette, thumbnail)
        }
        let singles = outcome { () throws(ImageError) in
            (try codecs.averageColor(of: path, options: average), try codecs.blurHash(of: path, options: blurHash),
             try codecs.palette(of: path, options: palette), try Thumbnailer(codecs: codecs, options: thumbnail).thumbnail(of: path))
        }
        switch (combined, singles) {
        case (.success(let shared), .success(let alone)):
            #expect(shared.0 == alone.0)
            #expect(shared.1 == alone.1)
            #expect(shared.2 == alone.2)
            #expect(shared.3 == alone.3)
        case (.failure(let shared), .failure(let alone)):
            #expect(shared == alone)
        default:
            Issue.record("\(input): one decode gave \(combined), the single operations \(singles)")
        }
    }

    /// The service's request: a fast average, a BlurHash, a palette and a small thumbnail. The
    /// thumbnail needs the largest decode, so it is the single operation's exactly; the reduced
    /// results are computed from that larger decode, equal to their own when the sizes agree and
    /// otherwise within the bounds the Operations article states (measured on these fixtures: an
    /// average within 0.37 per channel, BlurHash coefficients within 0.012, the palette's swatch
    /// mean within 1.6, while its source color may change).
    @Test("reduced results of a shared decode are the single operations' or within their bounds", arguments: inputs, strictnesses)
    func reducedResultsWithinBounds(input: String, strictness: DecodeOptions.Strictness) throws {
        let codecs = Self.codecs
        let path = Fixtures.path(input)
        let decoding = DecodeOptions(strictness: strictness)
        let average = AverageOptions(decoding: decoding)
        let blurHash = BlurHashFileOptions(decoding: decoding)
        let palette = PaletteOptions(decoding: decoding)
        let thumbnail = ThumbnailOptions(maxPixelSize: 256, decoding: decoding)
        let combined = outcome { () throws(ImageError) in
            try codecs.results(of: path, decoding: decoding, average, blurHash, palette, thumbnail)
        }
        let singles = outcome { () throws(ImageError) in
            (try codecs.averageColor(of: path, options: average), try codecs.blurHash(of: path, options: blurHash),
             try codecs.palette(of: path, options: palette), try Thumbnailer(codecs: codecs, options: thumbnail).thumbnail(of: path))
        }
        guard case .success(let shared) = combined, case .success(let alone) = singles else {
            if case .failure(let shared) = combined, case .failure(let alone) = singles {
                #expect(shared == alone)
            } else {
                Issue.record("\(input): one decode gave \(combined), the single operations \(singles)")
            }
            return
        }
        #expect(shared.3 == alone.3)
        if shared.0.decodedSize == alone.0.decodedSize {
            #expect(shared.0 == alone.0)
        } else {
            #expect(shared.0.color.maximumChannelDifference(to: alone.0.color) <= 1.0, "\(shared.0.color) vs \(alone.0.color)")
        }
        if shared.1.decodedSize == alone.1.decodedSize {
            #expect(shared.1 == alone.1)
        } else {
            let difference = zip(shared.1.components.coefficients, alone.1.components.coefficients)
                .map { (shared: SIMD3<Float>, alone: SIMD3<Float>) -> Float in
                    let difference = shared - alone
                    return max(abs(difference.x), abs(difference.y), abs(difference.z))
                }.max() ?? 0
            #expect(difference <= 0.02, "\(shared.1.hash) vs \(alone.1.hash)")
        }
        if shared.2.decodedSize == alone.2.decodedSize {
            #expect(shared.2 == alone.2)
        } else {
            let difference = shared.2.swatchMean.maximumChannelDifference(to: alone.2.swatchMean)
            #expect(difference <= 3, "\(shared.2.swatchMean) vs \(alone.2.swatchMean)")
        }
    }

    @Test("one request reads the file's start twice: the sniff and one header parse", arguments: inputs)
    func oneRequestReadsTheHeaderOnce(input: String) throws {
        let recorded = try ReadRecordingFile(path: Fixtures.path(input))
        _ = try Self.codecs.results(
            of: recorded.source, decoding: DecodeOptions(strictness: .strict),
            AverageOptions(), BlurHashFileOptions(), PaletteOptions(), ThumbnailOptions(maxPixelSize: 64))
        // One operation alone: its sniff and its one header parse (codecs that read the whole file
        // at once read its start once for both).
        let alone = try ReadRecordingFile(path: Fixtures.path(input))
        _ = try Thumbnailer(codecs: Self.codecs, options: ThumbnailOptions(maxPixelSize: 64)).thumbnail(of: alone.source)
        #expect(alone.readsOfTheStart <= 2)
        #expect(recorded.readsOfTheStart == alone.readsOfTheStart, "\(recorded.readOffsets)")
    }

    @Test func oneRequestDecodesOnce() throws {
        let counting = CountingDecoder(JPEGCodec())
        var codecs = CodecRegistry([counting])
        codecs.register(encoder: JPEGCodec())
        let path = Fixtures.path("photos/rocket.jpg")
        _ = try codecs.results(of: path, AverageOptions(), BlurHashFileOptions(), PaletteOptions(), ThumbnailOptions(maxPixelSize: 64))
        #expect(counting.opens == 1)
        #expect(counting.decodes == 1)
    }

    @Test func anAbsentRequestComputesNothing() throws {
        let path = Fixtures.path("photos/rocket.jpg")
        let (average, palette) = try Self.codecs.results(of: path, AverageOptions(), PaletteOptions?.none)
        #expect(palette == nil)
        #expect(average == (try Self.codecs.averageColor(of: path)))
    }

    @Test func aCallersSinkGetsTheSharedRows() throws {
        let path = Fixtures.path("photos/rocket.jpg")
        let (sink, average) = try Self.codecs.results(
            of: path, RowSinkRequest(RowCountingSink(), minimumSize: PixelSize(width: 100, height: 60)), AverageOptions())
        #expect(sink.rows == average.decodedSize.height)
        #expect(average.decodedSize.width >= 100 && average.decodedSize.height >= 60)
    }

    @Test func invalidOptionsAreRefusedBeforeTheInputIsRead() throws {
        #expect(throws: ImageError.invalidOptions("0×3 components requested; each must be 1…9")) {
            _ = try Self.codecs.results(of: "/nonexistent.jpg", AverageOptions(), BlurHashFileOptions(componentsX: 0))
        }
    }
}

extension Palette {
    /// The swatches' colors weighted by their shares: the palette as a whole, which a larger decode
    /// moves little even where it makes the quantizer split the colors differently.
    fileprivate var swatchMean: RGBAColor {
        let total = swatches.reduce(0) { $0 + $1.share }
        func mean(_ channel: KeyPath<RGBAColor, Double>) -> Double {
            swatches.reduce(0) { $0 + $1.color[keyPath: channel] * $1.share } / max(total, .leastNonzeroMagnitude)
        }
        return RGBAColor(red: mean(\.red), green: mean(\.green), blue: mean(\.blue), alpha: mean(\.alpha))
    }
}

extension RGBAColor {
    fileprivate func maximumChannelDifference(to other: RGBAColor) -> Double {
        max(abs(red - other.red), abs(green - other.green), abs(blue - other.blue), abs(alpha - other.alpha))
    }
}
