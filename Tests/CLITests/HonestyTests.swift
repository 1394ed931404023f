import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 16, "Nothing lost, nothing hung": the command line tells the truth about what it did.
@Suite("pixelkit honesty")
struct HonestyTests {
    private static func temporary(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-honesty-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path + "/" + name
    }

    private static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }

    // MARK: Logger

    @Test func logRefusesAFIFOAtOnceInsteadOfWritingIntoIt() throws {
        let fifo = try Self.temporary("fifo")
        defer { Self.remove(fifo) }
        #expect(mkfifo(fifo, 0o644) == 0)
        let output = try PixelKitProcess.run(["log", "--file", fifo], inputData: Data("a\nb\n".utf8), timeout: .seconds(30))
        #expect(output.status == 1)
        #expect(output.standardError.contains("is a FIFO, not a regular file"))
        #expect(output.lines.isEmpty)
    }

    @Test func logDoesNotFollowASymbolicLinkOrWriteIntoADirectory() throws {
        let target = try Self.temporary("target.log")
        defer { Self.remove(target) }
        _ = FileManager.default.createFile(atPath: target, contents: Data("before\n".utf8))
        let link = (target as NSString).deletingLastPathComponent + "/link.log"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let linked = try PixelKitProcess.run(["log", "--file", link], input: "appended\n")
        #expect(linked.status == 1)
        #expect(linked.standardError.contains("is a symbolic link"))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "before\n")

        let directory = try PixelKitProcess.run(["log", "--file", (target as NSString).deletingLastPathComponent], input: "x\n")
        #expect(directory.status == 1)
        #expect(directory.standardError.contains("is a directory"))
    }

    @Test func logRefusesMaxFilesAboveTheMaximum() throws {
        let path = try Self.temporary("r.log")
        defer { Self.remove(path) }
        let output = try PixelKitProcess.run(
            ["log", "--file", path, "--policy", "rotate", "--max-files", "100000000"], inputData: Data("x\n".utf8),
            timeout: .seconds(30))
        #expect(output.status == 1)
        #expect(output.standardError.contains("1 to 1000"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// A 1 MiB line without a newline into 64 KiB records: streamed as pieces of one input line,
    /// each within the record limit, which rejoin to exactly the input (it used to be one record cut
    /// with a `[truncated …]` marker, after quadratic buffering).
    @Test func logStreamsAnOverLongLineAsPiecesThatRejoinToTheInput() throws {
        let path = try Self.temporary("long.log")
        defer { Self.remove(path) }
        let line = (0..<(1 << 20)).map { index in UInt8(ascii: "a") + UInt8(index % 26) }
        let output = try PixelKitProcess.run(
            ["log", "--file", path, "--policy", "rotate", "--max-bytes", "65536", "--max-files", "100", "--label", "t"],
            inputData: Data(line))
        #expect(output.status == 0)
        let summary = try #require(output.lines.first)
        let written = try #require(summary["written"] as? Int)
        #expect(written >= 16 && written <= 18)
        #expect(summary["records"] as? Int == written)
        #expect(summary["dropped"] as? Int == 0)

        let folder = (path as NSString).deletingLastPathComponent
        var files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("long.log.") }
        files.sort { Int($0.split(separator: ".").last!)! > Int($1.split(separator: ".").last!)! }
        var rejoined: [UInt8] = []
        var records = 0
        for name in files + ["long.log"] {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            #expect(bytes.count <= 65536)
            for record in bytes.split(separator: UInt8(ascii: "\n")) {
                records += 1
                let text = String(decoding: record, as: UTF8.self)
                #expect(text.contains("[stdin/log/1] t: "))
                rejoined += Array(text.components(separatedBy: "[stdin/log/1] t: ").last!.utf8)
            }
        }
        #expect(records == written)
        #expect(rejoined == line)
    }

    @Test func logCountsWrittenAndDroppedRecords() throws {
        let plain = try Self.temporary("plain")
        defer { Self.remove(plain) }
        _ = FileManager.default.createFile(atPath: plain, contents: Data())
        let dropped = try PixelKitProcess.run(["log", "--file", plain + "/f.log"], input: "a\nb\nc\n")
        let summary = try #require(dropped.lines.first)
        #expect(dropped.status == 1, "a dropped record is lost data: the exit status says so")
        #expect(summary["written"] as? Int == 0)
        #expect(summary["records"] as? Int == 0)
        #expect(summary["dropped"] as? Int == 3)
        #expect(dropped.standardError.contains("Not a directory"))

        let kept = try PixelKitProcess.run(["log", "--file", plain + ".log"], input: "a\nb\n")
        #expect(kept.status == 0)
        #expect(kept.lines.first?["written"] as? Int == 2)
        #expect(kept.lines.first?["dropped"] as? Int == 0)
    }

    // MARK: Broken contract

    @Test func thumbnailPrintsEveryFailureOnStandardError() throws {
        let output = try Self.temporary("out")
        defer { Self.remove(output) }
        let result = try PixelKitProcess.run(["thumbnail", "-o", output, "/nonexistent/missing-photo.jpg"])
        #expect(result.status == 1)
        #expect(result.lines.first?["error"] is String)
        #expect(result.standardError.contains("missing-photo.jpg"))
    }

    @Test func thumbnailWithAnOutputDirectoryThatCannotBeMadePrintsAnErrorLinePerFile() throws {
        let plain = try Self.temporary("plain")
        defer { Self.remove(plain) }
        _ = FileManager.default.createFile(atPath: plain, contents: Data())
        let photo = PixelKitProcess.fixture("photos/camera.png")
        let result = try PixelKitProcess.run(["thumbnail", "-o", plain + "/sub", photo, photo + ".other"])
        #expect(result.status == 1)
        #expect(result.lines.map { $0["file"] as? String } == [photo, photo + ".other"])
        #expect(result.lines.allSatisfy { ($0["error"] as? String)?.contains("Not a directory") == true })
    }

    @Test func aFailedWriteToStandardOutputExitsWithStatusOne() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let result = try PixelKitProcess.run(
            ["info", PixelKitProcess.fixture("photos/camera.png")], inputData: nil, standardOutput: full)
        #expect(result.status == 1)
        #expect(result.standardError.contains("cannot write to standard output"))
    }

    @Test(arguments: [
        ["curve", "0.42", "1e308", "0.58", "-1e308", "--at", "0.5"],
        ["layout", "gallery", "--count", "2", "--width", "390", "--spacing", "1e308"],
        ["spring", "--damping-ratio", "1e300", "--response", "1"],
        ["spring", "--response", "1", "--damping-ratio", "1", "--velocity", "1e308", "--sample-at", "1"],
    ])
    func nonFiniteResultsAreErrorsNotNull(arguments: [String]) throws {
        let result = try PixelKitProcess.run(arguments)
        #expect(result.status == 1)
        #expect(!result.lines.contains { $0.values.contains { $0 is NSNull } }, "printed null: \(result.lines)")
        #expect(result.standardError.hasPrefix("pixelkit: "))
    }

    @Test func echoedUserTextIsCutTo200Characters() throws {
        let theme = try Self.temporary("theme.json")
        defer { Self.remove(theme) }
        let key = String(repeating: "k", count: 900_000)
        try Data(##"{"schemes":{"default":{"\##(key)":"#ffffff"}}}"##.utf8).write(to: URL(fileURLWithPath: theme))
        let result = try PixelKitProcess.run(["theme", "check", theme])
        #expect(result.status == 1)
        #expect(result.standardError.utf8.count < 2_000)
        let line = try #require(result.lines.first)
        #expect(((line["path"] as? String) ?? "").count < 300)
        #expect(((line["error"] as? String) ?? "").count < 1_000)
        #expect(result.standardError.contains("more characters)"))
    }

    // MARK: Silent damage

    private static func truncatedCopy(_ fixture: String, fraction: Double, name: String) throws -> String {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: PixelKitProcess.fixture(fixture)))
        let path = try temporary(name)
        try bytes.prefix(Int(Double(bytes.count) * fraction)).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: ["photos/rocket.jpg", "photos/camera.png"])
    func truncatedImagesWarnInThumbnailAndBlurHashAndFailWithStrict(fixture: String) throws {
        let cut = try Self.truncatedCopy(fixture, fraction: 0.6, name: "cut." + (fixture as NSString).pathExtension)
        defer { Self.remove(cut) }
        let folder = (cut as NSString).deletingLastPathComponent + "/thumbs"
        let thumbnail = try PixelKitProcess.run(["thumbnail", "-o", folder, cut])
        #expect(thumbnail.status == 0)
        #expect((thumbnail.lines.first?["warnings"] as? [String])?.isEmpty == false)
        let strictThumbnail = try PixelKitProcess.run(["thumbnail", "--strict", "-o", folder, cut])
        #expect(strictThumbnail.status == 1)
        #expect(strictThumbnail.lines.first?["error"] is String)

        let hash = try PixelKitProcess.run(["blurhash", "encode", cut])
        #expect(hash.status == 0)
        #expect(hash.lines.first?["hash"] is String)
        #expect((hash.lines.first?["warnings"] as? [String])?.isEmpty == false)
        let strictHash = try PixelKitProcess.run(["blurhash", "encode", "--strict", cut])
        #expect(strictHash.status == 1)
        #expect(strictHash.standardError.contains("truncated"))
    }

    // MARK: Linear work

    /// 100,000 `--at` values took minutes (ArgumentParser parses lists in quadratic time); a generous
    /// limit separates linear from quadratic without timing anything precisely.
    @Test func curveEvaluatesOneHundredThousandValues() throws {
        let values = (0..<100_000).map { String(Double($0) / 100_000) }
        let result = try PixelKitProcess.run(
            ["curve", "0.42", "0", "0.58", "1", "--at"] + values, inputData: nil, timeout: .seconds(30))
        #expect(result.status == 0)
        #expect(result.lines.count == 100_000)
        #expect(result.lines.last?["x"] as? Double == 0.99999)
        let bad = try PixelKitProcess.run(["curve", "0.42", "0", "0.58", "1", "--at"] + values + ["x"], inputData: nil, timeout: .seconds(30))
        #expect(bad.status != 0)
        #expect(bad.standardError.contains("'x' is invalid for '--at'"))
    }

    @Test func infoReadsTwentyThousandFileArgumentsInOrder() throws {
        let files = (0..<20_000).map { "/nonexistent/\($0).png" }
        let result = try PixelKitProcess.run(["info"] + files, inputData: nil, timeout: .seconds(30))
        #expect(result.status == 1)
        #expect(result.lines.map { $0["file"] as? String } == files)
    }
}
