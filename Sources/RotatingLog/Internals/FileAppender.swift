import PixelKitPlatform

/// What one process remembers about the shared file between appends.
struct AppenderState {
    /// The open descriptor (`O_RDWR | O_APPEND`), or -1.
    var descriptor: Int32 = -1
    /// When to next compare the descriptor with the file at the path.
    var nextIdentityCheck = ContinuousClock.now
    /// Fault kinds already reported in the current episode.
    var reported: Set<LogFileFault.Kind> = []
    var isClosed = false
}

extension Set<LogFileFault.Kind> {
    /// Ends a fault episode; checks for emptiness first because this runs for every record.
    mutating func forget(_ kind: LogFileFault.Kind) {
        if !isEmpty { remove(kind) }
    }
}

/// The multi-process append protocol.
///
/// Every record is one `write` on an `O_APPEND` descriptor, made while holding `flock(LOCK_EX)` on
/// the file right after a status check of the descriptor (`statx`, else `fstat`) that gives the
/// file's real size and tells whether it still has a name. Holding the lock exclusively (for two system calls) makes "check the size, then write"
/// atomic across processes, so the file never exceeds its cap, and means a trim or rotation (which
/// takes the same lock) never runs while a record is being written into the file it replaces.
/// A writer that finds its file unlinked (trimmed by another process, or deleted) or renamed
/// (rotated; checked by path every `identityCheckInterval`) reopens the path.
struct FileAppender: Sendable {
    let path: String
    let policy: LogPolicy
    let options: LogFile.Options
    let system: FileSystemCalls

    /// The log's path as the system calls take it.
    private var file: PlatformPath { PlatformPath(path) }

    /// `O_NOFOLLOW`: a symbolic link at the path is refused, never written through; `O_NONBLOCK`:
    /// opening a FIFO returns at once (it is then refused as not a regular file) instead of
    /// waiting for a reader. Neither changes anything for a regular file.
    static let openFlags = O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK
    /// Each retry means another process rotated, trimmed or replaced the file meanwhile, so this
    /// bounds how long a writer can be outpaced (it polls for the lock, so it can lose many rounds
    /// in a row to writers already waiting). A record that still finds no room is dropped
    /// (reported as `EBUSY`) rather than written past the cap.
    private static let attempts = 1024

