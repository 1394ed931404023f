/// Opens and reads input files, refusing anything but a regular file before it can block or run on
/// forever: the one way the package's modules (images, themes, logs) open a file for reading.
package struct RegularFileReader: Sendable {
    package var calls: FileSystemCalls

    package init(calls: FileSystemCalls = .live) { self.calls = calls }

    /// Opens `path` for reading (`open(2)` with `O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY`, so
    /// that a FIFO without a writer cannot block the call), `fstat`s the descriptor and refuses
    /// anything that is not `S_ISREG`, then clears `O_NONBLOCK`. The caller owns the descriptor.
    package func open(_ path: PlatformPath) throws(FileSystemError) -> Int32 {
        try openWithStatus(path).descriptor
    }

    /// ``open(_:)``, also returning the status its `fstat` found (size and identity), so that a
    /// caller keeping the descriptor needs no second `fstat`.
    package func openWithStatus(_ path: PlatformPath) throws(FileSystemError) -> (descriptor: Int32, status: PlatformFileStatus) {
        guard path.isValid else { throw .system(path: path, operation: .open, code: ENOENT) }
        let descriptor: Int32
        switch calls.openRetrying(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) {
        case .success(let opened): descriptor = opened
        case .failure(let error):
            // A socket cannot be opened at all (`ENXIO`): say what it is rather than the errno.
            if case .success(let status) = calls.pathStatus(path), status.kind != .regular {
                throw .notRegularFile(path: path, kind: status.kind)
            }
            throw .system(path: path, operation: .open, code: error.code)
        }
        do throws(FileSystemError) {
            let found: PlatformFileStatus
            switch calls.status(descriptor) {
            case .success(let status):
                guard status.kind == .regular else { throw .notRegularFile(path: path, kind: status.kind) }
                found = status
            case .failure(let error): throw .system(path: path, operation: .status, code: error.code)
            }
            if case .failure(let error) = calls.setFlags(descriptor, 0, O_NONBLOCK) {
                throw .system(path: path, operation: .open, code: error.code)
            }
            return (descriptor, found)
        } catch {
            calls.close(descriptor)
            throw error
        }
    }

    /// Up to `maxBytes` bytes from the start of the regular file at `path` (fewer if it is shorter).
    package func read(_ path: PlatformPath, upTo maxBytes: Int) throws(FileSystemError) -> [UInt8] {
        let descriptor = try open(path)
        defer { calls.close(descriptor) }
        return try read(descriptor: descriptor, path: path, upTo: maxBytes)
    }

    /// The whole regular file at `path`; throws ``FileSystemError/tooLarge(path:limit:)`` as soon
    /// as more than `limit` bytes exist, without reading further.
    package func readWhole(_ path: PlatformPath, limit: Int) throws(FileSystemError) -> [UInt8] {
        let bytes = try read(path, upTo: limit < Int.max ? limit + 1 : limit)
        guard bytes.count <= limit else { throw .tooLarge(path: path, limit: limit) }
        return bytes
    }

    /// Up to `maxBytes` bytes from the descriptor's current position, read in chunks of at most 1 MiB
    /// (so memory follows the file, not the limit).
    package func read(descriptor: Int32, path: PlatformPath, upTo maxBytes: Int) throws(FileSystemError) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(max(maxBytes, 1), 1 << 20))
        while result.count < maxBytes {
            let wanted = min(chunk.count, maxBytes - result.count)
            let outcome = chunk.withUnsafeMutableBytes { calls.readRetrying(descriptor, UnsafeMutableRawBufferPointer(rebasing: $0[..<wanted])) }
            switch outcome {
            case .success(0): return result
            case .success(let count): result.append(contentsOf: chunk[..<count])
            case .failure(let error): throw .system(path: path, operation: .read, code: error.code)
            }
        }
        return result
    }
}
