import Foundation
import Testing

/// Issue 16's reproducers through the built `pixelkit`: nothing lost on a full disk or through a
/// link, nothing written for an empty output path, no hang on a FIFO, byte file names work.
@Suite("pixelkit file safety")
struct FileSafetyTests {
    /// Runs `pixelkit` through `/bin/sh` so that arguments may hold any bytes (`printf` escapes),
    /// killing it after `timeout` seconds: a hang fails the test instead of stalling the run.
    static func shell(_ script: String, in directory: String, timeout: Double = 60) throws -> (status: Int32, output: String, errors: String, timedOut: Bool) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, PixelKitProcess.executable.path]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let timedOut = LockedFlag()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            if process.isRunning {
                timedOut.set()
                process.terminate()
            }
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), String(decoding: errorData, as: UTF8.self), timedOut.isSet)
    }

    final class LockedFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var isSet: Bool { lock.withLock { value } }
    }

    static func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "pixelkit-cli-safety-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static let photo = PixelKitProcess.fixture("exif-orientation/Landscape_1.jpg")

    /// `-o ""` wrote `/x.jpg` and exited 0.
    @Test func emptyOutputDirectoryIsRefused() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let name = "pixelkit-empty-output-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: Self.photo, toPath: directory + "/" + name + ".jpg")
        let run = try Self.shell("\"$0\" thumbnail -o '' \(name).jpg", in: directory)
        let stray = "/" + name + ".jpg"
        defer { try? FileManager.default.removeItem(atPath: stray) }
        #expect(run.status == 1)
        #expect(run.errors.contains("is not a file name"))
        #expect(!FileManager.default.fileExists(atPath: stray))
    }

    /// An output path that is a symbolic link was followed: its target was overwritten (or, for a
    /// dangling link, created).
    @Test func outputLinksAreNotFollowed() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: Self.photo, toPath: directory + "/a.jpg")
        try FileManager.default.copyItem(atPath: Self.photo, toPath: directory + "/b.jpg")
        try FileManager.default.createDirectory(atPath: directory + "/out", withIntermediateDirectories: false)
        try Data("precious".utf8).write(to: URL(fileURLWithPath: directory + "/precious.txt"))
        try FileManager.default.createSymbolicLink(atPath: directory + "/out/a.jpg", withDestinationPath: "../precious.txt")
        try FileManager.default.createSymbolicLink(atPath: directory + "/out/b.jpg", withDestinationPath: "../created.txt")
        let run = try Self.shell("\"$0\" thumbnail -o out a.jpg b.jpg", in: directory)
        #expect(run.status == 1)
        #expect(run.output.components(separatedBy: "is a symbolic link, not a regular file").count == 3)
        #expect(FileManager.default.contents(atPath: directory + "/precious.txt") == Data("precious".utf8))
        #expect(!FileManager.default.fileExists(atPath: directory + "/created.txt"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/out").sorted() == ["a.jpg", "b.jpg"])
    }

    /// A FIFO as input blocked these commands forever; now each reports it at once.
    @Test(arguments: ["info", "average", "thumbnail -o out", "blurhash encode", "theme check"])
    func fifoInputFailsAtOnce(command: String) throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkfifo(directory + "/input.jpg", 0o644) == 0)
        let run = try Self.shell("\"$0\" \(command) input.jpg", in: directory, timeout: 30)
        #expect(!run.timedOut)
        #expect(run.status == 1)
        #expect(run.output.contains(#""error":"is a FIFO, not a regular file""#))
        #expect(run.errors.contains("pixelkit: input.jpg: is a FIFO, not a regular file"))
    }

    /// `theme check` on a directory printed `NSCocoaErrorDomain` text.
    @Test func themeCheckOnADirectoryGivesATypedMessage() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try Self.shell("\"$0\" theme check .", in: directory)
        #expect(run.status == 1)
        #expect((run.output + run.errors).contains("a directory, not a regular file"))
        #expect(!(run.output + run.errors).contains("NSCocoaErrorDomain"))
    }

    /// A file named `bad\xFFutf8.jpg` was "No such file or directory" for every image command.
    @Test(arguments: ["info", "average", "blurhash encode", "thumbnail -o out"])
    func fileNamedWithInvalidUTF8Works(command: String) throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try Self.shell(
            "cp \"\(Self.photo)\" \"$(printf 'bad\\377utf8.jpg')\" && \"$0\" \(command) \"$(printf 'bad\\377utf8.jpg')\"", in: directory)
        #expect(run.status == 0, "\(run.output) \(run.errors)")
        #expect(run.output.contains("\"file\":\"bad\u{FFFD}utf8.jpg\""))
        #expect(!run.output.contains("\"error\""))
        if command.hasPrefix("thumbnail") {
            let names = try FileManager.default.contentsOfDirectoryAtPathBytes(directory + "/out")
            #expect(names == [Array("bad".utf8) + [0xFF] + Array("utf8.jpg".utf8)])
        }
    }

    /// `info` over 20k files took seconds before reading any (ArgumentParser's O(n²) removal of
    /// positional arguments). Long lists are now cut before parsing and joined after: this checks
    /// that nothing about their meaning changed (order, options before and after, an option's value).
    @Test func longFileListsKeepTheirOrderAndOptions() throws {
        let png = PixelKitProcess.fixture("pngsuite/basn6a08.png")
        var files = (0..<300).map { $0 == 150 ? "missing-\($0).png" : png }
        files[299] = "missing-last.png"
        let info = try PixelKitProcess.run(["info"] + files)
        #expect(info.status == 1)
        #expect(info.lines.count == 300)
        #expect(info.lines[150]["error"] != nil && info.lines[299]["error"] != nil)
        #expect(info.lines[149]["width"] as? Int == 32 && info.lines[298]["width"] as? Int == 32)
        let before = try PixelKitProcess.run(["average", "--algorithm", "linear"] + files)
        let after = try PixelKitProcess.run(["average"] + files + ["--algorithm", "linear"])
        #expect(before.lines.count == 300 && after.lines.count == 300)
        #expect(before.lines[0]["algorithm"] as? String == "linear" && after.lines[0]["algorithm"] as? String == "linear")
        #expect(before.lines[298]["algorithm"] as? String == "linear" && after.lines[298]["algorithm"] as? String == "linear")
    }

    /// The full-disk reproducer: rewriting a good thumbnail on a full 1 MiB tmpfs replaced it with
    /// a corrupt file. Now the good one survives byte-identical, nothing partial is left, exit 1.
    @Test func fullFileSystemKeepsTheGoodThumbnail() throws {
        guard getuid() == 0 else {
            print("skipped fullFileSystemKeepsTheGoodThumbnail: mounting a tmpfs needs root")
            return
        }
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/disk", withIntermediateDirectories: false)
        guard try Self.shell("mount -t tmpfs -o size=1m tmpfs disk", in: directory).status == 0 else {
            print("skipped fullFileSystemKeepsTheGoodThumbnail: mount -t tmpfs failed")
            return
        }
        defer { _ = try? Self.shell("umount disk", in: directory) }
        try FileManager.default.copyItem(atPath: Self.photo, toPath: directory + "/photo.jpg")
        let first = try Self.shell("\"$0\" thumbnail --max-pixel-size 600 -o disk photo.jpg", in: directory)
        try #require(first.status == 0, "\(first.errors)")
        let good = try #require(FileManager.default.contents(atPath: directory + "/disk/photo.jpg"))
        #expect(good.count > 10_000)
        // Fill the rest of the file system.
        _ = try Self.shell("dd if=/dev/zero of=disk/filler bs=4096 2>/dev/null; dd if=/dev/zero of=disk/filler2 bs=1 2>/dev/null; true", in: directory)
        let second = try Self.shell("\"$0\" thumbnail --max-pixel-size 1200 -o disk photo.jpg", in: directory)
        #expect(second.status == 1)
        #expect(second.errors.contains("No space left on device"))
        #expect(second.output.contains("No space left on device"))
        #expect(FileManager.default.contents(atPath: directory + "/disk/photo.jpg") == good)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/disk").sorted() == ["filler", "filler2", "photo.jpg"])
    }
}

extension FileManager {
    /// The entries of a directory as raw name bytes (Foundation's names repair invalid UTF-8).
    func contentsOfDirectoryAtPathBytes(_ path: String) throws -> [[UInt8]] {
        guard let stream = opendir(path) else { throw CocoaError(.fileReadNoSuchFile) }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let start = UnsafeRawPointer(entry).advanced(by: MemoryLayout<dirent>.offset(of: \dirent.d_name)!)
            let name = Array(UnsafeRawBufferPointer(start: start, count: strlen(start.assumingMemoryBound(to: CChar.self))))
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
