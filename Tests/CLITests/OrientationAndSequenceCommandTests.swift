import Foundation
import Testing

/// `pixelkit info` reports the EXIF orientation of WebP and PNG files and the frames of a HEIF/AVIF
/// sequence; thumbnails turn WebP and PNG upright; `--strict` accepts a sequence.
@Suite("pixelkit with oriented WebP/PNG and AVIF sequences")
struct OrientationAndSequenceCommandTests {
    static let webp = PixelKitProcess.fixture("orientation/orientation-6.webp")
    static let png = PixelKitProcess.fixture("orientation/orientation-8.png")
    static let sequence = PixelKitProcess.fixture("heif/sequence-5-frames.avif")

    @Test func infoReportsOrientationAndFrames() throws {
        let output = try PixelKitProcess.run(["info", Self.webp, Self.png, Self.sequence])
        #expect(output.status == 0 && output.lines.count == 3, "\(output.standardError)")
        #expect(output.lines[0]["format"] as? String == "webp" && output.lines[0]["orientation"] as? Int == 6)
        #expect(output.lines[1]["format"] as? String == "png" && output.lines[1]["orientation"] as? Int == 8)
        #expect(output.lines[2]["format"] as? String == "avif" && output.lines[2]["frames"] as? Int == 5)
        #expect(output.lines[2]["animated"] as? Bool == true && output.lines[2]["orientation"] as? Int == 1)
    }

    @Test func strictAverageAcceptsASequence() throws {
        let output = try PixelKitProcess.run(["average", "--strict", "--exact", Self.sequence])
        #expect(output.status == 0 && output.standardError.isEmpty, "\(output.standardError)")
        // The primary image (the first frame) is red.
        let rgba = try #require(output.lines.first?["rgba"] as? [Double])
        #expect(rgba[0] > 240 && rgba[1] < 16)
    }

    @Test func thumbnailsAreUpright() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-cli-orientation-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Both are stored 12×16 and shown 16×12.
        let output = try PixelKitProcess.run(["thumbnail", "--format", "png", "-o", folder, Self.webp, Self.png])
        #expect(output.status == 0 && output.lines.count == 2, "\(output.standardError)")
        for line in output.lines { #expect(line["width"] as? Int == 16 && line["height"] as? Int == 12) }
    }
}
