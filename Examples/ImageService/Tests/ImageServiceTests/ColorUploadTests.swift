import Foundation
import NIOCore
import Testing

/// Issue 40: an upload's record states its source's color space, and its average is of the colors
/// a color-managed viewer shows (converted to sRGB), not of the stored numbers.
struct ColorUploadTests {
    /// lcms2's relative-colorimetric sRGB means and the stored (unconverted) means, from the shared
    /// color corpus's `reference.json`.
    @Test("a Display P3 and a CMYK upload are averaged in sRGB, and the record names the space",
          arguments: [
              ("p3-kodim23.jpg", "Display P3", [121.5962, 109.6343, 75.9805], [121.0322, 110.6857, 82.647]),
              ("cmyk-swop-astronaut.jpg", "Artifex CMYK SWOP Profile", [148.6284, 115.8223, 107.7402], [135.3692, 96.3579, 91.2559]),
          ])
    func colorManagedUpload(name: String, space: String, srgbMean: [Double], storedMean: [Double]) async throws {
        let bytes = try TestSupport.fixture(name)
        try await TestSupport.withService(thumbnailCacheBytes: 0) { client, _ in
            let upload = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: bytes)) { $0 }
            #expect(upload.status == .created, "\(String(buffer: upload.body))")
            let record = try TestSupport.json(upload.body)
            #expect((record["colorSpace"] as? String)?.hasPrefix(space) == true, "\(record)")
            #expect(record["iccProfile"] as? Bool == true)
            let hex = try #require(record["average"] as? String)
            let channels = stride(from: 1, to: 7, by: 2).map { offset in
                Double(Int(hex.dropFirst(offset).prefix(2), radix: 16) ?? -1)
            }
            // The fast average (from the shared decode) within 3 levels, plus the hex's rounding.
            for (channel, reference) in zip(channels, srgbMean) { #expect(abs(channel - reference) <= 3.5, "\(hex) against \(srgbMean)") }
            // And measurably not the stored numbers.
            #expect(zip(channels, storedMean).contains { abs($0 - $1) > 4 }, "\(hex) is the stored numbers' mean \(storedMean)")
        }
    }

    /// The repository's copy of the shared color corpus (PixelKit's test fixtures, `Fixtures/color/`):
    /// this package's tests run inside the repository, and the 4 MB are not copied twice.
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/PixelKitTestSupport/Fixtures/color")

    /// Each file of `reference.json` with the sRGB means its bar accepts.
    static func corpusEntries() throws -> [(file: String, accepted: [[Double]], tagged: Bool)] {
        let data = try Data(contentsOf: corpus.appendingPathComponent("reference.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        return try files.map { file in
            let name = try #require(file["file"] as? String)
            let references = try #require(file["reference"] as? [String: [Double]])
            let accept = try #require(file["accept"] as? [String])
            return (name, accept.compactMap { references[$0] }, file["role"] as? String == "tagged")
        }
    }

    /// Issue 40's bar on every file of the color corpus (JPEG, PNG, WebP, HEIC and AVIF; controls
    /// included): the stored record's average (the fast one, as a hex) within 3 levels of a rendering
    /// `reference.json` accepts, plus the hex's rounding; a tagged file's record names its space.
    @Test("every color corpus upload is averaged in sRGB")
    func everyCorpusUpload() async throws {
        let entries = try Self.corpusEntries()
        try #require(entries.count >= 19)
        try await TestSupport.withService(thumbnailCacheBytes: 0) { client, _ in
            for entry in entries {
                let bytes = Array(try Data(contentsOf: Self.corpus.appendingPathComponent(entry.file)))
                let upload = try await client.execute(uri: "/v1/images", method: .post, body: ByteBuffer(bytes: bytes)) { $0 }
                #expect(upload.status == .created, "\(entry.file): \(String(buffer: upload.body))")
                let record = try TestSupport.json(upload.body)
                if entry.tagged { #expect(record["colorSpace"] is String, "\(entry.file): \(record)") }
                let hex = try #require(record["average"] as? String, "\(entry.file)")
                let channels = stride(from: 1, to: 7, by: 2).map { offset in
                    Double(Int(hex.dropFirst(offset).prefix(2), radix: 16) ?? -1)
                }
                let nearest = entry.accepted.map { reference in (0..<3).map { abs(channels[$0] - reference[$0]) }.max()! }.min() ?? .infinity
                #expect(nearest <= 3.5, "\(entry.file): \(hex) against \(entry.accepted)")
            }
        }
    }
}
