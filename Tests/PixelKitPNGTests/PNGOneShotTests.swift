import PixelKit
@_spi(Testing) import PixelKitPNG
import PixelKitTestSupport
import Testing

/// Row streaming (including our assembly of Adam7 passes) against libspng's one-shot decode.
@Suite("PNG row streaming vs one-shot")
struct PNGOneShotTests {
    static let files = Fixtures.files(in: "pngsuite") { $0.hasSuffix(".png") && !$0.hasPrefix("x") }
        + Fixtures.files(in: "photos") { $0.hasSuffix(".png") }

    @Test(arguments: files)
    func streamingEqualsOneShot(path: String) throws {
        let bytes = try Fixtures.bytes(path)
        let whole = try PNGCodec().decodeWholeImage(bytes)
        var collector = RGBAImageCollector()
        _ = try PNGCodec().decode(.bytes(bytes), options: DecodeOptions(strictness: .strict), into: &collector)
        #expect(collector.image == whole)
    }

    @Test func oneShotRejectsTheCorruptFiles() throws {
        for path in Fixtures.files(in: "pngsuite", where: { $0.hasPrefix("x") }) {
            #expect(throws: ImageError.self, "\(path)") { try PNGCodec().decodeWholeImage(try Fixtures.bytes(path)) }
        }
    }
}
