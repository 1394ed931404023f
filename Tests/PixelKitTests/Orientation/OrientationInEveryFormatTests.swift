import PixelKit
import PixelKitJPEG
import PixelKitPNG
import PixelKitTestSupport
import PixelKitWebP
import Testing

/// EXIF orientation in WebP (`EXIF` chunk) and PNG (`eXIf` chunk), read by the parser JPEG's APP1
/// goes through and applied by thumbnails as for JPEG. The fixtures (`orientation/`, made by its
/// script with Pillow 13) hold one 16×12 picture — red, green over blue, white — stored turned so
/// that orientation N shows it upright.
@Suite struct OrientationInEveryFormatTests {
    static let codecs = CodecRegistry([JPEGCodec(), PNGCodec(), WebPCodec()])
    static let cases: [(String, Int)] = ["webp", "png"].flatMap { format in (1...8).map { (format, $0) } }

    static func path(_ format: String, _ orientation: Int) -> String {
        Fixtures.path("orientation/orientation-\(orientation).\(format)")
    }

    /// The upright picture: four flat 8×6 quadrants.
    static let upright: RGBAImage = {
        var image = RGBAImage(width: 16, height: 12)
        for y in 0..<12 {
            for x in 0..<16 {
                let color: [UInt8] = switch (x < 8, y < 6) {
                case (true, true): [255, 0, 0, 255]
                case (false, true): [0, 255, 0, 255]
                case (true, false): [0, 0, 255, 255]
                case (false, false): [255, 255, 255, 255]
                }
                image.pixels.replaceSubrange((y * 16 + x) * 4..<(y * 16 + x) * 4 + 4, with: color)
            }
        }
        return image
    }()

    @Test(arguments: cases)
    func infoAndDecodeReportTheOrientation(_ format: String, _ orientation: Int) throws {
        let source = ImageSource.file(path: Self.path(format, orientation))
        let info = try Self.codecs.probe(source)
        #expect(info.orientation.rawValue == orientation)
        // Stored turned: orientations 5–8 swap the sides, so the upright size is always 16×12.
        #expect(info.size == (orientation >= 5 ? PixelSize(width: 12, height: 16) : PixelSize(width: 16, height: 12)))
        #expect(info.orientedSize == PixelSize(width: 16, height: 12))
        var sink = SummingSink()
        let report = try Self.codecs.decode(source, options: DecodeOptions(strictness: .strict), into: &sink)
        #expect(report.info.orientation.rawValue == orientation && report.warnings.isEmpty)
        // The same from memory (WebP's other decode path).
        #expect(try Self.codecs.probe(.bytes(Fixtures.bytes("orientation/orientation-\(orientation).\(format)"))).orientation.rawValue == orientation)
    }

