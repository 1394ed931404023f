import Foundation
import PixelKit
import PixelKitPlatform
import PixelKitTestSupport
import Testing

/// The writer's side of issue 27's output rule and clean interruption: an output never replaces an
/// input (by device and inode, whatever the name), every temporary file is known while it exists
/// and can be removed by an interruption, leftovers of dead writers are swept, and a failure to
/// create the output reads "cannot write".
@Suite("Output protection and temporary files")
struct OutputProtectionTests {
    static let photo = Array("the precious original photo".utf8)
    static let thumbnail = Array("a small thumbnail".utf8)

    @Test func anInputIsNeverReplacedWhateverItsName() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write(Self.photo, to: "photo.jpg")
        try FileManager.default.linkItem(atPath: directory.file("photo.jpg"), toPath: directory.file("hard-link.jpg"))
        try FileManager.default.createSymbolicLink(atPath: directory.file("folder"), withDestinationPath: ".")
        let writer = ImageFileWriter(neverReplacing: [.file(path: directory.file("photo.jpg"))])
        for name in ["photo.jpg", "./photo.jpg", "hard-link.jpg", "folder/photo.jpg"] {
            #expect(throws: ImageError.file(FileError(path: directory.file(name), operation: .create, problem: .wouldReplaceInput(input: directory.file("photo.jpg"))))) {
                try writer.write(Self.thumbnail, to: directory.file(name))
            }
        }
        #expect(directory.contents("photo.jpg") == Self.photo)
        #expect(directory.names() == ["folder", "hard-link.jpg", "photo.jpg"])
        // Other names are written as usual, and a writer without inputs writes anywhere.
        try writer.write(Self.thumbnail, to: directory.file("thumb.jpg"))
        #expect(directory.contents("thumb.jpg") == Self.thumbnail)
        try ImageFileWriter().write(Self.thumbnail, to: directory.file("hard-link.jpg"))
        #expect(directory.contents("hard-link.jpg") == Self.thumbnail)
        #expect(directory.contents("photo.jpg") == Self.photo)
    }

    @Test func theErrorNamesBothFilesAndTheOperation() {
        let error = ImageError.file(FileError(path: "out/photo.jpg", operation: .create, problem: .wouldReplaceInput(input: "photo.jpg")))
        #expect(error.description == "cannot write out/photo.jpg: it is the input photo.jpg, which would be replaced; nothing was written")
        #expect(error.path == "out/photo.jpg")
    }

    /// A read-only file system refuses the temporary file: that is a failed write, not a failed read.
    @Test(arguments: [EROFS, EACCES, ENOSPC])
    func failingToCreateTheOutputSaysCannotWrite(code: Int32) throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        var calls = FileSystemCalls.live
        calls.open = { _, _, _ in .failure(SystemErrno(code)) }
        let path = directory.file("thumb.jpg")
        #expect(throws: ImageError.file(FileError(path: path, operation: .create, errno: code))) {
            try ImageFileWriter(calls: calls).write(Self.thumbnail, to: path)
        }
        #expect(ImageError.file(FileError(path: path, operation: .create, errno: code)).description.hasPrefix("cannot write \(path): "))
    }

    @Test func aTemporaryIsRegisteredExactlyWhileItExists() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let registry = TemporaryFileRegistry()
        let seen = PThreadLocked<[Set<PlatformPath>]>([])
        var calls = FileSystemCalls.live
        let live = FileSystemCalls.live
        calls.synchronize = { descriptor in
            seen.withLock { $0.append(registry.registered) }
            return live.synchronize(descriptor)
        }
        let writer = AtomicFileWriter(calls: calls, temporaries: registry)
        try writer.write(Self.thumbnail, to: PlatformPath(directory.file("thumb.jpg")))
        let during = try #require(seen.withLock { $0.first })
        #expect(during.count == 1)
        #expect(during.first.map { AtomicFileWriter.writingProcess(ofTemporaryName: String(decoding: $0.lastComponent, as: UTF8.self)) } == getpid())
        #expect(registry.registered.isEmpty)
        #expect(directory.names() == ["thumb.jpg"])
    }

    /// What SIGINT and SIGTERM do before the process ends: every temporary being written is
    /// removed, and no new one may be created (it would outlive the process).
    @Test func terminationRemovesTheTemporariesAndRefusesNewOnes() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let registry = TemporaryFileRegistry()
        var calls = FileSystemCalls.live
        let live = FileSystemCalls.live
        // The process is interrupted while the first file is being written.
        calls.synchronize = { descriptor in
            #expect(registry.removeAllForTermination() == 1)
            return live.synchronize(descriptor)
        }
        let writer = AtomicFileWriter(calls: calls, temporaries: registry)
        #expect(throws: FileSystemError.self) {
            try writer.write(Self.thumbnail, to: PlatformPath(directory.file("first.jpg")))
        }
        #expect(directory.names().isEmpty)
        #expect(throws: FileSystemError.system(path: PlatformPath(directory.file("second.jpg")), operation: .create, code: EINTR)) {
            try AtomicFileWriter(temporaries: registry).write(Self.thumbnail, to: PlatformPath(directory.file("second.jpg")))
        }
        #expect(directory.names().isEmpty)
    }

    @Test func theFirstWriteIntoAFolderSweepsTheTemporariesOfDeadWriters() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = ".a.jpg.\(finished.processIdentifier)-1z.tmp"
        let running = ".b.jpg.\(getppid())-2y.tmp"
        let notOurs = ".notes.tmp"
        for name in [dead, running, notOurs] { try directory.write([1], to: name) }
        let registry = TemporaryFileRegistry()
        try AtomicFileWriter(temporaries: registry).write(Self.thumbnail, to: PlatformPath(directory.file("c.jpg")))
        #expect(directory.names() == [running, notOurs, "c.jpg"].sorted())
        // Once per folder: a leftover appearing later stays until the next process.
        try directory.write([1], to: dead)
        try AtomicFileWriter(temporaries: registry).write(Self.thumbnail, to: PlatformPath(directory.file("d.jpg")))
        #expect(directory.names().contains(dead))
    }
}
