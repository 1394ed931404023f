import Foundation
import PixelKitTestSupport
import Testing

/// GIF inputs through every image command: `info` says `gif`, `average` and `blurhash` read the
/// first frame, thumbnails are written as JPEG (or PNG), never GIF.
@Suite("pixelkit with GIF")
struct GIFCommandTests {
    static let interlaced = PixelKitProcess.fixture("gif/chelsea-interlaced.gif")
    /// Ten frames; the first covers 27 of the canvas's 38 columns and has a transparent index.
    static let animated = PixelKitProcess.fixture("gif/dispose_bgnd_transparency.gif")

    @Test func infoReportsGIF() throws {
        let output = try PixelKitProcess.run(["info", Self.interlaced, Self.animated])
        #expect(output.status == 0 && output.lines.count == 2)
        #expect(output.lines[0]["format"] as? String == "gif" && output.lines[0]["width"] as? Int == 72)
        #expect(output.lines[0]["progressive"] as? Bool == true && output.lines[0]["colorModel"] as? String == "palette")
        #expect(output.lines[1]["hasAlpha"] as? Bool == true && output.lines[1]["height"] as? Int == 32)
    }

    @Test func averageReadsTheFirstFrameAndStrictAcceptsAnAnimation() throws {
        let output = try PixelKitProcess.run(["average", "--strict", "--exact", Self.interlaced, Self.animated])
        #expect(output.status == 0, "\(output.standardError)")
        // Pillow 13.0.0: 147.736 for the first; 178.668 alpha-weighted red for the second.
        let first = try #require(output.lines.first?["rgba"] as? [Double])
        #expect(abs(first[0] - 147.736) < 0.01)
        let second = try #require(output.lines.last?["rgba"] as? [Double])
        #expect(abs(second[0] - 178.668) < 0.01 && abs(second[3] - 135.049) < 0.01)
    }

    @Test func thumbnailsOfGIFAreJPEGOrPNG() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-cli-gif-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let jpeg = try PixelKitProcess.run(["thumbnail", "--max-pixel-size", "36", "-o", folder, Self.interlaced])
        #expect(jpeg.status == 0 && (jpeg.lines.first?["output"] as? String)?.hasSuffix("chelsea-interlaced.jpg") == true)
        #expect(jpeg.lines.first?["width"] as? Int == 36 && jpeg.lines.first?["height"] as? Int == 24)
        let png = try PixelKitProcess.run(["thumbnail", "--format", "png", "--max-pixel-size", "19", "-o", folder, Self.animated])
        let written = try #require(png.lines.first?["output"] as? String)
        #expect(png.status == 0 && written.hasSuffix(".png"))
        let info = try PixelKitProcess.run(["info", written])
        #expect(info.lines.first?["format"] as? String == "png" && info.lines.first?["hasAlpha"] as? Bool == true)
    }

    /// Issue 43 row 15: an animation written here (its first frame interlaced with a local table,
    /// after looping, comment and application blocks; a second frame covering it in another color).
    /// `average` of it and of its full-size PNG thumbnail are both the first frame's mean, computed
    /// from the table and indices written.
    @Test func averageAndThumbnailOfAnAnimationShowItsFirstFrame() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let animation = GIFWriter.animationWithOpaqueFirstFrame()
        try scratch.write(animation.bytes, to: "animation.gif")
        let thumbnail = try PixelKitProcess.run(["thumbnail", "--format", "png", "--max-pixel-size", "16", "-o", scratch.path, scratch.file("animation.gif")])
        #expect(thumbnail.status == 0, "\(thumbnail.standardError)")
        #expect(thumbnail.lines.first?["width"] as? Int == 16 && thumbnail.lines.first?["height"] as? Int == 9)
        let written = try #require(thumbnail.lines.first?["output"] as? String)
        let average = try PixelKitProcess.run(["average", "--exact", scratch.file("animation.gif"), written])
        #expect(average.status == 0 && average.lines.count == 2, "\(average.standardError)")
        for line in average.lines {
            let rgba = try #require(line["rgba"] as? [Double])
            #expect(zip(rgba, animation.firstFrameMean).allSatisfy { abs($0 - $1) < 1e-9 }, "\(line) against \(animation.firstFrameMean)")
        }
    }

    /// Issue 43 row 15: Pillow's `test.colors.gif` (one frame, 807×606, 8 colors in fine patterns).
    /// A full-size thumbnail has the frame's mean (Pillow 13.0.0: 128.199, 115.656, 96.075). A 64×48
    /// one is brighter (about 141/129/113) because pixels are mixed in linear light, as Pillow's
    /// Lanczos gives when run on linear values (141.6, 129.4, 113.1), not in the stored values
    /// (127.1, 115.0, 95.7).
    @Test func thumbnailsOfTestColorsAreItsOnlyFrameMixedInLinearLight() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let source = PixelKitProcess.fixture("gif/test.colors.gif")
        for (size, expected) in [(807, [128.199, 115.656, 96.075]), (64, [141.6, 129.4, 113.1])] {
            let folder = scratch.file("\(size)")
            let thumbnail = try PixelKitProcess.run(["thumbnail", "--format", "png", "--max-pixel-size", "\(size)", "-o", folder, source])
            let written = try #require(thumbnail.lines.first?["output"] as? String, "\(thumbnail.standardError)")
            let average = try PixelKitProcess.run(["average", "--exact", written])
            let rgba = try #require(average.lines.first?["rgba"] as? [Double])
            let tolerance = size == 807 ? 0.001 : 0.5
            #expect(zip(rgba, expected).allSatisfy { abs($0 - $1) < tolerance }, "\(size): \(rgba) against \(expected)")
        }
    }

    @Test func blurhashEncodeReadsGIF() throws {
        let output = try PixelKitProcess.run(["blurhash", "encode", "-x", "4", "-y", "3", Self.interlaced, Self.animated])
        #expect(output.status == 0 && output.lines.count == 2)
        for line in output.lines { #expect((line["hash"] as? String)?.count == 28) }
    }
}
