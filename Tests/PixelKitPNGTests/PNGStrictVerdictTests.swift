import PixelKit
import PixelKitPNG
import PixelKitTestSupport
import Testing

/// A strict PNG decode reads to IEND, checking every CRC, even when its sink wants no more rows
/// (a region average), so that it fails exactly when the full decode does (Docs/Security.md,
/// "One verdict").
@Suite("PNG: strict early-stopping and full decodes reach one verdict")
struct PNGStrictVerdictTests {
    /// `photos/coffee.png` with the CRC of its last chunk before IEND (image data) broken.
    static func lastCRCBroken() throws -> [UInt8] {
        var bytes = try Fixtures.bytes("photos/coffee.png")
        // IEND is the last 12 bytes; the CRC before it closes the last IDAT.
        #expect(Array(bytes[(bytes.count - 8)..<(bytes.count - 4)]) == Array("IEND".utf8))
        bytes[bytes.count - 13] ^= 0x5A
        return bytes
    }

    @Test func regionAverageChecksTheLastCRC() throws {
        let bytes = try Self.lastCRCBroken()
        let exact = try #require(StrictVerdict.exact(bytes))
        var options = AverageOptions(accuracy: .fast, region: PixelRect(x: 0, y: 0, width: 16, height: 4))
        options.decoding.strictness = .strict
        #expect(throws: exact) { try StrictVerdict.codecs.averageColor(of: .bytes(bytes), options: options) }
        for (name, fast) in StrictVerdict.fastVerdicts(bytes) {
            #expect(fast == exact, "\(name)")
        }
    }
}
