import PixelKit
import PixelKitJPEG
import PixelKitTestSupport
import Testing

/// EXIF orientation from APP1: recurser/exif-orientation-examples (`Landscape_N.jpg` carries
/// orientation N; `Landscape_0.jpg` has none) and hand-built TIFF structures.
@Suite struct JPEGOrientationTests {
    @Test(arguments: 0...8)
    func landscapeFixtureCarriesItsOrientation(number: Int) throws {
        let info = try JPEGTesting.codec.probe(.file(path: Fixtures.path("exif-orientation/Landscape_\(number).jpg")), limits: .init())
        #expect(info.orientation == (number == 0 ? .up : ImageOrientation(rawValue: number)))
        // The stored image is turned so that the orientation shows it as 1800×1200 landscape.
        #expect(info.orientedSize == PixelSize(width: 1800, height: 1200))
    }

    @Test func decodeReportCarriesTheOrientation() throws {
        var sink = SummingSink()
        let report = try JPEGTesting.codec.decode(
            .file(path: Fixtures.path("exif-orientation/Landscape_6.jpg")),
            options: .init(minimumSize: PixelSize(width: 1, height: 1)), into: &sink)
        #expect(report.info.orientation == .right)
    }

    /// A TIFF header, IFD0 with `entries` (tag, type, count, value), in either byte order.
    static func tiff(bigEndian: Bool, entries: [(tag: Int, type: Int, count: Int, value: Int)]) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] {
            bigEndian ? [UInt8(v >> 8 & 255), UInt8(v & 255)] : [UInt8(v & 255), UInt8(v >> 8 & 255)]
        }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        var bytes: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        bytes += u16(42) + u32(8) + u16(entries.count)
        for entry in entries {
            // A SHORT value is left-justified in the 4-byte value field.
            bytes += u16(entry.tag) + u16(entry.type) + u32(entry.count) + (entry.type == 3 ? u16(entry.value) + [0, 0] : u32(entry.value))
        }
        return bytes + u32(0)
    }

    @Test(arguments: [false, true], 1...8)
    func readsOrientationInBothByteOrders(bigEndian: Bool, value: Int) {
        let bytes = Self.tiff(bigEndian: bigEndian, entries: [(0x010F, 2, 4, 0), (0x0112, 3, 1, value), (0x011A, 5, 1, 100)])
        #expect(EXIFOrientationReader.orientation(fromTIFF: bytes) == ImageOrientation(rawValue: value))
    }

    @Test func rejectsDamagedOrMissingOrientation() {
        let valid = Self.tiff(bigEndian: false, entries: [(0x0112, 3, 1, 6)])
        #expect(EXIFOrientationReader.orientation(fromTIFF: valid) == .right)
        // Out-of-range values, wrong type, missing tag.
        #expect(EXIFOrientationReader.orientation(fromTIFF: Self.tiff(bigEndian: false, entries: [(0x0112, 3, 1, 0)])) == nil)
        #expect(EXIFOrientationReader.orientation(fromTIFF: Self.tiff(bigEndian: true, entries: [(0x0112, 3, 1, 9)])) == nil)
        #expect(EXIFOrientationReader.orientation(fromTIFF: Self.tiff(bigEndian: false, entries: [(0x0112, 4, 1, 6)])) == nil)
        #expect(EXIFOrientationReader.orientation(fromTIFF: Self.tiff(bigEndian: false, entries: [(0x0110, 2, 4, 0)])) == nil)
        // Bad byte-order mark, bad magic, IFD offset past the end, entry count past the end.
        var badMark = valid; badMark[0] = 0x4D
        #expect(EXIFOrientationReader.orientation(fromTIFF: badMark) == nil)
        var badMagic = valid; badMagic[2] = 43
        #expect(EXIFOrientationReader.orientation(fromTIFF: badMagic) == nil)
        var farOffset = valid; farOffset[4] = 0xF0; farOffset[7] = 0x7F
        #expect(EXIFOrientationReader.orientation(fromTIFF: farOffset) == nil)
        var manyEntries = valid; manyEntries[8] = 0xFF; manyEntries[9] = 0xFF
        manyEntries[10] = 0x01  // the first entry is no longer the orientation tag
        #expect(EXIFOrientationReader.orientation(fromTIFF: manyEntries) == nil)
        // Every truncation of a valid structure is handled.
        for length in 0..<valid.count {
            let result = EXIFOrientationReader.orientation(fromTIFF: Array(valid.prefix(length)))
            #expect(result == nil || length >= 20)
        }
        #expect(EXIFOrientationReader.orientation(fromTIFF: []) == nil)
    }
}
