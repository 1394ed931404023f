import PixelKitPlatform

extension ImagePipelineError {
    /// The pipeline's error for a failed file operation of the platform layer (its one file reader
    /// and atomic writer): ``file(_:)`` through the one translation, except that a `file` URL over
    /// the size limit is refused like a response over it.
    init(_ error: FileSystemError) {
        if case .tooLarge(let path, let limit) = error {
            self = .responseTooLarge(url: "file://" + path.displayName, declaredBytes: nil, limit: limit)
        } else {
            self = .file(FileError(error))
        }
    }

    /// ``file(_:)`` for `errno` `code` from `operation` on `path`.
    static func system(path: String, operation: FileOperation, code: Int32) -> ImagePipelineError {
        .file(FileError(path: path, operation: operation, errno: code))
    }
}
