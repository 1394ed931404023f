import Foundation
import Testing

/// `pixelkit analyze`: several results of each file from one decode, each in its own command's shape.
@Suite("pixelkit analyze")
struct AnalyzeCommandTests {
    static let inputs = [
        "photos/rocket.jpg", "photos/camera.png", "heif/example.heic", "heif/coffee.avif", "webp/lossy_alpha1.webp",
        "gif/chelsea-interlaced.gif",
    ]

    /// A command's line without its "file", parsed, and its keys in printed order.
    private func fields(_ arguments: [String]) throws -> (values: [String: Any], keys: [String]) {
        let output = try PixelKitProcess.run(arguments)
        #expect(output.status == 0, "\(arguments): \(output.standardError)")
        var values = try #require(output.lines.first)
        values["file"] = nil
        return (values, try Self.keys(of: #require(output.rawLines.first)).filter { $0 != "file" })
    }

    /// The top-level keys of a JSON object line, in order.
    private static func keys(of line: String) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return object.keys.compactMap { key in line.range(of: "\"\(key)\":").map { (key, $0.lowerBound) } }
            .filter { candidate in object.keys.contains(candidate.0) }
            .sorted { $0.1 < $1.1 }.map(\.0)
    }

    @Test("one line per file: the single commands' fields, the thumbnail file byte for byte", arguments: inputs)
    func matchesTheSingleCommands(input: String) throws {
        let file = PixelKitProcess.fixture(input)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("analyze-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let analyzed = try PixelKitProcess.run(
            ["analyze", "--strict", "--max-pixel-size", "64", "-o", folder.appendingPathComponent("shared").path, file])
        #expect(analyzed.status == 0, "\(analyzed.standardError)")
        let line = try #require(analyzed.lines.first)
        #expect(try Self.keys(of: #require(analyzed.rawLines.first)) == ["file", "average", "blurhash", "palette", "thumbnail"])
        #expect(line["file"] as? String == file)

        // BlurHash's decode (longest side ≥ 128) is the 64-px thumbnail's (twice its size): both exact.
        let blurHash = try fields(["blurhash", "encode", "--strict", file])
        #expect(NSDictionary(dictionary: try #require(line["blurhash"] as? [String: Any])) == NSDictionary(dictionary: blurHash.values))
        let alone = try fields(["thumbnail", "--strict", "--max-pixel-size", "64", "-o", folder.appendingPathComponent("alone").path, file])
        let thumbnail = try #require(line["thumbnail"] as? [String: Any])
        #expect(thumbnail["width"] as? Int == alone.values["width"] as? Int && thumbnail["height"] as? Int == alone.values["height"] as? Int)
        let sharedBytes = try Data(contentsOf: URL(fileURLWithPath: try #require(thumbnail["output"] as? String)))
        let aloneBytes = try Data(contentsOf: URL(fileURLWithPath: try #require(alone.values["output"] as? String)))
        #expect(sharedBytes == aloneBytes)

        // The average and the palette (reduced results, from the larger decode here): their commands' fields.
        let average = try fields(["average", "--strict", file])
        #expect(try #require(line["average"] as? [String: Any]).keys.sorted() == average.values.keys.sorted())
        let palette = try fields(["palette", "--strict", file])
        #expect(try #require(line["palette"] as? [String: Any]).keys.sorted() == palette.values.keys.sorted())
    }

    @Test func withoutAnOutputFolderNoThumbnail() throws {
        let output = try PixelKitProcess.run(["analyze", PixelKitProcess.fixture("photos/rocket.jpg")])
        #expect(output.status == 0)
        #expect(output.lines.first?["thumbnail"] == nil)
        #expect(output.lines.first?["average"] is [String: Any])
    }

    @Test func aFailingFileGetsItsErrorLineAndTheOthersStillRun() throws {
        let output = try PixelKitProcess.run(["analyze", "/nonexistent/photo.jpg", PixelKitProcess.fixture("photos/rocket.jpg")])
        #expect(output.status == 1)
        #expect(output.lines.count == 2)
        #expect(output.lines[0]["error"] is String)
        #expect(output.lines[1]["blurhash"] is [String: Any])
    }
}
