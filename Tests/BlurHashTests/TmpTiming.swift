import BlurHash
import PixelKit
import Testing

@Test func tmpTiming() throws {
    let clock = ContinuousClock()
    var t = clock.now
    let image = try Fixtures.image("blurhash/pic1.png")
    print("decode", t.duration(to: clock.now)); t = clock.now
    _ = try BlurHashEncoder(componentsX: 4, componentsY: 3).hash(of: image)
    print("encode 4x3", t.duration(to: clock.now)); t = clock.now
    _ = try BlurHashEncoder(componentsX: 9, componentsY: 9).hash(of: image)
    print("encode 9x9", t.duration(to: clock.now)); t = clock.now
    _ = image.rgbBytes
    print("rgbBytes", t.duration(to: clock.now)); t = clock.now
    _ = SHA256.hex(image.rgbBytes)
    print("sha", t.duration(to: clock.now)); t = clock.now
    for file in ["blurhash/pic1.png", "blurhash/pic2.png", "blurhash/pic3.png", "blurhash/img1.jpg", "photos/chelsea.png", "jpeg/libjpeg-turbo/testorig.jpg", "blurhash/img2.jpg", "blurhash/img3.jpg"] {
        let r = try Fixtures.codecs.blurHash(ofFileAt: Fixtures.path(file))
        let f = try Fixtures.codecs.blurHash(ofFileAt: Fixtures.path(file), options: .fullResolution())
        print(file, r.hash, f.hash, r.decodedSize, r.encodedSize, r.info.size)
    }
}