    var directory: String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        let prefix = String(path[..<slash])
        return prefix.isEmpty ? "/" : prefix
    }

    // MARK: Appending

    /// Appends one framed record; true if it was written whole, false if it was dropped.
    func append(_ bytes: [UInt8], state: inout AppenderState, faults: inout [LogFileFault]) -> Bool {
        guard !state.isClosed else { return false }
        var maintenanceFailed = false
        for attempt in 1...Self.attempts {
            let lastAttempt = attempt == Self.attempts
            guard openIfNeeded(&state, &faults) else { return false }
            let descriptor = state.descriptor
            let locked = acquireLock(descriptor, exclusive: true, &state, &faults)
            let status: PlatformFileStatus
            switch system.status(descriptor) {
            case .success(let current): status = current
            case .failure(let errno):
                release(descriptor, locked)
                closeDescriptor(&state)
                report(.writeFailed(path: path, errno: LogSystemError(errno)), &state, &faults)
                return false
            }
            if !lastAttempt, isStale(status, &state) {
                release(descriptor, locked)
                closeDescriptor(&state)
                if case .failure(.noSuchFileOrDirectory) = system.pathStatus(file) {
                    faults.append(.fileRecreated(path: path))
                }
                continue
            }
            let fits = status.size + Int64(bytes.count) <= Int64(policy.maxBytes)
            if lastAttempt, locked, !maintenanceFailed, !fits {
                release(descriptor, locked)
                report(.writeFailed(path: path, errno: LogSystemError(code: EBUSY)), &state, &faults)
                return false
            }
            if locked, !maintenanceFailed, !fits {
                maintenanceFailed = !maintain(descriptor, status, &state, &faults)
                release(descriptor, locked)
                closeDescriptor(&state)
                continue
            }
            let written = write(bytes, to: descriptor, at: status.size, locked: locked, &state, &faults)
            release(descriptor, locked)
            return written
        }
        return false
    }

    func close(_ state: inout AppenderState) {
        closeDescriptor(&state)
        state.isClosed = true
    }

    private func isStale(_ status: PlatformFileStatus, _ state: inout AppenderState) -> Bool {
        if status.linkCount == 0 { return true }
        let now = ContinuousClock.now
        guard now >= state.nextIdentityCheck else { return false }
        state.nextIdentityCheck = now + options.identityCheckInterval
        guard case .success(let named) = system.pathStatus(file) else { return true }
        return !named.isSameFile(as: status)
    }

    /// Writes one record at the end, which is at `end` when the lock is held.
    private func write(_ bytes: [UInt8], to descriptor: Int32, at end: Int64, locked: Bool, _ state: inout AppenderState, _ faults: inout [LogFileFault]) -> Bool {
        let result = bytes.withUnsafeBytes { system.writeRetrying(descriptor, $0) }
        defer { if options.synchronizeEachRecord { _ = system.synchronizeRetrying(descriptor) } }
        switch result {
        case .success(let written) where written == bytes.count:
            state.reported.forget(.write)
            return true
        case .success(let written):
            // Only a full disk or a fatal signal cuts a regular-file write short. Under the lock
            // nobody wrote after us, so cutting the fragment off leaves whole records; without it,
            // ending the line at least keeps the following records separable.
            report(.shortWrite(path: path, written: written, expected: bytes.count), &state, &faults)
            if !locked || system.truncateRetrying(descriptor, end).isFailure {
                var terminator = RecordFraming.newline
                _ = withUnsafeBytes(of: &terminator) { system.writeRetrying(descriptor, $0) }
            }
            return false
        case .failure(let errno):
            report(.writeFailed(path: path, errno: LogSystemError(errno)), &state, &faults)
            return false
        }
    }

    // MARK: Opening

    private func openIfNeeded(_ state: inout AppenderState, _ faults: inout [LogFileFault]) -> Bool {
        if state.descriptor >= 0 { return true }
        var result = system.openRetrying(file, Self.openFlags, mode_t(options.filePermissions))
        if case .failure(.noSuchFileOrDirectory) = result, createDirectories(&faults) {
            result = system.openRetrying(file, Self.openFlags, mode_t(options.filePermissions))
        }
        if case .failure(.tooManySymbolicLinkLevels) = result {
            report(.notRegularFile(path: path, kind: .symbolicLink), &state, &faults)
            return false
        }
        if case .success(let descriptor) = result,
           case .success(let status) = system.status(descriptor), status.kind != .regular {
            system.close(descriptor)
            report(.notRegularFile(path: path, kind: status.kind), &state, &faults)
            return false
        }
        switch result {
        case .success(let descriptor):
            state.descriptor = descriptor
            state.nextIdentityCheck = .now + options.identityCheckInterval
            state.reported.forget(.open)
            return true
        case .failure(let errno):
            report(.openFailed(path: path, errno: LogSystemError(errno)), &state, &faults)
            return false
        }
    }

    /// `mkdir -p` of the log's directory; true if it created anything. A failure is left to the
    /// `open` that follows, which reports it.
    private func createDirectories(_ faults: inout [LogFileFault]) -> Bool {
        guard case .success(true) = system.makeDirectories(PlatformPath(directory)) else { return false }
        faults.append(.directoryCreated(path: directory))
        return true
    }

    private func closeDescriptor(_ state: inout AppenderState) {
        if state.descriptor >= 0 { system.close(state.descriptor) }
        state.descriptor = -1
    }

    // MARK: Locking

    /// Polls `flock(LOCK_NB)` with growing pauses until granted or `options.lockTimeout` passes,
    /// so a suspended or stopped process holding the lock can never block the caller for good.
    func acquireLock(_ descriptor: Int32, exclusive: Bool, _ state: inout AppenderState, _ faults: inout [LogFileFault]) -> Bool {
        if let fault = waitForLock(descriptor, exclusive: exclusive) {
            report(fault, &state, &faults)
            return false
        }
        state.reported.forget(.lock)
        return true
    }

    /// The lock loop itself, shared with readers (which report nothing); nil once the lock is held.
    func waitForLock(_ descriptor: Int32, exclusive: Bool) -> LogFileFault? {
        let operation = (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB
        let deadline = ContinuousClock.now + options.lockTimeout
        var pauses = 0
        while true {
            switch system.lockRetrying(descriptor, operation) {
            case .success: return nil
            case .failure(.wouldBlock): break
            case .failure(let errno): return .lockFailed(path: path, errno: LogSystemError(errno))
            }
            if ContinuousClock.now >= deadline {
                return .lockTimedOut(path: path, waited: options.lockTimeout)
            }
            pauses += 1
            Self.pause(nanoseconds: pauses <= 32 ? 0 : min(1_000_000, 10_000 << min(pauses - 32, 7)))
        }
    }

    /// Waits before the next poll: yields the processor (`nanoseconds` 0) or sleeps. A signal that
    /// cuts the sleep short only brings the next poll forward (the deadline is kept by the clock),
    /// so the sleep is not resumed.
    private static func pause(nanoseconds: Int) {
        guard nanoseconds > 0 else {
            sched_yield()
            return
        }
        var request = timespec(tv_sec: 0, tv_nsec: nanoseconds)
        nanosleep(&request, nil)
    }

    func release(_ descriptor: Int32, _ locked: Bool) {
        if locked { _ = system.lockRetrying(descriptor, LOCK_UN) }
    }

    // MARK: Trimming and rotating

    /// Trims or rotates, with the exclusive lock held and `status` just read from the descriptor
    /// under it (so the size is the real one, including other processes' records). Skips the work
    /// if the path no longer names this file (another process already replaced it).
    /// Returns false if trimming or rotating failed.
    private func maintain(_ descriptor: Int32, _ status: PlatformFileStatus, _ state: inout AppenderState, _ faults: inout [LogFileFault]) -> Bool {
        guard case .success(let named) = system.pathStatus(file), named.isSameFile(as: status) else { return true }
        let result = switch policy {
        case .trim: trim(descriptor, size: status.size)
        case .rotate(_, let maxFiles): rotate(maxFiles: maxFiles)
        }
        switch result {
        case .success:
            state.reported.forget(.maintenance)
            return true
        case .failure(let errno):
            report(.maintenanceFailed(path: path, errno: LogSystemError(errno)), &state, &faults)
            return false
        }
    }

    /// Copies everything after the first newline past the midpoint into `<path>.trimming` and
    /// renames that over the log. A crash before the rename leaves the old file intact; the rename
    /// is atomic, so the path always names a file made of whole records.
    private func trim(_ descriptor: Int32, size: Int64) -> Result<Void, SystemErrno> {
        let temporary = PlatformPath(path + ".trimming")
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
        defer { buffer.deallocate() }
        let cut: Int64
        switch firstLineStart(after: size / 2, in: descriptor, buffer: buffer) {
        case .success(let offset): cut = offset
        case .failure(let errno): return .failure(errno)
        }
        let copyFlags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK
        let target: Int32
        switch system.openRetrying(temporary, copyFlags, mode_t(options.filePermissions)) {
        case .success(let opened): target = opened
        case .failure(let errno): return .failure(errno)
        }
        var outcome = copy(from: descriptor, at: cut, to: target, buffer: buffer)
        if case .success = outcome, options.synchronizeEachRecord {
            outcome = system.synchronizeRetrying(target)
        }
        system.close(target)
        if case .success = outcome { outcome = system.rename(temporary, file) }
        if case .failure = outcome { _ = system.unlink(temporary) }
        return outcome
    }

    /// The offset just past the first newline at or after `offset`, or the end of the file if none.
    private func firstLineStart(after offset: Int64, in descriptor: Int32, buffer: UnsafeMutableRawBufferPointer) -> Result<Int64, SystemErrno> {
        var position = offset
        while true {
            switch system.readAtRetrying(descriptor, buffer, position) {
            case .failure(let errno): return .failure(errno)
            case .success(0): return .success(position)
            case .success(let count):
                if let index = buffer[..<count].firstIndex(of: RecordFraming.newline) {
                    return .success(position + Int64(index) + 1)
                }
                position += Int64(count)
            }
        }
    }

    private func copy(from source: Int32, at offset: Int64, to target: Int32, buffer: UnsafeMutableRawBufferPointer) -> Result<Void, SystemErrno> {
        var position = offset
        while true {
            let count: Int
            switch system.readAtRetrying(source, buffer, position) {
            case .failure(let errno): return .failure(errno)
            case .success(0): return .success(())
            case .success(let read): count = read
            }
            if case .failure(let errno) = system.writeAll(target, UnsafeRawBufferPointer(rebasing: buffer[..<count])) {
                return .failure(errno)
            }
            position += Int64(count)
        }
    }

    /// Renames each existing `<path>.<i>` (found by listing the directory, so the work is
    /// proportional to the files there, not to `maxFiles`) to `<path>.<i+1>` from the oldest down
    /// (the last one is overwritten), gives the log the extra name `<path>.1`, then renames a new,
    /// empty file over the log, all before the lock is released. The path never stops naming a
    /// file, so no other process mistakes a rotation for a deletion.
    private func rotate(maxFiles: Int) -> Result<Void, SystemErrno> {
        let indices: [Int]
        switch rotatedIndices(maxFiles: maxFiles) {
        case .success(let found): indices = found
        case .failure(let errno): return .failure(errno)
        }
        for index in indices.reversed() where index < maxFiles {
            switch system.rename(PlatformPath(LogFile.rotatedPath(path, index)), PlatformPath(LogFile.rotatedPath(path, index + 1))) {
            case .success, .failure(.noSuchFileOrDirectory): break
            case .failure(let errno): return .failure(errno)
            }
        }
        let newest = PlatformPath(LogFile.rotatedPath(path, 1))
        if maxFiles == 1 { _ = system.unlink(newest) }
        if case .failure = system.link(file, newest) {
            // No hard links here (some file systems): rename, leaving the path briefly missing.
            if case .failure(let errno) = system.rename(file, newest) { return .failure(errno) }
            if case .success(let created) = system.openRetrying(file, Self.openFlags, mode_t(options.filePermissions)) {
                system.close(created)
            }
            return .success(())
        }
        let fresh = PlatformPath(path + ".rotating")
        let freshFlags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK
        switch system.openRetrying(fresh, freshFlags, mode_t(options.filePermissions)) {
        case .success(let created): system.close(created)
        case .failure(let errno):
            _ = system.unlink(newest)  // undo the extra name: the log stays as it was
            return .failure(errno)
        }
        let renamed = system.rename(fresh, file)
        if case .failure = renamed {
            _ = system.unlink(fresh)
            _ = system.unlink(newest)
        }
        return renamed
    }

    /// The indices `i` in `1...maxFiles` for which `<path>.<i>` exists, ascending.
    func rotatedIndices(maxFiles: Int) -> Result<[Int], SystemErrno> {
        let prefix = file.lastComponent + [UInt8(ascii: ".")]
        return system.listDirectory(PlatformPath(directory)).map { names in
            names.compactMap { bytes -> Int? in
                guard bytes.count > prefix.count, bytes.count <= prefix.count + 9, bytes.starts(with: prefix) else { return nil }
                let digits = bytes[prefix.count...]
                guard digits.first != UInt8(ascii: "0"), digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                      let index = Int(String(decoding: digits, as: UTF8.self)), index <= maxFiles else { return nil }
                return index
            }.sorted()
        }
    }

    // MARK: Reporting

    private func report(_ fault: LogFileFault, _ state: inout AppenderState, _ faults: inout [LogFileFault]) {
        if let kind = fault.kind {
            guard state.reported.insert(kind).inserted else { return }
        }
        faults.append(fault)
    }
}

extension Result {
    fileprivate var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
