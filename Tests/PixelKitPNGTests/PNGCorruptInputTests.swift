import PixelKit
import PixelKitPNG
import PixelKitTestSupport
import Testing

/// Damaged and hostile input: every failure is a typed `ImageError`, never a crash, hang or huge allocation.
@Suite struct PNGCorruptInputTests {
    static let corruptSuiteFiles = Fixtures.files(in: "pngsuite") { $0.hasPrefix("x") && $0.hasSuffix(".png") }

    @Test func pngSuiteHasFourteenCorruptFiles() {
        #expect(Self.corruptSuiteFiles.count == 14)
    }

    /// PngSuite's `x*` files are all invalid (`decode_expectations.json`: pngcheck rejects each one;
    /// libpng and Pillow accept `xcsn0g01.png` despite its IDAT CRC error, which we must not).
    @Test(arguments: corruptSuiteFiles, [DecodeOptions.Strictness.lenient, .strict])
    func corruptSuiteFileIsRejected(_ file: String, strictness: DecodeOptions.Strictness) throws {
        let error = try #require(PNGTestSupport.decodeError(.file(path: Fixtures.path(file)), options: .init(strictness: strictness)))
        switch error {
        case .malformed(let format, let message), .truncated(let format, let message):
            #expect(format == .png)
            #expect(!message.isEmpty)
        case .unsupported(let format, _):
            #expect(format == .png)
        default:
            Issue.record("unexpected error \(error)")
        }
    }

    /// libspng returns the last row before reading the last IDAT CRC; the decode must still check it.
    @Test func crcErrorInImageDataIsRejected() throws {
        let error = PNGTestSupport.decodeError(.file(path: Fixtures.path("pngsuite/xcsn0g01.png")))
        #expect(error == .malformed(format: .png, message: "invalid chunk checksum"), "\(String(describing: error))")
    }

    @Test func zeroBytesAreEmptyInput() {
        #expect(PNGTestSupport.decodeError(.bytes([])) == .emptyInput)
        #expect(throws: ImageError.emptyInput) { try PNGTestSupport.codec.probe(.bytes([]), limits: .init()) }
    }

    @Test func missingFileIsUnreadable() {
        let error = PNGTestSupport.decodeError(.file(path: "/nonexistent/pixelkit.png"))
        guard case .file(let file)? = error, !file.operation.isWrite, case .system(let code) = file.problem, case let path = file.path else {
            Issue.record("expected a read error, got \(String(describing: error))")
            return
        }
        #expect(path == "/nonexistent/pixelkit.png")
        #expect(code != 0)
    }

    /// Cutting a small file anywhere fails in strict mode: nothing but the full file is a whole PNG
    /// up to its last image row.
    @Test func everyCutOfASmallFileIsATypedError() throws {
        let file = try Fixtures.bytes("pngsuite/basn0g08.png")
        let reference = try #require(Fixtures.referenceMeans["pngsuite/basn0g08.png"]?.sum_rgba)
        let lastIDAT = try #require(PNGFileBuilder.chunks(of: file).last { $0.type == "IDAT" })
        let imageDataEnd = lastIDAT.offset + 12 + lastIDAT.length
        for cut in 0..<file.count {
            let source = ImageSource.bytes(Array(file.prefix(cut)))
            var sink = SummingSink()
            do {
                _ = try PNGTestSupport.codec.decode(source, options: .init(strictness: .strict), into: &sink)
                // Only IEND (never needed for the pixels) may be missing.
                #expect(cut >= imageDataEnd, "cut at \(cut) decoded")
                #expect(sink.sums == reference)
            } catch {
                switch error {
                case .emptyInput: #expect(cut == 0)
                case .truncated: #expect(cut > 0)
                default: Issue.record("cut at \(cut): \(error)")
                }
            }
        }
    }

    @Test(arguments: [0.1, 0.5, 0.9, 0.999])
    func cutPhotoIsTruncatedWhenStrict(_ fraction: Double) throws {
        let file = try Fixtures.bytes("photos/coffee.png")
        let cut = Array(file.prefix(Int(Double(file.count) * fraction)))
        let error = PNGTestSupport.decodeError(.bytes(cut), options: .init(strictness: .strict))
        guard case .truncated(.png, let message)? = error else {
            Issue.record("expected truncated, got \(String(describing: error))")
            return
        }
        #expect(!message.isEmpty)
    }

    @Test func randomBytesAreRejected() {
        var random = SeededGenerator(seed: 0x5EED)
        for round in 0..<200 {
            let count = Int(random.next() % 300) + 1
            var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            if round % 2 == 1 { bytes = [137, 80, 78, 71, 13, 10, 26, 10] + bytes }
            let error = PNGTestSupport.decodeError(.bytes(bytes))
            #expect(error != nil, "random input \(round) decoded")
        }
    }

    /// Single-byte corruptions of a valid file: each either decodes or throws an `ImageError`.
    @Test func corruptedBytesNeverCrash() throws {
        let file = try Fixtures.bytes("pngsuite/basi2c08.png")
        var random = SeededGenerator(seed: 42)
        for _ in 0..<300 {
            var bytes = file
            let index = Int(random.next() % UInt64(bytes.count))
            bytes[index] ^= UInt8(truncatingIfNeeded: random.next() | 1)
            _ = PNGTestSupport.decodeError(.bytes(bytes))
        }
    }

