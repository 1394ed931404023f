import BlurHash
import PixelKit
import Testing

/// Encoding against published and shared vectors (`facts.md` §5, `blurhash_vectors.json`).
@Suite struct EncodeVectorTests {
    // MARK: Synthetic images (facts.md §5, from the C reference's `blurHashForPixels(4, 3, …)`)

    @Test(arguments: [
        ((UInt8(0), UInt8(0), UInt8(0)), "L00000fQfQfQfQfQfQfQfQfQfQfQ"),
        ((255, 255, 255), "LfTSUA~qfQ~q~qt7fQt7fQfQfQfQ"),
        ((128, 128, 128), "L8Eyb[~qfQ~q~qt7fQt7fQfQfQfQ"),
        ((255, 0, 0), "LfTI:j|cfQ|c|csUfQsUfQfQfQfQ"),
    ])
    func solidColor(_ color: (UInt8, UInt8, UInt8), expected: String) throws {
        let image = RGBAImage(width: 8, height: 8, filledWith: (color.0, color.1, color.2, 255))
        #expect(try BlurHashEncoder(componentsX: 4, componentsY: 3).hash(of: image) == expected)
    }

    @Test func horizontalGreyRamp() throws {
        let ramp = RGBAImage.generated(width: 32, height: 4) { x, _ in
            let v = UInt8(x * 255 / 31)
            return (v, v, v)
        }
        #expect(try BlurHashEncoder(componentsX: 4, componentsY: 3).hash(of: ramp) == "L$HetW00xuWB-;IUofayfQfQfQfQ")
        #expect(try BlurHashEncoder(componentsX: 2, componentsY: 1).hash(of: ramp) == "1$HetW00")
    }

    // MARK: Reference images (facts.md §5 table: the C encoder with stb_image)

    /// (The table's other entries — pic1 4×3 and 1×1, pic2 4×3 and 3×4, pic3 4×3 — are shared vectors too.)
    @Test(arguments: [
        ("blurhash/pic1.png", 3, 4, "TRJHjmR700o#smR+%1oMWCxus:Rj"),
        ("blurhash/pic2.png", 1, 1, "00MF%n"),
        ("blurhash/pic3.png", 3, 4, "T99jAfM{13nOxZI=9~WV-PEMNK-T"),
        ("blurhash/pic3.png", 1, 1, "009jAf"),
    ])
    func referenceTable(file: String, x: Int, y: Int, expected: String) throws {
        let image = try Fixtures.image(file)
        #expect(try BlurHashEncoder(componentsX: x, componentsY: y).hash(of: image) == expected)
    }

    // MARK: Shared vectors (blurhash_vectors.json)

    /// Our decoders deliver exactly the pixels the vectors were computed from (Pillow's decode);
    /// one vector per file.
    @Test(arguments: Dictionary(Fixtures.vectors.encode_vectors.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first }).values)
    func decodedPixelsAreTheVectorsPixels(_ vector: BlurHashVectors.Encode) throws {
        let image = try Fixtures.image(vector.file)
        #expect(image.width == vector.width && image.height == vector.height)
        #expect(SHA256.hex(image.rgbBytes) == vector.rgb8_sha256_of_pixels_encoded)
    }

    /// The C reference's hash on those pixels (the PyPI one where C has none), from decoded pixels.
    @Test(arguments: Fixtures.vectors.encode_vectors)
    func encodeVector(_ vector: BlurHashVectors.Encode) throws {
        let image = try Fixtures.image(vector.file)
        let encoder = try BlurHashEncoder(componentsX: vector.components_x, componentsY: vector.components_y)
        #expect(try encoder.hash(of: image) == vector.expectedHash)
    }

    /// `options` without color conversion: the vectors hash stored numbers.
    static func storedNumbers(_ options: BlurHashFileOptions) -> BlurHashFileOptions {
        var options = options
        options.decoding.outputColorSpace = nil
        return options
    }

    /// The same through the file API at full resolution (one vector per kind of file: PNG RGB, JPEG,
    /// RGBA PNG, gray PNG).
    @Test(arguments: Fixtures.vectors.encode_vectors.filter {
        ["blurhash/pic3.png", "blurhash/img2.jpg", "pngsuite/basn6a08.png", "pngsuite/basn0g08.png"].contains($0.file)
    })
    func encodeVectorFromFile(_ vector: BlurHashVectors.Encode) throws {
        let result = try Fixtures.codecs.blurHash(
            of: Fixtures.path(vector.file),
            options: Self.storedNumbers(.fullResolution(componentsX: vector.components_x, componentsY: vector.components_y)))
        #expect(result.hash == vector.expectedHash)
        #expect(result.isFullResolution)
    }

    /// The vector the two references disagree on: we follow C (float), not the double-precision port.
    @Test func disagreementFollowsC() throws {
        let flagged = Fixtures.vectors.encode_vectors.filter { !$0.implementations_agree }
        #expect(!flagged.isEmpty)
        for vector in flagged {
            let c = try #require(vector.hash_woltapp_c_same_pixels)
            #expect(c != vector.hash_pypi_blurhash)
            let image = try Fixtures.image(vector.file)
            let hash = try BlurHashEncoder(componentsX: vector.components_x, componentsY: vector.components_y).hash(of: image)
            #expect(hash == c)
        }
    }
}
