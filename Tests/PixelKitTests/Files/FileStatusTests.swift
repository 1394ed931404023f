import Foundation
import PixelKitPlatform
import PixelKitTestSupport
import Testing

/// The live status calls (`statx` on Linux, read at fixed offsets of the kernel's struct; `lstat`
/// for the name itself) against facts the test sets up itself: bytes written, names added and removed.
struct FileStatusTests {
    @Test func sizeLinksAndIdentityFollowTheFile() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let system = FileSystemCalls.live
        let path = directory.file("a.log")
        let descriptor = open(path, O_RDWR | O_CREAT | O_APPEND, 0o644)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        let payload = Array(repeating: UInt8(ascii: "z"), count: 12_345)
        #expect(payload.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == payload.count)

        let opened = try system.status(descriptor).get()
        let named = try system.pathStatus(PlatformPath(path)).get()
        #expect(opened.size == 12_345)
        #expect(opened.linkCount == 1)
        #expect(opened.kind == .regular)
        #expect(opened.isSameFile(as: named))
        #expect(opened == named)

        // `lstat` (glibc's device encoding) and `statx` (major and minor apart) name the same device.
        let linked = try system.linkStatus(PlatformPath(path)).get()
        #expect(linked.isSameFile(as: opened))
        #expect(linked.size == 12_345 && linked.linkCount == 1)
        #expect(abs((linked.modificationTime ?? 0) - Date().timeIntervalSince1970) < 60)

        #expect(link(path, directory.file("b.log")) == 0)
        #expect(try system.status(descriptor).get().linkCount == 2)
        #expect(try system.pathStatus(PlatformPath(directory.file("b.log"))).get().isSameFile(as: opened))

        let other = open(directory.file("c.log"), O_RDWR | O_CREAT, 0o644)
        close(other)
        #expect(try system.pathStatus(PlatformPath(directory.file("c.log"))).get().isSameFile(as: opened) == false)

        #expect(symlink(path, directory.file("d.log")) == 0)
        #expect(try system.linkStatus(PlatformPath(directory.file("d.log"))).get().kind == .symbolicLink)
        #expect(try system.pathStatus(PlatformPath(directory.file("d.log"))).get().isSameFile(as: opened))

        unlink(path)
        unlink(directory.file("b.log"))
        let orphan = try system.status(descriptor).get()
        #expect(orphan.linkCount == 0)
        #expect(orphan.inode == opened.inode)
        #expect(throws: SystemErrno.noSuchFileOrDirectory) { try system.pathStatus(PlatformPath(path)).get() }
    }
}
