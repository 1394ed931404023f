/// An `errno` value from a failed system call.
package struct SystemErrno: Error, Sendable, Hashable {
    package let code: Int32
    package init(_ code: Int32) { self.code = code }

    package static let interrupted = SystemErrno(EINTR)
    package static let noSpace = SystemErrno(ENOSPC)
    package static let ioError = SystemErrno(EIO)
    package static let exists = SystemErrno(EEXIST)
}

/// Every file system call the package's file code makes, as replaceable closures, so that tests can
/// inject the faults a real disk rarely gives on demand (`ENOSPC` mid-write, `EIO` on `fsync`,
/// `EINTR`, short writes).
///
/// Each closure makes exactly one attempt and reports failure as a ``SystemErrno``, never through
/// the global `errno`; the methods below retry `EINTR` and are what callers use.
package struct FileSystemCalls: Sendable {
    /// One `open(2)` attempt.
    package var open: @Sendable (_ path: PlatformPath, _ flags: Int32, _ mode: mode_t) -> Result<Int32, SystemErrno>
    /// `close(2)` (never retried: on Linux the descriptor is gone even after `EINTR`).
    package var close: @Sendable (_ descriptor: Int32) -> Void
    /// One `read(2)` attempt; may return fewer bytes than asked.
    package var read: @Sendable (_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Result<Int, SystemErrno>
    /// One `write(2)` attempt; may write fewer bytes than given.
    package var write: @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Int, SystemErrno>
    /// One `fsync(2)` attempt.
    package var synchronize: @Sendable (_ descriptor: Int32) -> Result<Void, SystemErrno>
    /// `fstat(2)`: the descriptor's `st_mode` and `st_size`.
    package var status: @Sendable (_ descriptor: Int32) -> Result<(mode: mode_t, size: Int64), SystemErrno>
    /// `stat(2)`: the mode of the file the name leads to (symbolic links followed).
    package var pathStatus: @Sendable (_ path: PlatformPath) -> Result<mode_t, SystemErrno>
    /// `lstat(2)`: the mode of the name itself (a symbolic link is not followed).
    package var linkStatus: @Sendable (_ path: PlatformPath) -> Result<mode_t, SystemErrno>
    /// `fcntl(F_GETFL)` / `fcntl(F_SETFL)`.
    package var setFlags: @Sendable (_ descriptor: Int32, _ set: Int32, _ clear: Int32) -> Result<Void, SystemErrno>
    /// `rename(2)`.
    package var rename: @Sendable (_ from: PlatformPath, _ to: PlatformPath) -> Result<Void, SystemErrno>
    /// `unlink(2)`.
    package var unlink: @Sendable (_ path: PlatformPath) -> Result<Void, SystemErrno>

    /// The real system calls.
    package static let live = FileSystemCalls(
        open: { path, flags, mode in
            let descriptor = path.withCString { systemOpen($0, flags, mode) }
            return descriptor >= 0 ? .success(descriptor) : .failure(currentErrno())
        },
        close: { descriptor in _ = systemClose(descriptor) },
        read: { descriptor, buffer in
            guard let base = buffer.baseAddress else { return .success(0) }
            let count = systemRead(descriptor, base, buffer.count)
            return count >= 0 ? .success(count) : .failure(currentErrno())
        },
        write: { descriptor, bytes in
            guard let base = bytes.baseAddress else { return .success(0) }
            let count = systemWrite(descriptor, base, bytes.count)
            return count >= 0 ? .success(count) : .failure(currentErrno())
        },
        synchronize: { descriptor in voidResult(systemFsync(descriptor)) },
        status: { descriptor in
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { return .failure(currentErrno()) }
            return .success((info.st_mode, Int64(info.st_size)))
        },
        pathStatus: { path in
            var info = stat()
            guard path.withCString({ stat($0, &info) }) == 0 else { return .failure(currentErrno()) }
            return .success(info.st_mode)
        },
        linkStatus: { path in
            var info = stat()
            guard path.withCString({ lstat($0, &info) }) == 0 else { return .failure(currentErrno()) }
            return .success(info.st_mode)
        },
        setFlags: { descriptor, set, clear in
            let flags = fcntl(descriptor, F_GETFL)
            guard flags >= 0 else { return .failure(currentErrno()) }
            return voidResult(fcntl(descriptor, F_SETFL, (flags | set) & ~clear))
        },
        rename: { from, to in
            voidResult(from.withCString { source in to.withCString { systemRename(source, $0) } })
        },
        unlink: { path in voidResult(path.withCString { systemUnlink($0) }) }
    )

    /// `open(2)`, retried on `EINTR`.
    package func openRetrying(_ path: PlatformPath, _ flags: Int32, _ mode: mode_t = 0) -> Result<Int32, SystemErrno> {
        retryingOnInterrupt { open(path, flags, mode) }
    }

    /// `read(2)`, retried on `EINTR`.
    package func readRetrying(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Result<Int, SystemErrno> {
        retryingOnInterrupt { read(descriptor, buffer) }
    }

    /// Writes all of `bytes`: continues after short writes, retries `EINTR`. A write that makes no
    /// progress is reported as `ENOSPC` rather than looping.
    package func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Void, SystemErrno> {
        var offset = 0
        while offset < bytes.count {
            switch retryingOnInterrupt({ write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[offset...])) }) {
            case .success(0): return .failure(.noSpace)
            case .success(let count): offset += count
            case .failure(let error): return .failure(error)
            }
        }
        return .success(())
    }

    /// `fsync(2)`, retried on `EINTR`.
    package func synchronizeRetrying(_ descriptor: Int32) -> Result<Void, SystemErrno> {
        retryingOnInterrupt { synchronize(descriptor) }
    }

    private func retryingOnInterrupt<T>(_ call: () -> Result<T, SystemErrno>) -> Result<T, SystemErrno> {
        while true {
            let result = call()
            if case .failure(.interrupted) = result { continue }
            return result
        }
    }
}

// The C functions share their names with the closure properties above, so they are reached
// through file-level aliases declared outside the type's scope.
private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(descriptor, buffer, count) }
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, buffer, count) }
private func systemFsync(_ descriptor: Int32) -> Int32 { fsync(descriptor) }
private func systemRename(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>) -> Int32 { rename(from, to) }
private func systemUnlink(_ path: UnsafePointer<CChar>) -> Int32 { unlink(path) }

private func currentErrno() -> SystemErrno { SystemErrno(errno) }

private func voidResult(_ status: Int32) -> Result<Void, SystemErrno> {
    status == 0 ? .success(()) : .failure(currentErrno())
}
