import Foundation
import PixelKitPlatform
import PixelKitTestSupport
import Testing

/// `FileSystemCalls.linkTarget`: `readlink` until the whole target fits, within a limit.
struct LinkTargetTests {
    @Test func aRealLinksTargetIsReadAsBytes() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let target: [UInt8] = Array("../some/where/bad".utf8) + [0xFF] + Array("name".utf8)
        let link = PlatformPath(directory.file("link"))
        let status = PlatformPath(bytes: target).withCString { targetName in link.withCString { symlink(targetName, $0) } }
        try #require(status == 0)
        #expect(try FileSystemCalls.live.linkTarget(link).get() == target)
        #expect(throws: SystemErrno(EINVAL)) { try FileSystemCalls.live.linkTarget(PlatformPath(directory.path)).get() }
        #expect(throws: SystemErrno.noSuchFileOrDirectory) { try FileSystemCalls.live.linkTarget(PlatformPath(directory.file("none"))).get() }
    }

    @Test func aTargetThatNeverFitsStopsAtTheLimit() {
        let bufferSizes = PThreadLocked<[Int]>([])
        var calls = FileSystemCalls.live
        calls.readLink = { _, buffer in
            bufferSizes.withLock { $0.append(buffer.count) }
            for index in buffer.indices { buffer[index] = UInt8(ascii: "x") }
            return .success(buffer.count)
        }
        #expect(throws: SystemErrno(ENAMETOOLONG)) { try calls.linkTarget(PlatformPath("/endless"), limit: 20_000).get() }
        let sizes = bufferSizes.withLock { $0 }
        #expect(sizes.last == 20_000)
        #expect(sizes.count <= 4)
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 < $1 })
    }
}
