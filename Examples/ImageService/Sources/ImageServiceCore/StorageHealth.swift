#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Whether the storage takes writes, for `/health`: a folder the service cannot write to (a
/// read-only mount, lost permissions) is seen at once; a failing write (a full disk, an I/O error)
/// is remembered until the next image is stored.
public final class StorageHealth: Sendable {
    private let uploadsFolder: String
    private let lastFailure = Mutex<StorageError?>(nil)

    /// The health of the storage whose uploads arrive in `uploadsFolder`.
    init(uploadsFolder: String) {
        self.uploadsFolder = uploadsFolder
    }

    /// Records a failed storage call.
    func recordFailure(_ error: StorageError) {
        lastFailure.withLock { $0 = error }
    }

    /// Records that an image was stored: the storage takes writes again.
    func recordSuccess() {
        lastFailure.withLock { $0 = nil }
    }

    /// Why the storage cannot take uploads now, or nil when it can.
    var problem: String? {
        // access(2) reports a read-only file system (EROFS) even to root.
        if access(uploadsFolder, W_OK) != 0 {
            return ServiceError.storage(StorageError(call: "access", path: uploadsFolder, code: errno)).message
        }
        return lastFailure.withLock { $0 }.map { ServiceError.storage($0).message }
    }
}
