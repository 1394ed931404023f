/// The temporary files a process is writing, so that an interrupted run can remove them
/// (``removeAllForTermination(calls:)``, called on SIGINT and SIGTERM), and the sweep of the
/// temporary files that writers killed mid-write left behind (``sweepAbandoned(in:calls:)``).
///
/// ``AtomicFileWriter`` registers a temporary name before creating the file and unregisters it
/// once the file is renamed or removed, so there is no instant at which a temporary file is on
/// disk but unknown here. Writers use ``shared``; tests make their own.
package final class TemporaryFileRegistry: Sendable {
    private struct State {
        var paths: Set<PlatformPath> = []
        var terminating = false
        var sweptDirectories: Set<PlatformPath> = []
    }

    private let state = PThreadLocked(State())

    /// The process's registry.
    package static let shared = TemporaryFileRegistry()

    package init() {}

    /// Records that `path` is about to be created. False once the process is terminating: the
    /// caller must not create it, since nobody would remove it.
    package func register(_ path: PlatformPath) -> Bool {
        state.withLock { state in
            guard !state.terminating else { return false }
            state.paths.insert(path)
            return true
        }
    }

    /// Records that `path` no longer exists (renamed over its destination, or removed).
    package func unregister(_ path: PlatformPath) {
        _ = state.withLock { $0.paths.remove(path) }
    }

    /// The temporary files registered now.
    package var registered: Set<PlatformPath> { state.withLock { $0.paths } }

    /// Removes every registered temporary file and refuses new ones: the process is about to end.
    /// Returns how many were removed.
    @discardableResult
    package func removeAllForTermination(calls: FileSystemCalls = .live) -> Int {
        let paths = state.withLock { state in
            state.terminating = true
            defer { state.paths.removeAll() }
            return state.paths
        }
        var removed = 0
        for path in paths {
            if case .success = calls.unlink(path) { removed += 1 }
        }
        return removed
    }

    /// Removes, once per directory, the temporary files in `directory` whose writing process no
    /// longer runs (see ``AtomicFileWriter/writingProcess(ofTemporaryName:)``). A name whose
    /// process id belongs to a running process is kept, even if that process is another program
    /// that reused the id: a leftover is better than a lost write.
    package func sweepAbandoned(in directory: PlatformPath, calls: FileSystemCalls = .live) {
        guard state.withLock({ $0.sweptDirectories.insert(directory).inserted }) else { return }
        Self.removeAbandoned(in: directory, calls: calls)
    }

    /// Removes the temporary files in `directory` whose writing process no longer runs, every time.
    package static func removeAbandoned(in directory: PlatformPath, calls: FileSystemCalls = .live) {
        guard case .success(let names) = calls.listDirectory(directory) else { return }
        for name in names {
            guard let pid = AtomicFileWriter.writingProcess(ofTemporaryName: String(decoding: name, as: UTF8.self)),
                  pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            _ = calls.unlink(directory.appending(name))
        }
    }
}
