import Foundation
import Testing

/// `pixelkit palette` and `pixelkit theme from-image`, as scripts call them.
@Suite("pixelkit palette")
struct PaletteCommandTests {
    static let roles = [
        "primary", "onPrimary", "primaryContainer", "onPrimaryContainer", "secondary", "onSecondary",
        "tertiary", "onTertiary", "surface", "onSurface", "background", "onBackground", "error", "onError",
    ]

    @Test func onePaletteLinePerFileInEveryFormat() throws {
        let files = ["photos/rocket.jpg", "photos/coffee.png", "heif/coffee.avif", "heif/example.heic", "webp/lossless_color_transform.webp", "webp/lossy_alpha1.webp"]
            .map(PixelKitProcess.fixture)
        let output = try PixelKitProcess.run(["palette", "--count", "3"] + files)
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.lines.count == files.count)
        for (index, line) in output.lines.enumerated() {
            #expect(line["file"] as? String == files[index])
            #expect(output.rawLines[index].hasPrefix("{\"file\":"))
            let keys = ["\"width\":", "\"height\":", "\"source\":", "\"palette\":", "\"theme\":"]
            let positions = keys.compactMap { output.rawLines[index].range(of: $0)?.lowerBound }
            #expect(positions.count == keys.count && positions == positions.sorted(), "field order")
            let source = try #require(line["source"] as? String)
            #expect(source.range(of: "^#[0-9A-F]{6}$", options: .regularExpression) != nil)
            let palette = try #require(line["palette"] as? [[String: Any]])
            #expect((1...3).contains(palette.count))
            let shares = palette.compactMap { $0["share"] as? Double }
            #expect(shares == shares.sorted(by: >) && shares.reduce(0, +) <= 1)
            let theme = try #require(line["theme"] as? [String: [String: String]])
            #expect(theme["light"].map { Set($0.keys) } == Set(Self.roles))
            #expect(theme["dark"].map { Set($0.keys) } == Set(Self.roles))
        }
    }

    @Test func themeRolesAreOrderedAndPaletteDefaultsToFive() throws {
        let output = try PixelKitProcess.run(["palette", PixelKitProcess.fixture("photos/chelsea.png")])
        #expect(output.status == 0)
        let raw = try #require(output.rawLines.first)
        let positions = Self.roles.compactMap { raw.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions == positions.sorted())
        #expect((output.lines.first?["palette"] as? [Any])?.count == 5)
    }

    @Test func failingFileIsReportedAndTheOthersStillRun() throws {
        let output = try PixelKitProcess.run(["palette", "/nonexistent/photo.jpg", PixelKitProcess.fixture("photos/rocket.jpg")])
        #expect(output.status == 1)
        #expect(output.lines.count == 2)
        #expect(output.lines[0]["error"] is String)
        #expect(output.lines[1]["source"] is String)
        #expect(try PixelKitProcess.run(["palette", "--count", "0", PixelKitProcess.fixture("photos/rocket.jpg")]).status == 64)
    }

    /// Issue 43, row 9: a leniently decoded damaged image's warnings are printed, as `average` prints them.
    @Test func decoderWarningsArePrinted() throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: PixelKitProcess.fixture("photos/rocket.jpg")))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-cut-\(UUID()).jpg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
        for exact in [false, true] {
            let output = try PixelKitProcess.run(["palette"] + (exact ? ["--exact"] : []) + [path])
            let average = try PixelKitProcess.run(["average"] + (exact ? ["--exact"] : []) + [path])
            #expect(output.status == 0 && average.status == 0)
            let warnings = output.lines.first?["warnings"] as? [String]
            #expect(warnings != nil && warnings == average.lines.first?["warnings"] as? [String], "exact: \(exact)")
            #expect(output.rawLines.first?.hasSuffix("]}") == true, "\"warnings\" comes last")
        }
    }

    @Test func swatchSheetIsAPNG() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-swatch-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try PixelKitProcess.run(["palette", "--swatch", path, PixelKitProcess.fixture("photos/coffee.png")])
        #expect(output.status == 0)
        let info = try PixelKitProcess.run(["info", path])
        let line = try #require(info.lines.first)
        #expect(line["format"] as? String == "png")
        #expect(line["width"] as? Int == 360)
    }

    @Test func themeFromImageWritesAFileThatThemeCheckPasses() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-theme-\(UUID()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let written = try PixelKitProcess.run(["theme", "from-image", PixelKitProcess.fixture("photos/coffee.png"), "-o", path, "--name", "coffee"])
        #expect(written.status == 0, "\(written.standardError)")
        let palette = try PixelKitProcess.run(["palette", PixelKitProcess.fixture("photos/coffee.png")])
        #expect(written.lines.first?["source"] as? String == palette.lines.first?["source"] as? String)
        let check = try PixelKitProcess.run(["theme", "check", path])
        #expect(check.status == 0)
        let pairs = check.lines.filter { $0["pass"] != nil }
        #expect(pairs.count == 7 * 4)
        #expect(pairs.allSatisfy { $0["pass"] as? Bool == true })
        #expect(check.lines.last?["failed"] as? Int == 0)
        let resolve = try PixelKitProcess.run(["theme", "resolve", path, "--scheme", "coffee", "--appearance", "dark"])
        #expect(resolve.lines.first?["primary"] as? String == (palette.lines.first?["theme"] as? [String: [String: String]])?["dark"]?["primary"])
    }
}
