import Foundation
import PixelKitPlatform

/// Where a loader streams a response body: an unnamed file (created in the disk cache's folder, or
/// a private temporary folder, then unlinked at once, so nothing is left behind even by a killed
/// process), size-checked against the limit and hashed as the bytes arrive. The body's memory is
/// the loader's chunk, never the response.
public final class ResponseBody: Sendable {
    /// The URL, for errors.
    public let url: String
    /// The most bytes the body may have (after any `Content-Encoding` is decoded).
    public let limit: Int
    private let descriptor: Int32
    private let calls = FileSystemCalls.live
    private let clock = ContinuousClock()

    private struct State {
        var count = 0
        var hasher = FNV1a64()
        var lastProgress: ContinuousClock.Instant
        var failure: ImagePipelineError?
    }

    private let state: PThreadLocked<State>

    /// An empty body file in `directory` (nil: the system's temporary folder) for `url`.
    /// - Throws: ``ImagePipelineError/fileSystem(path:code:reason:)`` when the file cannot be created.
    public init(url: String, limit: Int, directory: String?) throws(ImagePipelineError) {
        self.url = url
        self.limit = max(0, limit)
        let folder = directory ?? ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var opened: Int32 = -1
        var lastError: Int32 = 0
        for _ in 0..<16 {
            let path = PlatformPath(folder + "/.download.\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).tmp")
            switch calls.openRetrying(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) {
            case .success(let descriptor):
                _ = calls.unlink(path)
                opened = descriptor
            case .failure(.exists): continue
            case .failure(let error): lastError = error.code
            }
            break
        }
        guard opened >= 0 else { throw .system(path: folder, code: lastError == 0 ? EEXIST : lastError) }
        descriptor = opened
        state = PThreadLocked(State(lastProgress: clock.now))
    }

    deinit { calls.close(descriptor) }

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
    ///   the body past ``limit`` (nothing is written), ``ImagePipelineError/fileSystem(path:code:reason:)``
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
                state.failure = .system(path: "temporary download of \(url)", code: error.code)
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
    /// - Throws: ``ImagePipelineError/fileSystem(path:code:reason:)`` when the file cannot be read back intact.
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
            case .success: throw .system(path: "temporary download of \(url)", code: EIO)
            case .failure(let error): throw .system(path: "temporary download of \(url)", code: error.code)
            }
        }
        guard FNV1a64.hash(bytes) == checksum else { throw .fileSystem(path: "temporary download of \(url)", code: EIO, reason: "changed on disk") }
        return bytes
    }
}
