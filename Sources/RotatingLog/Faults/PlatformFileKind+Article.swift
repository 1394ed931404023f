import PixelKitPlatform

extension PlatformFileKind {
    /// How a log fault names it: "a directory", "a FIFO" ….
    var article: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a FIFO"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        case .unknown: "a special file"
        }
    }
}
