import PixelKit
import PixelKitJPEG
import Testing

/// The encoder records an EXIF orientation when asked, in a form our reader (and any EXIF reader)
/// finds, and records nothing by default.
@Suite("JPEG orientation tag")
struct JPEGOrientationTagTests {
    let image = RGBAImage(width: 12, height: 8, filledWith: (200, 100, 50, 255))

    @Test(arguments: ImageOrientation.allCases)
    func recordedOrientationIsReadBack(orientation: ImageOrientation) throws {
        let bytes = try JPEGCodec().encode(image, options: EncodeOptions(orientation: orientation))
        let info = try JPEGCodec().probe(.bytes(bytes), limits: .init())
        #expect(info.orientation == orientation)
        #expect(info.size == PixelSize(width: 12, height: 8), "the tag does not change the stored size")
        // Pixels are unaffected by the extra segment.
        let plain = try JPEGCodec().encode(image, options: EncodeOptions())
        #expect(try CodecRegistry([JPEGCodec()]).decodeImage(.bytes(bytes)).image
                == CodecRegistry([JPEGCodec()]).decodeImage(.bytes(plain)).image)
    }

    @Test func defaultWritesNoExifSegment() throws {
        let bytes = try JPEGCodec().encode(image, options: EncodeOptions())
        let exif = Array("Exif".utf8)
        let found = bytes.indices.dropLast(4).contains { Array(bytes[$0..<$0 + 4]) == exif }
        #expect(!found)
    }
}
