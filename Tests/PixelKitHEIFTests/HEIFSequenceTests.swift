import PixelKit
@testable import PixelKitHEIF
import PixelKitTestSupport
import Testing

/// HEIF/AVIF image sequences: `frames` is the sample count of the first visual track, read from the
/// ISO-BMFF boxes without decoding; decodes deliver the primary image with no warning, strict
/// included. The fixtures were made by `heif/make-avif-sequences.py` (Pillow 13, libavif 1.4.2), and
/// Pillow's `n_frames` read the same counts back from them (libavif's own parser, not ours).
@Suite struct HEIFSequenceTests {
    static let codecs = CodecRegistry([HEIFCodec()])

    @Test(arguments: [("heif/sequence-5-frames.avif", 5, false), ("heif/sequence-3-frames-alpha.avif", 3, true)])
    func aSequencesFramesAreCountedAndItsPrimaryImageDecoded(_ file: String, _ frames: Int, _ alpha: Bool) throws {
        let source = ImageSource.file(path: Fixtures.path(file))
        let info = try Self.codecs.probe(source)
        #expect(info.format == .avif && info.frames == frames && info.isAnimated && info.hasAlpha == alpha)
        #expect(info.size == PixelSize(width: 16, height: 12))
        // Decoding needs libheif's AV1 decoder; the frame count does not.
        var sink = SummingSink()
        let report = try Self.codecs.decode(source, options: DecodeOptions(strictness: .strict), into: &sink)
        #expect(report.warnings.isEmpty && report.info.frames == frames && sink.rows == 12)
        // The first frame is opaque red (within AV1's loss).
        #expect(sink.means[0] > 240 && sink.means[1] < 16 && sink.means[2] < 16)
    }

    @Test(arguments: ["heif/example.heic", "heif/coffee.avif"])
    func aStillImageIsOneFrame(_ file: String) throws {
        let info = try Self.codecs.probe(.file(path: Fixtures.path(file)))
        #expect(info.frames == 1 && !info.isAnimated)
    }

    @Test func theFrameCountIsBoundedByTheLimits() throws {
        let source = ImageSource.bytes(try Fixtures.bytes("heif/sequence-5-frames.avif"))
        #expect(throws: ImageError.limitExceeded(.frameCount(frames: 5, limit: 4))) {
            try Self.codecs.probe(source, limits: DecodingLimits(maxFrames: 4))
        }
        #expect(try Self.codecs.probe(source, limits: DecodingLimits(maxFrames: 5)).frames == 5)
        // ftyp, meta, moov: the walk stops at the third box when only two may be read.
        #expect(throws: ImageError.limitExceeded(.chunkCount(kind: "HEIF boxes", count: 3, limit: 2))) {
            try Self.codecs.probe(source, limits: DecodingLimits(maxChunkCount: 2))
        }
    }

    // MARK: Box structures built here

    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        be32(body.count + 8) + Array(type.utf8) + body
    }

    static func be32(_ value: Int) -> [UInt8] { (0..<4).reversed().map { UInt8(value >> (8 * $0) & 0xFF) } }

    /// A `trak` with a handler and a sample table holding `stsz` (sample count) or `stts` runs.
    static func track(handler: String, samples: Int? = nil, runs: [Int] = []) -> [UInt8] {
        let hdlr = box("hdlr", [0, 0, 0, 0] + [0, 0, 0, 0] + Array(handler.utf8) + [UInt8](repeating: 0, count: 13))
        var table: [UInt8] = []
        if let samples { table += box("stsz", [0, 0, 0, 0] + be32(0) + be32(samples)) }
        if !runs.isEmpty { table += box("stts", [0, 0, 0, 0] + be32(runs.count) + runs.flatMap { be32($0) + be32(100) }) }
        return box("trak", box("mdia", hdlr + box("minf", box("stbl", table))))
    }

    static func file(_ tracks: [UInt8]) -> [UInt8] {
        box("ftyp", Array("avisavifmsf1".utf8)) + box("moov", box("mvhd", [UInt8](repeating: 0, count: 100)) + tracks)
    }

    @Test func theFirstVisualTrackCounts() throws {
        // An alpha track (auxv) comes first here: it is skipped.
        let bytes = Self.file(Self.track(handler: "auxv", samples: 7) + Self.track(handler: "pict", samples: 3) + Self.track(handler: "vide", samples: 9))
        #expect(try HEIFSequence.frameCount(bytes, limits: .init()) == 3)
        #expect(try HEIFSequence.frameCount(Self.file(Self.track(handler: "vide", samples: 4)), limits: .init()) == 4)
    }

    @Test func withoutASampleSizeBoxTheTimeToSampleRunsAreSummed() throws {
        #expect(try HEIFSequence.frameCount(Self.file(Self.track(handler: "pict", runs: [2, 5, 1])), limits: .init()) == 8)
        #expect(throws: ImageError.limitExceeded(.frameCount(frames: 7, limit: 6))) {
            try HEIFSequence.frameCount(Self.file(Self.track(handler: "pict", runs: [2, 5, 1])), limits: DecodingLimits(maxFrames: 6))
        }
        // An entry count far beyond the box is read only as far as the box goes.
        var lying = Self.file(Self.track(handler: "pict", runs: [2, 5]))
        let stts = try #require(lying.indices.first { lying[$0..<min($0 + 4, lying.count)].elementsEqual("stts".utf8) })
        lying.replaceSubrange(stts + 8..<stts + 12, with: [0x7F, 0xFF, 0xFF, 0xFF])
        #expect(try HEIFSequence.frameCount(lying, limits: .init()) == 7)
    }

    @Test func damagedOrAbsentStructuresCountOneFrame() throws {
        let good = Self.file(Self.track(handler: "pict", samples: 3))
        #expect(try HEIFSequence.frameCount(good, limits: .init()) == 3)
        // No moov, moov cut short, a box size past its parent, a size smaller than its header, a
        // 64-bit size beyond anything: each is one image, never a crash.
        #expect(try HEIFSequence.frameCount(Self.box("ftyp", Array("avif".utf8)), limits: .init()) == 1)
        for length in stride(from: 0, to: good.count, by: 7) {
            #expect(try HEIFSequence.frameCount(Array(good.prefix(length)), limits: .init()) == 1)
        }
        let moov = try #require(good.indices.first { good[$0..<min($0 + 4, good.count)].elementsEqual("moov".utf8) }) - 4
        for size in [[0xFF, 0xFF, 0xFF, 0xF0], [0, 0, 0, 7]] as [[UInt8]] {
            var broken = good
            broken.replaceSubrange(moov..<moov + 4, with: size)
            #expect(try HEIFSequence.frameCount(broken, limits: .init()) == 1)
        }
        var huge = Array(good[..<moov]) + [0, 0, 0, 1] + Array("moov".utf8) + [0xFF, 0, 0, 0, 0, 0, 0, 0]
        huge += good[(moov + 8)...]
        #expect(try HEIFSequence.frameCount(huge, limits: .init()) == 1)
        // A size of 0 runs to the end of the parent: moov is the last box, so it still counts.
        var open = good
        open.replaceSubrange(moov..<moov + 4, with: [0, 0, 0, 0])
        #expect(try HEIFSequence.frameCount(open, limits: .init()) == 3)
    }
}
