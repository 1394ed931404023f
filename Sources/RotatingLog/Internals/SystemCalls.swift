import SystemPackage

import PixelKitPlatform

/// Identity, size and link count of a file: the fields of `struct stat` the logger relies on.
struct FileStatus: Sendable, Equatable {
    var device: UInt64
    var inode: UInt64
    /// Size in bytes.
    var size: Int64
    /// Number of names the file has; 0 once it was deleted or replaced by a rename.
    var linkCount: UInt64
    /// What the path or descriptor names: only a regular file may be a log.
    var kind: FileKind = .regular

    /// Whether both describe the same file on disk.
    func isSameFile(as other: FileStatus) -> Bool {
        device == other.device && inode == other.inode
    }
}

/// The type of a file, from the `S_IFMT` bits of its mode.
enum FileKind: Sendable, Equatable {
    case regular, directory, symbolicLink, fifo, characterDevice, blockDevice, socket, unknown

    init(mode: UInt32) {
        self = switch mode & UInt32(S_IFMT) {
        case UInt32(S_IFREG): .regular
        case UInt32(S_IFDIR): .directory
        case UInt32(S_IFLNK): .symbolicLink
        case UInt32(S_IFIFO): .fifo
        case UInt32(S_IFCHR): .characterDevice
        case UInt32(S_IFBLK): .blockDevice
        case UInt32(S_IFSOCK): .socket
        default: .unknown
        }
    }

    /// How a message names it: "a directory", "a FIFO" ….
    var article: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a FIFO"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        case .unknown: "a special file"
        }
    }
}

/// Every system call the logger makes, as replaceable closures, so tests can inject faults
/// (`ENOSPC`, `EACCES`, …) that root would otherwise bypass or that need a full disk.
///
/// Blocking calls retry on `EINTR`; failures come back as `Errno`, never through the global `errno`.
struct SystemCalls: Sendable {
    var open: @Sendable (_ path: String, _ flags: Int32, _ permissions: mode_t) -> Result<Int32, Errno>
    var close: @Sendable (_ descriptor: Int32) -> Void
    /// One `write(2)`; may return fewer bytes than given.
    var write: @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Int, Errno>
    var readAt: @Sendable (_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer, _ offset: Int64) -> Result<Int, Errno>
    var fileStatus: @Sendable (_ descriptor: Int32) -> Result<FileStatus, Errno>
    var pathStatus: @Sendable (_ path: String) -> Result<FileStatus, Errno>
    /// `lstat(2)`: the status of the path itself, a symbolic link not followed.
    var linkStatus: @Sendable (_ path: String) -> Result<FileStatus, Errno>
    /// `flock(2)` with the given operation (`LOCK_SH`, `LOCK_EX`, `LOCK_UN`, optionally `| LOCK_NB`).
    var lock: @Sendable (_ descriptor: Int32, _ operation: Int32) -> Result<Void, Errno>
    var rename: @Sendable (_ from: String, _ to: String) -> Result<Void, Errno>
    var unlink: @Sendable (_ path: String) -> Result<Void, Errno>
    /// `link(2)`: gives the file at `existing` the additional name `new`.
    var link: @Sendable (_ existing: String, _ new: String) -> Result<Void, Errno>
    /// The names in a directory (`opendir`/`readdir`), without `.` and `..`.
    var listDirectory: @Sendable (_ path: String) -> Result<[String], Errno>
    var makeDirectory: @Sendable (_ path: String, _ permissions: mode_t) -> Result<Void, Errno>
    var synchronize: @Sendable (_ descriptor: Int32) -> Result<Void, Errno>
    /// `ftruncate(2)`.
    var truncate: @Sendable (_ descriptor: Int32, _ size: Int64) -> Result<Void, Errno>
    /// A monotonic clock in nanoseconds, for lock deadlines.
    var monotonicNanoseconds: @Sendable () -> UInt64
    /// Sleeps; 0 yields the processor instead.
    var pause: @Sendable (_ nanoseconds: UInt64) -> Void

