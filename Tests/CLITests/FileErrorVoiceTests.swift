import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 30, "one error voice", beyond the image commands: a log, a theme file, a thumbnail's
/// output and `fetch`'s file URLs and cache folder each fail as `pixelkit: PATH: reason`, the path
/// once, in the same words (the one file-error vocabulary, `FileError`).
@Suite("pixelkit error voice: every module's file errors")
struct FileErrorVoiceTests {
    private static let photo = PixelKitProcess.fixture("photos/rocket.jpg")

    /// A scratch folder with a directory `folder/dir`, a FIFO `folder/pipe` and a file `folder/file`.
    private struct Scratch {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pixelkit-file-voice-\(UUID())").path
        var directory: String { path + "/dir" }
        var fifo: String { path + "/pipe" }
        var file: String { path + "/file" }

        init() throws {
            try FileManager.default.createDirectory(atPath: path + "/dir", withIntermediateDirectories: true)
            #expect(mkfifo(path + "/pipe", 0o644) == 0)
            #expect(FileManager.default.createFile(atPath: path + "/file", contents: Data("x".utf8)))
        }

        func remove() { try? FileManager.default.removeItem(atPath: path) }
    }

    private static func errorLines(_ output: PixelKitProcess.Output) -> [Substring] {
        output.standardError.split(separator: "\n")
    }

    @Test(arguments: [["log", "tail", "--file"], ["log", "--file"]])
    func aLogThatIsADirectoryOrAFIFOIsNamedOnce(command: [String]) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        for (path, kind) in [(scratch.directory, "a directory"), (scratch.fifo, "a FIFO")] {
            let output = try PixelKitProcess.run(command + [path], inputData: Data("record\n".utf8), timeout: .seconds(30))
            #expect(output.status == 1)
            #expect(Self.errorLines(output) == ["pixelkit: \(path): is \(kind), not a regular file"])
        }
    }

    @Test func aLogPathThatIsNoFileNameIsNamedOnce() throws {
        let output = try PixelKitProcess.run(["log", "tail", "--file", "/tmp/"], inputData: nil, timeout: .seconds(30))
        #expect(output.status == 1)
        #expect(Self.errorLines(output) == ["pixelkit: /tmp/: not a file name (empty, or ending in '/')"])
    }

    @Test func aThemeFileThatIsADirectoryOrAFIFOSpeaksLikeAnImage() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        for (path, kind) in [(scratch.directory, "a directory"), (scratch.fifo, "a FIFO")] {
            let theme = try PixelKitProcess.run(["theme", "check", path], inputData: nil, timeout: .seconds(30))
            let image = try PixelKitProcess.run(["info", path], inputData: nil, timeout: .seconds(30))
            #expect(theme.status == 1 && image.status == 1)
            #expect(Self.errorLines(theme) == ["pixelkit: \(path): is \(kind), not a regular file"])
            #expect(Self.errorLines(theme) == Self.errorLines(image))
            #expect(theme.lines.first?["error"] as? String == "is \(kind), not a regular file")
        }
    }

    @Test func aThumbnailFolderThatCannotBeCreatedIsNamedWithTheOperation() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let output = try PixelKitProcess.run(["thumbnail", "-o", scratch.file + "/sub", Self.photo], inputData: nil, timeout: .seconds(60))
        #expect(output.status == 1)
        #expect(Self.errorLines(output) == [
            "pixelkit: \(Self.photo): cannot create directory \(scratch.file)/sub: Not a directory (errno \(ENOTDIR))",
        ])
    }

    @Test func aThumbnailOntoAFIFOSaysWhatItIs() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // The FIFO is named like the thumbnail `thumbnail -o dir` would write for rocket.jpg.
        let fifo = scratch.directory + "/rocket.jpg"
        #expect(mkfifo(fifo, 0o644) == 0)
        let output = try PixelKitProcess.run(["thumbnail", "-o", scratch.directory, Self.photo], inputData: nil, timeout: .seconds(60))
        #expect(output.status == 1)
        #expect(Self.errorLines(output) == ["pixelkit: \(Self.photo): \(fifo) is a FIFO, not a regular file"])
    }

    /// Issue 43, row 11: `plot` said "cannot write X: cannot write X: …".
    @Test func plotNamesAnUnwritableOutputOnce() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.directory + "/missing/plot.png"
        let output = try PixelKitProcess.run(["plot", "curve", "0.25", "0.1", "0.25", "1", "-o", path], inputData: nil, timeout: .seconds(60))
        #expect(output.status == 1)
        let lines = Self.errorLines(output)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("pixelkit: cannot ") == true, "\(lines)")
        #expect(lines.first?.components(separatedBy: path).count == 2, "the path once: \(lines)")
        #expect(lines.first?.hasSuffix("No such file or directory (errno \(ENOENT))") == true, "\(lines)")
    }

    #if HTTPClientLoader
    @Test func fetchNamesAFileURLsFileOnceAndTheCacheFolderOnce() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let url = URL(fileURLWithPath: scratch.directory).absoluteString
        let output = try PixelKitProcess.run(["fetch", url], inputData: nil, timeout: .seconds(60))
        #expect(output.status == 1)
        #expect(output.lines.first?["error"] as? String == "is a directory, not a regular file")
        #expect(Self.errorLines(output) == ["pixelkit: \(url): is a directory, not a regular file"])

        let cache = scratch.file + "/cache"
        let refused = try PixelKitProcess.run(["fetch", "--cache-dir", cache, url], inputData: nil, timeout: .seconds(60))
        #expect(refused.status == 1)
        #expect(Self.errorLines(refused) == ["pixelkit: \(cache): cannot create directory: Not a directory (errno \(ENOTDIR))"])
    }
    #endif
}
