import PixelKit
import PixelKitJPEG
import PixelKitTestSupport
import Testing

/// Issue 43, row 8: bytes after the end marker are not "Premature end of JPEG file". libjpeg's full
/// decode ignores them; a lenient reduced decode (here the progressive 1/8 shortcut, which stops
/// after the DC scans) must say the same, however long the trailer, while a file cut short still
/// gets the warning.
@Suite struct JPEGTrailerTests {
    static let progressive = "jpeg/libjpeg-turbo/testimgp.jpg"
    static let reduced = DecodeOptions(minimumSize: PixelSize(width: 1, height: 1))

    static func warnings(_ bytes: [UInt8], from file: Bool) throws -> [String] {
        if !file { return try JPEGTesting.image(bytes, options: reduced).report.warnings.map(\.message) }
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write(bytes, to: "input.jpg")
        var sink = SummingSink()
        return try JPEGCodec().decode(.file(path: directory.file("input.jpg")), options: reduced, into: &sink).warnings.map(\.message)
    }

    @Test(arguments: [false, true])
    func aLongTrailerAfterTheEndMarkerIsNoWarning(fromFile: Bool) throws {
        let original = try Fixtures.bytes(Self.progressive)
        for trailer in [[UInt8](repeating: 0, count: 8000), [UInt8](repeating: 0x41, count: 70_000), [0xFF, 0xD8] + [UInt8](repeating: 7, count: 5000)] {
            let bytes = original + trailer
            #expect(try Self.warnings(bytes, from: fromFile) == [], "a \(trailer.count)-byte trailer")
            // libjpeg's full decode agrees.
            #expect(try JPEGTesting.image(bytes, options: DecodeOptions()).report.warnings.isEmpty)
        }
        // Cut inside its last scan: the reduced decode still says so.
        let cut = Array(original.prefix(original.count - 100))
        #expect(try Self.warnings(cut, from: fromFile) == ["Premature end of JPEG file"])
    }
}
