import Foundation
import PixelKitTestSupport
import Testing

/// `pixelkit thumbnail`'s JPEG coding (issue 42): progressive by default, `--no-progressive` for
/// baseline, and PNG thumbnails never interlaced, as `pixelkit info` reads the files back.
@Suite("pixelkit thumbnail, progressive")
struct ThumbnailProgressiveTests {
    static let photo = PixelKitProcess.fixture("photos/rocket.jpg")

    /// Whether `info` reports the thumbnail `thumbnail` wrote with `flags` as progressive (interlaced).
    func writtenIsProgressive(_ flags: [String], in scratch: ScratchDirectory) throws -> Bool {
        let folder = scratch.file(flags.joined().isEmpty ? "default" : flags.joined())
        let thumbnail = try PixelKitProcess.run(["thumbnail", "--max-pixel-size", "200"] + flags + ["-o", folder, Self.photo])
        #expect(thumbnail.status == 0, "\(thumbnail.standardError)")
        let written = try #require(thumbnail.lines.first?["output"] as? String)
        let info = try PixelKitProcess.run(["info", written])
        return try #require(info.lines.first?["progressive"] as? Bool)
    }

    /// Before issue 42's measurement, the default was baseline and only `--progressive` existed.
    @Test func progressiveByDefaultBaselineOnRequestPNGNeverInterlaced() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        #expect(try writtenIsProgressive([], in: scratch))
        #expect(try writtenIsProgressive(["--progressive"], in: scratch))
        #expect(try !writtenIsProgressive(["--no-progressive"], in: scratch))
        #expect(try !writtenIsProgressive(["--format", "png", "--progressive"], in: scratch))
    }
}
