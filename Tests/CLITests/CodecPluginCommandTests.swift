import Foundation
import Testing

/// HEIF/HEIC/AVIF and WebP inputs through every image command, and `thumbnail --format webp`.
@Suite("pixelkit with HEIF and WebP")
struct CodecPluginCommandTests {
    static let heic = PixelKitProcess.fixture("heif/example.heic")
    static let avif = PixelKitProcess.fixture("heif/coffee.avif")
    static let webp = PixelKitProcess.fixture("webp/lossy_extreme_probabilities.webp")
    static let animated = PixelKitProcess.fixture("webp/red-then-blue-animated.webp")

    static func temporaryFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-cli-plugins-\(UUID())").path
    }

    @Test func infoReportsTheFormats() throws {
        let output = try PixelKitProcess.run(["info", Self.heic, Self.avif, Self.webp, PixelKitProcess.fixture("heif/uncompressed_comp_RGB.heif")])
        #expect(output.status == 1)
        #expect(output.lines.count == 4)
        #expect(output.lines[0]["format"] as? String == "heif" && output.lines[0]["width"] as? Int == 1280 && output.lines[0]["orientation"] as? Int == 1)
        #expect(output.lines[1]["format"] as? String == "avif" && output.lines[1]["height"] as? Int == 400)
        #expect(output.lines[2]["format"] as? String == "webp" && output.lines[2]["width"] as? Int == 800)
        #expect((output.lines[3]["error"] as? String)?.contains("pitm") == true)
        #expect(output.standardError.contains("uncompressed_comp_RGB.heif"))
    }

    @Test func averageMatchesLibvipsAndFastUsesReducedDecodes() throws {
        let exact = try PixelKitProcess.run(["average", "--exact", "--alpha", "ignored", Self.heic, Self.webp])
        #expect(exact.status == 0 && exact.lines.count == 2)
        // heif_webp_reference.json (libvips 8.14): example.heic 122.7285, 126.4938, 121.1122;
        // lossy_extreme_probabilities.webp, first band 138.81 (checked in full by the unit tests).
        let heicRGBA = try #require(exact.lines[0]["rgba"] as? [Double])
        #expect(abs(heicRGBA[0] - 122.7285) < 0.5 && abs(heicRGBA[1] - 126.4938) < 0.5 && abs(heicRGBA[2] - 121.1122) < 0.5)
        #expect(exact.lines[1]["width"] as? Int == 800 && exact.lines[1]["exact"] as? Bool == true)
        let fast = try PixelKitProcess.run(["average", Self.heic, Self.webp])
        #expect(fast.status == 0)
        // Sizes are the stored ones; the pixels come from the HEIC's 320×212 embedded thumbnail and
        // from the WebP scaled by libwebp (HEIFDecodeTests/WebPDecodeTests check the decoded sizes).
        #expect(fast.lines[0]["width"] as? Int == 1280 && fast.lines[0]["exact"] as? Bool == false)
        let fastHEIC = try #require(fast.lines[0]["rgba"] as? [Double])
        #expect(fastHEIC != heicRGBA, "the thumbnail's mean is not the full image's")
        #expect(zip(fastHEIC, heicRGBA).allSatisfy { abs($0 - $1) < 2 })
        let exactWebP = try #require(exact.lines[1]["rgba"] as? [Double]), fastWebP = try #require(fast.lines[1]["rgba"] as? [Double])
        #expect(zip(fastWebP, exactWebP).allSatisfy { abs($0 - $1) < 1.5 })
    }

    @Test func thumbnailReadsBothAndWritesWebP() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = try PixelKitProcess.run([
            "thumbnail", "--max-pixel-size", "200", "--format", "webp", "--quality", "0.8", "-o", folder, Self.heic, Self.webp, Self.animated,
        ])
        #expect(output.status == 0)
        #expect(output.lines.count == 3)
        #expect(output.lines[0]["width"] as? Int == 200 && output.lines[0]["height"] as? Int == 133)
        #expect(output.lines[1]["width"] as? Int == 200 && output.lines[1]["height"] as? Int == 134)
        for line in output.lines {
            let written = try #require(line["output"] as? String)
            #expect(written.hasSuffix(".webp"))
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: written)))
            #expect(bytes.count > 12 && Array(bytes[8..<12]) == Array("WEBP".utf8))
        }
        let info = try PixelKitProcess.run(["info", try #require(output.lines[0]["output"] as? String)])
        #expect(info.lines.first?["format"] as? String == "webp" && info.lines.first?["width"] as? Int == 200)
    }

    @Test func thumbnailRejectsAnUnknownFormat() throws {
        let output = try PixelKitProcess.run(["thumbnail", "--format", "gif", "-o", Self.temporaryFolder(), Self.heic])
        #expect(output.status != 0)
        #expect(output.standardError.contains("webp"), "the help lists the formats")
    }

    @Test func blurhashEncodeReadsBoth() throws {
        let output = try PixelKitProcess.run(["blurhash", "encode", "-x", "4", "-y", "3", Self.heic, Self.webp])
        #expect(output.status == 0)
        #expect(output.lines.count == 2)
        for line in output.lines { #expect((line["hash"] as? String)?.count == 28) }
    }
}
