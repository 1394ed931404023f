import PixelKitPlatform

extension ImagePipelineError {
    /// The pipeline's error for a failed file operation of the platform layer (its one file reader
    /// and atomic writer).
    init(_ error: FileSystemError) {
        switch error {
        case .system(let path, _, let code): self = .system(path: path.displayName, code: code)
        case .notRegularFile(let path, _), .symbolicLink(let path): self = .notARegularFile(path: path.displayName)
        case .notAFileName(let path): self = .fileSystem(path: path.displayName, code: EINVAL, reason: "not a file name")
        case .wouldReplaceInput(let path, let input):
            self = .fileSystem(path: path.displayName, code: EEXIST, reason: "it is the input \(input.displayName), which would be replaced")
        case .tooLarge(let path, let limit): self = .responseTooLarge(url: "file://" + path.displayName, declaredBytes: nil, limit: limit)
        }
    }

    /// ``fileSystem(path:code:reason:)`` with `strerror`'s text for `code`.
    static func system(path: String, code: Int32) -> ImagePipelineError {
        .fileSystem(path: path, code: code, reason: FileSystemError.reason(code))
    }
}