    @Test(arguments: cases)
    func thumbnailsAreTurnedUpright(_ format: String, _ orientation: Int) throws {
        let thumbnailer = Thumbnailer(codecs: Self.codecs, options: ThumbnailOptions(maxPixelSize: 16, format: .png))
        let made = try thumbnailer.thumbnailImage(of: .file(path: Self.path(format, orientation)))
        #expect(made.orientationApplied == (orientation != 1))
        #expect(made.image.size == PixelSize(width: 16, height: 12))
        let worst = zip(made.image.pixels, Self.upright.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(worst <= 2, "largest difference from the upright picture: \(worst)")
        // The encoded thumbnail: the same pixels, and no orientation left to apply.
        let file = try thumbnailer.thumbnail(of: .file(path: Self.path(format, orientation)))
        let decoded = try Self.codecs.probe(.bytes(file.data))
        #expect(decoded.size == PixelSize(width: 16, height: 12) && decoded.orientation == .up)
        #expect(file.sourceInfo.orientation.rawValue == orientation)
    }

    @Test func withoutApplyingTheStoredPixelsAreKept() throws {
        let options = ThumbnailOptions(maxPixelSize: 16, appliesOrientation: false, format: .png)
        let made = try Thumbnailer(codecs: Self.codecs, options: options).thumbnailImage(of: .file(path: Self.path("webp", 6)))
        #expect(!made.orientationApplied && made.image.size == PixelSize(width: 12, height: 16))
    }

    // MARK: WebP chunk variants, built from a fixture

    /// The chunks after `RIFF…WEBP`, as (type, payload).
    static func webpChunks(_ file: [UInt8]) -> [(String, [UInt8])] {
        var result: [(String, [UInt8])] = []
        var offset = 12
        while offset + 8 <= file.count {
            let size = file[offset + 4..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            result.append((String(decoding: file[offset..<offset + 4], as: UTF8.self), Array(file[offset + 8..<offset + 8 + size])))
            offset += 8 + size + (size & 1)
        }
        return result
    }

    static func webp(_ chunks: [(String, [UInt8])]) -> [UInt8] {
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
        var body = Array("WEBP".utf8)
        for (type, payload) in chunks {
            body += Array(type.utf8) + le32(payload.count) + payload + (payload.count & 1 == 1 ? [0] : [])
        }
        return Array("RIFF".utf8) + le32(body.count) + body
    }

    @Test func aWebPEXIFChunkWithTheJPEGSignatureIsRead() throws {
        // Some writers keep APP1's `Exif\0\0` in front of the TIFF structure.
        let chunks = Self.webpChunks(try Fixtures.bytes("orientation/orientation-6.webp"))
        #expect(chunks.map(\.0) == ["VP8X", "VP8L", "EXIF"])
        let prefixed = Self.webp(chunks.map { $0.0 == "EXIF" ? ($0.0, Array("Exif".utf8) + [0, 0] + $0.1) : $0 })
        #expect(try Self.codecs.probe(.bytes(prefixed)).orientation == .right)
    }

    @Test func aWebPEXIFChunkIsReadWithoutItsVP8XFlag() throws {
        // libwebp's demuxer (and Pillow) find the chunk whatever the flags say.
        var chunks = Self.webpChunks(try Fixtures.bytes("orientation/orientation-8.webp"))
        chunks[0].1[0] &= ~0x08
        #expect(try Self.codecs.probe(.bytes(Self.webp(chunks))).orientation == .left)
    }

    @Test func aWebPEXIFChunkAboveTheChunkLimitIsRefused() throws {
        let bytes = try Fixtures.bytes("orientation/orientation-6.webp")
        // The fixture's chunk holds 26 bytes.
        #expect(throws: ImageError.limitExceeded(.chunkSize(bytes: 26, limit: 25))) {
            try Self.codecs.probe(.bytes(bytes), limits: DecodingLimits(maxChunkBytes: 25))
        }
        #expect(try Self.codecs.probe(.bytes(bytes), limits: DecodingLimits(maxChunkBytes: 26)).orientation == .right)
    }

    @Test func aWebPEXIFChunkDeclaringMoreThanTheFileIsReadUpToItsEnd() throws {
        // The size field says 2 GiB: only what the file holds is read (and allocated), from memory
        // and from a file, and the orientation in it is still found.
        var bytes = try Fixtures.bytes("orientation/orientation-3.webp")
        let exif = try #require(bytes.indices.dropLast(4).first { bytes[$0..<$0 + 4].elementsEqual("EXIF".utf8) })
        bytes.replaceSubrange(exif + 4..<exif + 8, with: [0xF0, 0xFF, 0xFF, 0x7F])
        let limits = DecodingLimits(maxChunkBytes: .max)
        #expect(try Self.codecs.probe(.bytes(bytes), limits: limits).orientation == .down)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write(bytes, to: "long-exif.webp")
        #expect(try Self.codecs.probe(.file(path: scratch.file("long-exif.webp")), limits: limits).orientation == .down)
    }

    @Test func damagedEXIFMeansUpright() throws {
        var chunks = Self.webpChunks(try Fixtures.bytes("orientation/orientation-6.webp"))
        chunks[2].1 = Array(chunks[2].1.prefix(10))
        #expect(try Self.codecs.probe(.bytes(Self.webp(chunks))).orientation == .up)
    }

    // MARK: PNG eXIf variants

    /// The fixture with its eXIf chunk's data replaced by `exif`, or moved after IDAT.
    static func png(orientation: Int, exif: (([UInt8]) -> [UInt8])? = nil, afterImageData: Bool = false) throws -> [UInt8] {
        let file = try Fixtures.bytes("orientation/orientation-\(orientation).png")
        let chunks = PNGFileBuilder.chunks(of: file)
        let original = try #require(chunks.first { $0.type == "eXIf" })
        let data = Array(file[original.offset + 8..<original.offset + 8 + original.length])
        var builder = PNGFileBuilder()
        for chunk in chunks where chunk.type != "eXIf" {
            if chunk.type == "IEND" && afterImageData { builder.chunk("eXIf", exif?(data) ?? data) }
            builder.chunk(chunk.type, Array(file[chunk.offset + 8..<chunk.offset + 8 + chunk.length]))
            if chunk.type == "IHDR" && !afterImageData { builder.chunk("eXIf", exif?(data) ?? data) }
        }
        return builder.bytes
    }

    @Test func aPNGeXIfAfterTheImageDataIsNotRead() throws {
        // Probing reads no further than the image data, and decodes agree with it.
        let bytes = try Self.png(orientation: 6, afterImageData: true)
        #expect(try Self.codecs.probe(.bytes(bytes)).orientation == .up)
        var sink = SummingSink()
        #expect(try Self.codecs.decode(.bytes(bytes), options: .init(), into: &sink).info.orientation == .up)
        #expect(try Self.codecs.probe(.bytes(Self.png(orientation: 6))).orientation == .right)
    }

    @Test func aPNGeXIfIsBoundedByLibspngsChunkLimits() throws {
        // libspng stores eXIf in its chunk cache, 4 × maxChunkBytes here: 24 bytes cannot hold 26.
        let bytes = try Fixtures.bytes("orientation/orientation-7.png")
        #expect(throws: ImageError.limitExceeded(.chunkSize(bytes: 26, limit: 6))) {
            try Self.codecs.probe(.bytes(bytes), limits: DecodingLimits(maxChunkBytes: 6))
        }
        #expect(try Self.codecs.probe(.bytes(bytes), limits: DecodingLimits(maxChunkBytes: 7)).orientation == .rightMirrored)
    }

    @Test func aPNGeXIfWithoutAValidOrientationMeansUpright() throws {
        // An orientation of 9 and a directory offset past the end: TIFF structures libspng accepts.
        let nine = try Self.png(orientation: 6) { data in var copy = data; copy[19] = 9; return copy }
        #expect(try Self.codecs.probe(.bytes(nine)).orientation == .up)
        let far = try Self.png(orientation: 6) { data in var copy = data; copy[4] = 0x7F; return copy }
        #expect(try Self.codecs.probe(.bytes(far)).orientation == .up)
    }
}
