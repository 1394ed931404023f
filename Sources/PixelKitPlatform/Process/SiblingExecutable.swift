/// An executable installed in the same folder as the running one, as `git` finds `git-<command>`:
/// commands whose libraries the main executable should not load live in executables of their own.
package struct SiblingExecutable: Sendable {
    /// The sibling's file name.
    package let name: String
    /// The system calls that find the running executable and run the sibling (tests inject faults).
    package let calls: FileSystemCalls

    package init(named name: String, calls: FileSystemCalls = .live) {
        self.name = name
        self.calls = calls
    }

    /// Why the sibling could not be run: its path (when the running executable's folder was found)
    /// and the failed call's `errno`.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let path: String?
        package let error: SystemErrno

        package var description: String {
            (path.map { "\($0): " } ?? "cannot locate the running executable: ") + "\(error.reason) (errno \(error.code))"
        }
    }

    /// The sibling's path: the running executable's folder (`/proc/self/exe` on Linux,
    /// `_NSGetExecutablePath` on Darwin, symbolic links resolved) and ``name``.
    package func path() -> Result<String, SystemErrno> {
        let executable: String
        switch runningExecutable() {
        case .success(let found): executable = found
        case .failure(let error): return .failure(error)
        }
        guard let slash = executable.lastIndex(of: "/") else { return .failure(.noSuchFileOrDirectory) }
        return .success(String(executable[...slash]) + name)
    }

    /// Runs the sibling in this process's place with `arguments` (its name is `argv[0]`) through
    /// ``FileSystemCalls/execute``. Returns only on failure, with the reason.
    package func replaceProcess(arguments: [String]) -> Failure {
        let path: String
        switch self.path() {
        case .success(let found): path = found
        case .failure(let error): return Failure(path: nil, error: error)
        }
        return Failure(path: path, error: calls.execute(PlatformPath(path), [name] + arguments))
    }

    private func runningExecutable() -> Result<String, SystemErrno> {
        #if os(Linux)
        return calls.linkTarget(PlatformPath("/proc/self/exe")).map { String(decoding: $0, as: UTF8.self) }
        #elseif canImport(Darwin)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return .failure(.noSuchFileOrDirectory) }
        guard let resolved = realpath(buffer, nil) else { return .failure(SystemErrno(errno)) }
        defer { free(resolved) }
        return .success(String(cString: resolved))
        #else
        return .failure(.noFunction)
        #endif
    }
}
