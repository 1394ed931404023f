import Foundation
import Testing

/// Issue 27's output reproducers through the built `pixelkit`: an output never replaces an input,
/// an interrupted run leaves no temporary files, a later run removes those of dead processes, and
/// the messages name the operation that failed.
@Suite("pixelkit outputs and interruption")
struct OutputSafetyTests {
    typealias Safety = FileSafetyTests

    /// `pixelkit thumbnail -o . photo.jpg` replaced the 347 KB photo with its thumbnail and exited 0.
    @Test(arguments: ["-o . photo.jpg", "-o ./ ./photo.jpg", "-o same photo.jpg", "-o linked photo.jpg"])
    func anOutputThatIsAnInputIsRefusedAndTheInputKept(arguments: String) throws {
        let directory = try Safety.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: Safety.photo, toPath: directory + "/photo.jpg")
        let original = try #require(FileManager.default.contents(atPath: directory + "/photo.jpg"))
        // The same file under another name: a hard link, and a folder reached through a symbolic link.
        try FileManager.default.createDirectory(atPath: directory + "/same", withIntermediateDirectories: false)
        try FileManager.default.linkItem(atPath: directory + "/photo.jpg", toPath: directory + "/same/photo.jpg")
        try FileManager.default.createSymbolicLink(atPath: directory + "/linked", withDestinationPath: ".")

        let run = try Safety.shell("\"$0\" thumbnail \(arguments)", in: directory)
        #expect(run.status == 1)
        #expect(run.output.contains("\"error\":\"cannot write"), "\(run.output)")
        #expect(run.output.contains("which would be replaced; nothing was written"))
        #expect(run.errors.contains("photo.jpg: cannot write"))
        #expect(FileManager.default.contents(atPath: directory + "/photo.jpg") == original)
        #expect(FileManager.default.contents(atPath: directory + "/same/photo.jpg") == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    /// One input's thumbnail may be another input (`a.png` → `a.jpg`): that one is refused, the rest written.
    @Test func anInputNamedLikeAnotherInputsThumbnailIsKept() throws {
        let directory = try Safety.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: Safety.photo, toPath: directory + "/a.jpg")
        try FileManager.default.copyItem(atPath: PixelKitProcess.fixture("pngsuite/basn6a08.png"), toPath: directory + "/a.png")
        try FileManager.default.copyItem(atPath: Safety.photo, toPath: directory + "/b.jpg")
        let original = try #require(FileManager.default.contents(atPath: directory + "/a.jpg"))
        let run = try Safety.shell("\"$0\" thumbnail --max-pixel-size 64 -o . a.png b.jpg", in: directory)
        #expect(run.status == 1)
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("it is the input") == false, "a.png's thumbnail is ./a.jpg, which is no input of this run")
        #expect(lines.last?.contains("it is the input b.jpg") == true, "\(run.output)")
        #expect(FileManager.default.contents(atPath: directory + "/a.jpg") != original, "a.jpg is not an input here, so it is replaced")
    }

    /// The other commands that write beside reading images: `palette --swatch` and `theme from-image -o`.
    @Test(arguments: ["palette --swatch photo.jpg photo.jpg", "theme from-image -o photo.jpg photo.jpg"])
    func otherCommandsNeverWriteOverTheirInput(command: String) throws {
        let directory = try Safety.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: Safety.photo, toPath: directory + "/photo.jpg")
        let original = try #require(FileManager.default.contents(atPath: directory + "/photo.jpg"))
        let run = try Safety.shell("\"$0\" \(command)", in: directory)
        #expect(run.status == 1)
        #expect(run.errors.contains("it is the input photo.jpg, which would be replaced"), "\(run.errors)")
        #expect(FileManager.default.contents(atPath: directory + "/photo.jpg") == original)
    }

    /// A write to a read-only file system said "cannot read".
    @Test func aReadOnlyFileSystemSaysCannotWrite() throws {
        guard getuid() == 0 else {
            print("skipped aReadOnlyFileSystemSaysCannotWrite: mounting a tmpfs needs root")
            return
        }
        let directory = try Safety.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/disk", withIntermediateDirectories: false)
        guard try Safety.shell("mount -t tmpfs -o ro,size=1m tmpfs disk", in: directory).status == 0 else {
            print("skipped aReadOnlyFileSystemSaysCannotWrite: mount -t tmpfs failed")
            return
        }
        defer { _ = try? Safety.shell("umount disk", in: directory) }
        try FileManager.default.copyItem(atPath: Safety.photo, toPath: directory + "/photo.jpg")
        let run = try Safety.shell("\"$0\" thumbnail --max-pixel-size 64 -o disk photo.jpg", in: directory)
        #expect(run.status == 1)
        #expect(run.errors.contains("cannot write disk/photo.jpg: Read-only file system"), "\(run.errors)")
        #expect(!run.errors.contains("cannot read"))
    }

    /// SIGTERM or SIGINT during `thumbnail --jobs 2` left `.NAME.PID-random.tmp` files behind. The
    /// signal is sent the moment a temporary file is seen in the output folder, so that it arrives
    /// mid-write; the process must end by that signal with no temporary file left.
    @Test(arguments: [SIGTERM, SIGINT])
    func anInterruptedRunRemovesItsTemporaryFiles(signalNumber: Int32) throws {
        let directory = try Safety.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var inputs: [String] = []
        for index in 0..<60 {
            try FileManager.default.copyItem(atPath: Safety.photo, toPath: directory + "/p\(index).jpg")
            inputs.append("p\(index).jpg")
        }
        try FileManager.default.createDirectory(atPath: directory + "/out", withIntermediateDirectories: false)
        var caughtMidWrite = false
        for _ in 0..<5 where !caughtMidWrite {
            let process = Process()
            process.executableURL = PixelKitProcess.executable
            process.arguments = ["thumbnail", "--jobs", "2", "--max-pixel-size", "3000", "-o", "out"] + inputs
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let started = Date()
            while process.isRunning, Date().timeIntervalSince(started) < 60 {
                if try Self.temporaries(in: directory + "/out").isEmpty { continue }
                kill(process.processIdentifier, signalNumber)
                caughtMidWrite = true
                break
            }
            if process.isRunning && !caughtMidWrite { process.terminate() }
            process.waitUntilExit()
            if caughtMidWrite {
                #expect(process.terminationReason == .uncaughtSignal)
                #expect(process.terminationStatus == signalNumber)
            }
            #expect(try Self.temporaries(in: directory + "/out").isEmpty)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory + "/out") {
                try FileManager.default.removeItem(atPath: directory + "/out/" + name)
            }
        }
        #expect(caughtMidWrite, "no run was seen writing a temporary file")
    }

    /// Temporary files of writers that no longer run are removed by the next run writing into
    /// that folder; one whose process still runs is kept.
    @Test func aLaterRunRemovesTheTemporariesOfDeadProcesses() throws {
        let directory = try Safety.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: Safety.photo, toPath: directory + "/photo.jpg")
        try FileManager.default.createDirectory(atPath: directory + "/out", withIntermediateDirectories: false)
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = ".old.jpg.\(finished.processIdentifier)-abc123.tmp"
        let alive = ".old.jpg.\(getpid())-abc123.tmp"
        for name in [dead, alive] { _ = FileManager.default.createFile(atPath: directory + "/out/" + name, contents: Data("x".utf8)) }
        let run = try Safety.shell("\"$0\" thumbnail --max-pixel-size 64 -o out photo.jpg", in: directory)
        #expect(run.status == 0, "\(run.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/out").sorted() == [alive, "photo.jpg"])
    }

    private static func temporaries(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".tmp") }
    }
}