    /// The real system calls.
    static let live = SystemCalls(
        open: liveOpen,
        close: { descriptor in _ = systemClose(descriptor) },
        write: liveWrite,
        readAt: liveReadAt,
        fileStatus: liveFileStatus,
        pathStatus: livePathStatus,
        linkStatus: liveLinkStatus,
        lock: liveLock,
        rename: { from, to in voidResult(systemRename(from, to)) },
        unlink: { path in voidResult(systemUnlink(path)) },
        link: { existing, new in voidResult(systemLink(existing, new)) },
        listDirectory: liveListDirectory,
        makeDirectory: { path, permissions in voidResult(systemMkdir(path, permissions)) },
        synchronize: { descriptor in retryingOnInterrupt { systemFsync(descriptor) }.map { _ in } },
        truncate: { descriptor, size in retryingOnInterrupt { ftruncate(descriptor, off_t(size)) }.map { _ in } },
        monotonicNanoseconds: liveMonotonicNanoseconds,
        pause: livePause
    )
}

// The C functions share their names with the closure properties above, so they are reached
// through file-level aliases declared outside the type's scope.
private let systemClose: @Sendable (Int32) -> Int32 = { close($0) }
private let systemRename: @Sendable (String, String) -> Int32 = { rename($0, $1) }
private let systemUnlink: @Sendable (String) -> Int32 = { unlink($0) }
private let systemLink: @Sendable (String, String) -> Int32 = { link($0, $1) }
private let systemMkdir: @Sendable (String, mode_t) -> Int32 = { mkdir($0, $1) }
private let systemFsync: @Sendable (Int32) -> Int32 = { fsync($0) }

private func currentErrno() -> Errno { Errno(rawValue: errno) }

private func voidResult(_ status: Int32) -> Result<Void, Errno> {
    status == 0 ? .success(()) : .failure(currentErrno())
}

private func retryingOnInterrupt<T: BinaryInteger>(_ call: () -> T) -> Result<T, Errno> {
    while true {
        let result = call()
        if result >= 0 { return .success(result) }
        let error = currentErrno()
        if error != .interrupted { return .failure(error) }
    }
}

@Sendable private func liveOpen(_ path: String, _ flags: Int32, _ permissions: mode_t) -> Result<Int32, Errno> {
    retryingOnInterrupt { open(path, flags, permissions) }
}

@Sendable private func liveWrite(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Int, Errno> {
    guard let base = bytes.baseAddress else { return .success(0) }
    return retryingOnInterrupt { write(descriptor, base, bytes.count) }
}

@Sendable private func liveReadAt(
    _ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer, _ offset: Int64
) -> Result<Int, Errno> {
    guard let base = buffer.baseAddress else { return .success(0) }
    return retryingOnInterrupt { pread(descriptor, base, buffer.count, off_t(offset)) }
}

private func status(from info: stat) -> FileStatus {
    FileStatus(
        device: UInt64(truncatingIfNeeded: info.st_dev),
        inode: UInt64(truncatingIfNeeded: info.st_ino),
        size: Int64(info.st_size),
        linkCount: UInt64(truncatingIfNeeded: info.st_nlink),
        kind: FileKind(mode: UInt32(info.st_mode))
    )
}

@Sendable private func liveFileStatus(_ descriptor: Int32) -> Result<FileStatus, Errno> {
    #if os(Linux)
    if let status = IdentityStatx.status(descriptor: descriptor, path: "") { return status }
    #endif
    var info = stat()
    return retryingOnInterrupt { fstat(descriptor, &info) }.map { _ in status(from: info) }
}

@Sendable private func livePathStatus(_ path: String) -> Result<FileStatus, Errno> {
    #if os(Linux)
    if let status = IdentityStatx.status(descriptor: AT_FDCWD, path: path) { return status }
    #endif
    var info = stat()
    return retryingOnInterrupt { stat(path, &info) }.map { _ in status(from: info) }
}

@Sendable private func liveLinkStatus(_ path: String) -> Result<FileStatus, Errno> {
    var info = stat()
    return retryingOnInterrupt { lstat(path, &info) }.map { _ in status(from: info) }
}

@Sendable private func liveListDirectory(_ path: String) -> Result<[String], Errno> {
    guard let directory = opendir(path) else { return .failure(currentErrno()) }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
            field.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: field.pointee)) {
                String(cString: $0)
            }
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return .success(names)
}

@Sendable private func liveLock(_ descriptor: Int32, _ operation: Int32) -> Result<Void, Errno> {
    retryingOnInterrupt { flock(descriptor, operation) }.map { _ in }
}

@Sendable private func liveMonotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}

@Sendable private func livePause(_ nanoseconds: UInt64) {
    guard nanoseconds > 0 else {
        sched_yield()
        return
    }
    var request = timespec(
        tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
}
