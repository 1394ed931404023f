import BlurHash
import Foundation
import PixelKit
import Testing

/// Encoding files through the codecs: full resolution and the default reduced decode.
@Suite struct FileEncodingTests {
    /// An image no larger than the working size is encoded from every pixel by default too.
    @Test(arguments: ["pngsuite/basn6a08.png", "pngsuite/basn0g08.png"])
    func smallImagesAreEncodedInFull(file: String) throws {
        let reduced = try Fixtures.codecs.blurHash(of: Fixtures.path(file))
        let full = try Fixtures.codecs.blurHash(of: Fixtures.path(file), options: .fullResolution())
        #expect(reduced.hash == full.hash)
        #expect(reduced.isFullResolution)
    }

    /// The reduced default lands within a step of the full-resolution hash: DC within two 8-bit levels
    /// per channel (a JPEG's scaled decode is not the mean of its full decode), the maximum within one
    /// step, and each AC channel within one quantisation step when the maximum is the same.
    @Test(arguments: ["blurhash/pic1.png", "blurhash/pic2.png", "blurhash/pic3.png", "blurhash/img1.jpg",
                      "blurhash/img2.jpg", "blurhash/img3.jpg", "photos/chelsea.png", "jpeg/libjpeg-turbo/testorig.jpg"])
    func reducedIsCloseToFull(file: String) throws {
        let reduced = try Fixtures.codecs.blurHash(of: Fixtures.path(file))
        let full = try Fixtures.codecs.blurHash(of: Fixtures.path(file), options: .fullResolution())
        #expect(!reduced.isFullResolution)
        #expect(max(reduced.encodedSize.width, reduced.encodedSize.height) == BlurHashFileOptions.defaultWorkingSize)
        let a = try BlurHashDecoder(hash: reduced.hash), b = try BlurHashDecoder(hash: full.hash)
        for (x, y) in zip(a.averageColor.components, b.averageColor.components) { #expect(abs(x - y) <= 2) }
        #expect(abs(a.quantisedMaximum - b.quantisedMaximum) <= 1)
        if a.quantisedMaximum == b.quantisedMaximum {
            for (x, y) in zip(a.acValues, b.acValues) {
                #expect(abs(x / 361 - y / 361) <= 1 && abs((x / 19) % 19 - (y / 19) % 19) <= 1 && abs(x % 19 - y % 19) <= 1)
            }
        }
    }

    @Test func badInputsAreTypedErrors() throws {
        #expect(throws: ImageError.self) { try Fixtures.codecs.blurHash(of: Fixtures.path("does-not-exist.png")) }
        #expect(throws: ImageError.self) { try Fixtures.codecs.blurHash(of: Fixtures.path("SOURCES.md")) }
        // Bad component counts are options errors carrying the encoder's own message.
        #expect(throws: ImageError.invalidOptions(BlurHashError.componentsOutOfRange(x: 0, y: 3).description)) {
            try Fixtures.codecs.blurHash(of: Fixtures.path("blurhash/pic1.png"), options: .init(componentsX: 0))
        }
        #expect(throws: ImageError.self) {
            try Fixtures.codecs.blurHash(of: Fixtures.path("blurhash/pic1.png"), options: .init(workingSize: 0))
        }
    }

    @Test func urlDataAndAsyncVariantsMatchThePath() async throws {
        let path = Fixtures.path("blurhash/pic1.png")
        let url = URL(filePath: path)
        let expected = try Self.synchronousHash(.file(path: path))
        #expect(try Self.synchronousHash(ImageSource(url)) == expected)
        #expect(try Self.synchronousHash(ImageSource(Data(contentsOf: url))) == expected)
        #expect(try await Fixtures.codecs.blurHash(of: url) == expected)
        #expect(try await Fixtures.codecs.blurHash(of: .file(path: path)) == expected)
        // A damaged file's error names it.
        let notAnImage = Fixtures.path("SOURCES.md")
        let error = await #expect(throws: ImageError.self) { try await Fixtures.codecs.blurHash(of: notAnImage) }
        #expect(error?.path == notAnImage)
        #expect(error?.localizedDescription.hasPrefix("\(notAnImage): unknown image format") == true)
    }

    private static func synchronousHash(_ source: ImageSource) throws(ImageError) -> BlurHashFileResult {
        try Fixtures.codecs.blurHash(of: source)
    }
}

/// File results encode with `JSONEncoder` and decode back to the same value.
@Suite struct BlurHashCodableTests {
    @Test(arguments: ["blurhash/pic1.png", "pngsuite/basn6a08.png"])
    func fileResultsRoundTrip(_ file: String) throws {
        let result = try Fixtures.codecs.blurHash(of: Fixtures.path(file))
        let data = try JSONEncoder().encode(result)
        #expect(try JSONDecoder().decode(BlurHashFileResult.self, from: data) == result)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["hash"] as? String == result.hash)
        #expect(Set(object.keys) == ["hash", "components", "info", "decodedSize", "encodedSize"])
    }

    @Test func inconsistentComponentsAreADecodingError() throws {
        let json = #"{"componentsX":2,"componentsY":2,"coefficients":[[0.5,0.5,0.5]]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(BlurHashComponents.self, from: Data(json.utf8)) }
        let tooMany = #"{"componentsX":10,"componentsY":1,"coefficients":[]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(BlurHashComponents.self, from: Data(tooMany.utf8)) }
    }
}
