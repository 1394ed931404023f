import PixelKit
import PixelKitPNG
import PixelKitTestSupport
import Testing

/// A tRNS color key beyond the image's bit depth matches no pixel: the chunk is ignored with a
/// warning (strict refuses the file) and the image has no alpha, in `probe` as in `decode`.
@Suite struct PNGColorKeyTests {
    /// Pillow's `1_trns.png`: 64×64, 1-bit gray, tRNS gray key 255.
    static let oneBitFile = "pillow/1_trns.png"

    @Test func aOneBitGrayKeyOf255IsIgnoredWithAWarning() throws {
        let source = ImageSource.file(path: Fixtures.path(Self.oneBitFile))
        let probed = try PNGTestSupport.codec.probe(source, limits: .init())
        #expect(probed.bitDepth == 1 && probed.colorModel == .gray)
        #expect(!probed.hasAlpha)
        let (sink, report) = try PNGTestSupport.sums(source)
        #expect(!report.info.hasAlpha)
        #expect(report.warnings == [DecodeWarning(
            format: .png, message: "tRNS ignored: its gray key 255 is out of range for 1-bit samples (0…1), so no pixel is transparent")])
        // Every pixel opaque; the gray mean is Pillow's (124.138…, which, keeping the key, hides the white).
        #expect(sink.means[3] == 255)
        #expect(abs(sink.means[0] - 124.13818359375) < 0.000001)
    }

    @Test func strictDecodingRefusesTheKey() throws {
        let error = PNGTestSupport.decodeError(.file(path: Fixtures.path(Self.oneBitFile)), options: DecodeOptions(strictness: .strict))
        guard case .malformed(.png, let message) = error else {
            Issue.record("expected a malformed PNG, got \(String(describing: error))")
            return
        }
        #expect(message.contains("tRNS ignored: its gray key 255"))
    }

    /// An 86×1 black RGB image (one 259-byte row) with the tRNS key `red, 0, 0`.
    static func blackRow(keyRed: UInt16) -> [UInt8] {
        var file = PNGFileBuilder()
        file.chunk("IHDR", PNGFileBuilder.ihdr(width: 86, height: 1, colorType: 2))
        file.chunk("tRNS", [UInt8(keyRed >> 8), UInt8(keyRed & 0xFF), 0, 0, 0, 0])
        file.chunk("IDAT", PNGDeflateBomb.zlib(repeating: 0, runs: 1))
        file.chunk("IEND", [])
        return file.bytes
    }

    @Test func anRGBKeyBeyond8BitsIsIgnoredAndAnInRangeOneApplies() throws {
        let ignored = ImageSource.bytes(Self.blackRow(keyRed: 256))
        #expect(try !PNGTestSupport.codec.probe(ignored, limits: .init()).hasAlpha)
        let (opaque, report) = try PNGTestSupport.sums(ignored)
        #expect(opaque.means == [0, 0, 0, 255])
        #expect(report.warnings.map(\.message) == ["tRNS ignored: its red key 256 is out of range for 8-bit samples (0…255), so no pixel is transparent"])

        let applied = ImageSource.bytes(Self.blackRow(keyRed: 0))
        #expect(try PNGTestSupport.codec.probe(applied, limits: .init()).hasAlpha)
        let (transparent, clean) = try PNGTestSupport.sums(applied)
        #expect(transparent.means[3] == 0 && clean.warnings.isEmpty)
    }
}
