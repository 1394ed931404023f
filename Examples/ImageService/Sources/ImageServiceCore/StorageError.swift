#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call on the storage folder failed. Carries the call, the path and `errno`.
public struct StorageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The C function that failed (`open`, `write`, `fsync`, `rename`…).
    public var call: String
    /// The file or folder it was called on.
    public var path: String
    /// The `errno` value.
    public var code: Int32

    /// Whether the disk (or the user's quota) is full: answered with 507 rather than 503.
    public var isOutOfSpace: Bool { code == ENOSPC || code == EDQUOT }

    /// What failed, without the path (which is the server's business): `write: No space left on device (errno 28)`.
    public var failure: String { "\(call): \(String(cString: strerror(code))) (errno \(code))" }

    public var description: String { "\(call)(\(path)): \(String(cString: strerror(code))) (errno \(code))" }
}
