import Foundation
import PixelKit
import PixelKitPlatform
import PixelKitTestSupport
import Testing

/// `ImageFileWriter` (over the platform layer's `AtomicFileWriter`): whatever fails, the destination
/// keeps its old bytes and no temporary file is left behind.
@Suite("Atomic file writing")
struct AtomicWriteTests {
    /// 200 KB of varied bytes: several writes' worth, so faults can strike in the middle.
    static let payload: [UInt8] = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 7) }
    static let oldContents = Array("the good old thumbnail".utf8)

    /// Live calls with `write` replaced.
    static func calls(write: @escaping @Sendable (Int32, UnsafeRawBufferPointer, FileSystemCalls) -> Result<Int, SystemErrno>) -> FileSystemCalls {
        var calls = FileSystemCalls.live
        let live = FileSystemCalls.live
        calls.write = { descriptor, bytes in write(descriptor, bytes, live) }
        return calls
    }

    @Test func replacesTheFileWholeWithMode0644() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write(Self.oldContents, to: "thumb.jpg")
        try ImageFileWriter().write(Self.payload, to: directory.file("thumb.jpg"))
        #expect(directory.contents("thumb.jpg") == Self.payload)
        #expect(directory.names() == ["thumb.jpg"])
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.file("thumb.jpg"))
        let mask = umask(0)
        umask(mask)
        #expect((attributes[.posixPermissions] as? Int) == 0o644 & ~Int(mask))
    }

    @Test func noSpaceMidWriteLeavesTheOldFileAndNoTemporary() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write(Self.oldContents, to: "thumb.jpg")
        let written = PThreadLocked(0)
        // The first 64 KiB go through, then the disk is full.
        let writer = ImageFileWriter(calls: Self.calls { descriptor, bytes, live in
            let allowed = written.withLock { total in max(0, 65_536 - total) }
            guard allowed > 0 else { return .failure(.noSpace) }
            let result = live.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes.prefix(allowed)))
            if case .success(let count) = result { written.withLock { $0 += count } }
            return result
        })
        #expect(throws: ImageError.file(FileError(path: directory.file("thumb.jpg"), operation: .write, errno: ENOSPC))) {
            try writer.write(Self.payload, to: directory.file("thumb.jpg"))
        }
        #expect(written.withLock { $0 } == 65_536)
        #expect(directory.contents("thumb.jpg") == Self.oldContents)
        #expect(directory.names() == ["thumb.jpg"])
    }

    @Test func ioErrorOnFsyncLeavesTheOldFileAndNoTemporary() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write(Self.oldContents, to: "thumb.jpg")
        var calls = FileSystemCalls.live
        calls.synchronize = { _ in .failure(.ioError) }
        #expect(throws: ImageError.file(FileError(path: directory.file("thumb.jpg"), operation: .synchronize, errno: EIO))) {
            try ImageFileWriter(calls: calls).write(Self.payload, to: directory.file("thumb.jpg"))
        }
        #expect(directory.contents("thumb.jpg") == Self.oldContents)
        #expect(directory.names() == ["thumb.jpg"])
    }

    @Test func interruptedAndShortWritesStillWriteEverything() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let attempts = PThreadLocked(0)
        // Every other call is interrupted; the others write at most 1000 bytes.
        let writer = ImageFileWriter(calls: Self.calls { descriptor, bytes, live in
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            if attempt % 2 == 1 { return .failure(.interrupted) }
            return live.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes.prefix(1000)))
        })
        try writer.write(Self.payload, to: directory.file("thumb.jpg"))
        #expect(directory.contents("thumb.jpg") == Self.payload)
        #expect(attempts.withLock { $0 } == 2 * 200)
        #expect(directory.names() == ["thumb.jpg"])
    }

    @Test func interruptedFsyncIsRetried() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let interruptions = PThreadLocked(0)
        var calls = FileSystemCalls.live
        calls.synchronize = { descriptor in
            if interruptions.withLock({ count in count += 1; return count <= 2 }) { return .failure(.interrupted) }
            return FileSystemCalls.live.synchronize(descriptor)
        }
        try ImageFileWriter(calls: calls).write(Self.payload, to: directory.file("thumb.jpg"))
        #expect(directory.contents("thumb.jpg") == Self.payload)
        #expect(interruptions.withLock { $0 } >= 3)
    }

    @Test func failedRenameRemovesTheTemporary() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write(Self.oldContents, to: "thumb.jpg")
        var calls = FileSystemCalls.live
        calls.rename = { _, _ in .failure(SystemErrno(EXDEV)) }
        #expect(throws: ImageError.file(FileError(path: directory.file("thumb.jpg"), operation: .rename, errno: EXDEV))) {
            try ImageFileWriter(calls: calls).write(Self.payload, to: directory.file("thumb.jpg"))
        }
        #expect(directory.contents("thumb.jpg") == Self.oldContents)
        #expect(directory.names() == ["thumb.jpg"])
    }

    @Test func aWriterKilledMidWriteLeavesATemporaryNamingItsProcess() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        // A rename that never happens and a removal that never happens: what a SIGKILL leaves.
        var calls = FileSystemCalls.live
        calls.rename = { _, _ in .failure(SystemErrno(EIO)) }
        calls.unlink = { _ in .success(()) }
        #expect(throws: FileSystemError.self) {
            try AtomicFileWriter(calls: calls).write(Self.payload, to: PlatformPath(directory.file("entry.pkc")))
        }
        let leftovers = directory.names()
        #expect(leftovers.count == 1)
        #expect(leftovers.compactMap(AtomicFileWriter.writingProcess(ofTemporaryName:)) == [getpid()])
        #expect(AtomicFileWriter.writingProcess(ofTemporaryName: "entry.pkc") == nil)
        #expect(AtomicFileWriter.writingProcess(ofTemporaryName: ".notes.tmp") == nil)
        #expect(AtomicFileWriter.writingProcess(ofTemporaryName: ".a.b.12-zz.tmp") == 12)
    }

    @Test func chunksAreWrittenInOrderWithoutJoining() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let chunks = [Array("header|".utf8), [], Self.payload, Array("|end".utf8)]
        try AtomicFileWriter().write(chunks: chunks, to: PlatformPath(directory.file("entry.pkc")))
        #expect(directory.contents("entry.pkc") == chunks.flatMap { $0 })
        #expect(directory.names() == ["entry.pkc"])
    }

    @Test func symbolicLinkToAFileIsRefusedAndItsTargetUntouched() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try directory.write(Self.oldContents, to: "precious.txt")
        try FileManager.default.createSymbolicLink(atPath: directory.file("thumb.jpg"), withDestinationPath: "precious.txt")
        #expect(throws: ImageError.file(FileError(path: directory.file("thumb.jpg"), operation: .create, problem: .notARegularFile(.symbolicLink)))) {
            try ImageFileWriter().write(Self.payload, to: directory.file("thumb.jpg"))
        }
        #expect(directory.contents("precious.txt") == Self.oldContents)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.file("thumb.jpg")) == "precious.txt")
        #expect(directory.names() == ["precious.txt", "thumb.jpg"])
    }

    @Test func danglingSymbolicLinkIsRefusedAndCreatesNothing() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try FileManager.default.createSymbolicLink(atPath: directory.file("thumb.jpg"), withDestinationPath: "created-through-link")
        #expect(throws: ImageError.file(FileError(path: directory.file("thumb.jpg"), operation: .create, problem: .notARegularFile(.symbolicLink)))) {
            try ImageFileWriter().write(Self.payload, to: directory.file("thumb.jpg"))
        }
        #expect(directory.names() == ["thumb.jpg"])
    }

    /// A link that appears after the check (simulated by hiding it from `lstat`) is replaced by the
    /// rename, never written through: neither its target nor a dangling link's target is touched.
    @Test(arguments: [true, false])
    func linkAppearingAfterTheCheckIsReplacedNotFollowed(targetExists: Bool) throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        if targetExists { try directory.write(Self.oldContents, to: "target.txt") }
        try FileManager.default.createSymbolicLink(atPath: directory.file("thumb.jpg"), withDestinationPath: "target.txt")
        var calls = FileSystemCalls.live
        calls.linkStatus = { _ in .failure(SystemErrno(ENOENT)) }
        try ImageFileWriter(calls: calls).write(Self.payload, to: directory.file("thumb.jpg"))
        #expect(directory.contents("thumb.jpg") == Self.payload)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: directory.file("thumb.jpg"))) == nil)
        #expect(directory.contents("target.txt") == (targetExists ? Self.oldContents : nil))
    }

    @Test func pathsThatNameNoFileAreRefused() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.file("sub"), withIntermediateDirectories: false)
        #expect(throws: ImageError.file(FileError(path: "", operation: .create, problem: .notAFileName))) { try ImageFileWriter().write(Self.payload, to: "") }
        #expect(throws: ImageError.file(FileError(path: directory.file("sub/"), operation: .create, problem: .notAFileName))) {
            try ImageFileWriter().write(Self.payload, to: directory.file("sub/"))
        }
        #expect(throws: ImageError.file(FileError(path: directory.file("."), operation: .create, problem: .notAFileName))) {
            try ImageFileWriter().write(Self.payload, to: directory.file("."))
        }
        #expect(throws: ImageError.file(FileError(path: directory.file("sub"), operation: .create, problem: .notARegularFile(.directory)))) {
            try ImageFileWriter().write(Self.payload, to: directory.file("sub"))
        }
        #expect(directory.names() == ["sub"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("sub")).isEmpty)
    }

    @Test func writesANameThatIsNotUTF8() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let name = Array(directory.file("bad").utf8) + [0xFF] + Array("utf8.jpg".utf8)
        try ImageFileWriter().write(Self.payload, toPathBytes: name)
        let descriptor = try RegularFileReader().open(PlatformPath(bytes: name))
        defer { close(descriptor) }
        let bytes = try RegularFileReader().read(descriptor: descriptor, path: PlatformPath(bytes: name), upTo: 1 << 20)
        #expect(bytes == Self.payload)
    }

    @Test func thumbnailWriteIsAtomicToo() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try FileManager.default.createSymbolicLink(atPath: directory.file("t.jpg"), withDestinationPath: "elsewhere")
        let thumbnail = Thumbnail(
            data: Self.payload, format: .jpeg, fileExtension: "jpg", size: PixelSize(width: 1, height: 1), quality: 0.75,
            sourceInfo: ImageInfo(format: .jpeg, size: PixelSize(width: 1, height: 1)), decodedSize: PixelSize(width: 1, height: 1),
            orientationApplied: false, warnings: [])
        #expect(throws: ImageError.file(FileError(path: directory.file("t.jpg"), operation: .create, problem: .notARegularFile(.symbolicLink)))) {
            try thumbnail.write(to: directory.file("t.jpg"))
        }
        try thumbnail.write(to: directory.file("u.jpg"))
        #expect(directory.contents("u.jpg") == Self.payload)
    }

    /// The reproducer: a real, nearly full file system. Rewriting a good file fails with `ENOSPC`
    /// and leaves it byte-identical, with no partial or empty file beside it.
    @Test func realFullFileSystemKeepsTheOldFile() throws {
        guard let disk = SmallTmpfs.mount() else { return }
        defer { disk.unmount() }
        let good = [UInt8](Self.payload.prefix(100_000))
        try ImageFileWriter().write(good, to: disk.file("thumb.jpg"))
        disk.fill()
        let error = #expect(throws: ImageError.self) {
            try ImageFileWriter().write(Self.payload, to: disk.file("thumb.jpg"))
        }
        guard case .file(let file)? = error, file.operation.isWrite, case .system(let code) = file.problem else {
            Issue.record("expected a write error, got \(String(describing: error))")
            return
        }
        #expect(code == ENOSPC)
        #expect(FileManager.default.contents(atPath: disk.file("thumb.jpg")).map { [UInt8]($0) } == good)
        #expect(disk.names() == ["filler", "thumb.jpg"])
        // A new file on the full disk is not created at all (no 0-byte or truncated leftovers).
        #expect(throws: ImageError.self) { try ImageFileWriter().write(Self.payload, to: disk.file("new.jpg")) }
        #expect(disk.names() == ["filler", "thumb.jpg"])
    }
}
