import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitTestSupport
import Testing

/// Fast (1/8, DC scans only) and exact (libjpeg, full size) decodes treat the same damage the same
/// way: a warning in lenient mode, an error in strict mode. A progressive JPEG whose SOF height was
/// doubled (so its scans end early, at the next marker) used to fail fast but pass exact.
@Suite("JPEG damage: fast and exact agree")
struct JPEGDamageAgreementTests {
    /// `testimgp.jpg` with the frame height doubled in its SOF2 segment.
    static func shortProgressive() throws -> [UInt8] {
        var bytes = try Fixtures.bytes("jpeg/libjpeg-turbo/testimgp.jpg")
        var index = 2
        while index + 8 < bytes.count {
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if marker == 0xC2 {
                let height = (Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])) * 2
                bytes[index + 5] = UInt8(height >> 8)
                bytes[index + 6] = UInt8(height & 0xFF)
                return bytes
            }
            index += 2 + length
        }
        throw ImageError.malformed(format: .jpeg, message: "no SOF2 in the fixture")
    }

    static let codecs = CodecRegistry([JPEGCodec()])

    static func average(_ bytes: [UInt8], _ accuracy: AverageAccuracy, _ strictness: DecodeOptions.Strictness) throws -> AverageResult {
        var options = AverageOptions(accuracy: accuracy)
        options.decoding.strictness = strictness
        return try codecs.averageColor(of: .bytes(bytes), options: options)
    }

    @Test func lenientFastAndExactBothWarn() throws {
        let bytes = try Self.shortProgressive()
        let fast = try Self.average(bytes, .fast, .lenient)
        let exact = try Self.average(bytes, .exact, .lenient)
        let message = "Corrupt JPEG data: premature end of data segment"
        #expect(fast.warnings.map(\.message).contains(message))
        #expect(exact.warnings.map(\.message).contains(message))
        // The damaged half decodes alike in both (zeros after the marker): the means stay close.
        #expect(abs(fast.color.red - exact.color.red) < 2 && abs(fast.color.blue - exact.color.blue) < 2)
    }

    @Test func strictFastAndExactBothFail() throws {
        let bytes = try Self.shortProgressive()
        let expected = ImageError.malformed(format: .jpeg, message: "Corrupt JPEG data: premature end of data segment")
        #expect(throws: expected) { try Self.average(bytes, .fast, .strict) }
        #expect(throws: expected) { try Self.average(bytes, .exact, .strict) }
    }
}
