import Foundation
import Testing

/// One contract check per higher module's command, as scripts would call them.
@Suite("pixelkit module commands")
struct ModuleCommandTests {
    @Test func contrastOfBlackOnWhiteIs21() throws {
        let output = try PixelKitProcess.run(["contrast", "000000", "#FFFFFF"])
        #expect(output.status == 0)
        let line = try #require(output.lines.first)
        #expect(abs((line["wcag"] as? Double ?? 0) - 21) < 1e-9)
        #expect(line["aa"] as? Bool == true && line["aaa"] as? Bool == true)
        #expect(line["apca"] is Double)
        #expect(try PixelKitProcess.run(["contrast", "#12345G", "fff"]).status == 1)
    }

    @Test func themeCheckAndResolveTheSampleTheme() throws {
        let theme = PixelKitProcess.repository.appendingPathComponent("Examples/theme.json").path
        let check = try PixelKitProcess.run(["theme", "check", theme])
        #expect(check.status == 0)
        #expect(check.lines.count > 1)
        let resolve = try PixelKitProcess.run(["theme", "resolve", theme, "--scheme", "default", "--appearance", "dark"])
        #expect(resolve.status == 0)
        let roles = try #require(resolve.lines.first)
        #expect(roles.values.allSatisfy { ($0 as? String)?.hasPrefix("#") == true })
        let missing = try PixelKitProcess.run(["theme", "check", "/nonexistent-theme.json"])
        #expect(missing.status == 1)
    }

    @Test func springSamplesStartAtRestAndSettle() throws {
        let output = try PixelKitProcess.run(["spring", "--response", "0.5", "--damping-ratio", "1", "--sample-at", "0", "5"])
        #expect(output.status == 0)
        #expect(output.lines.count == 3)
        let parameters = output.lines[0]
        // response 0.5 s, mass 1: stiffness (2π / 0.5)² = 157.91…
        #expect(abs((parameters["stiffness"] as? Double ?? 0) - 157.91367) < 1e-3)
        #expect(output.lines[1]["position"] as? Double == 0)
        #expect(abs((output.lines[2]["position"] as? Double ?? 0) - 1) < 1e-6)
    }

    @Test func curveEndpoints() throws {
        let output = try PixelKitProcess.run(["curve", "0.42", "0", "0.58", "1", "--at", "0", "0.5", "1"])
        #expect(output.status == 0)
        let ys = output.lines.compactMap { $0["y"] as? Double }
        #expect(ys.count == 3 && ys[0] == 0 && abs(ys[1] - 0.5) < 1e-6 && ys[2] == 1)
    }

