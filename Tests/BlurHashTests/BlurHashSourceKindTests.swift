import BlurHash
import Foundation
import PixelKit
import Testing

/// `blurHash(of:)` takes every kind of source (issue 30: it took no `Data` or `[UInt8]`), and each
/// gives the same result, synchronously and awaited.
@Suite("BlurHash from every kind of source")
struct BlurHashSourceKindTests {
    /// The synchronous spelling (an async test would pick the awaited one).
    static func hash(_ source: some ImageSourceConvertible) throws(ImageError) -> BlurHashFileResult {
        try Fixtures.codecs.blurHash(of: source)
    }

    @Test(arguments: ["photos/chelsea.png", "blurhash/pic1.png"])
    func everyKindOfSourceGivesTheSameHash(_ file: String) async throws {
        let path = Fixtures.path(file)
        let url = URL(filePath: path)
        let data = try Data(contentsOf: url)
        let expected = try Self.hash(ImageSource.file(path: path))
        #expect(expected.hash.count == 28)
        let sources: [(String, any ImageSourceConvertible)] = [("URL", url), ("Data", data), ("[UInt8]", [UInt8](data)), ("String", path)]
        for (kind, source) in sources {
            #expect(try Self.hash(source) == expected, "\(kind)")
            #expect(try await Fixtures.codecs.blurHash(of: source) == expected, "\(kind), awaited")
        }
        #expect(try Self.hash(.data(data)) == expected)
    }

    @Test func aWebURLAndAMissingPathAreTypedErrors() async throws {
        let web = try #require(URL(string: "https://example.com/a.png"))
        #expect(throws: ImageError.notAFileURL(url: "https://example.com/a.png")) { try Self.hash(web) }
        await #expect(throws: ImageError.notAFileURL(url: "https://example.com/a.png")) { try await Fixtures.codecs.blurHash(of: web) }
        let missing = Fixtures.path("photos/missing.png")
        let error = #expect(throws: ImageError.self) { try Self.hash(missing) }
        guard case .file(let file)? = error?.kind, !file.operation.isWrite, case .system(let code) = file.problem, case let path = file.path else {
            Issue.record("expected a read error, got \(String(describing: error))")
            return
        }
        #expect(path == missing && code == ENOENT)
    }
}
