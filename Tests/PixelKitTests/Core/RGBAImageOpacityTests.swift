import PixelKit
import Testing

@Suite("RGBAImage opacity")
struct RGBAImageOpacityTests {
    @Test("Opaque whatever the colors; an empty image is opaque")
    func opaqueImages() {
        #expect(RGBAImage(width: 7, height: 3, filledWith: (0, 0, 0, 255)).isOpaque)
        #expect(RGBAImage(width: 1, height: 1, filledWith: (12, 200, 3, 255)).isOpaque)
        #expect(RGBAImage(width: 0, height: 0).isOpaque)
    }

    @Test("One pixel below 255 anywhere makes it not opaque; bright colors are not mistaken for alpha",
          arguments: [0, 1, 16, 20])
    func oneTranslucentPixel(index: Int) {
        var image = RGBAImage(width: 7, height: 3, filledWith: (255, 255, 255, 255))
        image.pixels[index * 4 + 3] = 254
        #expect(!image.isOpaque)
        #expect(!RGBAImage(width: 7, height: 3, filledWith: (255, 255, 255, 0)).isOpaque)
    }
}
