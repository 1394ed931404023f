import Foundation
import PixelKitPlatform

/// Where a loader streams a response body: a file created `O_EXCL | O_NOFOLLOW`, mode 0600, in the
/// disk cache's folder (or the system's temporary folder), size-checked against the limit and hashed
/// as the bytes arrive. The body's memory is the loader's chunk, never the response: the pipeline
/// decodes a complete body from this file and copies it into the disk cache in chunks.
///
/// The file keeps its name (`.download.<pid>-<random>.tmp`) while the body lives, so that codecs can
/// open it, and is removed when the body is released; it is registered with the process's
/// temporary-file registry (removed on `SIGINT`/`SIGTERM`), and one left by a killed process is swept
/// the next time a `DiskCache` opens its folder.
public final class ResponseBody: Sendable {
    /// The URL, for errors.
    public let url: String
    /// The most bytes the body may have (after any `Content-Encoding` is decoded).
    public let limit: Int
    /// The file's path, while the body lives.
    package let path: String
    private let descriptor: Int32
    private let calls = FileSystemCalls.live
    private let clock = ContinuousClock()

    private struct State {
        var count = 0
        var hasher = FNV1a64()
        /// Bytes read back from the file by ``forEachChunk(_:)`` (the verifying copy), for tests.
        var readBack = 0
        var lastProgress: ContinuousClock.Instant
        var failure: ImagePipelineError?
    }

    private let state: PThreadLocked<State>

    /// An empty body file in `directory` (nil: the system's temporary folder) for `url`.
    /// - Throws: ``ImagePipelineError/file(_:)`` when the file cannot be created.
    public init(url: String, limit: Int, directory: String?) throws(ImagePipelineError) {
        self.url = url
        self.limit = max(0, limit)
        let folder = directory ?? ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var opened: (descriptor: Int32, path: String)?
        var lastError: Int32 = 0
        for _ in 0..<16 {
            // The name AtomicFileWriter's sweep recognises (`.<name>.<pid>-<random>.tmp`).
            let name = folder + "/.download.\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).tmp"
            let path = PlatformPath(name)
            guard TemporaryFileRegistry.shared.register(path) else {
                lastError = EINTR
                break
            }
            switch calls.openRetrying(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) {
            case .success(let descriptor):
                opened = (descriptor, name)
            case .failure(.exists):
                TemporaryFileRegistry.shared.unregister(path)
                continue
            case .failure(let error):
                TemporaryFileRegistry.shared.unregister(path)
                lastError = error.code
            }
            break
        }
        guard let opened else { throw .system(path: folder, operation: .create, code: lastError == 0 ? EEXIST : lastError) }
        descriptor = opened.descriptor
        path = opened.path
        state = PThreadLocked(State(lastProgress: clock.now))
    }

    deinit {
        calls.close(descriptor)
        let file = PlatformPath(path)
        _ = calls.unlink(file)
        TemporaryFileRegistry.shared.unregister(file)
    }

    /// Bytes written so far.
    public var count: Int { state.withLock { $0.count } }

    /// FNV-1a 64 of the bytes written so far.
    public var checksum: UInt64 { state.withLock { $0.hasher.value } }

    /// When bytes (or the response's headers: ``noteProgress()``) last arrived.
    public var lastProgress: ContinuousClock.Instant { state.withLock { $0.lastProgress } }

    /// Records that the exchange moved on (headers arrived) without body bytes.
    public func noteProgress() {
        let now = clock.now
        state.withLock { $0.lastProgress = now }
    }

