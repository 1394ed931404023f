import PixelKitPlatform

extension FileKind {
    /// The public name of a kind the platform layer reported.
    package init(_ kind: PlatformFileKind) {
        switch kind {
        case .regular: self = .regular
        case .directory: self = .directory
        case .symbolicLink: self = .symbolicLink
        case .fifo: self = .fifo
        case .socket: self = .socket
        case .characterDevice: self = .characterDevice
        case .blockDevice: self = .blockDevice
        case .unknown: self = .unknown
        }
    }
}

extension ImageError {
    /// The ``ImageError`` for a failed file operation: reads become ``unreadableFile(path:code:reason:)``,
    /// writes ``unwritableFile(path:code:reason:)``, refusals their own cases.
    package init(_ error: FileSystemError) {
        switch error {
        case .system(let path, let operation, let code):
            self = operation.isWrite
                ? .unwritableFile(path: path.displayName, code: code, reason: FileSystemError.reason(code))
                : .unreadableFile(path: path.displayName, code: code, reason: FileSystemError.reason(code))
        case .notRegularFile(let path, let kind): self = .notARegularFile(path: path.displayName, kind: FileKind(kind))
        case .symbolicLink(let path): self = .notARegularFile(path: path.displayName, kind: .symbolicLink)
        case .notAFileName(let path): self = .invalidFileName(path: path.displayName)
        case .tooLarge(_, let limit): self = .limitExceeded(.inputSize(bytes: limit + 1, limit: limit))
        case .wouldReplaceInput(let path, let input): self = .outputIsInput(path: path.displayName, input: input.displayName)
        }
    }
}
