/// Writes a whole file so that the destination is either the old file or the complete new one,
/// never a partial or empty file: the one way the package's modules write files.
///
/// The bytes go to a temporary file in the destination's directory (named
/// `.<name>.<pid>-<random>.tmp`, so that a sweeper can tell whether its writer still runs: see
/// ``writingProcess(ofTemporaryName:)``), created exclusively
/// (`O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC`, mode 0644 or the given permissions, less the umask), written fully (short
/// writes and `EINTR` continue), `fsync`ed, then renamed over the destination and the directory
/// `fsync`ed. On any failure the temporary file is removed and the destination is untouched.
///
/// Files that must never be replaced (a run's inputs) can be named in ``protectedFiles``: a
/// destination that is one of them by device and inode, whatever its name, is refused
/// (``FileSystemError/wouldReplaceInput(path:input:)``) and nothing is written. The temporary file
/// is registered with a ``TemporaryFileRegistry`` while it exists, so an interrupted process can remove it,
/// and the first write into a directory removes the temporary files of writers that no longer run.
///
/// The destination's last component is never followed: an existing symbolic link there is refused
/// (``FileSystemError/symbolicLink(path:)``), and should one appear after that check, `rename(2)`
/// replaces the link itself rather than writing through it. Empty names and names ending in `/` are
/// refused (``FileSystemError/notAFileName(path:)``), as are existing directories, FIFOs and devices
/// (``FileSystemError/notRegularFile(path:kind:)``).
package struct AtomicFileWriter: Sendable {
    package var calls: FileSystemCalls
    /// The new file's permission bits (before the umask).
    package var permissions: mode_t
    /// Files never to be replaced, with the names they were given by (for the error).
    package var protectedFiles: [FileIdentity: PlatformPath]
    /// Where temporary files are registered while they exist.
    package var temporaries: TemporaryFileRegistry

    package init(
        calls: FileSystemCalls = .live, permissions: mode_t = 0o644, protectedFiles: [FileIdentity: PlatformPath] = [:],
        temporaries: TemporaryFileRegistry = .shared
    ) {
        self.calls = calls
        self.permissions = permissions
        self.protectedFiles = protectedFiles
        self.temporaries = temporaries
    }

    /// The identities of the regular files among `paths` (symbolic links followed, as a reader
    /// follows them), for ``protectedFiles``; names that do not lead to a file are skipped.
    package static func identities(of paths: [PlatformPath], calls: FileSystemCalls = .live) -> [FileIdentity: PlatformPath] {
        var identities: [FileIdentity: PlatformPath] = [:]
        for path in paths {
            guard case .success(let status) = calls.pathStatus(path), status.kind == .regular else { continue }
            if identities[status.identity] == nil { identities[status.identity] = path }
        }
        return identities
    }

    /// Replaces the file at `destination` with `bytes`.
    package func write(_ bytes: [UInt8], to destination: PlatformPath) throws(FileSystemError) {
        var failure: FileSystemError?
        bytes.withUnsafeBytes { buffer in
            do throws(FileSystemError) { try write(buffer, to: destination) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Replaces the file at `destination` with `bytes`.
    package func write(_ bytes: UnsafeRawBufferPointer, to destination: PlatformPath) throws(FileSystemError) {
        try write(to: destination) { descriptor in calls.writeAll(descriptor, bytes) }
    }

    /// Replaces the file at `destination` with the concatenation of `chunks`, without joining them
    /// in memory first (a cache entry's header and its image bytes, say).
    package func write(chunks: [[UInt8]], to destination: PlatformPath) throws(FileSystemError) {
        try write(to: destination) { descriptor in
            for chunk in chunks {
                if case .failure(let error) = chunk.withUnsafeBytes({ calls.writeAll(descriptor, $0) }) { return .failure(error) }
            }
            return .success(())
        }
    }

    /// The process that created the temporary file called `name` (a name this writer makes), or nil
    /// for any other name: lets a directory's owner remove the leftovers of writers killed mid-write.
    package static func writingProcess(ofTemporaryName name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let unique = name.dropLast(4).split(separator: ".", omittingEmptySubsequences: false).last ?? ""
        let parts = unique.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0, UInt64(parts[1], radix: 36) != nil else { return nil }
        return pid
    }

    /// Replaces the file at `destination` with what `contents` writes to the temporary file's
    /// descriptor (a body copied from another file in chunks, say); a failure it returns leaves the
    /// destination untouched.
    package func write(
        to destination: PlatformPath, contents: (Int32) -> Result<Void, SystemErrno>
    ) throws(FileSystemError) {
        try checkDestination(destination)
        temporaries.sweepAbandoned(in: destination.directory, calls: calls)
        let (temporary, descriptor) = try createTemporary(beside: destination)
        defer { temporaries.unregister(temporary) }
        var failure: FileSystemError?
        if case .failure(let error) = contents(descriptor) {
            failure = .system(path: destination, operation: .write, code: error.code)
        } else if case .failure(let error) = calls.synchronizeRetrying(descriptor) {
            failure = .system(path: destination, operation: .synchronize, code: error.code)
        }
        calls.close(descriptor)
        if failure == nil {
            // Checked again just before the rename: an input may have been moved into place meanwhile.
            do throws(FileSystemError) { try checkDestination(destination) } catch { failure = error }
        }
        if failure == nil, case .failure(let error) = calls.rename(temporary, destination) {
            failure = .system(path: destination, operation: .rename, code: error.code)
        }
        if let failure {
            _ = calls.unlink(temporary)
            throw failure
        }
        try synchronizeDirectory(of: destination)
    }

    /// Refuses names that cannot be a file, a last component that is a link or a directory, and a
    /// protected file.
    private func checkDestination(_ destination: PlatformPath) throws(FileSystemError) {
        let name = destination.lastComponent
        guard destination.isValid, !name.isEmpty, name != [UInt8(ascii: ".")], name != Array("..".utf8) else {
            throw .notAFileName(path: destination)
        }
        switch calls.linkStatus(destination) {
        case .success(let status):
            switch status.kind {
            case .regular:
                if let input = protectedFiles[status.identity] { throw .wouldReplaceInput(path: destination, input: input) }
                return
            case .symbolicLink: throw .symbolicLink(path: destination)
            case let kind: throw .notRegularFile(path: destination, kind: kind, operation: .create)
            }
        case .failure(let error) where error.code == ENOENT: return
        case .failure(let error): throw .system(path: destination, operation: .create, code: error.code)
        }
    }

    /// A new, empty file named `.<name>.<pid>-<random>.tmp` in the destination's directory.
    private func createTemporary(beside destination: PlatformPath) throws(FileSystemError) -> (PlatformPath, Int32) {
        let directory = destination.directory
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        for _ in 0..<16 {
            let suffix = String(getpid()) + "-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let name = Array(".".utf8) + destination.lastComponent + Array(".\(suffix).tmp".utf8)
            let temporary = directory.appending(name)
            // Registered before it exists, so that an interruption at any instant can remove it.
            guard temporaries.register(temporary) else { throw .system(path: destination, operation: .create, code: EINTR) }
            switch calls.openRetrying(temporary, flags, permissions) {
            case .success(let descriptor): return (temporary, descriptor)
            case .failure(.exists):
                temporaries.unregister(temporary)
                continue
            case .failure(let error):
                temporaries.unregister(temporary)
                throw .system(path: destination, operation: .create, code: error.code)
            }
        }
        throw .system(path: destination, operation: .create, code: EEXIST)
    }

    /// `fsync`s the directory so that the rename itself survives a crash. File systems that cannot
    /// sync a directory (`EINVAL`) are accepted; any other failure is reported, the new file being in place.
    private func synchronizeDirectory(of destination: PlatformPath) throws(FileSystemError) {
        let directory = destination.directory
        guard case .success(let descriptor) = calls.openRetrying(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) else { return }
        defer { calls.close(descriptor) }
        if case .failure(let error) = calls.synchronizeRetrying(descriptor), error.code != EINVAL {
            throw .system(path: destination, operation: .directorySync, code: error.code)
        }
    }
}
