import PixelKitFileErrors

#if os(Linux)
/// `statx(2)` asking only for the type, size, link count and inode: what `FileSystemCalls.status`
/// and `pathStatus` report.
///
/// Why not `fstat`: it asks for every field, including the change time, and since Linux 6.13
/// (multigrain timestamps) a query of the change time makes the next `write` record a fine-grained
/// one, which dirties the inode on every record: `fstat` + `write` costs ~2.2 µs per record on this
/// project's benchmark machine, `statx` + `write` ~1.3 µs (RotatingLog checks its file before each
/// record). Both sources (descriptor and path) go through here so their device numbers compare
/// equal. `statx` is looked up at run time (Swift's Glibc module hides it behind `_GNU_SOURCE`);
/// where it is missing or refused (`ENOSYS`, `EPERM` from a container's seccomp filter) the caller
/// falls back to `fstat`/`stat`.
enum IdentityStatx {
    private typealias Function = @convention(c) (
        Int32, UnsafePointer<CChar>, Int32, UInt32, UnsafeMutableRawPointer
    ) -> Int32

    private static let function: Function? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "statx") else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }()

    // From <linux/stat.h> and <fcntl.h>; kernel ABI, stable.
    private static let emptyPathFlag: Int32 = 0x1000  // AT_EMPTY_PATH
    private static let requestMask: UInt32 = 0x1 | 0x4 | 0x100 | 0x200  // STATX_TYPE | STATX_NLINK | STATX_INO | STATX_SIZE
    private static let bufferSize = 256  // sizeof(struct statx)

    /// The status of the descriptor itself, or nil when the caller should use `fstat`.
    static func status(descriptor: Int32) -> Result<PlatformFileStatus, SystemErrno>? {
        status(directory: descriptor, path: "", flags: emptyPathFlag)
    }

    /// The status of the file `path` leads to (symbolic links followed), or nil when the caller should use `stat`.
    static func status(path: UnsafePointer<CChar>) -> Result<PlatformFileStatus, SystemErrno>? {
        status(directory: AT_FDCWD, path: path, flags: 0)
    }

    private static func status(directory: Int32, path: UnsafePointer<CChar>, flags: Int32) -> Result<PlatformFileStatus, SystemErrno>? {
        guard let function else { return nil }
        return withUnsafeTemporaryAllocation(byteCount: bufferSize, alignment: 8) { buffer -> Result<PlatformFileStatus, SystemErrno>? in
            while true {
                if function(directory, path, flags, requestMask, buffer.baseAddress!) == 0 {
                    // struct statx: stx_nlink @16 (u32), stx_mode @28 (u16), stx_ino @32, stx_size @40 (u64),
                    // stx_dev_major @136, stx_dev_minor @140 (u32).
                    let major = UInt64(buffer.load(fromByteOffset: 136, as: UInt32.self))
                    let minor = UInt64(buffer.load(fromByteOffset: 140, as: UInt32.self))
                    return .success(PlatformFileStatus(
                        kind: FileKind(mode: mode_t(buffer.load(fromByteOffset: 28, as: UInt16.self))),
                        size: Int64(bitPattern: buffer.load(fromByteOffset: 40, as: UInt64.self)),
                        device: major << 32 | minor,
                        inode: buffer.load(fromByteOffset: 32, as: UInt64.self),
                        linkCount: UInt64(buffer.load(fromByteOffset: 16, as: UInt32.self))))
                }
                switch SystemErrno(errno) {
                case .interrupted: continue
                case .noFunction, .notPermitted: return nil
                case let error: return .failure(error)
                }
            }
        }
    }
}
#endif
