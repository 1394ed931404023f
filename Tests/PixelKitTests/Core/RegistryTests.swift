import PixelKit
import Testing

@Suite("Codec registry")
struct RegistryTests {
    let registry = CodecRegistry([ToyPNMCodec()])

    /// A 2×1 PPM: one pure red pixel, one pure blue pixel.
    let redBlue: [UInt8] = Array("P6\n2 1\n255\n".utf8) + [255, 0, 0, 0, 0, 255]

    @Test func thirdPartyCodecPlugsIn() throws {
        let info = try registry.probe(.bytes(redBlue))
        #expect(info.format == ToyPNMCodec.format)
        #expect(info.size == PixelSize(width: 2, height: 1))
        let average = try registry.averageColor(of: redBlue)
        #expect(average.color == RGBAColor(red: 127.5, green: 0, blue: 127.5, alpha: 255))
        #expect(average.color.hex == "#800080")
    }

    @Test func sniffingPicksTheCodecByBytesNotName() throws {
        #expect(registry.decoder(forLeadingBytes: Array("P6".utf8)) != nil)
        #expect(registry.decoder(forLeadingBytes: [0x89, 0x50, 0x4E, 0x47]) == nil)
        #expect(throws: ImageError.unknownFormat(leadingBytes: Array("GIF89a".utf8))) {
            try registry.probe(.bytes(Array("GIF89a".utf8)))
        }
        #expect(throws: ImageError.emptyInput) { try registry.probe(.bytes([])) }
    }

    /// An unknown input's first bytes read as two hex digits each (`0a`, not `a`), as the pipeline's
    /// message shows them (issue 43, row 11).
    @Test func unknownBytesAreShownAsTwoHexDigitsEach() throws {
        let bytes: [UInt8] = [0x0A, 0x00, 0xFF, 0x47, 0x01, 0x02, 0x03, 0x04, 0x05]
        #expect(throws: ImageError.unknownFormat(leadingBytes: bytes)) { try registry.probe(.bytes(bytes)) }
        #expect(ImageError.unknownFormat(leadingBytes: bytes).description == "unknown image format (first bytes: 0a 00 ff 47 01 02 03 04)")
    }

    @Test func laterRegistrationsTakePrecedence() throws {
        struct Impostor: ImageDecoder {
            struct Session: ImageDecodingSession {
                var info: ImageInfo { ImageInfo(format: ImageFormat(rawValue: "impostor"), size: PixelSize(width: 1, height: 1)) }
                var colorSpace: ColorSpace { .sRGB }
                consuming func decode<Sink: RowSink>(options: DecodeOptions, into sink: inout Sink) throws(ImageError) -> DecodeReport {
                    throw ImageError.unsupported(format: info.format, feature: "anything")
                }
            }
            var format: ImageFormat { ImageFormat(rawValue: "impostor") }
            var signatureLength: Int { 1 }
            func recognizes(_ leadingBytes: [UInt8]) -> Bool { leadingBytes.first == UInt8(ascii: "P") }
            func open(_ source: ImageSource, options: DecodeOptions) throws(ImageError) -> Session { Session() }
        }
        var registry = self.registry
        registry.register(Impostor())
        #expect(try registry.probe(.bytes(redBlue)).format.rawValue == "impostor")
    }

    @Test func encodersAreFoundByFormat() throws {
        let image = RGBAImage(width: 1, height: 1, filledWith: (10, 20, 30, 255))
        let bytes = try registry.encoder(for: ToyPNMCodec.format).encode(image, options: .init())
        #expect(try registry.decodeImage(.bytes(bytes)).image == image)
        #expect(throws: ImageError.noEncoder(format: .png)) { try registry.encoder(for: .png) }
    }

    @Test func limitsRejectHugeHeadersBeforeAllocating() {
        let bomb = Array("P6\n65535 65535\n255\n".utf8)
        #expect(throws: ImageError.limitExceeded(.pixelCount(width: 65535, height: 65535, limit: 200_000_000))) {
            try registry.averageColor(of: bomb)
        }
    }

    @Test func missingFileIsATypedError() {
        #expect {
            try registry.averageColor(of: "/nonexistent/photo.ppm")
        } throws: { error in
            guard case ImageError.file(let file) = error, !file.operation.isWrite, case .system(let code) = file.problem, case let path = file.path else { return false }
            return path == "/nonexistent/photo.ppm" && code != 0
        }
    }

    @Test func regionOutsideTheImageIsRejected() {
        let options = AverageOptions(region: PixelRect(x: 1, y: 0, width: 2, height: 1))
        #expect(throws: ImageError.regionOutsideImage(region: PixelRect(x: 1, y: 0, width: 2, height: 1), imageSize: PixelSize(width: 2, height: 1))) {
            try registry.averageColor(of: redBlue, options: options)
        }
    }
}
