/// An executable installed in the same folder as the running one, as `git` finds `git-<command>`:
/// commands whose libraries the main executable should not load live in executables of their own.
package struct SiblingExecutable: Sendable {
    /// The sibling's file name.
    package let name: String

    package init(named name: String) { self.name = name }

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
        guard let executable = Self.runningExecutable() else { return .failure(SystemErrno(errno)) }
        guard let slash = executable.lastIndex(of: "/") else { return .failure(.noSuchFileOrDirectory) }
        return .success(String(executable[...slash]) + name)
    }

    /// Wraps `execv`: runs the sibling in this process's place with `arguments` (its name is
    /// `argv[0]`). Returns only on failure, with the reason.
    package func replaceProcess(arguments: [String]) -> Failure {
        let path: String
        switch self.path() {
        case .success(let found): path = found
        case .failure(let error): return Failure(path: nil, error: error)
        }
        let argv = ([name] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        execv(path, argv)
        return Failure(path: path, error: SystemErrno(errno))
    }

    private static func runningExecutable() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #elseif canImport(Darwin)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0, let resolved = realpath(buffer, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
        #else
        return nil
        #endif
    }
}