    /// Appends `bytes`.
    /// - Throws: ``ImagePipelineError/responseTooLarge(url:declaredBytes:limit:)`` when they would take
    ///   the body past ``limit`` (nothing is written), ``ImagePipelineError/file(_:)``
    ///   when the file cannot be written.
    public func append(_ bytes: UnsafeRawBufferPointer) throws(ImagePipelineError) {
        let now = clock.now
        let failure = state.withLock { state -> ImagePipelineError? in
            if let failure = state.failure { return failure }
            guard bytes.count <= limit - state.count else {
                state.failure = .responseTooLarge(url: url, declaredBytes: nil, limit: limit)
                return state.failure
            }
            if case .failure(let error) = calls.writeAll(descriptor, bytes) {
                state.failure = .system(path: "temporary download of \(url)", operation: .write, code: error.code)
                return state.failure
            }
            state.count += bytes.count
            state.hasher.combine(bytes)
            state.lastProgress = now
            return nil
        }
        if let failure { throw failure }
    }

    /// Appends `bytes`.
    public func append(_ bytes: [UInt8]) throws(ImagePipelineError) {
        var failure: ImagePipelineError?
        bytes.withUnsafeBytes { buffer in
            do throws(ImagePipelineError) { try append(buffer) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// The whole body, read back from the file and checked against the count and hash taken as it arrived.
    /// - Throws: ``ImagePipelineError/file(_:)`` when the file cannot be read back intact.
    public func bytes() throws(ImagePipelineError) -> [UInt8] {
        let (count, checksum) = state.withLock { ($0.count, $0.hasher.value) }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                calls.readAtRetrying(descriptor, UnsafeMutableRawBufferPointer(rebasing: buffer[done...]), Int64(done))
            }
            switch result {
            case .success(let got) where got > 0: done += got
            case .success: throw .system(path: "temporary download of \(url)", operation: .read, code: EIO)
            case .failure(let error): throw .system(path: "temporary download of \(url)", operation: .read, code: error.code)
            }
        }
        guard FNV1a64.hash(bytes) == checksum else { throw .file(FileError(path: "temporary download of \(url)", operation: .read, problem: .changedOnDisk)) }
        return bytes
    }

    /// Checks, reading the file in chunks (no copy of the body in memory), that it still holds the
    /// bytes counted and hashed as they arrived. Only for a body that is not copied into the disk
    /// cache: the copy (``forEachChunk(_:)``) checks the same as it goes.
    /// - Throws: ``ImagePipelineError/file(_:)`` when it does not.
    package func verify() throws(ImagePipelineError) {
        try forEachChunk { _ in }
    }

    /// Bytes read back from the file so far by ``forEachChunk(_:)`` and ``verify()``.
    package var bytesReadBack: Int { state.withLock { $0.readBack } }

    /// Calls `body` with the file's bytes in order, 64 KB at a time, hashing them as they go: the
    /// pass that copies a body into the disk cache is also the one that checks it, so a body is read
    /// back once. A caller must discard what `body` received when this throws.
    /// - Throws: ``ImagePipelineError/file(_:)`` when the file is shorter than
    ///   the bytes written, cannot be read, or no longer holds the bytes hashed as they arrived.
    package func forEachChunk(_ body: (UnsafeRawBufferPointer) -> Void) throws(ImagePipelineError) {
        let (count, checksum) = state.withLock { ($0.count, $0.hasher.value) }
        var hasher = FNV1a64()
        var chunk = [UInt8](repeating: 0, count: min(count, Self.chunkSize))
        var done = 0
        defer { state.withLock { $0.readBack += done } }
        while done < count {
            let wanted = min(chunk.count, count - done)
            let result = chunk.withUnsafeMutableBytes { buffer in
                calls.readAtRetrying(descriptor, UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted]), Int64(done))
            }
            switch result {
            case .success(let got) where got > 0:
                chunk.withUnsafeBytes { buffer in
                    let read = UnsafeRawBufferPointer(rebasing: buffer[..<got])
                    hasher.combine(read)
                    body(read)
                }
                done += got
            case .success: throw .system(path: "temporary download of \(url)", operation: .read, code: EIO)
            case .failure(let error): throw .system(path: "temporary download of \(url)", operation: .read, code: error.code)
            }
        }
        guard hasher.value == checksum else { throw .file(FileError(path: "temporary download of \(url)", operation: .read, problem: .changedOnDisk)) }
    }

    private static let chunkSize = 64 << 10
}
