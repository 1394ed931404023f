import Foundation
import PixelKitPlatform
import PixelKitTestSupport
import Testing

/// The calls RotatingLog and the disk cache brought into `FileSystemCalls`: directory listing as
/// bytes, and the `EINTR`-retrying helpers over one-attempt closures.
struct FileSystemCallsTests {
    @Test func listingKeepsNamesAsBytesAndSkipsDotEntries() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let odd: [UInt8] = Array("bad".utf8) + [0xFF] + Array("name".utf8)
        let calls = FileSystemCalls.live
        for name in [odd, Array("plain.pkc".utf8)] {
            let descriptor = try calls.openRetrying(PlatformPath(directory.path).appending(name), O_WRONLY | O_CREAT | O_EXCL, 0o644).get()
            calls.close(descriptor)
        }
        try calls.makeDirectory(PlatformPath(directory.file("sub")), 0o755).get()
        #expect(throws: SystemErrno.exists) { try calls.makeDirectory(PlatformPath(directory.file("sub")), 0o755).get() }

        let names = try calls.listDirectory(PlatformPath(directory.path)).get()
        #expect(Set(names) == [odd, Array("plain.pkc".utf8), Array("sub".utf8)])
        #expect(throws: SystemErrno.noSuchFileOrDirectory) { try calls.listDirectory(PlatformPath(directory.file("none"))).get() }
    }

    @Test func positionalReadsRetryInterruptionsAndLeaveTheOffsetAlone() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: directory.file("f")))
        let interruptions = PThreadLocked(3)
        var calls = FileSystemCalls.live
        calls.readAt = { descriptor, buffer, offset in
            if interruptions.withLock({ left in defer { left -= 1 }; return left > 0 }) { return .failure(.interrupted) }
            return FileSystemCalls.live.readAt(descriptor, buffer, offset)
        }
        let descriptor = try calls.openRetrying(PlatformPath(directory.file("f")), O_RDONLY).get()
        defer { calls.close(descriptor) }

        var chunk = [UInt8](repeating: 0, count: 100)
        let count = try chunk.withUnsafeMutableBytes { try calls.readAtRetrying(descriptor, $0, 900).get() }
        #expect(count == 100 && chunk == Array(bytes[900...]))
        #expect(interruptions.withLock { $0 } == -1)
        // `pread` does not move the position: a plain read still starts at 0.
        let first = try chunk.withUnsafeMutableBytes { try calls.readRetrying(descriptor, $0).get() }
        #expect(first == 100 && chunk == Array(bytes[..<100]))
    }

    @Test func writeRetryingReportsAShortWriteThatWriteAllCompletes() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        var calls = FileSystemCalls.live
        calls.write = { descriptor, bytes in
            FileSystemCalls.live.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes.prefix(10)))
        }
        let descriptor = try calls.openRetrying(PlatformPath(directory.file("f")), O_RDWR | O_CREAT, 0o644).get()
        defer { calls.close(descriptor) }
        let payload = Array(repeating: UInt8(ascii: "x"), count: 25)
        #expect(try payload.withUnsafeBytes { try calls.writeRetrying(descriptor, $0).get() } == 10)
        try payload.withUnsafeBytes { try calls.writeAll(descriptor, $0).get() }
        try calls.truncateRetrying(descriptor, 30).get()
        #expect(try calls.status(descriptor).get().size == 30)
        #expect(directory.contents("f") == Array(repeating: UInt8(ascii: "x"), count: 30))
    }
}
