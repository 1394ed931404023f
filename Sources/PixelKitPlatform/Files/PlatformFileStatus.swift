import PixelKitFileErrors

/// The fields of `struct stat` the package relies on: what the file is, its size, and its identity.
package struct PlatformFileStatus: Sendable, Hashable {
    /// What the name or descriptor refers to.
    package var kind: FileKind
    /// Size in bytes.
    package var size: Int64
    /// The device holding the file (`st_dev`).
    package var device: UInt64
    /// The file's number on that device (`st_ino`).
    package var inode: UInt64
    /// Number of names the file has (`st_nlink`); 0 once it was deleted or replaced by a rename.
    package var linkCount: UInt64
    /// Seconds since the epoch of the last modification (`st_mtim`). Only ``FileSystemCalls/linkStatus``
    /// fills it: `status` and `pathStatus` ask the kernel for identity and size alone (see `IdentityStatx`).
    package var modificationTime: Double?

    package init(kind: FileKind, size: Int64, device: UInt64, inode: UInt64, linkCount: UInt64,
                 modificationTime: Double? = nil) {
        self.kind = kind
        self.size = size
        self.device = device
        self.inode = inode
        self.linkCount = linkCount
        self.modificationTime = modificationTime
    }

    /// Whether both describe the same file on disk.
    package func isSameFile(as other: PlatformFileStatus) -> Bool {
        device == other.device && inode == other.inode
    }

    /// The file's identity on this machine: device and inode.
    package var identity: FileIdentity { FileIdentity(device: device, inode: inode) }
}

/// A file's identity, whatever its names: the device holding it and its number there.
package struct FileIdentity: Sendable, Hashable {
    package var device: UInt64
    package var inode: UInt64

    package init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}
