import Crypto
import Hummingbird
import NIOCore
import NIOPosix

/// An upload received whole into a synced temporary file, not yet stored.
struct ReceivedUpload: Sendable {
    /// The temporary file.
    var path: String
    /// The SHA-256 of its bytes.
    var id: ImageID
    /// Its length.
    var byteCount: Int
    /// Its first bytes (at most ``UploadReceiver/leadingByteCount``): enough for any codec's signature.
    var leadingBytes: [UInt8]
}

/// Streams a request body to a temporary file in the storage, hashing it on the way, so memory
/// stays at one network chunk whatever the upload's size. Refuses bodies over the limit and
/// bodies that arrive too slowly.
struct UploadReceiver: Sendable {
    let store: ImageStore
    let threadPool: NIOThreadPool
    /// Largest body accepted, in bytes.
    let maxBytes: Int
    /// The longest a whole upload may take.
    let timeout: Duration
    /// How many leading bytes are kept for recognising the format (HEIF's signature needs 48).
    static let leadingByteCount = 64

    /// Receives `body`, which started arriving at `start`.
    /// - Throws: ``ServiceError`` 413 past `maxBytes`, 408 past `timeout`, 400 for an empty body;
    ///   ``StorageError``. Nothing is left on disk when it throws.
    func receive(_ body: RequestBody, startedAt start: ContinuousClock.Instant) async throws -> ReceivedUpload {
        let files = store.files
        let path = store.newUploadPath()
        let fd = try await threadPool.runIfActive { try files.createNew(path) }
        var hasher = SHA256()
        var byteCount = 0
        var leading: [UInt8] = []
        do {
            for try await chunk in body {
                byteCount += chunk.readableBytes
                guard byteCount <= maxBytes else { throw ServiceError.payloadTooLarge(limit: maxBytes) }
                // A client dripping bytes keeps the connection busy but never idle: bound the whole upload.
                guard ContinuousClock.now - start <= timeout else {
                    throw ServiceError.uploadTimedOut(after: Double(timeout.components.seconds))
                }
                chunk.withUnsafeReadableBytes { bytes in
                    hasher.update(bufferPointer: bytes)
                    leading += bytes.prefix(Self.leadingByteCount - leading.count)
                }
                try await threadPool.runIfActive {
                    try chunk.withUnsafeReadableBytes { (bytes) throws(StorageError) in try files.writeAll(fd, bytes, path: path) }
                }
            }
            guard byteCount > 0 else { throw ServiceError(.badRequest, "the request body is empty: send the image as the body") }
            try await threadPool.runIfActive { try files.sync(fd, path: path) }
            files.close(fd)
        } catch {
            files.close(fd)
            files.remove(path)
            throw error
        }
        return ReceivedUpload(path: path, id: ImageID(hasher.finalize()), byteCount: byteCount, leadingBytes: leading)
    }
}
