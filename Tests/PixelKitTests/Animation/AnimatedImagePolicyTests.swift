import Foundation
import PixelKit
import PixelKitGIF
import PixelKitJPEG
import PixelKitPNG
import PixelKitTestSupport
import PixelKitWebP
import Testing

/// One policy for animated images in every format: `ImageInfo.frames` counts them from the file's
/// structure (never decoding them, bounded by `maxFrames`), and decodes deliver the first frame (or
/// the default image) with no warning, strict mode included.
@Suite struct AnimatedImagePolicyTests {
    static let codecs = CodecRegistry([JPEGCodec(), PNGCodec(), WebPCodec(), GIFCodec()])

    /// (file, frames) for animations and stills of each format that has animations.
    static let files: [(String, Int)] = [
        ("gif/dispose_bgnd_transparency.gif", 10), ("gif/chelsea-interlaced.gif", 1),
        // delay.png: acTL declares 4 frames and no fcTL precedes IDAT, so the default image is a fifth (as Pillow counts).
        ("apng/delay.png", 5), ("apng/chunk_no_actl.png", 1),
        // An acTL after the first IDAT is not an animation (APNG, and Pillow, say so).
        ("apng/chunk_actl_after_idat.png", 1), ("pngsuite/basn6a08.png", 1),
        ("webp/red-then-blue-animated.webp", 2), ("webp/lossy_alpha1.webp", 1),
    ]

    @Test(arguments: files)
    func framesAreCountedAndTheFirstIsDecodedWithoutAWarning(_ file: String, _ frames: Int) throws {
        let source = ImageSource.file(path: Fixtures.path(file))
        let info = try Self.codecs.probe(source)
        #expect(info.frames == frames && info.isAnimated == (frames > 1))
        var sink = SummingSink()
        let report = try Self.codecs.decode(source, options: DecodeOptions(strictness: .strict), into: &sink)
        #expect(report.warnings.isEmpty && report.info.frames == frames)
        #expect(sink.rows == info.size.height)
    }

    @Test func theFirstFrameIsTheOneDelivered() throws {
        // The default image (IDAT, here also the first frame): opaque red, as Pillow 13.0.0's first frame.
        var sink = SummingSink()
        _ = try Self.codecs.decode(.file(path: Fixtures.path("apng/delay.png")), options: .init(), into: &sink)
        #expect(sink.means == [255, 0, 0, 255])
    }

    @Test(arguments: ["gif/dispose_bgnd_transparency.gif", "apng/delay.png", "webp/red-then-blue-animated.webp"])
    func frameCountsAreBoundedByTheLimit(_ file: String) throws {
        let limits = DecodingLimits(maxFrames: 1)
        #expect(throws: ImageError.self) { try Self.codecs.probe(.file(path: Fixtures.path(file)), limits: limits) }
        do {
            _ = try Self.codecs.probe(.file(path: Fixtures.path(file)), limits: limits)
        } catch {
            guard case .limitExceeded(.frameCount(_, 1)) = error.kind else {
                Issue.record("\(file): \(error)")
                return
            }
        }
    }

    /// `jpeg` with an APP2 `MPF` segment (an MP Index IFD whose NumberOfImages is `images`, in
    /// `byteOrder`) inserted after SOI: the header of an MPO, as cameras write for stereo pairs.
    static func mpo(_ jpeg: [UInt8], images: UInt32, littleEndian: Bool) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { littleEndian ? [UInt8(v & 255), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 255)] }
        func u32(_ v: UInt32) -> [UInt8] {
            let bytes = (0..<4).map { UInt8(v >> (8 * $0) & 255) }
            return littleEndian ? bytes : bytes.reversed()
        }
        let tiff = (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8)
            + u16(2) + u16(0xB000) + u16(7) + u32(4) + Array("0100".utf8)
            + u16(0xB001) + u16(4) + u32(1) + u32(images) + u32(0)
        let payload = Array("MPF\0".utf8) + tiff
        let segment: [UInt8] = [0xFF, 0xE2, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 255)] + payload
        return Array(jpeg.prefix(2)) + segment + jpeg.dropFirst(2)
    }

    @Test(arguments: [true, false])
    func anMPOsImagesAreCountedFromItsMPIndex(_ littleEndian: Bool) throws {
        let jpeg = try Fixtures.bytes("jpeg/libjpeg-turbo/testorig.jpg")
        let stereo = Self.mpo(jpeg, images: 2, littleEndian: littleEndian)
        let info = try Self.codecs.probe(.bytes(stereo))
        #expect(info.format == .jpeg && info.frames == 2 && info.isAnimated)
        var sink = SummingSink(), plain = SummingSink()
        let report = try Self.codecs.decode(.bytes(stereo), options: DecodeOptions(strictness: .strict), into: &sink)
        _ = try Self.codecs.decode(.bytes(jpeg), options: .init(), into: &plain)
        #expect(report.info.frames == 2 && report.warnings.isEmpty && sink.sums == plain.sums, "the first image, unchanged")
        #expect(try Self.codecs.probe(.bytes(jpeg)).frames == 1)
        #expect(throws: ImageError.limitExceeded(.frameCount(frames: 2, limit: 1))) {
            try Self.codecs.probe(.bytes(stereo), limits: DecodingLimits(maxFrames: 1))
        }
    }

    @Test func framesRoundTripThroughJSONAndOlderJSONMeansOne() throws {
        var info = ImageInfo(format: .gif, size: PixelSize(width: 2, height: 3), colorModel: .palette, frames: 7)
        let encoded = try JSONEncoder().encode(info)
        let object = try JSONSerialization.jsonObject(with: encoded) as? [String: Any]
        #expect(object?["frames"] as? Int == 7 && object?["animated"] as? Bool == true)
        #expect(try JSONDecoder().decode(ImageInfo.self, from: encoded) == info)
        let older = #"{"format":"png","width":1,"height":1,"orientation":1,"bitDepth":8,"hasAlpha":false,"colorModel":"rgb","progressive":false}"#
        info = try JSONDecoder().decode(ImageInfo.self, from: Data(older.utf8))
        #expect(info.frames == 1 && !info.isAnimated)
    }
}
