import PixelKitPlatform

/// Reads the log while other processes keep appending: under a shared lock on the current file
/// (so no trim or rotation runs meanwhile), only up to the last newline (so a record being
/// written right now is left out rather than returned torn).
struct FileReader: Sendable {
    let appender: FileAppender

    private var system: FileSystemCalls { appender.system }
    private var path: String { appender.path }

    /// The paths of the log's files, oldest first.
    /// Only rotated files that exist are listed (from the directory, never by probing each index).
    var paths: [String] {
        guard case .rotate(_, let maxFiles) = appender.policy,
              case .success(let indices) = appender.rotatedIndices(maxFiles: maxFiles) else { return [path] }
        return indices.reversed().map { LogFile.rotatedPath(path, $0) } + [path]
    }

    /// All whole records of all files, oldest first.
    func contents() throws(LogFileError) -> [UInt8] {
        try withLockedCurrentFile { current throws(LogFileError) in
            var bytes: [UInt8] = []
            for file in paths.dropLast() {
                guard let descriptor = try openForReading(file) else { continue }
                defer { system.close(descriptor) }
                bytes += try wholeRecords(of: descriptor, file)
            }
            if let current { bytes += try wholeRecords(of: current, path) }
            return bytes
        }
    }

    /// The last `count` whole records (without their newlines), oldest first, reading backwards.
    func lastRecords(_ count: Int) throws(LogFileError) -> [String] {
        guard count > 0 else { return [] }
        return try withLockedCurrentFile { current throws(LogFileError) in
            var records: [String] = []
            for file in paths.reversed() where records.count < count {
                let descriptor: Int32
                if file == path {
                    guard let current else { continue }
                    descriptor = current
                } else {
                    guard let opened = try openForReading(file) else { continue }
                    descriptor = opened
                }
                defer { if file != path { system.close(descriptor) } }
                records = try tail(of: descriptor, file, count: count - records.count) + records
            }
            return records
        }
    }

    /// Opens the current file, takes a shared lock (waiting at most the lock timeout; reads anyway
    /// after that), and makes sure the path still names the locked file.
    private func withLockedCurrentFile<T>(_ body: (Int32?) throws(LogFileError) -> T) throws(LogFileError) -> T {
        for attempt in 1...3 {
            guard let descriptor = try openForReading(path) else { return try body(nil) }
            defer { system.close(descriptor) }
            let locked = appender.waitForLock(descriptor, exclusive: false) == nil
            defer { appender.release(descriptor, locked) }
            if attempt < 3, case .success(let status) = system.status(descriptor),
               case .success(let named) = system.pathStatus(PlatformPath(path)), !named.isSameFile(as: status) {
                continue
            }
            return try body(descriptor)
        }
        return try body(nil)
    }

    /// Opens a log file: a FIFO, device or directory put where the log should be is refused at once
    /// (it would block or never end) rather than read.
    private func openForReading(_ file: String) throws(LogFileError) -> Int32? {
        let descriptor: Int32
        switch system.openRetrying(PlatformPath(file), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) {
        case .success(let opened): descriptor = opened
        case .failure(.noSuchFileOrDirectory): return nil
        case .failure(.tooManySymbolicLinkLevels):
            throw .file(FileError(path: file, operation: .open, problem: .notARegularFile(.symbolicLink)))
        case .failure(let errno): throw .file(FileError(path: file, operation: .open, errno: errno.code))
        }
        if case .success(let status) = system.status(descriptor), status.kind != .regular {
            system.close(descriptor)
            throw .file(FileError(path: file, operation: .open, problem: .notARegularFile(status.kind)))
        }
        return descriptor
    }

    private func size(of descriptor: Int32, _ file: String) throws(LogFileError) -> Int64 {
        switch system.status(descriptor) {
        case .success(let status): return status.size
        case .failure(let errno): throw .file(FileError(path: file, operation: .status, errno: errno.code))
        }
    }

    private func read(_ descriptor: Int32, _ file: String, range: Range<Int64>) throws(LogFileError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Int(range.count))
        var filled = 0
        while filled < bytes.count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                system.readAtRetrying(descriptor, UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]), range.lowerBound + Int64(filled))
            }
            switch result {
            case .success(0): bytes.removeSubrange(filled...)
            case .success(let count): filled += count
            case .failure(let errno): throw .file(FileError(path: file, operation: .read, errno: errno.code))
            }
        }
        return bytes
    }

    private func wholeRecords(of descriptor: Int32, _ file: String) throws(LogFileError) -> [UInt8] {
        var bytes = try read(descriptor, file, range: 0..<size(of: descriptor, file))
        let end = bytes.lastIndex(of: RecordFraming.newline).map { $0 + 1 } ?? 0
        bytes.removeSubrange(end...)
        return bytes
    }

    private func tail(of descriptor: Int32, _ file: String, count: Int) throws(LogFileError) -> [String] {
        let chunk: Int64 = 64 * 1024
        var end = try size(of: descriptor, file)
        var start = end
        var bytes: [UInt8] = []
        // Grow the window backwards until it holds `count` newlines before the (possibly partial) tail.
        while start > 0 {
            let from = max(0, start - chunk)
            bytes = try read(descriptor, file, range: from..<start) + bytes
            start = from
            if bytes.lazy.filter({ $0 == RecordFraming.newline }).count > count { break }
        }
        end = Int64(bytes.lastIndex(of: RecordFraming.newline).map { $0 + 1 } ?? 0)
        let lines = bytes[..<Int(end)].split(separator: RecordFraming.newline, omittingEmptySubsequences: false).dropLast()
        // Unless the window reached the file's start, its first line may be a fragment.
        let complete = start == 0 ? lines[...] : lines.dropFirst()
        return complete.suffix(count).map { String(decoding: $0, as: UTF8.self) }
    }
}
