import PixelKitFileErrors

/// Every system call the package's file and process code makes, as replaceable closures, so that
/// tests can inject the faults a real system rarely gives on demand (`ENOSPC` mid-write, `EIO` on
/// `fsync`, `EINTR`, short writes, a failed `execv`).
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
    /// One `pread(2)` attempt: reads at `offset` without moving the file position; may return fewer bytes than asked.
    package var readAt: @Sendable (_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer, _ offset: Int64) -> Result<Int, SystemErrno>
    /// One `write(2)` attempt; may write fewer bytes than given.
    package var write: @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Int, SystemErrno>
    /// One `fsync(2)` attempt.
    package var synchronize: @Sendable (_ descriptor: Int32) -> Result<Void, SystemErrno>
    /// One `ftruncate(2)` attempt: cuts (or extends) the file to `size` bytes.
    package var truncate: @Sendable (_ descriptor: Int32, _ size: Int64) -> Result<Void, SystemErrno>
    /// `futimens(2)` with both times set to now (the file was used).
    package var touch: @Sendable (_ descriptor: Int32) -> Result<Void, SystemErrno>
    /// One `flock(2)` attempt with `operation` (`LOCK_SH`, `LOCK_EX`, `LOCK_UN`, optionally `| LOCK_NB`).
    package var lock: @Sendable (_ descriptor: Int32, _ operation: Int32) -> Result<Void, SystemErrno>
    /// The descriptor's status: `statx(2)` for type, size, links and identity on Linux (see
    /// `IdentityStatx`), else `fstat(2)`.
    package var status: @Sendable (_ descriptor: Int32) -> Result<PlatformFileStatus, SystemErrno>
    /// The status of the file the name leads to, symbolic links followed: `statx(2)` on Linux, else `stat(2)`.
    package var pathStatus: @Sendable (_ path: PlatformPath) -> Result<PlatformFileStatus, SystemErrno>
    /// `lstat(2)`: the status of the name itself (a symbolic link is not followed), with its modification time.
    package var linkStatus: @Sendable (_ path: PlatformPath) -> Result<PlatformFileStatus, SystemErrno>
    /// `fcntl(F_GETFL)` / `fcntl(F_SETFL)`.
    package var setFlags: @Sendable (_ descriptor: Int32, _ set: Int32, _ clear: Int32) -> Result<Void, SystemErrno>
    /// `rename(2)`.
    package var rename: @Sendable (_ from: PlatformPath, _ to: PlatformPath) -> Result<Void, SystemErrno>
    /// `unlink(2)`.
    package var unlink: @Sendable (_ path: PlatformPath) -> Result<Void, SystemErrno>
    /// `link(2)`: gives the file at `existing` the additional name `new`.
    package var link: @Sendable (_ existing: PlatformPath, _ new: PlatformPath) -> Result<Void, SystemErrno>
    /// `mkdir(2)`.
    package var makeDirectory: @Sendable (_ path: PlatformPath, _ mode: mode_t) -> Result<Void, SystemErrno>
    /// `opendir(3)`/`readdir(3)`/`closedir(3)`: the names in a directory as bytes, without `.` and `..`.
    package var listDirectory: @Sendable (_ path: PlatformPath) -> Result<[[UInt8]], SystemErrno>
    /// `readlink(2)`: the symbolic link's target written to `buffer`, without a NUL, and its length.
    /// A length equal to `buffer.count` means the target may have been cut (see ``linkTarget(_:limit:)``).
    /// Not retried: `readlink` does not fail with `EINTR`.
    package var readLink: @Sendable (_ path: PlatformPath, _ buffer: UnsafeMutableRawBufferPointer) -> Result<Int, SystemErrno>
    /// `execv(3)`: runs the executable at `path` in this process's place with `arguments` as its
    /// `argv` (the first is its name). Returns only when it fails, with the reason. Not retried:
    /// `execve` does not fail with `EINTR`.
    package var execute: @Sendable (_ path: PlatformPath, _ arguments: [String]) -> SystemErrno

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
        readAt: { descriptor, buffer, offset in
            guard let base = buffer.baseAddress else { return .success(0) }
            let count = pread(descriptor, base, buffer.count, off_t(offset))
            return count >= 0 ? .success(count) : .failure(currentErrno())
        },
        write: { descriptor, bytes in
            guard let base = bytes.baseAddress else { return .success(0) }
            let count = systemWrite(descriptor, base, bytes.count)
            return count >= 0 ? .success(count) : .failure(currentErrno())
        },
        synchronize: { descriptor in voidResult(systemFsync(descriptor)) },
        truncate: { descriptor, size in voidResult(ftruncate(descriptor, off_t(size))) },
        touch: { descriptor in voidResult(futimens(descriptor, nil)) },
        lock: { descriptor, operation in voidResult(flock(descriptor, operation)) },
        status: { descriptor in
            #if os(Linux)
            if let status = IdentityStatx.status(descriptor: descriptor) { return status }
            #endif
            return statusResult { fstat(descriptor, &$0) }.map(fileStatus)
        },
        pathStatus: { path in
            path.withCString { name in
                #if os(Linux)
                if let status = IdentityStatx.status(path: name) { return status }
                #endif
                return statusResult { stat(name, &$0) }.map(fileStatus)
            }
        },
        linkStatus: { path in
            path.withCString { name in statusResult { lstat(name, &$0) } }.map { info in
                var status = fileStatus(info)
                status.modificationTime = modificationTime(info)
                return status
            }
        },
        setFlags: { descriptor, set, clear in
            let flags = fcntl(descriptor, F_GETFL)
            guard flags >= 0 else { return .failure(currentErrno()) }
            return voidResult(fcntl(descriptor, F_SETFL, (flags | set) & ~clear))
        },
        rename: { from, to in
            voidResult(from.withCString { source in to.withCString { systemRename(source, $0) } })
        },
        unlink: { path in voidResult(path.withCString { systemUnlink($0) }) },
        link: { existing, new in
            voidResult(existing.withCString { source in new.withCString { systemLink(source, $0) } })
        },
        makeDirectory: { path, mode in voidResult(path.withCString { mkdir($0, mode) }) },
        listDirectory: { path in
            guard let directory = path.withCString({ opendir($0) }) else { return .failure(currentErrno()) }
            defer { closedir(directory) }
            var names: [[UInt8]] = []
            while let entry = readdir(directory) {
                // The name is read in place up to its NUL: a `dirent` may be shorter than its type
                // (`d_reclen`), so copying the whole `d_name` array can read past it (AddressSanitizer).
                let start = UnsafeRawPointer(entry).advanced(by: MemoryLayout<dirent>.offset(of: \dirent.d_name)!)
                let name = Array(UnsafeRawBufferPointer(start: start, count: strlen(start.assumingMemoryBound(to: CChar.self))))
                if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(name) }
            }
            return .success(names)
        },
        readLink: { path, buffer in
            guard let base = buffer.baseAddress else { return .success(0) }
            let count = path.withCString { readlink($0, base.assumingMemoryBound(to: CChar.self), buffer.count) }
            return count >= 0 ? .success(count) : .failure(currentErrno())
        },
        execute: { path, arguments in
            let argv = arguments.map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            _ = path.withCString { execv($0, argv) }
            return currentErrno()
        }
    )

    /// `open(2)`, retried on `EINTR`.
    package func openRetrying(_ path: PlatformPath, _ flags: Int32, _ mode: mode_t = 0) -> Result<Int32, SystemErrno> {
        retryingOnInterrupt { open(path, flags, mode) }
    }

    /// `read(2)`, retried on `EINTR`.
    package func readRetrying(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Result<Int, SystemErrno> {
        retryingOnInterrupt { read(descriptor, buffer) }
    }

    /// `pread(2)`, retried on `EINTR`; may return fewer bytes than asked (0 at the end of the file).
    package func readAtRetrying(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer, _ offset: Int64) -> Result<Int, SystemErrno> {
        retryingOnInterrupt { readAt(descriptor, buffer, offset) }
    }

    /// One `write(2)`, retried on `EINTR`; may write fewer bytes than given (callers that must
    /// notice a short write, such as a log appending whole records, use this rather than ``writeAll(_:_:)``).
    package func writeRetrying(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Int, SystemErrno> {
        retryingOnInterrupt { write(descriptor, bytes) }
    }

    /// Writes all of `bytes`: continues after short writes, retries `EINTR`. A write that makes no
    /// progress is reported as `ENOSPC` rather than looping.
    package func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Void, SystemErrno> {
        var offset = 0
        while offset < bytes.count {
            switch writeRetrying(descriptor, UnsafeRawBufferPointer(rebasing: bytes[offset...])) {
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

    /// `ftruncate(2)`, retried on `EINTR`.
    package func truncateRetrying(_ descriptor: Int32, _ size: Int64) -> Result<Void, SystemErrno> {
        retryingOnInterrupt { truncate(descriptor, size) }
    }

    /// `flock(2)`, retried on `EINTR` (a blocking lock is interrupted by any handled signal).
    package func lockRetrying(_ descriptor: Int32, _ operation: Int32) -> Result<Void, SystemErrno> {
        retryingOnInterrupt { lock(descriptor, operation) }
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
private func systemLink(_ existing: UnsafePointer<CChar>, _ new: UnsafePointer<CChar>) -> Int32 { link(existing, new) }

private func currentErrno() -> SystemErrno { SystemErrno(errno) }

private func voidResult(_ status: Int32) -> Result<Void, SystemErrno> {
    status == 0 ? .success(()) : .failure(currentErrno())
}

/// A `struct stat` filled by `call` (`fstat`, `stat` or `lstat`), or the `errno` it failed with.
private func statusResult(_ call: (inout stat) -> Int32) -> Result<stat, SystemErrno> {
    var info = stat()
    return call(&info) == 0 ? .success(info) : .failure(currentErrno())
}

private func fileStatus(_ info: stat) -> PlatformFileStatus {
    PlatformFileStatus(
        kind: FileKind(mode: info.st_mode),
        size: Int64(info.st_size),
        device: deviceNumber(UInt64(truncatingIfNeeded: info.st_dev)),
        inode: UInt64(truncatingIfNeeded: info.st_ino),
        linkCount: UInt64(truncatingIfNeeded: info.st_nlink))
}

/// On Linux, `st_dev` in glibc's encoding turned into `statx`'s `major << 32 | minor`, so that a
/// status from `lstat` (or from the `fstat` fallback) compares equal with one from `statx`.
private func deviceNumber(_ device: UInt64) -> UInt64 {
    #if os(Linux)
    let major = ((device >> 8) & 0x0000_0fff) | ((device >> 32) & 0xffff_f000)
    let minor = (device & 0x0000_00ff) | ((device >> 12) & 0xffff_ff00)
    return major << 32 | minor
    #else
    return device
    #endif
}

private func modificationTime(_ info: stat) -> Double {
    #if canImport(Darwin)
    Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
    #else
    Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    #endif
}
