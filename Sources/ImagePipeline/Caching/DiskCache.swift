import PixelKit
import PixelKitPlatform

/// A directory of original image bytes with their ``ImageSummary``, bounded in bytes and trimmed
/// least recently used first (by each file's modification time, which every read refreshes).
///
/// Each entry is one file, named by the FNV-1a hash of its key (never the key itself, so no URL can
/// reach outside the directory), written atomically and verified on every read (length, magic,
/// version, checksums of the summary and of the data, and the full key): a torn, truncated or
/// altered file is deleted and reads as a miss, never handed to a decoder. Several processes may
/// share the directory: writers never expose partial files, and readers only ever see whole ones.
public final class DiskCache: Sendable {
    /// The cache's directory.
    public let directory: String
    /// The most bytes the entries may take together before the least recently used are removed.
    public let byteLimit: Int
    /// Bytes this process believes the directory holds; recounted whenever it passes the limit.
    private let estimatedBytes: PThreadLocked<Int>
    private let writer = AtomicFileWriter()
    private let calls = FileSystemCalls.live

    /// Opens (creating if needed) the cache in `directory`, and removes temporary files left by
    /// writers that no longer run (a process killed mid-write).
    /// - Throws: ``ImagePipelineError/file(_:)`` when the directory cannot be created.
    public init(directory: String, byteLimit: Int = 512 << 20) throws(ImagePipelineError) {
        self.directory = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        self.byteLimit = max(0, byteLimit)
        estimatedBytes = PThreadLocked(0)
        try Self.createDirectory(self.directory, calls: calls)
        let files = listing()
        estimatedBytes.withLock { $0 = files.reduce(0) { $0 + $1.size } }
        sweepAbandonedTemporaryFiles()
    }

    /// The file that holds `key`'s entry.
    public func path(forKey key: String) -> String {
        let hash = String(FNV1a64.hash(key), radix: 16)
        return directory + "/" + String(repeating: "0", count: 16 - hash.count) + hash + ".pkc"
    }

    /// The stored summary of `key`'s entry, reading only the file's header and summary (no image bytes).
    public func summary(forKey key: String) -> ImageSummary? {
        cachedSummary(forKey: key)?.summary
    }

    /// The stored summary and HTTP cache metadata of `key`'s entry (no image bytes).
    public func cachedSummary(forKey key: String) -> (summary: ImageSummary, metadata: HTTPCacheMetadata)? {
        guard let file = EntryFile(path: path(forKey: key), calls: calls) else { return nil }
        defer { file.close() }
        guard let (_, summary, metadata) = readSummary(file, key: key) else { return nil }
        file.touch()
        return (summary, metadata)
    }

    /// The original bytes and summary of `key`'s entry, with both checksums verified.
    public func entry(forKey key: String) -> (data: [UInt8], summary: ImageSummary)? {
        cachedEntry(forKey: key).map { ($0.data, $0.summary) }
    }

    /// The original bytes, summary and HTTP cache metadata of `key`'s entry, with both checksums verified.
    public func cachedEntry(forKey key: String) -> (data: [UInt8], summary: ImageSummary, metadata: HTTPCacheMetadata)? {
        guard let file = EntryFile(path: path(forKey: key), calls: calls) else { return nil }
        defer { file.close() }
        guard let (header, summary, metadata) = readSummary(file, key: key) else { return nil }
        guard let data = file.read(count: header.dataLength, at: DiskCacheEntryFormat.headerLength + header.summaryLength),
              FNV1a64.hash(data) == header.dataChecksum else {
            file.discard()
            return nil
        }
        file.touch()
        return (data, summary, metadata)
    }

    /// Stores `data` and its summary under `key`, replacing any entry, then trims the directory to the limit.
    /// - Throws: ``ImagePipelineError/file(_:)`` (full disk, permissions…), or an entry the cache
    ///   could not read back (``ImagePipelineError/cacheEntryTooLarge(url:summaryBytes:limit:)``,
    ///   ``ImagePipelineError/tooManyVaryingHeaders(url:count:limit:)``); the old entry, if any, is intact.
    public func store(_ data: [UInt8], summary: ImageSummary, metadata: HTTPCacheMetadata = .init(), forKey key: String) throws(ImagePipelineError) {
        let prefix = try DiskCacheEntryFormat.prefix(
            key: key, summary: summary, metadata: metadata, dataLength: data.count, dataChecksum: FNV1a64.hash(data))
        do throws(FileSystemError) {
            try writer.write(chunks: [prefix, data], to: PlatformPath(path(forKey: key)))
        } catch {
            throw ImagePipelineError(error)
        }
        let total = estimatedBytes.withLock { total in
            total += prefix.count + data.count
            return total
        }
        if total > byteLimit { trim() }
    }

    /// Stores a downloaded body (copied from its file in chunks, never whole in memory) and its
    /// summary under `key`, replacing any entry, then trims the directory to the limit.
    /// - Throws: ``ImagePipelineError/file(_:)``; the old entry, if any, is intact.
    package func store(contentsOf body: ResponseBody, summary: ImageSummary, metadata: HTTPCacheMetadata, forKey key: String) throws(ImagePipelineError) {
        let count = body.count
        let prefix = try DiskCacheEntryFormat.prefix(key: key, summary: summary, metadata: metadata, dataLength: count, dataChecksum: body.checksum)
        var readFailure: ImagePipelineError?
        do throws(FileSystemError) {
            try writer.write(to: PlatformPath(path(forKey: key))) { descriptor in
                if case .failure(let error) = prefix.withUnsafeBytes({ calls.writeAll(descriptor, $0) }) { return .failure(error) }
                var writeFailure: SystemErrno?
                do throws(ImagePipelineError) {
                    try body.forEachChunk { chunk in
                        if writeFailure == nil, case .failure(let error) = calls.writeAll(descriptor, chunk) { writeFailure = error }
                    }
                } catch {
                    readFailure = error
                    return .failure(SystemErrno(EIO))
                }
                if let writeFailure { return .failure(writeFailure) }
                return .success(())
            }
        } catch {
            throw readFailure ?? ImagePipelineError(error)
        }
        let total = estimatedBytes.withLock { total in
            total += prefix.count + count
            return total
        }
        if total > byteLimit { trim() }
    }

