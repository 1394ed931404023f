import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 30, "one error voice": every failure reads `pixelkit: NAME: reason` with the name once, and
/// usage errors (the parser's and the commands' own option checks) read `pixelkit: reason`, exit 64.
@Suite("pixelkit error voice")
struct ErrorVoiceTests {
    private static let photo = PixelKitProcess.fixture("photos/rocket.jpg")

    /// Standard error's lines, without the usage lines a usage error adds.
    private static func messages(_ output: PixelKitProcess.Output) -> [Substring] {
        output.standardError.split(separator: "\n").filter { !$0.hasPrefix("Usage:") && !$0.hasPrefix("  See ") && !$0.hasPrefix("Help:") }
    }

    private static func occurrences(of needle: String, in text: some StringProtocol) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test(arguments: [["average"], ["info"], ["palette"], ["blurhash", "encode"], ["theme", "check"]])
    func aMissingFileIsNamedOnce(command: [String]) throws {
        let missing = "/nonexistent-\(UUID())/photo.jpg"
        let output = try PixelKitProcess.run(command + [missing])
        #expect(output.status == 1)
        #expect(Self.messages(output) == ["pixelkit: \(missing): cannot read: No such file or directory (errno 2)"])
        let line = try #require(output.lines.first)
        #expect(line["file"] as? String == missing)
        let error = try #require(line["error"] as? String)
        #expect(!error.contains(missing), "the JSON line names the file in \"file\" already: \(error)")
    }

    @Test func aDirectoryAndAFIFOSayWhatTheyAreOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-voice-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/pipe.jpg"
        #expect(mkfifo(fifo, 0o644) == 0)
        let output = try PixelKitProcess.run(["average", folder, fifo], inputData: nil, timeout: .seconds(30))
        #expect(output.status == 1)
        #expect(Self.messages(output) == [
            "pixelkit: \(folder): is a directory, not a regular file",
            "pixelkit: \(fifo): is a FIFO, not a regular file",
        ])
    }

    @Test(arguments: [
        ["frobnicate"],
        ["average"],
        ["average", "--bogus", photo],
        ["average", "--threads", "0", photo],
        ["palette", "--count", "0", photo],
        ["thumbnail", "--quality", "7", "-o", "/tmp", photo],
        ["thumbnail", "--jobs", "0", "-o", "/tmp", photo],
        ["log", "tail", "-n=-1", "--file", "/tmp/pixelkit-voice.log"],
        ["log", "tail", "--policy", "sometimes", "--file", "/tmp/pixelkit-voice.log"],
        ["theme", "from-image", "--name", "", photo],
    ])
    func usageErrorsSpeakTheSameWayWithExit64(arguments: [String]) throws {
        let output = try PixelKitProcess.run(arguments)
        #expect(output.status == 64, "\(arguments): \(output.standardError)")
        let messages = Self.messages(output)
        #expect(messages.count == 1 && messages[0].hasPrefix("pixelkit: "), "\(arguments): \(output.standardError)")
        #expect(!output.standardError.contains("Error:") && !output.standardError.contains("error:"))
        #expect(output.lines.isEmpty)
    }

    @Test func aDamagedImageNamesTheFileOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-voice-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let damaged = folder + "/not-an-image.jpg"
        try Data("hello, world".utf8).write(to: URL(fileURLWithPath: damaged))
        let output = try PixelKitProcess.run(["average", damaged])
        #expect(output.status == 1)
        let messages = Self.messages(output)
        #expect(messages.count == 1 && messages[0].hasPrefix("pixelkit: \(damaged): unknown image format"))
        #expect(Self.occurrences(of: damaged, in: output.standardError) == 1)
    }
}
