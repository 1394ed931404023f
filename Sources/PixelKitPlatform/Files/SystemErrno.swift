/// An `errno` value from a failed system call.
package struct SystemErrno: Error, Sendable, Hashable {
    package let code: Int32
    package init(_ code: Int32) { self.code = code }

    package static let interrupted = SystemErrno(EINTR)
    package static let noSpace = SystemErrno(ENOSPC)
    package static let ioError = SystemErrno(EIO)
    package static let exists = SystemErrno(EEXIST)
    package static let noSuchFileOrDirectory = SystemErrno(ENOENT)
    package static let permissionDenied = SystemErrno(EACCES)
    package static let notPermitted = SystemErrno(EPERM)
    package static let tooManySymbolicLinkLevels = SystemErrno(ELOOP)
    /// `EWOULDBLOCK` (the same value as `EAGAIN` on Linux and Darwin): a non-blocking call would have waited.
    package static let wouldBlock = SystemErrno(EWOULDBLOCK)
    package static let noFunction = SystemErrno(ENOSYS)

    /// `strerror`'s text for the code, e.g. `No space left on device`.
    package var reason: String { FileSystemError.reason(code) }
}
