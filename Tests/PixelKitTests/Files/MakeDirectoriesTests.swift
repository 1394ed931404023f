import Foundation
import PixelKitPlatform
import PixelKitTestSupport
import Testing

/// The package's one `mkdir -p` (`FileSystemCalls.makeDirectories`), used by the command line's
/// output folders, the disk cache and the rotating log.
struct MakeDirectoriesTests {
    @Test func makesEveryMissingLevelOnceAndReportsWhetherItMadeAny() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let nested = PlatformPath(directory.file("a/b/c"))
        #expect(try FileSystemCalls.live.makeDirectories(nested).get() == true)
        #expect(try FileSystemCalls.live.linkStatus(nested).get().kind == .directory)
        #expect(try FileSystemCalls.live.makeDirectories(nested).get() == false)
        // Doubled and trailing slashes name the same folders.
        #expect(try FileSystemCalls.live.makeDirectories(PlatformPath(directory.file("a//b/c/"))).get() == false)
    }

    @Test func namesThatAreNotUTF8AreMadeAsGiven() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let odd = PlatformPath(directory.path).appending(Array("bad".utf8) + [0xFF]).appending(Array("x".utf8))
        #expect(try FileSystemCalls.live.makeDirectories(odd).get() == true)
        #expect(try FileSystemCalls.live.listDirectory(odd.directory).get() == [Array("x".utf8)])
    }

    @Test func aFileInThePlaceOfTheFolderIsNotADirectory() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory.file("file")))
        guard case .failure(let failure) = FileSystemCalls.live.makeDirectories(PlatformPath(directory.file("file"))) else {
            Issue.record("a regular file was taken for a directory")
            return
        }
        #expect(failure.error == SystemErrno(ENOTDIR))
        #expect(failure.path == PlatformPath(directory.file("file")))
        guard case .failure(let below) = FileSystemCalls.live.makeDirectories(PlatformPath(directory.file("file/sub"))) else {
            Issue.record("a folder was made below a regular file")
            return
        }
        #expect(below.error == SystemErrno(ENOTDIR))
    }

    @Test func theFirstLevelThatFailsIsNamedAndNothingBelowItIsTried() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let attempted = PThreadLocked<[String]>([])
        var calls = FileSystemCalls.live
        calls.makeDirectory = { path, mode in
            attempted.withLock { $0.append(path.displayName) }
            if path.displayName.hasSuffix("/full") { return .failure(.noSpace) }
            return FileSystemCalls.live.makeDirectory(path, mode)
        }
        guard case .failure(let failure) = calls.makeDirectories(PlatformPath(directory.file("ok/full/never"))) else {
            Issue.record("an injected ENOSPC was not reported")
            return
        }
        #expect(failure.error == .noSpace)
        #expect(failure.path == PlatformPath(directory.file("ok/full")))
        #expect(attempted.withLock { $0 }.last == directory.file("ok/full"))
        #expect(!attempted.withLock { $0 }.contains(directory.file("ok/full/never")))
    }
}
