import BlurHash
import PixelKit
import PixelKitPNG
import Testing

/// Decoding against the shared vectors, pixel for pixel.
@Suite struct DecodeVectorTests {
    @Test(arguments: Fixtures.vectors.decode_vectors)
    func decodeVector(_ vector: BlurHashVectors.Decode) throws {
        let decoder = try BlurHashDecoder(hash: vector.hash)
        let image = try decoder.image(width: vector.width, height: vector.height, punch: vector.punch)
        #expect(image.width == vector.width && image.height == vector.height)
        #expect(image.rgbBytes == vector.pixels_rgb.flatMap { $0.map(UInt8.init) })
        #expect(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 })
    }

    /// facts.md §5: the C decoder's 4×3 output for `LEHV6nWB2yk8pyo0adR*.7kCMdnj`, punch 1.
    @Test func cDecoderListing() throws {
        let expected: [UInt8] = [
            135, 164, 177, 161, 173, 177, 181, 180, 171, 160, 172, 174, 124, 154, 169, 148, 148, 154,
            164, 145, 134, 146, 152, 155, 124, 144, 154, 144, 134, 132, 163, 130, 104, 148, 140, 134,
        ]
        let image = try BlurHashDecoder(hash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj").image(width: 4, height: 3)
        #expect(image.rgbBytes == expected)
    }

    /// The published Website hashes are not reproducible from our copies of the images, but they are
    /// valid hashes and decode; their average is close to our encode of the same picture.
    @Test(arguments: Fixtures.vectors.published_hashes_not_reproducible.map(\.hash))
    func publishedWebsiteHashesDecode(_ hash: String) throws {
        let decoder = try BlurHashDecoder(hash: hash)
        #expect(decoder.componentsX == 4 && decoder.componentsY == 3)
        #expect(try decoder.image(width: 32, height: 32).pixels.count == 32 * 32 * 4)
    }

    /// Rows streamed into a sink are the rows of the image.
    @Test func streamedRowsMatchImage() throws {
        let decoder = try BlurHashDecoder(hash: "LaJHjmVu8_~po#smR+a~xaoLWCRj")
        var collector = RGBAImageCollector()
        try decoder.decode(width: 17, height: 9, punch: 1.5, into: &collector)
        #expect(collector.image == (try decoder.image(width: 17, height: 9, punch: 1.5)))
    }

    /// The PNG written through the PNG codec decodes back to the same pixels.
    @Test func pngOutputRoundTrips() throws {
        let decoder = try BlurHashDecoder(hash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj")
        let png = try decoder.encodedImage(width: 20, height: 12, punch: 1, using: PNGCodec())
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let reread = try Fixtures.codecs.decodeImage(.bytes(png)).image
        #expect(reread == (try decoder.image(width: 20, height: 12)))
    }
}