    /// A 2³¹-pixel-wide IHDR (valid CRC) is refused from the header, for probe and decode.
    @Test func hugeWidthIsRefusedFromTheHeader() {
        var builder = PNGFileBuilder()
        builder.chunk("IHDR", PNGFileBuilder.ihdr(width: 1 << 31, height: 1))
        builder.chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        builder.chunk("IEND", [])
        let expected = ImageError.limitExceeded(.dimension(width: 1 << 31, height: 1, limit: 65_535))
        #expect(PNGTestSupport.decodeError(.bytes(builder.bytes)) == expected)
        #expect(throws: expected) { try PNGTestSupport.codec.probe(.bytes(builder.bytes), limits: .init()) }
    }

    @Test func pixelCountLimitIsCheckedFromTheHeader() {
        var builder = PNGFileBuilder()
        builder.chunk("IHDR", PNGFileBuilder.ihdr(width: 60_000, height: 60_000))
        let limits = DecodingLimits()
        let expected = ImageError.limitExceeded(.pixelCount(width: 60_000, height: 60_000, limit: limits.maxPixelCount))
        #expect(throws: expected) { try PNGTestSupport.codec.probe(.bytes(builder.bytes), limits: limits) }
    }

    /// An interlaced frame larger than `maxMemoryBytes` is refused before it is allocated.
    @Test func interlacedFrameRespectsMemoryLimit() {
        let limits = DecodingLimits(maxMemoryBytes: 1000)
        let error = PNGTestSupport.decodeError(.file(path: Fixtures.path("pngsuite/basi0g08.png")), options: .init(limits: limits))
        #expect(error == .limitExceeded(.memory(bytes: 32 * 32 * 4, limit: 1000)))
    }

    /// A metadata chunk whose length field claims 2 GB fails cleanly with a small `maxChunkBytes`
    /// (the data is not there: nothing may be allocated or read for it).
    @Test(arguments: ["iCCP", "zTXt", "tEXt"])
    func hugeDeclaredChunkIsRefused(_ type: String) {
        var builder = PNGFileBuilder()
        builder.chunk("IHDR", PNGFileBuilder.ihdr(width: 1, height: 1))
        builder.chunk(type, Array("name\0\0".utf8), declaredLength: 0x7FFF_0000)
        let limits = DecodingLimits(maxChunkBytes: 4096)
        let expected = ImageError.limitExceeded(.chunkSize(bytes: 0x7FFF_0000, limit: 4096))
        #expect(PNGTestSupport.decodeError(.bytes(builder.bytes), options: .init(limits: limits)) == expected)
    }

    /// A real 64 KiB text chunk before the image data breaks a 4 KiB chunk limit.
    @Test func largeTextChunkBreaksChunkLimit() throws {
        let original = try Fixtures.bytes("pngsuite/basn0g08.png")
        let ihdrEnd = 8 + 12 + 13
        var builder = PNGFileBuilder()
        builder.chunk("tEXt", Array("Comment\0".utf8) + [UInt8](repeating: 65, count: 65_536))
        let file = Array(original[0..<ihdrEnd]) + builder.bytes.dropFirst(8) + original[ihdrEnd...]
        let limits = DecodingLimits(maxChunkBytes: 4096)
        let expected = ImageError.limitExceeded(.chunkSize(bytes: 65_544, limit: 4096))
        #expect(PNGTestSupport.decodeError(.bytes(file), options: .init(limits: limits)) == expected)
        // Within the default limits the same file decodes to the reference pixels.
        let (sink, _) = try PNGTestSupport.sums(.bytes(file))
        #expect(sink.sums == Fixtures.referenceMeans["pngsuite/basn0g08.png"]?.sum_rgba)
    }

    /// A 7 KB zTXt chunk that inflates to 1 MB of text breaks a 16 KiB chunk limit; the inflated
    /// size is unknown (inflation stops at the limit), so the smallest violating size is reported.
    @Test func compressedTextBombBreaksChunkLimit() throws {
        let original = try Fixtures.bytes("pngsuite/basn0g08.png")
        let ihdrEnd = 8 + 12 + 13
        let stream = PNGDeflateBomb.zlib(repeating: 65, runs: 4096)
        #expect(stream.count < 8000)
        var builder = PNGFileBuilder()
        builder.chunk("zTXt", Array("Comment\0".utf8) + [0] + stream)
        let file = Array(original[0..<ihdrEnd]) + builder.bytes.dropFirst(8) + original[ihdrEnd...]
        let limits = DecodingLimits(maxChunkBytes: 16_384)
        let expected = ImageError.limitExceeded(.chunkSize(bytes: 16_385, limit: 16_384))
        #expect(PNGTestSupport.decodeError(.bytes(file), options: .init(limits: limits)) == expected)
        // With room for the text, the same file decodes to the reference pixels.
        let (sink, _) = try PNGTestSupport.sums(.bytes(file), options: .init(limits: DecodingLimits(maxChunkBytes: 4 << 20)))
        #expect(sink.sums == Fixtures.referenceMeans["pngsuite/basn0g08.png"]?.sum_rgba)
    }

    @Test func crcCheckValueIsTheStandardOne() {
        // The CRC-32 check value for "123456789" (ITU-T V.42 / ISO 3309).
        #expect(PNGCRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    }
}
