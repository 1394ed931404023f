#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls through which ``DurableFiles`` puts bytes on the disk: where a full disk
/// (`ENOSPC`) or a failing one (`EIO`) shows. Production uses ``system``; tests replace them to
/// inject those faults. Each returns what the system call does: -1 with `errno` set on failure.
struct StorageCalls: Sendable {
    /// `write(2)` of `bytes` to `fd`, which is open on `path`.
    var write: @Sendable (_ fd: Int32, _ bytes: UnsafeRawBufferPointer, _ path: String) -> Int
    /// `fsync(2)` of `fd`, which is open on `path`.
    var sync: @Sendable (_ fd: Int32, _ path: String) -> Int32

    /// The system's calls.
    static let system = StorageCalls(
        write: { fd, bytes, _ in systemWrite(fd, bytes.baseAddress, bytes.count) },
        sync: { fd, _ in fsync(fd) })
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