    @Test func plotWritesAPNG() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-cli-plot-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try PixelKitProcess.run(["plot", "curve", "0.25", "0.1", "0.25", "1", "-o", path])
        #expect(output.status == 0)
        let info = try PixelKitProcess.run(["info", path])
        #expect(info.lines.first?["format"] as? String == "png")
    }

    @Test func logAppendsAndTails() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-cli-\(UUID()).log").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let append = try PixelKitProcess.run(["log", "--file", path], input: "first line\nsecond line\n")
        #expect(append.status == 0)
        let tail = try PixelKitProcess.run(["log", "tail", "--file", path, "-n", "1"])
        #expect(tail.lines.count == 1)
        #expect((tail.lines.first?["record"] as? String)?.hasSuffix("second line") == true)
    }

    @Test func galleryLayoutCoversEveryItem() throws {
        let output = try PixelKitProcess.run(["layout", "gallery", "--count", "12", "--width", "390"])
        #expect(output.status == 0)
        #expect(output.lines.map { $0["index"] as? Int } == (0..<12).map { $0 })
        #expect(output.lines.allSatisfy { ["large", "vertical", "horizontal", "small"].contains($0["shape"] as? String ?? "") })
    }

    @Test func sideIndexHitTest() throws {
        let output = try PixelKitProcess.run(["layout", "index", "--height", "1000", "--font-size", "12", "--hit", "-5", "A", "B", "C"])
        #expect(output.lines.first?["label"] as? String == "A")
        #expect(output.lines.first?["index"] as? Int == 0)
    }

    @Test func thumbnailWritesUprightImagesInInputOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-cli-thumbs-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = try PixelKitProcess.run([
            "thumbnail", "--max-pixel-size", "300", "--jobs", "2", "-o", folder,
            PixelKitProcess.fixture("exif-orientation/Landscape_6.jpg"), PixelKitProcess.fixture("jpeg/invalid/missing-sos.jpg"),
            PixelKitProcess.fixture("photos/coffee.png"),
        ])
        #expect(output.status == 1)
        #expect(output.lines.count == 3)
        // Landscape_6 is stored 1200×1800 with orientation 6: upright it is landscape, 300×200.
        #expect(output.lines[0]["width"] as? Int == 300 && output.lines[0]["height"] as? Int == 200)
        #expect(output.lines[1]["error"] is String)
        #expect(output.lines[2]["width"] as? Int == 300 && output.lines[2]["height"] as? Int == 200)
        let written = try #require(output.lines[0]["output"] as? String)
        #expect(FileManager.default.fileExists(atPath: written))
    }

    @Test func thumbnailWithoutOrientingKeepsTheTag() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-cli-thumbs-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = try PixelKitProcess.run([
            "thumbnail", "--max-pixel-size", "300", "--no-orient", "-o", folder,
            PixelKitProcess.fixture("exif-orientation/Landscape_6.jpg"),
        ])
        #expect(output.status == 0)
        // Stored 1200×1800, left as stored: 200×300, and the tag travels with it.
        #expect(output.lines[0]["width"] as? Int == 200 && output.lines[0]["height"] as? Int == 300)
        let info = try PixelKitProcess.run(["info", try #require(output.lines[0]["output"] as? String)])
        #expect(info.lines.first?["orientation"] as? Int == 6)
    }

    @Test func thumbnailDecodeBudgetFlagIsValidated() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-cli-thumbs-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let photo = PixelKitProcess.fixture("photos/coffee.png")
        let plainRule = try PixelKitProcess.run([
            "thumbnail", "--max-pixel-size", "300", "--preferred-decode-max-pixels", "0", "-o", folder, photo,
        ])
        #expect(plainRule.status == 0)
        #expect(plainRule.lines.first?["width"] as? Int == 300 && plainRule.lines.first?["height"] as? Int == 200)
        let negative = try PixelKitProcess.run([
            "thumbnail", "--preferred-decode-max-pixels=-1", "-o", folder, photo,
        ])
        #expect(negative.status == 64)
        #expect(negative.lines.isEmpty)
    }
}

@Suite("pixelkit blurhash")
struct BlurHashCommandTests {
    @Test func encodeDecodeAndAverage() throws {
        let encode = try PixelKitProcess.run(["blurhash", "encode", "-x", "4", "-y", "3",
                                              PixelKitProcess.fixture("photos/coffee.png"), "/nonexistent.jpg"])
        #expect(encode.status == 1)
        let hash = try #require(encode.lines.first?["hash"] as? String)
        #expect(hash.count == 4 + 2 * 4 * 3)
        #expect(encode.lines.last?["error"] is String)

        let average = try PixelKitProcess.run(["blurhash", "average", "--", hash])
        #expect(average.status == 0)
        #expect((average.lines.first?["hex"] as? String)?.count == 7)

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-blur-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let decode = try PixelKitProcess.run(["blurhash", "decode", "--width", "32", "--height", "20", "-o", path, "--", hash])
        #expect(decode.status == 0)
        let info = try PixelKitProcess.run(["info", path])
        #expect(info.lines.first?["width"] as? Int == 32 && info.lines.first?["height"] as? Int == 20)
        #expect(try PixelKitProcess.run(["blurhash", "average", "--", "LEHV6nWB2yk8pyo0adR*.7kCMdn!"]).status == 1)
    }
}
