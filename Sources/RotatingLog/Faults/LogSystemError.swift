import SystemPackage

/// An operating-system error (`errno`) met by a log file, with the system's text for it.
///
/// PixelKit's own type, so the public API does not expose a dependency's type (swift-system's
/// `Errno`, which the implementation uses internally).
public struct LogSystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `errno` value, e.g. `ENOSPC`.
    public let code: Int32

    /// Wraps an `errno` value.
    public init(code: Int32) {
        self.code = code
    }

    init(_ errno: Errno) {
        code = errno.rawValue
    }

    /// The system's message for the code, e.g. `No space left on device`.
    public var description: String { Errno(rawValue: code).description }

    /// `EACCES`: permission denied.
    public static var permissionDenied: LogSystemError { LogSystemError(Errno.permissionDenied) }
    /// `ENOSPC`: no space left on the device.
    public static var noSpace: LogSystemError { LogSystemError(Errno.noSpace) }
    /// `ENOENT`: no such file or directory.
    public static var noSuchFileOrDirectory: LogSystemError { LogSystemError(Errno.noSuchFileOrDirectory) }
}