    /// Deletes `key`'s entry, if any.
    public func removeEntry(forKey key: String) {
        _ = calls.unlink(PlatformPath(path(forKey: key)))
    }

    /// Removes least recently used entries until the directory's entries fit in the limit.
    public func trim() {
        var files = listing()
        var total = files.reduce(0) { $0 + $1.size }
        files.sort { $0.lastUse < $1.lastUse }
        for file in files where total > byteLimit {
            switch calls.unlink(PlatformPath(file.path)) {
            case .success, .failure(.noSuchFileOrDirectory): total -= file.size
            case .failure: break
            }
        }
        estimatedBytes.withLock { $0 = total }
    }

    /// The entries' combined size now, in bytes.
    public var totalBytes: Int { listing().reduce(0) { $0 + $1.size } }

    // MARK: - Reading

    private func readSummary(_ file: EntryFile, key: String) -> (DiskCacheEntryFormat.Header, ImageSummary, HTTPCacheMetadata)? {
        guard let headerBytes = file.read(count: DiskCacheEntryFormat.headerLength, at: 0),
              let header = DiskCacheEntryFormat.header(headerBytes), header.fileLength == file.size,
              // No entry of ours is larger than the whole cache: a bound before reading anything large.
              header.dataLength <= byteLimit,
              let summaryBytes = file.read(count: header.summaryLength, at: DiskCacheEntryFormat.headerLength),
              FNV1a64.hash(summaryBytes) == header.summaryChecksum,
              let (storedKey, summary, metadata) = DiskCacheEntryFormat.summary(summaryBytes) else {
            file.discard()
            return nil
        }
        // Another key with the same hash: a miss, but a valid entry, so it stays.
        guard storedKey == key else { return nil }
        return (header, summary, metadata)
    }

    // MARK: - Directory

    private struct ListedFile {
        var path: String
        var size: Int
        var lastUse: Double
    }

    /// The entry files (`*.pkc`) with their sizes and modification times.
    private func listing() -> [ListedFile] {
        var files: [ListedFile] = []
        forEachName { name in
            guard name.hasSuffix(".pkc") else { return }
            let path = directory + "/" + name
            guard case .success(let status) = calls.linkStatus(PlatformPath(path)), status.kind == .regular else { return }
            files.append(ListedFile(path: path, size: Int(status.size), lastUse: status.modificationTime ?? 0))
        }
        return files
    }

    /// Removes the temporary files of writers that no longer run.
    private func sweepAbandonedTemporaryFiles() {
        TemporaryFileRegistry.removeAbandoned(in: PlatformPath(directory), calls: calls)
    }

    private func forEachName(_ body: (String) -> Void) {
        guard case .success(let names) = calls.listDirectory(PlatformPath(directory)) else { return }
        for name in names { body(String(decoding: name, as: UTF8.self)) }
    }

    /// `mkdir -p`.
    private static func createDirectory(_ path: String, calls: FileSystemCalls) throws(ImagePipelineError) {
        if case .failure(let failure) = calls.makeDirectories(PlatformPath(path)) {
            throw .system(path: failure.path.displayName, operation: .createDirectory, code: failure.error.code)
        }
    }
}

/// One open entry file: positioned reads, its size, and the two things done to it afterwards.
private struct EntryFile {
    let path: PlatformPath
    let descriptor: Int32
    let size: Int
    let inode: UInt64
    let calls: FileSystemCalls

    /// Opens a regular file without following a symbolic link; nil for a miss or anything else.
    init?(path: String, calls: FileSystemCalls) {
        let path = PlatformPath(path)
        guard case .success(let descriptor) = calls.openRetrying(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) else { return nil }
        guard case .success(let status) = calls.status(descriptor), status.kind == .regular else {
            calls.close(descriptor)
            return nil
        }
        self.path = path
        self.descriptor = descriptor
        self.calls = calls
        size = Int(status.size)
        inode = status.inode
    }

    func close() { calls.close(descriptor) }

    /// `count` bytes at `offset` (`pread`), or nil if the file is shorter.
    func read(count: Int, at offset: Int) -> [UInt8]? {
        guard count >= 0, offset >= 0, offset + count <= size else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                calls.readAtRetrying(descriptor, UnsafeMutableRawBufferPointer(rebasing: buffer[done...]), Int64(offset + done))
            }
            guard case .success(let got) = result, got > 0 else { return nil }
            done += got
        }
        return bytes
    }

    /// Marks the entry used now (`futimens`), for least-recently-used trimming.
    func touch() { _ = calls.touch(descriptor) }

    /// Deletes a damaged entry, unless another process has meanwhile replaced it with a new file.
    func discard() {
        if case .success(let status) = calls.linkStatus(path), status.inode == inode { _ = calls.unlink(path) }
    }
}
