import Foundation
import PixelKit
import PixelKitGIF
import PixelKitTestSupport
import Testing

/// GIF through giflib: first-frame means against Pillow 13.0.0, probe facts and frame counts from
/// the block walk, the canvas around the first frame, limits before decoding, typed errors on damage.
@Suite struct GIFDecodeTests {
    static let codec = GIFCodec()

    /// One entry of `Fixtures/gif/pillow_means.json`: what Pillow 13.0.0 makes of the first frame
    /// (`convert("RGBA")`, plain mean of each channel) and its frame count.
    struct PillowMean: Decodable, Sendable, CustomTestStringConvertible {
        let file: String
        let width: Int
        let height: Int
        let frames: Int
        let mean_plain: [Double]
        var testDescription: String { file }
    }

    static let pillowMeans: [PillowMean] = {
        let url = Fixtures.root.appendingPathComponent("gif/pillow_means.json")
        return try! JSONDecoder().decode([PillowMean].self, from: Data(contentsOf: url))
    }()

    static func sums(_ source: ImageSource, options: DecodeOptions = .init()) throws -> (SummingSink, DecodeReport) {
        var sink = SummingSink()
        let report = try codec.decode(source, options: options, into: &sink)
        return (sink, report)
    }

    static func image(_ source: ImageSource) throws -> RGBAImage {
        var collector = RGBAImageCollector()
        _ = try codec.decode(source, options: .init(), into: &collector)
        return collector.image
    }

    @Test func referenceListsEveryFixture() {
        let files = Fixtures.files(in: "gif", where: { $0.hasSuffix(".gif") })
        #expect(files.count == 14 && Self.pillowMeans.map { "gif/\($0.file)" } == files)
    }

