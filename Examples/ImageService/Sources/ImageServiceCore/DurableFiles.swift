#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The storage's system calls, all in one place, each retried on `EINTR` and turned into a
/// ``StorageError``. Blocking: call them from a thread pool, never from an event loop.
struct DurableFiles: Sendable {
    /// The calls that write and sync: the system's, or a test's that injects faults.
    var calls = StorageCalls.system

    /// Creates `path`, which must not exist (`open(O_CREAT | O_EXCL)`), for writing.
    func createNew(_ path: String) throws(StorageError) -> Int32 {
        let fd = retrying { open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw StorageError(call: "open", path: path, code: errno) }
        return fd
    }

    /// Writes every byte (`write`, repeated after short writes).
    func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(StorageError) {
        var offset = 0
        while offset < bytes.count {
            let written = retrying { calls.write(fd, UnsafeRawBufferPointer(rebasing: bytes[offset...]), path) }
            guard written > 0 else { throw StorageError(call: "write", path: path, code: written == 0 ? EIO : errno) }
            offset += written
        }
    }

    /// Flushes a file's data and size to the disk (`fsync`).
    func sync(_ fd: Int32, path: String) throws(StorageError) {
        guard retrying({ calls.sync(fd, path) }) == 0 else { throw StorageError(call: "fsync", path: path, code: errno) }
    }

    /// Closes a descriptor (`close`; not retried, as Linux frees it even on `EINTR`).
    func close(_ fd: Int32) {
        _ = systemClose(fd)
    }

    /// Replaces `destination` by `source` in one step (`rename`).
    func rename(_ source: String, to destination: String) throws(StorageError) {
        guard systemRename(source, destination) == 0 else { throw StorageError(call: "rename", path: destination, code: errno) }
    }

    /// Makes a rename or creation in `folder` durable (`fsync` on the folder).
    func syncFolder(_ folder: String) throws(StorageError) {
        let fd = retrying { open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { throw StorageError(call: "open", path: folder, code: errno) }
        defer { close(fd) }
        try sync(fd, path: folder)
    }

    /// Creates a folder unless it exists (`mkdir`).
    func makeFolder(_ path: String) throws(StorageError) {
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw StorageError(call: "mkdir", path: path, code: errno) }
    }

    /// Removes a file if it is there (`unlink`).
    func remove(_ path: String) {
        _ = unlink(path)
    }

    /// Whether `path` is a regular file (`stat`; a symlink is followed, a FIFO or folder is not a file).
    func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// A regular file's whole content, refusing files over `limit` bytes (`open`, `fstat`, `read`).
    /// `nil` when there is no such file.
    func read(_ path: String, limit: Int) throws(StorageError) -> [UInt8]? {
        let fd = retrying { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw StorageError(call: "open", path: path, code: errno)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw StorageError(call: "fstat", path: path, code: errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw StorageError(call: "open", path: path, code: EINVAL) }
        guard Int(info.st_size) <= limit else { throw StorageError(call: "read", path: path, code: EFBIG) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                retrying { systemRead(fd, buffer.baseAddress! + offset, buffer.count - offset) }
            }
            guard count >= 0 else { throw StorageError(call: "read", path: path, code: errno) }
            if count == 0 { break }
            offset += count
        }
        return Array(bytes.prefix(offset))
    }

    /// The names in a folder (`opendir`, `readdir`), without `.` and `..`; empty if it cannot be read.
    func names(in folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Seconds since `path` was last modified (`stat`), or `nil` if it is gone.
    func age(of path: String) -> Double? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        return Double(time(nil) - info.st_mtimespec.tv_sec)
        #else
        return Double(time(nil) - info.st_mtim.tv_sec)
        #endif
    }

    /// Writes `bytes` to `path` so that a crash leaves either the old file or the whole new one:
    /// a temporary file in the same folder, `fsync`, `rename`, `fsync` of the folder.
    func writeAtomically(_ bytes: [UInt8], to path: String) throws(StorageError) {
        let temporary = Self.temporaryName(for: path)
        let fd = try createNew(temporary)
        do throws(StorageError) {
            let failure = bytes.withUnsafeBytes { buffer -> StorageError? in
                do throws(StorageError) { try writeAll(fd, buffer, path: temporary) } catch { return error }
                return nil
            }
            if let failure { throw failure }
            try sync(fd, path: temporary)
            close(fd)
        } catch {
            close(fd)
            remove(temporary)
            throw error
        }
        try commit(temporary, to: path)
    }

    /// Renames a complete, synced file into place and syncs the destination folder.
    func commit(_ temporary: String, to path: String) throws(StorageError) {
        do throws(StorageError) {
            try rename(temporary, to: path)
        } catch {
            remove(temporary)
            throw error
        }
        try syncFolder(Self.folder(of: path))
    }

    /// The prefix of every temporary file; startup removes stale ones.
    static let temporaryPrefix = ".tmp-"

    /// A unique temporary name in the folder of `path`.
    static func temporaryName(for path: String) -> String {
        folder(of: path) + "/" + temporaryPrefix + String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }

    /// The folder part of a path.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private func retrying<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result == -1 && errno == EINTR { continue }
            return result
        }
    }
}

#if canImport(Glibc)
private let systemClose = Glibc.close
private let systemRename = Glibc.rename
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemClose = Darwin.close
private let systemRename = Darwin.rename
private let systemRead = Darwin.read
#endif
