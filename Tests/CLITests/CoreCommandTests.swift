import Foundation
import Testing

/// The `info` and `average` contract: field names, values, per-file errors and exit status.
@Suite("pixelkit info / average")
struct CoreCommandTests {
    @Test func infoReportsHeaderFacts() throws {
        let output = try PixelKitProcess.run(["info", PixelKitProcess.fixture("exif-orientation/Landscape_6.jpg"), PixelKitProcess.fixture("pngsuite/basn6a08.png")])
        #expect(output.status == 0)
        #expect(output.lines.count == 2)
        let jpeg = output.lines[0], png = output.lines[1]
        #expect(jpeg["format"] as? String == "jpeg")
        #expect(jpeg["width"] as? Int == 1200 && jpeg["height"] as? Int == 1800)
        #expect(jpeg["orientation"] as? Int == 6)
        #expect(png["format"] as? String == "png" && png["width"] as? Int == 32 && png["orientation"] as? Int == 1)
        #expect((jpeg["file"] as? String)?.hasSuffix("Landscape_6.jpg") == true)
    }

    @Test func averagePrintsTheContractFields() throws {
        let output = try PixelKitProcess.run(["average", "--exact", "--alpha", "ignored", PixelKitProcess.fixture("photos/coffee.png")])
        #expect(output.status == 0)
        let line = try #require(output.lines.first)
        // Reference mean of coffee.png (libvips/ImageMagick/Pillow): 158.5690875, 85.794025, 51.48475, 255.
        let rgba = try #require(line["rgba"] as? [Double])
        #expect(abs(rgba[0] - 158.5690875) < 0.01 && abs(rgba[1] - 85.794025) < 0.01 && abs(rgba[2] - 51.48475) < 0.01 && rgba[3] == 255)
        #expect(line["hex"] as? String == "#9F5633")
        #expect(line["algorithm"] as? String == "mean")
        #expect(line["exact"] as? Bool == true)
        #expect(line["width"] as? Int == 600 && line["height"] as? Int == 400)
    }

    @Test func averageThreadsChangeNothingButTheTime() throws {
        // 350 KB of entropy-coded data: above the split decoder's threshold, so two threads split it.
        let path = PixelKitProcess.fixture("exif-orientation/Landscape_1.jpg")
        let one = try PixelKitProcess.run(["average", "--algorithm", "linear", path])
        let two = try PixelKitProcess.run(["average", "--algorithm", "linear", "--threads", "2", path])
        #expect(one.status == 0 && two.status == 0)
        let oneRGBA = try #require(one.lines.first?["rgba"] as? [Double])
        #expect(oneRGBA[0] > 1 && oneRGBA[3] == 255)
        #expect(two.lines.first?["rgba"] as? [Double] == oneRGBA)
        let none = try PixelKitProcess.run(["average", "--threads", "0", path])
        #expect(none.status == 64 && none.lines.isEmpty)
        #expect(none.standardError.contains("--threads 0 must be at least 1"))
    }

    @Test func averageRegionAndAlgorithmFlags() throws {
        let path = PixelKitProcess.fixture("photos/rocket.jpg")
        let linear = try PixelKitProcess.run(["average", "--algorithm", "linear", path])
        let mean = try PixelKitProcess.run(["average", path])
        let region = try PixelKitProcess.run(["average", "--exact", "--region", "0,0,64,32", path])
        let linearRGBA = try #require(linear.lines.first?["rgba"] as? [Double])
        let meanRGBA = try #require(mean.lines.first?["rgba"] as? [Double])
        #expect(linear.lines.first?["algorithm"] as? String == "linear")
        #expect(linearRGBA[2] > meanRGBA[2], "linear-light mean is at least the sRGB mean")
        #expect(mean.lines.first?["exact"] as? Bool == false)
        #expect(region.status == 0 && region.lines.first?["rgba"] != nil)
        let outside = try PixelKitProcess.run(["average", "--region", "600,400,100,100", path])
        #expect(outside.status == 1)
        #expect((outside.lines.first?["error"] as? String)?.contains("region") == true)
    }

    @Test func aFailingFileDoesNotStopTheOthers() throws {
        let output = try PixelKitProcess.run([
            "average", PixelKitProcess.fixture("pngsuite/xcsn0g01.png"), PixelKitProcess.fixture("photos/rocket.jpg"),
            "/nonexistent.png",
        ])
        #expect(output.status == 1)
        #expect(output.lines.count == 3)
        #expect(output.lines[0]["error"] is String && output.lines[0]["file"] is String)
        #expect(output.lines[1]["hex"] is String)
        #expect((output.lines[2]["error"] as? String)?.contains("No such file") == true)
        #expect(output.standardError.contains("xcsn0g01.png"))
        // The line names the file in "file"; its message does not repeat the path (nor does stderr).
        let message = try #require(output.lines[0]["error"] as? String)
        #expect(!message.contains("xcsn0g01.png"), "\(message)")
        #expect(output.standardError.components(separatedBy: "xcsn0g01.png").count == 2, "\(output.standardError)")
    }

    @Test func versionPrintsTheVersionAlone() throws {
        let output = try PixelKitProcess.run(["--version"])
        #expect(output.status == 0)
        #expect(output.lines.count == 1)
        let version = try #require(output.lines.first?["unparsed"] as? String)
        #expect(version.hasPrefix("0.") && version.split(separator: ".").count == 3, "\(version)")
    }
}
