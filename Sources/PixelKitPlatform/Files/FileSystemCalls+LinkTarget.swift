extension FileSystemCalls {
    /// The target of the symbolic link at `path`, through ``readLink``: a target that fills the
    /// buffer may have been cut, so the buffer doubles and the call is repeated, up to `limit`
    /// bytes; a longer target fails with `ENAMETOOLONG`.
    package func linkTarget(_ path: PlatformPath, limit: Int = 64 * 1024) -> Result<[UInt8], SystemErrno> {
        // PATH_MAX (4096 on Linux) holds every target of a `/proc` link in one call: the kernel
        // refuses longer ones with `ENAMETOOLONG`.
        var capacity = min(Int(PATH_MAX), limit)
        while true {
            var bytes = [UInt8](repeating: 0, count: capacity)
            switch bytes.withUnsafeMutableBytes({ readLink(path, $0) }) {
            case .failure(let error):
                return .failure(error)
            case .success(let count) where count < capacity:
                return .success(Array(bytes.prefix(max(count, 0))))
            case .success:
                guard capacity < limit else { return .failure(SystemErrno(ENAMETOOLONG)) }
                capacity = min(capacity * 2, limit)
            }
        }
    }
}
