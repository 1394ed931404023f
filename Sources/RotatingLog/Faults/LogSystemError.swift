import PixelKitPlatform

/// An operating-system error (`errno`) met by a log file, with the system's text for it.
///
/// PixelKit's own public type, so the public API does not expose the platform layer's internal
/// `SystemErrno`, which the implementation uses.
public struct LogSystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `errno` value, e.g. `ENOSPC`.
    public let code: Int32

    /// Wraps an `errno` value.
    public init(code: Int32) {
        self.code = code
    }

    init(_ error: SystemErrno) {
        code = error.code
    }

    /// The system's message for the code, e.g. `No space left on device`.
    public var description: String { FileSystemError.reason(code) }

    /// `EACCES`: permission denied.
    public static var permissionDenied: LogSystemError { LogSystemError(.permissionDenied) }
    /// `ENOSPC`: no space left on the device.
    public static var noSpace: LogSystemError { LogSystemError(.noSpace) }
    /// `ENOENT`: no such file or directory.
    public static var noSuchFileOrDirectory: LogSystemError { LogSystemError(.noSuchFileOrDirectory) }
}