    /// `issue_2811.gif` is left out: its LZW minimum code size is 11, which giflib cannot read.
    @Test(arguments: pillowMeans.filter { $0.file != "issue_2811.gif" })
    func firstFrameMeansMatchPillow(_ reference: PillowMean) throws {
        let path = Fixtures.path("gif/\(reference.file)")
        let info = try Self.codec.probe(.file(path: path), limits: .init())
        #expect(info.format == .gif && info.size == PixelSize(width: reference.width, height: reference.height))
        for source in [ImageSource.file(path: path), .bytes(try Fixtures.bytes("gif/\(reference.file)"))] {
            let (sink, report) = try Self.sums(source, options: DecodeOptions(strictness: .strict))
            #expect(report.info == info, "the decode walks the blocks as the probe does")
            #expect(report.outputSize == info.size && sink.rows == info.size.height && report.warnings.isEmpty)
            for band in 0..<4 {
                #expect(abs(sink.means[band] - reference.mean_plain[band]) < 0.5,
                        "band \(band): \(sink.means[band]) against Pillow's \(reference.mean_plain[band])")
            }
        }
    }

    @Test func anLZWCodeSizeAboveEightIsUnsupported() throws {
        let path = Fixtures.path("gif/issue_2811.gif")
        #expect(try Self.codec.probe(.file(path: path), limits: .init()).size == PixelSize(width: 100, height: 100))
        #expect(throws: ImageError.unsupported(format: .gif, feature: "an LZW minimum code size of 11 (giflib reads 1 to 8)")) {
            try Self.sums(.file(path: path))
        }
    }

    @Test func probeReportsTheFirstFramesFacts() throws {
        let interlaced = try Self.codec.probe(.file(path: Fixtures.path("gif/chelsea-interlaced-local-table.gif")), limits: .init())
        #expect(interlaced.isProgressive && interlaced.colorModel == .palette && interlaced.bitDepth == 8 && !interlaced.hasAlpha)
        // 27 of the canvas's 38 columns, with a transparent index.
        let partial = try Self.codec.probe(.file(path: Fixtures.path("gif/dispose_bgnd_transparency.gif")), limits: .init())
        #expect(partial.hasAlpha && !partial.isProgressive && partial.size == PixelSize(width: 38, height: 32))
        let gray = try Self.codec.probe(.file(path: Fixtures.path("gif/no_palette.gif")), limits: .init())
        #expect(gray.colorModel == .gray && !gray.hasAlpha)
        let fourColors = try Self.codec.probe(.file(path: Fixtures.path("gif/transparent_dispose.gif")), limits: .init())
        #expect(fourColors.bitDepth == 2 && fourColors.hasAlpha)
    }

    @Test func theLocalColorTableWinsOverTheGlobalOne() throws {
        // The global table of this file holds every color inverted: using it would give 255 − mean.
        let (local, _) = try Self.sums(.file(path: Fixtures.path("gif/chelsea-interlaced-local-table.gif")))
        let (global, _) = try Self.sums(.file(path: Fixtures.path("gif/chelsea-interlaced.gif")))
        #expect(local.sums == global.sums)
    }

    /// A GIF written here: canvas `canvas`, `frames` copies of one frame at `rect` of `indices`, a
    /// 4-color global table (black, red, green, blue), optionally a transparent index.
    static func gif(canvas: PixelSize, rect: PixelRect, indices: [UInt8], transparent: UInt8? = nil, frames: Int = 1) -> [UInt8] {
        let frame = GIFWriter.Frame(x: rect.x, y: rect.y, width: rect.width, height: rect.height, indices: indices, transparentIndex: transparent)
        return GIFWriter.gif(
            width: canvas.width, height: canvas.height, globalColors: [[0, 0, 0], [255, 0, 0], [0, 255, 0], [0, 0, 255]],
            frames: Array(repeating: frame, count: frames))
    }

    @Test func pixelsOutsideTheFirstFrameAreTransparent() throws {
        // A 2×1 red frame at (1, 1) on a 4×3 canvas with no transparent index: 2 of 12 pixels red.
        let bytes = Self.gif(canvas: PixelSize(width: 4, height: 3), rect: PixelRect(x: 1, y: 1, width: 2, height: 1), indices: [1, 1])
        let image = try Self.image(.bytes(bytes))
        #expect(image.size == PixelSize(width: 4, height: 3))
        for y in 0..<3 {
            for x in 0..<4 {
                let inside = y == 1 && (x == 1 || x == 2)
                #expect(Array(image.pixels[(y * 4 + x) * 4..<(y * 4 + x) * 4 + 4]) == (inside ? [255, 0, 0, 255] : [0, 0, 0, 0]), "(\(x), \(y))")
            }
        }
        #expect(try Self.codec.probe(.bytes(bytes), limits: .init()).hasAlpha)
    }

    @Test func theTransparentIndexHasAlphaZero() throws {
        let bytes = Self.gif(canvas: PixelSize(width: 3, height: 1), rect: PixelRect(x: 0, y: 0, width: 3, height: 1), indices: [1, 3, 2], transparent: 3)
        let image = try Self.image(.bytes(bytes))
        #expect(image.pixels == [255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 255])
    }

    @Test func aFrameReachingPastTheCanvasIsClipped() throws {
        let bytes = Self.gif(canvas: PixelSize(width: 2, height: 2), rect: PixelRect(x: 1, y: 1, width: 3, height: 3), indices: Array(repeating: 2, count: 9))
        let image = try Self.image(.bytes(bytes))
        #expect(image.pixels == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 0, 255])
    }

    @Test func framesAreCountedAndBoundedWithoutDecoding() throws {
        let bytes = Self.gif(canvas: PixelSize(width: 2, height: 1), rect: PixelRect(x: 0, y: 0, width: 2, height: 1), indices: [1, 2], frames: 40)
        #expect(throws: ImageError.limitExceeded(.frameCount(frames: 31, limit: 30))) {
            try Self.codec.probe(.bytes(bytes), limits: DecodingLimits(maxFrames: 30))
        }
        var sink = SummingSink()
        #expect(throws: ImageError.limitExceeded(.frameCount(frames: 31, limit: 30))) {
            try Self.codec.decode(.bytes(bytes), options: DecodeOptions(limits: DecodingLimits(maxFrames: 30)), into: &sink)
        }
        #expect(sink.rows == 0, "refused before any row")
        let extensions = Self.gif(canvas: PixelSize(width: 2, height: 1), rect: PixelRect(x: 0, y: 0, width: 2, height: 1), indices: [1, 2], transparent: 0, frames: 12)
        #expect(throws: ImageError.limitExceeded(.chunkCount(kind: "GIF extensions", count: 11, limit: 10))) {
            try Self.codec.probe(.bytes(extensions), limits: DecodingLimits(maxChunkCount: 10))
        }
    }

    @Test func theCanvasAndTheFirstFrameAreCheckedAgainstTheLimits() throws {
        let wide = Self.gif(canvas: PixelSize(width: 60_000, height: 60_000), rect: PixelRect(x: 0, y: 0, width: 1, height: 1), indices: [1])
        #expect(throws: ImageError.limitExceeded(.pixelCount(width: 60_000, height: 60_000, limit: 200_000_000))) {
            try Self.codec.probe(.bytes(wide), limits: .init())
        }
        // A small canvas whose first frame declares 65535×65535 LZW output.
        let bomb = Self.gif(canvas: PixelSize(width: 1, height: 1), rect: PixelRect(x: 0, y: 0, width: 65_535, height: 65_535), indices: [1])
        #expect(throws: ImageError.limitExceeded(.pixelCount(width: 65_535, height: 65_535, limit: 200_000_000))) {
            try Self.codec.probe(.bytes(bomb), limits: .init())
        }
        let interlaced = try Fixtures.bytes("gif/chelsea-interlaced.gif")
        var sink = SummingSink()
        #expect(throws: ImageError.limitExceeded(.memory(bytes: 72 * 48, limit: 1000))) {
            try Self.codec.decode(.bytes(interlaced), options: DecodeOptions(limits: DecodingLimits(maxMemoryBytes: 1000)), into: &sink)
        }
    }

    @Test func brokenFilesGiveTypedErrors() throws {
        let good = try Fixtures.bytes("gif/chelsea-zero-comment-subblocks.gif")
        #expect(throws: ImageError.malformed(format: .gif, message: "no GIF87a or GIF89a signature")) {
            try Self.codec.probe(.bytes(Array("GIF88a".utf8) + good.dropFirst(6)), limits: .init())
        }
        #expect(throws: ImageError.truncated(format: .gif, message: "the file ends inside the logical screen descriptor")) {
            try Self.codec.probe(.bytes(Array(good.prefix(10))), limits: .init())
        }
        #expect(throws: ImageError.emptyInput) { try Self.codec.probe(.bytes([]), limits: .init()) }
        // Cut inside the first frame's data: the probe refuses it, strict decoding too.
        let cut = Array(good.prefix(good.count / 2))
        #expect(throws: ImageError.truncated(format: .gif, message: "the file ends inside image data")) {
            try Self.codec.probe(.bytes(cut), limits: .init())
        }
        let noImage = Array(good.prefix(13 + 768)) + [0x3B]
        #expect(throws: ImageError.malformed(format: .gif, message: "the file has no image")) {
            try Self.codec.probe(.bytes(noImage), limits: .init())
        }
    }

    /// Issue 43, row 14: a logical screen declaring a width or height of 0 is malformed, not "longer than 65535 pixels".
    @Test func anEmptyLogicalScreenIsMalformed() throws {
        for canvas in [PixelSize(width: 0, height: 32), PixelSize(width: 32, height: 0)] {
            let bytes = Self.gif(canvas: canvas, rect: PixelRect(x: 0, y: 0, width: 1, height: 1), indices: [1])
            let refusal = ImageError.malformed(format: .gif, message: "the logical screen is empty (\(canvas.width)×\(canvas.height))")
            #expect(throws: refusal) { try Self.codec.probe(.bytes(bytes), limits: .init()) }
            #expect(throws: refusal) { try Self.sums(.bytes(bytes)) }
        }
        #expect(LimitViolation.dimension(width: 0, height: 32, limit: 65_535).description == "0×32 has no pixels")
    }

    @Test func damageInsideTheFirstFrameIsAWarningWhenLenientAndAnErrorWhenStrict() throws {
        // Overwrite the LZW data with codes past the table (giflib: image defect), keeping the blocks intact.
        var corrupt = Self.gif(canvas: PixelSize(width: 4, height: 4), rect: PixelRect(x: 0, y: 0, width: 4, height: 4), indices: Array(repeating: 1, count: 16))
        let dataStart = corrupt.firstIndex(of: 0x2C)! + 10
        for i in (dataStart + 4)..<(corrupt.count - 2) where corrupt[i - 1] != 0 { corrupt[i] = 0xFF }
        let (sink, report) = try Self.sums(.bytes(corrupt))
        #expect(report.warnings.count == 1 && report.warnings[0].message.contains("left transparent"), "\(report.warnings)")
        #expect(sink.rows == 4 && sink.means[3] < 255)
        do {
            _ = try Self.sums(.bytes(corrupt), options: DecodeOptions(strictness: .strict))
            Issue.record("strict decoding accepted damaged data")
        } catch {
            switch error as? ImageError {
            case .malformed(.gif, _)?, .truncated(.gif, _)?: break
            default: Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func aFileEndingInsideALaterFrameDecodesItsCompleteFirstFrame() throws {
        let whole = Self.gif(canvas: PixelSize(width: 2, height: 1), rect: PixelRect(x: 0, y: 0, width: 2, height: 1), indices: [1, 2], frames: 3)
        let cut = Array(whole.dropLast(4))
        #expect(try Self.codec.probe(.bytes(cut), limits: .init()).size == PixelSize(width: 2, height: 1))
        let (sink, report) = try Self.sums(.bytes(cut))
        #expect(sink.means == [127.5, 127.5, 0, 255] && report.warnings.count == 1)
        #expect(throws: ImageError.self) { try Self.sums(.bytes(cut), options: DecodeOptions(strictness: .strict)) }
    }

    @Test func anInterruptedDecodeStops() throws {
        var sink = SummingSink()
        let options = DecodeOptions(deadline: DecodeDeadline(instant: .now, timeout: .zero))
        #expect(throws: ImageError.limitExceeded(.deadline(timeout: .zero))) {
            try Self.codec.decode(.file(path: Fixtures.path("gif/chelsea-interlaced.gif")), options: options, into: &sink)
        }
    }
}
