import PixelKit
import PixelKitGIF
import PixelKitTestSupport
import Testing

/// Animated GIFs whose first frame differs from the later ones in every way that could lead a
/// first-frame decoder astray (issue 43 row 15): a first frame smaller than the canvas with a later
/// frame covering it, a local table on the first frame and the global one on the next, disposal
/// methods, a transparent index, interlacing, looping, comment and unknown application blocks
/// before the first descriptor. The expected pixels are built here from the tables and indices
/// written, not by any decoder.
@Suite struct GIFAnimatedFirstFrameTests {
    static let global: [[UInt8]] = [[10, 20, 30], [200, 0, 0], [0, 200, 0], [0, 0, 200]]
    static let local: [[UInt8]] = [[250, 250, 0], [0, 250, 250], [250, 0, 250], [90, 90, 90]]
    static let canvas = PixelSize(width: 12, height: 10)

    /// First frame: 6×7 at (2, 3), interlaced, local table, transparent index 3, disposal 2
    /// (restore to background). Then a full-canvas frame from the global table and a small
    /// frame with a local table of its own.
    static let first = GIFWriter.Frame(
        x: 2, y: 3, width: 6, height: 7, indices: (0..<42).map { (i: Int) -> UInt8 in UInt8((i % 6 * 3 + i / 6) % 4) },
        localColors: local, interlaced: true, transparentIndex: 3, disposal: 2)
    static let later = [
        GIFWriter.Frame(width: 12, height: 10, indices: [UInt8](repeating: 1, count: 120), disposal: 1),
        GIFWriter.Frame(width: 4, height: 4, indices: [UInt8](repeating: 2, count: 16), localColors: global.reversed(), disposal: 3),
    ]

    /// The first frame on the canvas as documented: its pixels inside its rectangle, alpha 0 at the
    /// transparent index, and outside it the transparent index's color at alpha 0 (Pillow's RGBA).
    static func expectedFirstFrame() -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let inside = x >= first.x && x < first.x + first.width && y >= first.y && y < first.y + first.height
                let index = inside ? Int(first.indices[(y - first.y) * first.width + (x - first.x)]) : 3
                pixels += local[index] + [inside && index != 3 ? 255 : 0]
            }
        }
        return pixels
    }

    static func decoded(_ bytes: [UInt8]) throws -> (RGBAImage, DecodeReport) {
        var collector = RGBAImageCollector()
        let report = try GIFCodec().decode(.bytes(bytes), options: .init(strictness: .strict), into: &collector)
        return (collector.image, report)
    }

    @Test(arguments: [false, true])
    func theFirstFrameIsDecodedNotALaterOne(preamble: Bool) throws {
        let bytes = GIFWriter.gif(width: Self.canvas.width, height: Self.canvas.height, globalColors: Self.global, frames: [Self.first] + Self.later, preamble: preamble)
        let (image, report) = try Self.decoded(bytes)
        #expect(image.size == Self.canvas)
        #expect(image.pixels == Self.expectedFirstFrame())
        #expect(report.warnings.isEmpty && report.info.frames == 3 && report.info.hasAlpha && report.info.isProgressive)
    }

    @Test func theSameFramesInAnotherOrderGiveTheOtherFirstFrame() throws {
        // The full-canvas global-table frame first: every pixel is global color 1, whatever follows.
        let bytes = GIFWriter.gif(width: Self.canvas.width, height: Self.canvas.height, globalColors: Self.global, frames: Self.later + [Self.first], preamble: true)
        let (image, _) = try Self.decoded(bytes)
        #expect(image.pixels == Array([[UInt8]](repeating: Self.global[1] + [255], count: 120).joined()))
    }

    /// The average of an opaque first frame covered by a second frame of another color.
    @Test func theAverageColorIsTheFirstFramesMean() throws {
        let codecs = CodecRegistry([GIFCodec()])
        let animation = GIFWriter.animationWithOpaqueFirstFrame()
        for accuracy in [AverageAccuracy.fast, .exact] {
            let result = try codecs.averageColor(of: animation.bytes, options: .init(accuracy: accuracy))
            for (got, want) in zip(result.color.components, animation.firstFrameMean) {
                #expect(abs(got - want) < 1e-9, "\(accuracy): \(result.color.components) against \(animation.firstFrameMean)")
            }
        }
    }
}
