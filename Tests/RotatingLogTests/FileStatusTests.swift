import SystemPackage
import Testing
@testable import RotatingLog

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The live status calls (`statx` on Linux, read at fixed offsets of the kernel's struct) against
/// facts the test sets up itself: bytes written, names added and removed.
struct FileStatusTests {
    @Test func sizeLinksAndIdentityFollowTheFile() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let system = SystemCalls.live
        let path = directory.file("a.log")
        let descriptor = open(path, O_RDWR | O_CREAT | O_APPEND, 0o644)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        let payload = Array(repeating: UInt8(ascii: "z"), count: 12_345)
        #expect(payload.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == payload.count)

        let opened = try system.fileStatus(descriptor).get()
        let named = try system.pathStatus(path).get()
        #expect(opened.size == 12_345)
        #expect(opened.linkCount == 1)
        #expect(opened.isSameFile(as: named))
        #expect(opened == named)

        #expect(link(path, directory.file("b.log")) == 0)
        #expect(try system.fileStatus(descriptor).get().linkCount == 2)
        #expect(try system.pathStatus(directory.file("b.log")).get().isSameFile(as: opened))

        let other = open(directory.file("c.log"), O_RDWR | O_CREAT, 0o644)
        close(other)
        #expect(try system.pathStatus(directory.file("c.log")).get().isSameFile(as: opened) == false)

        unlink(path)
        unlink(directory.file("b.log"))
        let orphan = try system.fileStatus(descriptor).get()
        #expect(orphan.linkCount == 0)
        #expect(orphan.inode == opened.inode)
        #expect(throws: Errno.noSuchFileOrDirectory) { try system.pathStatus(path).get() }
    }
}
