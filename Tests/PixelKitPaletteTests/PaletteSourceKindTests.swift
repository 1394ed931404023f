import Foundation
import PixelKit
import PixelKitJPEG
import PixelKitPalette
import Testing

/// `palette(of:)` takes every kind of source through one spelling (issue 30), and each gives the
/// same palette, synchronously and awaited.
@Suite("Palette from every kind of source")
struct PaletteSourceKindTests {
    static let codecs = CodecRegistry([JPEGCodec()])

    /// The synchronous spelling (an async test would pick the awaited one).
    static func palette(_ source: some ImageSourceConvertible) throws(ImageError) -> Palette {
        try codecs.palette(of: source)
    }

    @Test func everyKindOfSourceGivesTheSamePalette() async throws {
        let url = try #require(Bundle.module.url(forResource: "astronaut.jpg", withExtension: nil, subdirectory: "Fixtures/photos"))
        let path = url.path(percentEncoded: false)
        let data = try Data(contentsOf: url)
        let expected = try Self.palette(ImageSource.file(path: path))
        #expect(!expected.swatches.isEmpty)
        let sources: [(String, any ImageSourceConvertible)] = [("URL", url), ("Data", data), ("[UInt8]", [UInt8](data)), ("String", path)]
        for (kind, source) in sources {
            #expect(try Self.palette(source) == expected, "\(kind)")
            #expect(try await Self.codecs.palette(of: source) == expected, "\(kind), awaited")
        }
    }

    @Test func aWebURLAndAMissingPathAreTypedErrors() async throws {
        let web = try #require(URL(string: "https://example.com/a.jpg"))
        #expect(throws: ImageError.notAFileURL(url: "https://example.com/a.jpg")) { try Self.palette(web) }
        await #expect(throws: ImageError.notAFileURL(url: "https://example.com/a.jpg")) { try await Self.codecs.palette(of: web) }
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-missing-\(UUID().uuidString).jpg").path
        let error = #expect(throws: ImageError.self) { try Self.palette(missing) }
        guard case .file(let file)? = error?.kind, !file.operation.isWrite, case .system(let code) = file.problem, case let path = file.path else {
            Issue.record("expected a read error, got \(String(describing: error))")
            return
        }
        #expect(path == missing && code == ENOENT)
    }
}
