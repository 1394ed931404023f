extension FileSystemCalls {
    /// A failed ``makeDirectories(_:mode:)``: the directory that could not be made, and why.
    package struct DirectoryFailure: Error, Sendable {
        package let path: PlatformPath
        package let error: SystemErrno
    }

    /// `mkdir -p` through ``makeDirectory``: makes each missing directory of `path`, in order, with
    /// `mode`. One that exists already is fine as long as `path` ends up a directory (symbolic links
    /// followed); a file in its place fails with `ENOTDIR`. Returns whether it made any.
    package func makeDirectories(_ path: PlatformPath, mode: mode_t = 0o755) -> Result<Bool, DirectoryFailure> {
        let slash = UInt8(ascii: "/")
        var created = false
        var prefix: [UInt8] = path.bytes.first == slash ? [slash] : []
        for component in path.bytes.split(separator: slash) {
            prefix += component
            switch makeDirectory(PlatformPath(bytes: prefix), mode) {
            case .success: created = true
            case .failure(.exists): break
            case .failure(let error): return .failure(DirectoryFailure(path: PlatformPath(bytes: prefix), error: error))
            }
            prefix.append(slash)
        }
        switch pathStatus(path) {
        case .success(let status) where status.kind == .directory: return .success(created)
        case .success: return .failure(DirectoryFailure(path: path, error: SystemErrno(ENOTDIR)))
        case .failure(let error): return .failure(DirectoryFailure(path: path, error: error))
        }
    }
}
