/// What a path names on disk, reported when it is not the regular file that was needed. The one
/// phrase table for file kinds: every module's messages ("is a FIFO, not a regular file") come from it.
public enum FileKind: String, Sendable, Hashable, CustomStringConvertible {
    case regular = "a regular file"
    case directory = "a directory"
    case symbolicLink = "a symbolic link"
    case fifo = "a FIFO"
    case socket = "a socket"
    case characterDevice = "a character device"
    case blockDevice = "a block device"
    case unknown = "an unknown kind of file"

    /// A phrase for messages: "a FIFO", "a directory", ….
    public var description: String { rawValue }
}
