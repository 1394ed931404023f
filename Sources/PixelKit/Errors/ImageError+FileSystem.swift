import PixelKitPlatform

extension ImageError {
    /// The ``ImageError`` for a failed file operation: ``file(_:)`` with the one translation
    /// (`FileError.init`), except that an input over the size limit is the limit it broke,
    /// ``limitExceeded(_:)`` with ``LimitViolation/inputSize(bytes:limit:)``, as for bytes in memory.
    package init(_ error: FileSystemError) {
        if case .tooLarge(_, let limit) = error {
            self = .limitExceeded(.inputSize(bytes: limit + 1, limit: limit))
        } else {
            self = .file(FileError(error))
        }
    }
}
